//! Invariants every registered bot keeps, checked generically over the registry
//! (`stratagem::ai::BOTS`): a bot added to the registry is covered without touching this file.
//!
//! - only legal moves, over whole games against `random` (classic and Barrage, both colours,
//!   several seeds), the referee ([`Game`]) checking each move;
//! - determinism: same view, seed and node budget give the same move;
//! - the no-peeking test: two true positions that differ only in the kinds of two hidden enemy
//!   pieces give the same view, hence the same move;
//! - budgets: a node budget bounds the work counted, and a time budget on a fake clock (one
//!   millisecond per reading) makes the bot stop soon after it expires;
//! - `setup()` gives a legal army for both variants.
//!
//! All budgets are node budgets or fake clocks: no test here reads the wall clock.

use rand::Rng;
use std::cell::Cell;
use stratagem::ai::{BOTS, Bot, Budget, Clock, FrozenClock, SearchContext, rng_from_seed};
use stratagem::rules::{Game, Move, PieceId, PlayerView, Position, Rules, Setup, Side, Variant};

/// Node budget per move in the game tests: small, so that every bot plays fast.
const GAME_NODES: u64 = 300;

fn choose(bot: &mut dyn Bot, view: &PlayerView, budget: Budget, seed: u64) -> (Move, u64) {
    let clock = FrozenClock;
    let mut progress = |_: &stratagem::ai::Progress| {};
    let mut ctx = SearchContext::new(budget, &clock, seed, &mut progress);
    let mv = bot.choose_move(view, &mut ctx);
    (mv, ctx.nodes())
}

fn make(name: &str) -> Box<dyn Bot> {
    stratagem::ai::make_bot(name).unwrap_or_else(|| panic!("registered bot {name} cannot be made"))
}

/// Plays `bot` (as `bot_side`) against `random` to the end or `max_plies`, checking every move
/// the bot makes against its view's legal moves and the referee.
fn play_against_random(name: &str, variant: Variant, bot_side: Side, seed: u64, max_plies: u32) {
    let mut bot = make(name);
    let mut random = make("random");
    let mut rng = rng_from_seed(seed);
    let bot_setup = bot.setup(variant, &mut rng);
    let random_setup = random.setup(variant, &mut rng);
    let (red, blue) = if bot_side == Side::Red { (bot_setup, random_setup) } else { (random_setup, bot_setup) };
    let mut game = Game::new(Rules::for_variant(variant), &red, &blue)
        .unwrap_or_else(|e| panic!("{name}: setup refused by the referee: {e}"));
    let mut ply = 0;
    while game.outcome().is_none() && ply < max_plies {
        let side = game.to_move();
        let view = game.view(side);
        let move_seed = rng.random::<u64>();
        let (mv, _) = if side == bot_side {
            choose(bot.as_mut(), &view, Budget::nodes(GAME_NODES), move_seed)
        } else {
            choose(random.as_mut(), &view, Budget::nodes(GAME_NODES), move_seed)
        };
        if side == bot_side {
            assert!(
                view.legal_moves().contains(&mv),
                "{name} ({variant:?}, seed {seed}, ply {ply}) chose {mv}, not among its legal moves"
            );
        }
        if let Err(e) = game.play(mv) {
            panic!("{name} ({variant:?}, seed {seed}, ply {ply}): the referee refused {mv}: {e}");
        }
        ply += 1;
    }
}

#[test]
fn every_bot_plays_only_legal_moves() {
    for e in BOTS {
        // Both colours, both variants, a different seed for each game.
        for (i, side) in Side::BOTH.into_iter().enumerate() {
            play_against_random(e.name, Variant::Barrage, side, 100 + i as u64, 300);
            play_against_random(e.name, Variant::Classic, side, 200 + i as u64, 120);
        }
    }
}

/// A position `plies` random plies into a game (from random setups), not finished.
fn midgame(variant: Variant, seed: u64, plies: u32) -> (Position, Setup, Setup, Vec<Move>) {
    let mut rng = rng_from_seed(seed);
    loop {
        let red = stratagem::ai::setupgen::random::random_setup(variant, &mut rng);
        let blue = stratagem::ai::setupgen::random::random_setup(variant, &mut rng);
        let mut pos = Position::new(Rules::for_variant(variant), &red, &blue);
        let mut moves = Vec::new();
        for _ in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            let legal = pos.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            pos.play_unchecked(mv);
            moves.push(mv);
        }
        if pos.outcome().is_none() {
            return (pos, red, blue, moves);
        }
    }
}

#[test]
fn same_view_seed_and_nodes_give_the_same_move() {
    for e in BOTS {
        for (i, variant) in [Variant::Classic, Variant::Barrage].into_iter().enumerate() {
            let (pos, ..) = midgame(variant, 40 + i as u64, 30);
            let view = PlayerView::new(&pos, pos.to_move());
            let budget = Budget::nodes(1_000);
            let (a, _) = choose(make(e.name).as_mut(), &view, budget, 77);
            let (b, _) = choose(make(e.name).as_mut(), &view, budget, 77);
            assert_eq!(a, b, "{}: two runs on the same view, seed and node budget differ", e.name);
            // The same bot object asked twice must not carry state between calls either.
            let mut bot = make(e.name);
            let (c, _) = choose(bot.as_mut(), &view, budget, 77);
            let (d, _) = choose(bot.as_mut(), &view, budget, 77);
            assert_eq!((a, a), (c, d), "{}: a reused bot answered differently", e.name);
        }
    }
}

/// Two true positions with the same view for the side to move: the same game, except that two
/// enemy pieces of different kinds that never moved and were never in a battle swap places in
/// the enemy's setup. Returns the two positions.
fn twin_positions(variant: Variant, seed: u64) -> Option<(Position, Position)> {
    let (pos, red, blue, moves) = midgame(variant, seed, 40);
    let me = pos.to_move();
    let enemy = me.opponent();
    let hidden: Vec<PieceId> = pos
        .pieces_of(enemy)
        .filter(|&id| {
            let p = pos.piece(id);
            !p.moved && !p.revealed
        })
        .collect();
    let (a, b) = hidden
        .iter()
        .flat_map(|&a| hidden.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| pos.piece(a).kind != pos.piece(b).kind)?;
    let mut swapped = if enemy == Side::Red { red } else { blue };
    let (ia, ib) = (
        Setup::index_of(enemy, pos.piece(a).start).expect("a home square"),
        Setup::index_of(enemy, pos.piece(b).start).expect("a home square"),
    );
    swapped.slots_mut().swap(ia, ib);
    let (r2, b2) = if enemy == Side::Red { (swapped, blue) } else { (red, swapped) };
    let mut twin = Position::new(*pos.rules(), &r2, &b2);
    for mv in moves {
        twin.play(mv).expect("the same moves stay legal: the swapped pieces never took part");
    }
    Some((pos, twin))
}

#[test]
fn no_peeking_at_hidden_pieces() {
    let mut checked = 0;
    for seed in 0..6u64 {
        let variant = if seed % 2 == 0 { Variant::Classic } else { Variant::Barrage };
        let Some((a, b)) = twin_positions(variant, 300 + seed) else { continue };
        let me = a.to_move();
        assert_ne!(a.hash(), b.hash(), "the twins must differ in truth");
        let (va, vb) = (PlayerView::new(&a, me), PlayerView::new(&b, me));
        assert_eq!(va.to_record(), vb.to_record(), "the twins must look the same to {me}");
        for e in BOTS {
            let (ma, _) = choose(make(e.name).as_mut(), &va, Budget::nodes(1_000), 5 + seed);
            let (mb, _) = choose(make(e.name).as_mut(), &vb, Budget::nodes(1_000), 5 + seed);
            assert_eq!(ma, mb, "{} plays differently on two positions it cannot tell apart", e.name);
        }
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} twin positions found");
}

#[test]
fn node_budget_bounds_the_work() {
    // Every bot counts its work in SearchContext nodes and stops on the node budget; the slack
    // allows a bot to finish its current unit of work (a playout, a node's children).
    let budget = 5_000;
    for e in BOTS {
        let (pos, ..) = midgame(Variant::Classic, 12, 20);
        let view = PlayerView::new(&pos, pos.to_move());
        let (_, nodes) = choose(make(e.name).as_mut(), &view, Budget::nodes(budget), 3);
        assert!(nodes >= 1, "{} counted no work at all", e.name);
        assert!(nodes <= 2 * budget, "{} spent {nodes} nodes on a budget of {budget}", e.name);
    }
}

/// A fake clock that advances one millisecond each time it is read.
struct TickingClock(Cell<u64>);

impl Clock for TickingClock {
    fn now_ms(&self) -> f64 {
        let t = self.0.get();
        self.0.set(t + 1);
        t as f64
    }
}

#[test]
fn time_budget_stops_the_search_on_a_fake_clock() {
    // With only a time budget, a bot that never looks at the clock would not stop. With one
    // millisecond per reading, "stops soon after the budget expires" means: few readings after
    // the one that showed the budget spent.
    let budget_ms = 100.0;
    for e in BOTS {
        for variant in [Variant::Classic, Variant::Barrage] {
            let (pos, ..) = midgame(variant, 21, 10);
            let view = PlayerView::new(&pos, pos.to_move());
            let clock = TickingClock(Cell::new(0));
            let mut progress = |_: &stratagem::ai::Progress| {};
            let mut ctx = SearchContext::new(Budget::time(budget_ms), &clock, 9, &mut progress);
            let mv = make(e.name).choose_move(&view, &mut ctx);
            assert!(view.legal_moves().contains(&mv), "{}: illegal move {mv}", e.name);
            let readings = clock.0.get() as f64;
            assert!(
                readings <= budget_ms + 20.0,
                "{} read the clock {readings} times on a {budget_ms} ms budget (1 ms per reading)",
                e.name
            );
        }
    }
}

#[test]
fn setups_are_legal_for_both_variants() {
    for e in BOTS {
        let mut bot = make(e.name);
        for seed in 0..5 {
            let mut rng = rng_from_seed(seed);
            for variant in [Variant::Classic, Variant::Barrage] {
                let s = bot.setup(variant, &mut rng);
                assert_eq!(s.check(variant), Ok(()), "{} gave an illegal {variant:?} setup: {s}", e.name);
            }
        }
    }
}

#[test]
fn registry_is_consistent() {
    let names = stratagem::ai::bot_names();
    assert!(names.contains(&"random") && names.contains(&"negamax"));
    for e in BOTS {
        assert_eq!(make(e.name).name(), e.name);
        assert!(!e.description.is_empty() && !e.source.is_empty(), "{}: describe it and name its source", e.name);
    }
    for l in stratagem::ai::LEVELS {
        assert!(names.contains(&l.bot), "level {} names unknown bot {}", l.id, l.bot);
        assert!(l.movetime_ms <= 10_000);
    }
}
