//! Speed of the rules engine, native: legal-move generation (moves generated per second),
//! make/undo (positions visited per second by a full-width walk, as a search visits them)
//! and perft (leaves per second, with the last ply counted from the move list), from a
//! classic start, an open middle game (80 seeded random plies from two Gravon setups) and a
//! small endgame. The work per iteration is fixed; its size is asserted before timing, so
//! a change in the counts fails the bench instead of silently measuring something else.
//! Figures and the command are in BENCHMARKS.md ("Rules engine (native)").

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use stratagem::rules::perft::perft;
use stratagem::rules::{PieceKind, Position, Rules, Setup, Side};

const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";
const BLUE: &str = "GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG";
/// A small endgame (tests/data/perft.json "small endgame").
const ENDGAME: &str =
    "MBAAAAAAAAAAAAAAAAADAAAAAAAAAAAAAALAAAAAAA__AA__AAAA__AA__AAAAAAWAAAAAAAAAAOAAAAQAAAAAAAAAAAAAAAAANY";

fn start() -> Position {
    Position::new(Rules::default(), &Setup::parse(RED).unwrap(), &Setup::parse(BLUE).unwrap())
}

fn middle_game() -> Position {
    let mut pos = start();
    let mut rng = ChaCha8Rng::seed_from_u64(80);
    for _ in 0..80 {
        let moves = pos.legal_moves();
        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    assert!(pos.outcome().is_none(), "the middle game is still on");
    pos
}

fn endgame() -> Position {
    let mut placement = [None; 100];
    for (i, c) in ENDGAME.chars().enumerate() {
        placement[i] = PieceKind::from_letter(c).map(|(k, s)| (s, k));
    }
    Position::from_placement(Rules::default(), &placement, Side::Red).unwrap()
}

/// Visits every node `depth` plies deep with play/undo (no bulk counting); returns the
/// number of positions played into.
fn walk(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 || pos.flag_captured().is_some() {
        return 0;
    }
    let mut n = 0;
    for &mv in &pos.legal_moves() {
        pos.play_unchecked(mv);
        n += 1 + walk(pos, depth - 1);
        pos.undo();
    }
    n
}

fn bench_rules(c: &mut Criterion) {
    let positions = [("start", start(), 5, 4), ("middle", middle_game(), 3, 3), ("endgame", endgame(), 4, 3)];

    let mut g = c.benchmark_group("legal_moves");
    for (name, pos, _, _) in &positions {
        g.throughput(Throughput::Elements(pos.legal_moves().len() as u64));
        g.bench_function(*name, |b| b.iter(|| black_box(black_box(pos).legal_moves()).len()));
    }
    g.finish();

    let mut g = c.benchmark_group("walk_play_undo");
    g.sample_size(10);
    for (name, pos, _, depth) in &positions {
        let mut p = pos.clone();
        let nodes = walk(&mut p, *depth);
        eprintln!("walk {name} depth {depth}: {nodes} positions");
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(format!("{name}_d{depth}"), |b| b.iter(|| assert_eq!(walk(&mut p, *depth), nodes)));
    }
    g.finish();

    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, pos, depth, _) in &positions {
        let mut p = pos.clone();
        let leaves = perft(&mut p, *depth);
        eprintln!("perft {name} depth {depth}: {leaves} leaves");
        g.throughput(Throughput::Elements(leaves));
        g.bench_function(format!("{name}_d{depth}"), |b| b.iter(|| assert_eq!(perft(&mut p, *depth), leaves)));
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = bench_rules
}
criterion_main!(benches);
