//! The `strategoai` bot (seed 002, StrategoAI 2018; docs/bots/strategoai.md): the nine plans
//! of [`crate::ai::plans::strategoai`] score every legal move, plus the random plan G1, the
//! highest sum is played; setups from [`crate::ai::setupgen::strategoai`].

use crate::ai::plans::strategoai::strategoai_plans;
use crate::ai::plans::values::ValueRules;
use crate::ai::plans::{Ctx, choose_by_plans, explain};
use crate::ai::setupgen::strategoai::strategoai_setup;
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};

/// The StrategoAI bot.
#[derive(Debug, Default, Clone, Copy)]
pub struct StrategoAiBot;

impl StrategoAiBot {
    /// A new bot (it keeps no state).
    pub fn new() -> StrategoAiBot {
        StrategoAiBot
    }

    /// Each plan's value for each legal move (no random plan).
    pub fn explain(view: &PlayerView) -> Vec<(Move, Vec<(&'static str, f64)>)> {
        let pctx = Ctx::uniform(view, &ValueRules::STRATEGOAI);
        let plans = strategoai_plans(&pctx);
        explain(&pctx, &plans, &view.legal_moves())
    }
}

impl Bot for StrategoAiBot {
    fn name(&self) -> &'static str {
        "strategoai"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        let moves = view.legal_moves();
        let pctx = Ctx::uniform(view, &ValueRules::STRATEGOAI);
        let plans = strategoai_plans(&pctx);
        let (mv, score) = choose_by_plans(&pctx, &plans, &moves, true, ctx);
        ctx.report(1, Some(mv), Some(score));
        mv
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        strategoai_setup(variant, rng)
    }
}
