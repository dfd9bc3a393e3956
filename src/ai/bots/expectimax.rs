//! The `expectimax` bot (seed 003, Irovský 2023, Section 6.5; docs/bots/expectimax.md):
//! the depth-3 expectiminimax of [`crate::ai::search::expectimax`] with iterative deepening
//! on the view's board, chance nodes weighted by the belief marginals.

use super::alphabeta::SEARCH_DEPTH;
use crate::ai::ranking;
use crate::ai::search::expectimax::{Expectimax, best_of, working_position};
use crate::ai::setupgen::irovsky as setup;
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};

/// The thesis's expectimax bot.
#[derive(Debug, Clone, Copy)]
pub struct ExpectimaxBot {
    /// Search depth in plies (3 in the thesis).
    pub depth: u32,
}

impl Default for ExpectimaxBot {
    fn default() -> Self {
        ExpectimaxBot { depth: SEARCH_DEPTH }
    }
}

impl ExpectimaxBot {
    /// The bot with the thesis's depth.
    pub fn new() -> ExpectimaxBot {
        ExpectimaxBot::default()
    }
}

impl Bot for ExpectimaxBot {
    fn name(&self) -> &'static str {
        "expectimax"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        let legal = view.legal_moves();
        let mut best = legal[0];
        let mut pos = working_position(view);
        let pool = view.enemy_unassigned();
        for d in 1..=self.depth.max(1) {
            if d > 1 && ctx.out_of_budget() {
                break;
            }
            let Some(mut values) = Expectimax::new(Some(&mut *ctx), view.side(), pool).root_values(&mut pos, d) else {
                break;
            };
            let Some((m, v)) = best_of(&values) else { break };
            best = m;
            ctx.report(d, Some(m), Some(v));
            // Candidates of the deepest finished depth, highest first; the stable sort keeps
            // generation order among equals, so the move played (the first best) leads.
            ranking::sort_by_key128(&mut values, |&(_, v)| ranking::desc_f64(v));
            ctx.set_candidates(values);
        }
        if legal.contains(&best) { best } else { legal[0] }
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        setup::generate(variant, rng)
    }
}
