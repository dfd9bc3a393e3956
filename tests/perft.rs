//! Frozen perft counts (tests/data/perft.json): the number of leaves of the full-information
//! move tree from several Gravon fields, optionally after a few moves that give the position
//! a history for the repetition rules. The counts were computed once by the engine after it
//! agreed with the oracle of tests/movegen_oracle.rs, and `oracle_agrees_with_frozen_counts`
//! recomputes them with the oracle's slow generator. A change in move generation, make/undo
//! or the repetition rules changes a count.
//!
//! To print counts for new entries: `cargo test --test perft -- --ignored print_counts --nocapture`.

mod common;

use serde::Deserialize;
use stratagem::rules::perft::{divide, perft};
use stratagem::rules::{Move, Position, Rules, Side};

#[derive(Deserialize)]
struct Entry {
    name: String,
    field: String,
    to_move: Side,
    rules: Rules,
    #[serde(default)]
    moves: Vec<String>,
    /// `counts[d]` = perft at depth d (counts[0] = 1).
    counts: Vec<u64>,
}

fn entries() -> Vec<Entry> {
    let path = format!("{}/tests/data/perft.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn position(e: &Entry) -> Position {
    let mut pos = common::field(&e.field, e.rules, e.to_move);
    assert_eq!(pos.to_field(), e.field, "{}: the field reads back", e.name);
    for m in &e.moves {
        pos.play(Move::parse(m).unwrap()).unwrap_or_else(|err| panic!("{}: {m}: {err}", e.name));
    }
    pos
}

#[test]
fn engine_matches_frozen_counts() {
    let entries = entries();
    assert!(entries.len() >= 5);
    for e in &entries {
        let mut pos = position(e);
        let before = pos.clone();
        for (depth, &want) in e.counts.iter().enumerate() {
            assert_eq!(perft(&mut pos, depth as u32), want, "{} depth {depth}", e.name);
        }
        // perft leaves the position as it found it
        assert_eq!(pos.to_field(), before.to_field());
        assert_eq!((pos.hash(), pos.id_hash(), pos.ply()), (before.hash(), before.id_hash(), before.ply()));
    }
}

#[test]
fn divide_sums_to_perft() {
    for e in &entries() {
        let mut pos = position(e);
        let d = 3.min(e.counts.len() - 1);
        let split = divide(&mut pos, d as u32);
        assert_eq!(split.len() as u64, e.counts[1], "{}", e.name);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), e.counts[d], "{} depth {d}", e.name);
    }
    // After a Flag capture there is nothing to split.
    let mut pos = common::board(&[("a1", 'D'), ("a9", 'Y'), ("j1", 'M'), ("j9", 'U')], Rules::default(), Side::Red);
    pos.play(Move::parse("a1-a9").unwrap()).unwrap();
    assert!(divide(&mut pos, 2).is_empty());
    assert_eq!(perft(&mut pos, 2), 0);
}

#[test]
fn oracle_agrees_with_frozen_counts() {
    // The oracle tries 10,000 square pairs at every node: here each entry goes only as
    // deep as about 3,000 oracle generations allow; `oracle_full_depth` goes all the way.
    for e in &entries() {
        let mut pos = position(e);
        let d = (1..e.counts.len()).take_while(|&d| e.counts[d - 1] <= 3_000).last().unwrap();
        assert_eq!(common::oracle::perft(&mut pos, d as u32), e.counts[d], "{} depth {d}", e.name);
    }
}

#[test]
#[ignore = "slow: the oracle to the full frozen depth of every entry (run with --ignored)"]
fn oracle_full_depth() {
    for e in &entries() {
        let mut pos = position(e);
        let depth = e.counts.len() - 1;
        assert_eq!(common::oracle::perft(&mut pos, depth as u32), e.counts[depth], "{} depth {depth}", e.name);
    }
}

#[test]
#[ignore = "prints counts for tests/data/perft.json"]
fn print_counts() {
    for e in &entries() {
        let mut pos = position(e);
        let max = e.counts.len().max(1) as u32 - 1;
        let counts: Vec<u64> = (0..=max).map(|d| perft(&mut pos, d)).collect();
        println!("{}: {:?}", e.name, counts);
    }
}
