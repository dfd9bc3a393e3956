//! The fast legal-move generator (`Position::legal_moves`) and the move checker
//! (`Position::check_move`) against the slow oracle of `tests/common/oracle.rs`, written
//! separately from docs/rules.md, on thousands of positions with their histories: random playouts
//! from human setups (classic and Barrage) and from random partial placements, under varied
//! switches, biased towards shuttles, moves back and chases so the repetition rules are
//! exercised. The test counts how often each repetition rule forbade a move and fails if
//! either never did, so it cannot pass by never reaching them.

mod common;

use common::oracle::{Oracle, Verdict};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use stratagem::rules::{IllegalMove, Move, MoveList, PieceKind, Position, Side, Square, Variant};

#[derive(Default, Debug)]
struct Stats {
    positions: usize,
    legal: usize,
    two_squares: usize,
    more_squares: usize,
    positions_with_two_squares: usize,
    positions_with_more_squares: usize,
}

/// Compares the fast generator and the checker with the oracle on every pair of squares.
fn check(pos: &Position, stats: &mut Stats) {
    let oracle = Oracle::new(pos);
    let fast_list = pos.legal_moves();
    let fast: BTreeSet<Move> = fast_list.iter().copied().collect();
    assert_eq!(fast.len(), fast_list.len(), "duplicate moves generated in\n{pos:?}");
    let mut slow = BTreeSet::new();
    let (mut two, mut more) = (0, 0);
    for f in 0..100 {
        for t in 0..100 {
            let mv = Move::new(Square::from_index(f).unwrap(), Square::from_index(t).unwrap());
            let verdict = oracle.judge(mv);
            let engine = pos.check_move(mv);
            match verdict {
                Verdict::Legal => {
                    assert!(engine.is_ok(), "{mv}: oracle legal, engine {engine:?}\n{pos:?}\n{:?}", history(pos));
                    slow.insert(mv);
                }
                Verdict::Geometry => assert!(
                    matches!(engine, Err(ref e) if !matches!(e, IllegalMove::TwoSquares(_) | IllegalMove::MoreSquares)),
                    "{mv}: oracle refuses by geometry, engine {engine:?}\n{pos:?}"
                ),
                Verdict::TwoSquares => {
                    two += 1;
                    assert!(
                        matches!(engine, Err(IllegalMove::TwoSquares(_))),
                        "{mv}: oracle two-squares, engine {engine:?}\n{pos:?}\n{:?}",
                        history(pos)
                    );
                }
                Verdict::MoreSquares => {
                    more += 1;
                    assert_eq!(
                        engine,
                        Err(IllegalMove::MoreSquares),
                        "{mv}: oracle more-squares\n{pos:?}\n{:?}",
                        history(pos)
                    );
                }
            }
        }
    }
    assert_eq!(fast, slow, "generated moves differ from the oracle's in\n{pos:?}\n{:?}", history(pos));
    // The attacks alone (the quiescence's list): the oracle's legal moves onto an enemy
    // piece, in the order of the whole list.
    let mut attacks = MoveList::new();
    pos.generate_legal_attacks(&mut attacks);
    let want: Vec<Move> = fast_list.iter().copied().filter(|m| pos.piece_at(m.to).is_some()).collect();
    assert_eq!(attacks.to_vec(), want, "legal attacks differ from the legal moves onto pieces in\n{pos:?}");
    let slow_attacks = slow.iter().filter(|m| pos.piece_at(m.to).is_some()).count();
    assert_eq!(attacks.len(), slow_attacks, "legal attacks differ from the oracle's in\n{pos:?}");
    stats.positions += 1;
    stats.legal += slow.len();
    stats.two_squares += two;
    stats.more_squares += more;
    stats.positions_with_two_squares += (two > 0) as usize;
    stats.positions_with_more_squares += (more > 0) as usize;
}

fn history(pos: &Position) -> Vec<String> {
    pos.history()
        .iter()
        .map(|r| format!("{}{}", r.report.mv(), if r.report.battle.is_some() { "x" } else { "" }))
        .collect()
}

/// Plays a biased random game from `pos`, checking every position on the way.
fn playout(mut pos: Position, plies: usize, rng: &mut ChaCha8Rng, stats: &mut Stats) {
    let mut chaser = None;
    playout_with(&mut pos, plies, rng, stats, &mut chaser, 0.05);
}

/// Plays from `pos`, switching between the shuttle bias and chase roles with probability
/// `switch` per ply.
fn playout_with(
    pos: &mut Position,
    plies: usize,
    rng: &mut ChaCha8Rng,
    stats: &mut Stats,
    chaser: &mut Option<Side>,
    switch: f64,
) {
    for _ in 0..plies {
        check(pos, stats);
        if pos.flag_captured().is_some() {
            return;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        // Switch now and then between shuttling and a chase with fixed roles.
        if rng.random_bool(switch) {
            *chaser = if rng.random_bool(0.5) {
                None
            } else {
                Some(if rng.random_bool(0.5) { Side::Red } else { Side::Blue })
            };
        }
        let mv = match *chaser {
            None => common::biased_choice(pos, &moves, rng),
            Some(c) => common::chase_choice(pos, &moves, rng, c),
        };
        pos.play(mv).expect("a generated move is legal");
    }
    check(pos, stats);
}

#[test]
fn fast_generator_agrees_with_the_oracle_from_human_setups() {
    let classic = common::classic_setups(97);
    let barrage = common::barrage_setups(7);
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0001);
    let mut stats = Stats::default();
    for _ in 0..40 {
        let pos = common::random_start(&mut rng, &classic, &barrage);
        playout(pos, 120, &mut rng, &mut stats);
    }
    eprintln!("human setups: {stats:?}");
    assert!(stats.positions >= 3000, "{stats:?}");
    assert!(stats.positions_with_two_squares >= 30, "two-squares rule hardly exercised: {stats:?}");
    assert!(stats.positions_with_more_squares >= 1, "more-squares rule never exercised: {stats:?}");
}

#[test]
fn fast_generator_agrees_with_the_oracle_from_random_placements() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0002);
    let mut stats = Stats::default();
    for i in 0..150 {
        let variant = if i % 2 == 0 { Variant::Classic } else { Variant::Barrage };
        let rules = common::random_rules(&mut rng, variant);
        let pos = common::random_placement(&mut rng, rules);
        playout(pos, 40, &mut rng, &mut stats);
    }
    eprintln!("random placements: {stats:?}");
    assert!(stats.positions >= 3000, "{stats:?}");
    assert!(stats.positions_with_two_squares >= 30, "two-squares rule hardly exercised: {stats:?}");
    assert!(stats.positions_with_more_squares >= 1, "more-squares rule never exercised: {stats:?}");
}

#[test]
fn fast_generator_agrees_with_the_oracle_in_long_chases() {
    // A few pieces close together, one side chasing and the other evading: the positions
    // where the more-squares rule forbids moves, under every combination of switches.
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0003);
    let mut stats = Stats::default();
    let kinds = [PieceKind::Major, PieceKind::Major, PieceKind::Major, PieceKind::Scout, PieceKind::Bomb];
    // 400 starts: with the generator's move order of issue 10 (by direction), 300 seeded
    // playouts met the more-squares rule in 85 positions, under the floor of 100 below.
    for _ in 0..400 {
        let mut placement = [None; 100];
        let (c0, r0) = (rng.random_range(0..7u8), rng.random_range(0..7u8));
        for (side, n) in [(Side::Red, rng.random_range(1..=3)), (Side::Blue, rng.random_range(1..=3))] {
            for _ in 0..n {
                let s = Square::new(c0 + rng.random_range(0..4), r0 + rng.random_range(0..4)).unwrap();
                if !s.is_lake() && placement[s.index()].is_none() {
                    placement[s.index()] = Some((side, *kinds.choose(&mut rng).unwrap()));
                }
            }
        }
        let mut rules = common::random_rules(&mut rng, Variant::Classic);
        // Long chases need room: the two-squares rule off half the time, more-squares mostly on.
        if rng.random_bool(0.5) {
            rules.two_square_limit = None;
        }
        rules.more_squares_rule = rng.random_bool(0.9);
        let mut pos = Position::from_placement(rules, &placement, Side::Red).unwrap();
        let mut chaser = Some(if rng.random_bool(0.5) { Side::Red } else { Side::Blue });
        playout_with(&mut pos, 60, &mut rng, &mut stats, &mut chaser, 0.01);
    }
    eprintln!("chases: {stats:?}");
    assert!(stats.positions >= 5000, "{stats:?}");
    assert!(stats.positions_with_more_squares >= 100, "more-squares rule hardly exercised: {stats:?}");
    assert!(stats.positions_with_two_squares >= 100, "two-squares rule hardly exercised: {stats:?}");
}
