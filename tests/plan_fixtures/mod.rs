//! Shared fixtures of the plan-based bots' tests (tests/invincible.rs, tests/strategoai.rs):
//! hand-made positions with Blue fillers, per-plan move scores, one bot move with a frozen clock.
//! Included by each of those test binaries as `mod plan_fixtures;`.

use stratagem::ai::plans::{Ctx, Plan};
use stratagem::ai::{Bot, Budget, FrozenClock, Progress, SearchContext};
use stratagem::rules::{Move, PieceKind, PlayerView, Position, Rules, Side, Square, Variant};

/// The move `bot` chooses for `view` and the nodes it counted, under a frozen clock.
pub fn choose(bot: &mut dyn Bot, view: &PlayerView, budget: Budget, seed: u64) -> (Move, u64) {
    let clock = FrozenClock;
    let mut progress = |_: &Progress| {};
    let mut ctx = SearchContext::new(budget, &clock, seed, &mut progress);
    let mv = bot.choose_move(view, &mut ctx);
    (mv, ctx.nodes())
}

/// A square by name.
pub fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// A move by its text.
pub fn mv(s: &str) -> Move {
    Move::parse(s).unwrap()
}

/// Blue fillers on rows 9-10 (flag on j10 and 19 movable pieces, so Blue has more than 15
/// movers and Invincible's reveal penalty is the full 33%); Red's flag on `red_flag`; then
/// `moves` are played, `first` moving first.
pub fn position(pieces: &[(&str, Side, PieceKind)], red_flag: &str, moves: &[&str], first: Side) -> Position {
    use PieceKind::*;
    let mut placement = [None; 100];
    let fillers = [
        Scout, Scout, Scout, Scout, Scout, Scout, Miner, Miner, Miner, Miner, Sergeant, Sergeant, Sergeant, Lieutenant,
        Lieutenant, Lieutenant, Captain, Spy, Marshal,
    ];
    for (i, k) in fillers.iter().enumerate() {
        placement[80 + i] = Some((Side::Blue, *k));
    }
    placement[99] = Some((Side::Blue, Flag));
    placement[sq(red_flag).index()] = Some((Side::Red, Flag));
    for &(s, side, k) in pieces {
        placement[sq(s).index()] = Some((side, k));
    }
    let mut pos = Position::from_placement(Rules::for_variant(Variant::Classic), &placement, first).unwrap();
    for m in moves {
        pos.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

/// Each plan's score of `moves` (each must be legal in `view`).
pub fn scores(view: &PlayerView, plan: &dyn Plan, ctx: &Ctx, moves: &[&str]) -> Vec<f64> {
    moves
        .iter()
        .map(|m| {
            let m = mv(m);
            assert!(view.legal_moves().contains(&m), "{m} is not legal here");
            plan.score(ctx, m)
        })
        .collect()
}
