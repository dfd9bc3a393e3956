//! The `negamax` bot (seed 004, docs/bots/negamax.md): the iterative-deepening alpha-beta
//! negamax of [`crate::ai::search::negamax`] over positions sampled from the view, with the
//! tutorial material evaluation; setups uniformly random (the tutorial has none).

use crate::ai::search::negamax::{NegamaxConfig, search_view};
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};

/// The negamax bot.
#[derive(Debug, Clone, Default)]
pub struct NegamaxBot {
    /// Its settings.
    pub config: NegamaxConfig,
}

impl NegamaxBot {
    /// A bot with the default settings.
    pub fn new() -> NegamaxBot {
        NegamaxBot::default()
    }

    /// A bot with `config`.
    pub fn with_config(config: NegamaxConfig) -> NegamaxBot {
        NegamaxBot { config }
    }
}

impl Bot for NegamaxBot {
    fn name(&self) -> &'static str {
        "negamax"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        search_view(view, ctx, self.config).best
    }

    /// The tutorial says nothing about setups: one drawn from the statistics of human setups
    /// (Invincible's semi-random placement), so the Flag stands behind the front row
    /// (docs/bots/negamax.md).
    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        crate::ai::setupgen::invincible::semi_random_for(variant, rng)
    }
}
