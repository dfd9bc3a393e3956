//! `mcts`: the thesis's modified Monte Carlo Tree Search (Sections 6.2 and 6.3), and the one
//! bot shape ([`UctBot`]) it shares with `ismcts` (src/ai/bots/ismcts.rs): a name and the
//! parameters of [`crate::ai::search::uct`].
//!
//! One determinization per move: the enemy pieces still in play are dealt at random over the
//! unrevealed enemy pieces (known Scouts get Scouts, moved pieces movable kinds, Section 6.3
//! `distribute_remaining_pieces`), uniformly via [`crate::ai::belief`], and UCT with c = 0.3
//! runs on that one board; random playouts stop after 50 plies and are scored win/loss by
//! material (Table 6.1 sums); the most visited root move is played.
//!
//! Invariants: see [`crate::ai::search::uct`]. One playout is one node of the budget.

use crate::ai::search::uct::{self, Determinize, UctParams, UctResult};
use crate::ai::setupgen::irovsky as setup;
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};

/// The UCT exploration constant of the thesis's experiments (Chapter 7: "c byla rovna 0.3").
pub(crate) const EXPLORATION: f64 = 0.3;

/// Length of a random playout in plies (Section 6.3: "50 tahů"; read as plies).
pub(crate) const PLAYOUT_PLIES: u32 = 50;

/// A UCT bot: `mcts` ([`UctBot::mcts`]) or `ismcts` ([`UctBot::ismcts`]); both use the
/// thesis's setup generator.
#[derive(Debug, Clone, Copy)]
pub struct UctBot {
    name: &'static str,
    /// Search parameters.
    pub params: UctParams,
}

impl UctBot {
    /// The thesis's MCTS with a single determinization per move.
    pub fn mcts() -> UctBot {
        UctBot::with_params("mcts", Determinize::Once)
    }

    /// The thesis's parameters with the given determinization rule.
    pub(super) fn with_params(name: &'static str, determinize: Determinize) -> UctBot {
        UctBot { name, params: UctParams { c: EXPLORATION, playout_plies: PLAYOUT_PLIES, determinize } }
    }

    /// Runs the search and returns the root statistics too (tests, the thesis's Fig. 7.2).
    pub fn search(&self, view: &PlayerView, ctx: &mut SearchContext) -> UctResult {
        uct::search(view, ctx, self.params)
    }
}

impl Bot for UctBot {
    fn name(&self) -> &'static str {
        self.name
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        self.search(view, ctx).best
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        setup::generate(variant, rng)
    }
}
