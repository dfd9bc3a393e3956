//! The `random` bot: a uniformly random legal move, and a uniformly random legal setup.
//!
//! It is the floor of the ladder and the sparring partner of the invariant tests. Invariants:
//! every move it returns is one of `view.legal_moves()`, chosen uniformly with the context's
//! RNG (so the same view and seed give the same move); every setup it returns passes
//! [`Setup::check`] for the variant asked.

use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};
use rand::Rng;

/// Plays uniformly random legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot;

impl RandomBot {
    /// A new random bot (it has no state).
    pub fn new() -> RandomBot {
        RandomBot
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    /// # Panics
    /// If the side has no legal move (the [`Bot`] contract says it is never asked then).
    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        let moves = view.legal_moves();
        assert!(!moves.is_empty(), "random bot asked to move without a legal move");
        ctx.add_nodes(1);
        let mv = moves[ctx.rng.random_range(0..moves.len())];
        ctx.report(1, Some(mv), None);
        mv
    }

    /// One setup drawn from the statistics of human setups (Invincible's semi-random placement,
    /// not its best-of-50): the Random level must still offer and play realistic setups, with
    /// the Flag behind the front row (issue 9), while its moves stay uniformly random.
    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        crate::ai::setupgen::invincible::semi_random_for(variant, rng)
    }
}
