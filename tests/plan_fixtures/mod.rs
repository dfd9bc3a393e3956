//! Shared fixtures of the plan-based bots' tests (tests/invincible.rs, tests/strategoai.rs):
//! hand-made positions with Blue fillers, per-plan move scores, one bot move with a frozen clock.
//! Included by each of those test binaries as `mod plan_fixtures;`.

use stratagem::ai::plans::{Ctx, Plan};
use stratagem::ai::setupgen::random::random_setup;
use stratagem::ai::{Bot, BotRng, Budget, FrozenClock, Progress, SearchContext};
use stratagem::rules::{Game, Move, PieceKind, PlayerView, Position, Rules, Side, Square, Variant};

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

/// The capture study both plan sets' first plan is tested on: Blue, moving first, has played
/// a5xa4 (its Scout took the Red Spy and stands known on a4, next to the Red Sergeant b4 and
/// the unknown Red Marshal a3) and e5xe4 (the Blue General took the Red Major and stands known
/// on e4, next to the Red Miner f4); Red to move.
pub fn capture_position() -> Position {
    use PieceKind::*;
    position(
        &[
            ("a4", Side::Red, Spy),
            ("b4", Side::Red, Sergeant),
            ("a3", Side::Red, Marshal),
            ("a5", Side::Blue, Scout),
            ("e5", Side::Blue, General),
            ("e4", Side::Red, Major),
            ("f4", Side::Red, Miner),
            ("i2", Side::Red, Scout),
        ],
        "j1",
        &["a5xa4", "i2-i3", "e5xe4"],
        Side::Blue,
    )
}

/// The tactical-defence study: a moved Red Major on e4 in line with the known Blue General on
/// e7 (it took the Red Scout there); an unmoved Red Sergeant on a2; Red to move.
pub fn defense_line_position() -> Position {
    use PieceKind::*;
    position(
        &[("e3", Side::Red, Major), ("e7", Side::Red, Scout), ("e8", Side::Blue, General), ("a2", Side::Red, Sergeant)],
        "j1",
        &["e3-e4", "e8xe7"],
        Side::Red,
    )
}

/// The tactical-attack study: a moved Red Colonel on f5 in line with the known Blue Captain
/// on f8 (it took the Red Scout there); an unmoved Red Sergeant on a2; Red to move.
pub fn attack_line_position() -> Position {
    use PieceKind::*;
    position(
        &[
            ("f3", Side::Red, Colonel),
            ("f8", Side::Red, Scout),
            ("f9", Side::Blue, Captain),
            ("a2", Side::Red, Sergeant),
        ],
        "j1",
        &["f3-f4", "f9xf8", "f4-f5", "a9-a8"],
        Side::Red,
    )
}

/// Two classic games from random setups whose Red views are equal at the start: Blue's
/// second setup has two of its back-row pieces of different kinds swapped (the no-peeking
/// tests: only a bot that reads hidden kinds could tell them apart).
pub fn twin_games(rng: &mut BotRng) -> (Game, Game) {
    let red = random_setup(Variant::Classic, rng);
    let blue = random_setup(Variant::Classic, rng);
    let mut blue2 = blue;
    let slots = blue2.slots_mut();
    let (i, j) = (0..10).flat_map(|i| (0..10).map(move |j| (i, j))).find(|&(i, j)| slots[i] != slots[j]).unwrap();
    slots.swap(i, j);
    let rules = Rules::for_variant(Variant::Classic);
    (Game::new(rules, &red, &blue).unwrap(), Game::new(rules, &red, &blue2).unwrap())
}
