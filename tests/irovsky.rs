//! Tests of the seed-003 bots (Irovský 2023): alpha-beta against plain minimax, the
//! expectimax chance weights against the view, MCTS on positions with one clearly right
//! move, the thesis's setup generator, budgets and determinism.
//!
//! All searches run on node budgets with a frozen clock, so results never depend on speed.

mod common;

use rand::Rng;
use stratagem::ai::bots::UctBot;
use stratagem::ai::bots::alphabeta::AlphaBetaBot;
use stratagem::ai::bots::expectimax::ExpectimaxBot;
use stratagem::ai::eval::table61::evaluate;
use stratagem::ai::search::alphabeta::{self, terminal_value};
use stratagem::ai::search::expectimax::view_chance_weights;
use stratagem::ai::setupgen::irovsky as setup;
use stratagem::ai::{Bot, Budget, FrozenClock, SearchContext, rng_from_seed};
use stratagem::rules::{Army, Move, PieceKind, PlayerView, Position, Rules, Setup, Side, Square, Variant};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn mv(s: &str) -> Move {
    Move::parse(s).unwrap()
}

/// Plain exhaustive minimax (negamax form) with the thesis's evaluation, written straight
/// from the definition: the rules' own `outcome()` for the end of the game.
fn minimax(pos: &mut Position, depth: u32) -> f64 {
    let side = pos.to_move();
    if let Some(o) = pos.outcome() {
        return terminal_value(o, side, depth);
    }
    if depth == 0 {
        return evaluate(pos, side, side, &Army::default());
    }
    let mut best = f64::NEG_INFINITY;
    for m in pos.legal_moves() {
        pos.play_unchecked(m);
        let v = -minimax(pos, depth - 1);
        pos.undo();
        best = best.max(v);
    }
    best
}

/// A small random position: `n` pieces a side on random squares, every kind possible.
fn small_position(seed: u64, n: usize) -> Position {
    let mut rng = rng_from_seed(seed);
    loop {
        let mut placement = [None; 100];
        for side in Side::BOTH {
            let mut placed = 0;
            while placed < n {
                let s = Square::from_index(rng.random_range(0..100)).unwrap();
                if s.is_lake() || placement[s.index()].is_some() {
                    continue;
                }
                let k = PieceKind::ALL[rng.random_range(0..12)];
                placement[s.index()] = Some((side, k));
                placed += 1;
            }
        }
        let to_move = if rng.random_range(0..2) == 0 { Side::Red } else { Side::Blue };
        let pos = Position::from_placement(Rules::default(), &placement, to_move).unwrap();
        if pos.outcome().is_none() {
            return pos;
        }
    }
}

#[test]
fn alphabeta_equals_plain_minimax_on_small_positions() {
    let mut checked = 0;
    for seed in 0..60 {
        let mut pos = small_position(seed, 2 + (seed as usize % 4));
        for depth in 1..=3 {
            let expected = minimax(&mut pos, depth);
            let got = alphabeta::value(&mut pos, depth);
            assert_eq!(got, expected, "seed {seed} depth {depth}\n{pos:?}");
            let (m, root) =
                alphabeta::AlphaBeta::new(None, alphabeta::Table61::default()).root(&mut pos, depth).unwrap();
            assert_eq!(root, expected, "root value, seed {seed} depth {depth}");
            // The move returned reaches that value.
            pos.play_unchecked(m);
            let after = -minimax(&mut pos, depth - 1);
            pos.undo();
            assert_eq!(after, expected, "root move {m}, seed {seed} depth {depth}");
            checked += 1;
        }
    }
    assert_eq!(checked, 180);
}

#[test]
fn alphabeta_prefers_winning_material_in_a_known_position() {
    // Red Marshal next to a Blue General: taking it is worth 200 at once.
    let mut placement = [None; 100];
    placement[sq("e4").index()] = Some((Side::Red, PieceKind::Marshal));
    placement[sq("a1").index()] = Some((Side::Red, PieceKind::Flag));
    placement[sq("e5").index()] = Some((Side::Blue, PieceKind::General));
    placement[sq("j10").index()] = Some((Side::Blue, PieceKind::Flag));
    placement[sq("a10").index()] = Some((Side::Blue, PieceKind::Sergeant));
    let mut pos = Position::from_placement(Rules::default(), &placement, Side::Red).unwrap();
    let (m, _) = alphabeta::AlphaBeta::new(None, alphabeta::Table61::default()).root(&mut pos, 3).unwrap();
    assert_eq!(m, mv("e4-e5"));
}

/// A game played at random for `plies` from two thesis setups, and the referee's position.
fn random_game(seed: u64, plies: usize) -> Position {
    let mut rng = rng_from_seed(seed);
    let red = setup::generate(Variant::Classic, &mut rng);
    let blue = setup::generate(Variant::Classic, &mut rng);
    let mut pos = Position::new(Rules::default(), &red, &blue);
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        let moves = pos.legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        pos.play_unchecked(m);
    }
    pos
}

#[test]
fn chance_weights_sum_to_one_and_respect_the_view() {
    let mut seen_moved = 0;
    for seed in 0..12 {
        let pos = random_game(seed, 150 + seed as usize * 20);
        for side in Side::BOTH {
            let view = PlayerView::new(&pos, side);
            let unassigned = view.enemy_unassigned();
            for id in view.unknown_enemies().collect::<Vec<_>>() {
                let w = view_chance_weights(&view, id).unwrap();
                let sum: f64 = w.iter().map(|e| e.1).sum();
                assert!((sum - 1.0).abs() < 1e-9, "weights of piece {} sum to {sum}", id.0);
                let p = view.piece(id);
                for &(k, x) in &w {
                    assert!(x > 0.0);
                    assert!(unassigned[k] > 0, "{k} has weight but none is left");
                    if p.moved {
                        assert!(k.is_movable(), "a moved piece cannot be a {k}");
                        seen_moved += 1;
                    }
                    if p.scout_known {
                        assert_eq!(k, PieceKind::Scout);
                    }
                }
                // The truth is always possible.
                let truth = pos.piece(id).kind;
                assert!(w.iter().any(|e| e.0 == truth), "true kind {truth} of piece {} has no weight", id.0);
            }
        }
    }
    assert!(seen_moved > 0, "no moved unknown piece was checked");
}

fn ctx_nodes<'a>(n: u64, seed: u64, progress: &'a mut dyn FnMut(&stratagem::ai::Progress)) -> SearchContext<'a> {
    SearchContext::new(Budget::nodes(n), &FrozenClock, seed, progress)
}

/// Red to move with a Miner next to the only unmoved Blue piece, which must be the Flag
/// (every other Blue piece has moved); a Red Marshal stands next to a Blue Bomb known since
/// a Red Scout died on it.
fn flag_position() -> PlayerView {
    let mut placement = [None; 100];
    let put = |p: &mut [Option<(Side, PieceKind)>; 100], s: &str, side, k| p[sq(s).index()] = Some((side, k));
    put(&mut placement, "a1", Side::Red, PieceKind::Flag);
    put(&mut placement, "e3", Side::Red, PieceKind::Miner);
    put(&mut placement, "i3", Side::Red, PieceKind::Marshal);
    put(&mut placement, "i5", Side::Red, PieceKind::Scout);
    put(&mut placement, "e7", Side::Blue, PieceKind::Flag);
    put(&mut placement, "i7", Side::Blue, PieceKind::Bomb);
    put(&mut placement, "a9", Side::Blue, PieceKind::Captain);
    put(&mut placement, "j9", Side::Blue, PieceKind::Sergeant);
    let mut pos = Position::from_placement(Rules::default(), &placement, Side::Red).unwrap();
    for m in [
        "i5-i6", "a9-a8", "i6-i7", "j9-j8", "i3-i4", "a8-a7", "e3-e4", "j8-j7", "i4-i5", "a7-b7", "e4-e5", "j7-j8",
        "i5-i6", "b7-b8", "e5-e6", "j8-j9",
    ] {
        pos.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    // Red: Miner e6 next to the Flag on e7; Marshal i6 next to the revealed Bomb on i7.
    PlayerView::new(&pos, Side::Red)
}

#[test]
fn mcts_and_ismcts_take_the_flag() {
    let view = flag_position();
    assert!(view.legal_moves().contains(&mv("e6-e7")));
    for seed in 0..4 {
        let mut quiet = |_: &stratagem::ai::Progress| {};
        let mut ctx = ctx_nodes(3000, seed, &mut quiet);
        assert_eq!(UctBot::mcts().choose_move(&view, &mut ctx), mv("e6-e7"), "mcts, seed {seed}");
        let mut quiet = |_: &stratagem::ai::Progress| {};
        let mut ctx = ctx_nodes(3000, seed, &mut quiet);
        assert_eq!(UctBot::ismcts().choose_move(&view, &mut ctx), mv("e6-e7"), "ismcts, seed {seed}");
    }
}

#[test]
fn search_bots_take_the_flag() {
    let view = flag_position();
    let mut quiet = |_: &stratagem::ai::Progress| {};
    let mut ctx = ctx_nodes(200_000, 1, &mut quiet);
    assert_eq!(AlphaBetaBot::new().choose_move(&view, &mut ctx), mv("e6-e7"));
    let mut quiet = |_: &stratagem::ai::Progress| {};
    let mut ctx = ctx_nodes(200_000, 1, &mut quiet);
    assert_eq!(ExpectimaxBot::new().choose_move(&view, &mut ctx), mv("e6-e7"));
}

/// Red's Marshal stands next to a Blue Bomb it knows (a Red Scout died on it) and nothing
/// else is at stake: attacking the Bomb throws the Marshal away.
fn bomb_position() -> PlayerView {
    let mut placement = [None; 100];
    let put = |p: &mut [Option<(Side, PieceKind)>; 100], s: &str, side, k| p[sq(s).index()] = Some((side, k));
    put(&mut placement, "a1", Side::Red, PieceKind::Flag);
    put(&mut placement, "b1", Side::Red, PieceKind::Sergeant);
    put(&mut placement, "i3", Side::Red, PieceKind::Marshal);
    put(&mut placement, "i5", Side::Red, PieceKind::Scout);
    put(&mut placement, "j10", Side::Blue, PieceKind::Flag);
    put(&mut placement, "i7", Side::Blue, PieceKind::Bomb);
    put(&mut placement, "a9", Side::Blue, PieceKind::Captain);
    let mut pos = Position::from_placement(Rules::default(), &placement, Side::Red).unwrap();
    for m in ["i5-i6", "a9-a8", "i6-i7", "a8-a7", "i3-i4", "a7-a6", "i4-i5", "a6-b6", "i5-i6", "b6-b7"] {
        pos.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    PlayerView::new(&pos, Side::Red)
}

#[test]
fn bots_do_not_throw_the_marshal_on_a_known_bomb() {
    let view = bomb_position();
    assert_eq!(view.kind(view.piece_at(sq("i7")).unwrap()), Some(PieceKind::Bomb));
    assert!(view.legal_moves().contains(&mv("i6-i7")));
    let bots: Vec<(Box<dyn Bot>, u64)> = vec![
        (Box::new(UctBot::mcts()), 3000),
        (Box::new(UctBot::ismcts()), 3000),
        (Box::new(AlphaBetaBot::new()), 100_000),
        (Box::new(ExpectimaxBot::new()), 100_000),
    ];
    for (mut bot, budget) in bots {
        for seed in 0..3 {
            let mut quiet = |_: &stratagem::ai::Progress| {};
            let mut ctx = ctx_nodes(budget, seed, &mut quiet);
            let m = bot.choose_move(&view, &mut ctx);
            assert_ne!(m, mv("i6-i7"), "{} attacked the known Bomb (seed {seed})", bot.name());
        }
    }
}

#[test]
fn the_setup_generator_follows_the_thesis() {
    let mut rng = rng_from_seed(7);
    for _ in 0..300 {
        let s = setup::generate(Variant::Classic, &mut rng);
        s.check(Variant::Classic).unwrap();
        common::assert_back_row_flag_bombed_in(&s);
    }
    let mut positions = std::collections::HashSet::new();
    for _ in 0..100 {
        let s = setup::generate(Variant::Barrage, &mut rng);
        s.check(Variant::Barrage).unwrap();
        let flag = (0..40).find(|&i| s.get(i) == Some(PieceKind::Flag)).unwrap();
        assert!(flag < 10);
        assert_eq!(s.get(flag + 10), Some(PieceKind::Bomb), "{s}: the one Bomb in front of the Flag");
        positions.insert(s.to_letters());
    }
    assert!(positions.len() > 90, "setups vary: {} distinct of 100", positions.len());
}

fn bots() -> Vec<Box<dyn Bot>> {
    vec![
        Box::new(UctBot::mcts()),
        Box::new(UctBot::ismcts()),
        Box::new(AlphaBetaBot::new()),
        Box::new(ExpectimaxBot::new()),
    ]
}

#[test]
fn same_view_seed_and_budget_give_the_same_move_and_hidden_kinds_do_not_matter() {
    let pos = random_game(3, 120);
    assert!(pos.outcome().is_none());
    let side = pos.to_move();
    let view = PlayerView::new(&pos, side);
    // A second game with the same view: two unknown unmoved enemy pieces swap kinds.
    let unknown: Vec<_> = view.unknown_enemies().filter(|&id| !view.piece(id).moved).collect();
    let (a, b) = unknown
        .iter()
        .flat_map(|&a| unknown.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| pos.piece(a).kind != pos.piece(b).kind)
        .expect("two unmoved unknown pieces of different kinds");
    let mut start = pos.clone();
    while start.undo().is_some() {}
    let swap = |s: Square| match s {
        s if s == pos.piece(a).start => Some(pos.piece(b).kind),
        s if s == pos.piece(b).start => Some(pos.piece(a).kind),
        _ => None,
    };
    let mut placement = [None; 100];
    for s in Square::all() {
        placement[s.index()] = start.occupant(s).map(|(sd, k)| (sd, swap(s).unwrap_or(k)));
    }
    let mut other = Position::from_placement(*pos.rules(), &placement, start.to_move()).unwrap();
    for r in pos.history() {
        other.play(r.report.mv()).unwrap();
    }
    let other_view = PlayerView::new(&other, side);
    assert_eq!(other_view.to_record(), view.to_record(), "the two games look the same to {side}");
    for mut bot in bots() {
        let budget = if bot.name().contains("mcts") { 400 } else { 20_000 };
        let mut moves = Vec::new();
        for v in [&view, &view, &other_view] {
            let mut quiet = |_: &stratagem::ai::Progress| {};
            let mut ctx = ctx_nodes(budget, 11, &mut quiet);
            let m = bot.choose_move(v, &mut ctx);
            assert!(view.legal_moves().contains(&m), "{} played an illegal move {m}", bot.name());
            moves.push(m);
        }
        assert_eq!(moves[0], moves[1], "{}: same view, seed and budget", bot.name());
        assert_eq!(moves[0], moves[2], "{}: hidden kinds changed the move", bot.name());
    }
}

#[test]
fn bots_stop_on_the_node_budget_and_report_progress() {
    let pos = random_game(5, 60);
    let view = PlayerView::new(&pos, pos.to_move());
    for mut bot in bots() {
        for budget in [1u64, 50, 5000] {
            let mut reports = 0;
            let mut count = |_: &stratagem::ai::Progress| reports += 1;
            let used = {
                let mut ctx = ctx_nodes(budget, 2, &mut count);
                let m = bot.choose_move(&view, &mut ctx);
                assert!(view.legal_moves().contains(&m));
                ctx.nodes()
            };
            // Playouts and nodes are counted one by one against a node budget.
            assert!(used <= budget, "{} used {used} nodes of {budget}", bot.name());
            assert!(reports > 0 || budget < 5000, "{} reported nothing with {budget} nodes", bot.name());
        }
    }
}

#[test]
fn setups_of_the_bots_are_legal() {
    let mut rng = rng_from_seed(9);
    for mut bot in bots() {
        for variant in [Variant::Classic, Variant::Barrage] {
            let s: Setup = bot.setup(variant, &mut rng);
            s.check(variant).unwrap();
        }
    }
}
