//! `ismcts`: the thesis's MCTS with the fix it points to (Sections 6.2 and 8: the single
//! determinization "reduces accuracy"): a fresh determinization every iteration, drawn
//! uniformly from the view by [`crate::ai::belief`], over one tree keyed by the moves from
//! the root (single-observer information-set MCTS, Cowling, Powley and Whitehouse 2012).
//!
//! Everything else is the thesis's: UCT with c = 0.3 (availability counts in place of the
//! parent's visits, since a node's legal moves now vary), 50-ply random playouts scored
//! win/loss by material, the most visited root move. The bot is the `mcts` shape
//! ([`UctBot`], src/ai/bots/mcts.rs) with another determinization rule.
//!
//! Invariants: see [`crate::ai::search::uct`]. One playout is one node of the budget.

use super::mcts::UctBot;
use crate::ai::search::uct::Determinize;

impl UctBot {
    /// MCTS with a determinization per iteration (ISMCTS).
    pub fn ismcts() -> UctBot {
        UctBot::with_params("ismcts", Determinize::EveryIteration)
    }
}
