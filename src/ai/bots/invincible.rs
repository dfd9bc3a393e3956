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
use crate::ai::plans::invincible::invincible_plans;
use crate::ai::plans::values::ValueRules;
use crate::ai::plans::{Ctx, choose_by_plans, explain};
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};

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
