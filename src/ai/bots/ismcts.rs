//! `ismcts`: the thesis's MCTS with the fix it points to (Sections 6.2 and 8: the single
//! determinization "reduces accuracy"): a fresh determinization every iteration, drawn
//! uniformly from the view by [`crate::ai::belief`], over one tree keyed by the moves from
//! the root (single-observer information-set MCTS, Cowling, Powley and Whitehouse 2012).
//!
//! Everything else is the thesis's: UCT with c = 0.3 (availability counts in place of the
//! parent's visits, since a node's legal moves now vary), 50-ply random playouts scored
//! win/loss by material, the most visited root move.
//!
//! Invariants: see [`crate::ai::search::uct`]. One playout is one node of the budget.

use super::mcts::{EXPLORATION, PLAYOUT_PLIES};
use crate::ai::search::uct::{self, Determinize, UctParams, UctResult};
use crate::ai::setupgen::irovsky as setup;
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};

/// MCTS with a determinization per iteration.
#[derive(Debug, Clone, Copy)]
pub struct IsmctsBot {
    /// Search parameters.
    pub params: UctParams,
}

impl Default for IsmctsBot {
    fn default() -> Self {
        IsmctsBot {
            params: UctParams {
                c: EXPLORATION,
                playout_plies: PLAYOUT_PLIES,
                determinize: Determinize::EveryIteration,
            },
        }
    }
}

impl IsmctsBot {
    /// The bot with the thesis's parameters and per-iteration determinization.
    pub fn new() -> IsmctsBot {
        IsmctsBot::default()
    }

    /// Runs the search and returns the root statistics too.
    pub fn search(&self, view: &PlayerView, ctx: &mut SearchContext) -> UctResult {
        uct::search(view, ctx, self.params)
    }
}

impl Bot for IsmctsBot {
    fn name(&self) -> &'static str {
        "ismcts"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        self.search(view, ctx).best
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        setup::generate(variant, rng)
    }
}
