//! `mcts`: the thesis's modified Monte Carlo Tree Search (Sections 6.2 and 6.3).
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
pub const EXPLORATION: f64 = 0.3;

/// Length of a random playout in plies (Section 6.3: "50 tahů"; read as plies).
pub const PLAYOUT_PLIES: u32 = 50;

/// The thesis's MCTS with a single determinization.
#[derive(Debug, Clone, Copy)]
pub struct MctsBot {
    /// Search parameters (the thesis's by default).
    pub params: UctParams,
}

impl Default for MctsBot {
    fn default() -> Self {
        MctsBot { params: UctParams { c: EXPLORATION, playout_plies: PLAYOUT_PLIES, determinize: Determinize::Once } }
    }
}

impl MctsBot {
    /// The bot with the thesis's parameters.
    pub fn new() -> MctsBot {
        MctsBot::default()
    }

    /// Runs the search and returns the root statistics too (tests, the thesis's Fig. 7.2).
    pub fn search(&self, view: &PlayerView, ctx: &mut SearchContext) -> UctResult {
        uct::search(view, ctx, self.params)
    }
}

impl Bot for MctsBot {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        self.search(view, ctx).best
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        setup::generate(variant, rng)
    }
}
