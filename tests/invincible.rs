//! Tests of the `invincible` bot (src/ai/invincible): legal moves over whole games against
//! `random`, determinism, no peeking, the budget, and each plan's scores on hand-made
//! positions the way the thesis (seed 001, chapter 5) describes them.

use rand::Rng;
use stratagem::ai::invincible::InvincibleBot;
use stratagem::ai::random::random_setup;
use stratagem::ai::{Bot, Budget, FrozenClock, Progress, SearchContext, rng_from_seed};
use stratagem::rules::{Game, Move, PlayerView, Rules, Side, Variant};

fn choose(bot: &mut dyn Bot, view: &PlayerView, budget: Budget, seed: u64) -> (Move, u64) {
    let clock = FrozenClock;
    let mut progress = |_: &Progress| {};
    let mut ctx = SearchContext::new(budget, &clock, seed, &mut progress);
    let mv = bot.choose_move(view, &mut ctx);
    (mv, ctx.nodes())
}

/// Plays `invincible` against `random`; returns the outcome winner (None for unfinished/draw).
fn play(variant: Variant, bot_side: Side, seed: u64, max_plies: u32) -> Option<Side> {
    let mut bot = InvincibleBot::new();
    let mut rng = rng_from_seed(seed);
    let bot_setup = bot.setup(variant, &mut rng);
    let other = random_setup(variant, &mut rng);
    let (red, blue) = if bot_side == Side::Red { (bot_setup, other) } else { (other, bot_setup) };
    let mut game = Game::new(Rules::for_variant(variant), &red, &blue).expect("legal setups");
    let mut ply = 0;
    while game.outcome().is_none() && ply < max_plies {
        let side = game.to_move();
        let view = game.view(side);
        let legal = view.legal_moves();
        let mv = if side == bot_side {
            let (mv, _) = choose(&mut bot, &view, Budget::nodes(10_000), rng.random());
            assert!(legal.contains(&mv), "ply {ply}: {mv} is not legal");
            mv
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        game.play(mv).expect("legal");
        ply += 1;
    }
    game.outcome().and_then(|o| o.winner())
}

#[test]
fn legal_moves_and_wins_against_random() {
    let mut wins = 0;
    let mut games = 0;
    for (i, variant) in [Variant::Classic, Variant::Barrage].into_iter().enumerate() {
        for side in Side::BOTH {
            for s in 0..2 {
                games += 1;
                if play(variant, side, 100 + 10 * i as u64 + s, 2000) == Some(side) {
                    wins += 1;
                }
            }
        }
    }
    eprintln!("invincible won {wins} of {games} against random");
    assert!(wins * 4 >= games * 3, "invincible won only {wins} of {games} against random");
}
