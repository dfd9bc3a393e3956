//! The `invincible` bot: every legal move scored by every plan of [`crate::ai::plans::invincible`], plus the
//! random plan's U(0,1) (§5.6.1), the highest sum played (thesis Fig. 5.2); exact ties (only
//! possible without the random plan) broken uniformly with the context's generator. Setups
//! come from [`crate::ai::setupgen::invincible::generate`] with the thesis's best of 50.
//!
//! Invariants: returns one of `view.legal_moves()`; reads only the view (the belief model is
//! replayed from public reports; the cache gives the same numbers as a fresh replay, so a bot in
//! a fresh worker plays the same); all randomness from `ctx.rng`; one node per move scored, and
//! the scoring stops early when the budget runs out (the best move scored so far is played).

use crate::ai::belief::matrix::BeliefCache;
use crate::ai::plans::invincible::{Ctx, Plan, invincible_plans};
use crate::ai::plans::values::ValueRules;
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};
use rand::Rng;

/// Scores `moves` with `plans` (plus U(0,1) per move when `random`), stopping early on the
/// budget, and returns the best move and its score. Ties are broken uniformly with the rng.
///
/// # Panics
/// If `moves` is empty (the bot contract never asks for a move then).
pub fn choose_by_plans(
    pctx: &Ctx,
    plans: &[Box<dyn Plan>],
    moves: &[Move],
    random: bool,
    ctx: &mut SearchContext,
) -> (Move, f64) {
    assert!(!moves.is_empty(), "asked to move without a legal move");
    let mut best: Option<(Move, f64)> = None;
    let mut ties = 0u32;
    for &mv in moves {
        let mut s: f64 = plans.iter().map(|p| p.score(pctx, mv)).sum();
        if random {
            s += ctx.rng.random::<f64>();
        }
        ctx.add_nodes(1);
        match best {
            None => {
                best = Some((mv, s));
                ties = 1;
            }
            Some((_, b)) if s > b => {
                best = Some((mv, s));
                ties = 1;
            }
            Some((_, b)) if s == b => {
                ties += 1;
                if ctx.rng.random_range(0..ties) == 0 {
                    best = Some((mv, s));
                }
            }
            _ => {}
        }
        if ctx.out_of_budget() {
            break;
        }
    }
    best.expect("at least one move scored")
}

/// Every plan's value for every legal move (no random plan): the debug table of the thesis's
/// Table 8.1, used by the tests and the docs.
pub fn explain(pctx: &Ctx, plans: &[Box<dyn Plan>], moves: &[Move]) -> Vec<(Move, Vec<(&'static str, f64)>)> {
    moves.iter().map(|&mv| (mv, plans.iter().map(|p| (p.name(), p.score(pctx, mv))).collect())).collect()
}

/// The Invincible bot.
#[derive(Debug, Default)]
pub struct InvincibleBot {
    cache: BeliefCache,
}

impl InvincibleBot {
    /// A new bot.
    pub fn new() -> InvincibleBot {
        InvincibleBot::default()
    }

    /// The plan table for `view` (each plan's value per legal move).
    pub fn explain(&mut self, view: &PlayerView) -> Vec<(Move, Vec<(&'static str, f64)>)> {
        let replay = self.cache.replay(view);
        let pctx = Ctx::with_replay(view, replay, &ValueRules::INVINCIBLE);
        let plans = invincible_plans(&pctx);
        explain(&pctx, &plans, &view.legal_moves())
    }
}

impl Bot for InvincibleBot {
    fn name(&self) -> &'static str {
        "invincible"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        let moves = view.legal_moves();
        let replay = self.cache.replay(view);
        let pctx = Ctx::with_replay(view, replay, &ValueRules::INVINCIBLE);
        let plans = invincible_plans(&pctx);
        let (mv, score) = choose_by_plans(&pctx, &plans, &moves, true, ctx);
        ctx.report(1, Some(mv), Some(score));
        mv
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        crate::ai::setupgen::invincible::generate(variant, crate::ai::setupgen::invincible::THESIS_N, rng)
    }
}
