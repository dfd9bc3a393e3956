//! Setups of the `strategist` bot (docs/bots/strategist.md, "Setups"): human-like and hard to
//! predict.
//!
//! Method: the semi-random generator of the Invincible thesis (pieces placed one by one from
//! the per-square and neighbour statistics of the 58,366 Gravon setups, `ai::setupgen::invincible`)
//! keeps the best of only [`BEST_OF`] candidates by the thesis's heuristics (Invincible keeps
//! the best of 50, which pulls every setup towards the same few shapes), and the result is
//! mirrored left-right with probability 1/2 (the game is symmetric; the human statistics are
//! not quite, so mirroring spreads the Flag over both corners).
//!
//! Measured against `data/` (flag-square distribution, its entropy, bombed-in flags): see the
//! doc and `tests/strategist.rs`.

use crate::ai::BotRng;
use crate::ai::setupgen::invincible::generate;
use crate::rules::{Setup, Variant};
use rand::Rng;

/// Candidates per setup; the best by the Invincible heuristics is kept.
pub const BEST_OF: usize = 16;

/// `setup` mirrored left-right (each row reversed), as seen by its owner.
pub fn mirrored(setup: &Setup) -> Setup {
    let mut m = *setup;
    let slots = m.slots_mut();
    for row in 0..4 {
        slots[row * 10..row * 10 + 10].reverse();
    }
    m
}

/// One setup of `variant`.
pub fn generate_setup(variant: Variant, rng: &mut BotRng) -> Setup {
    let best_of = crate::ai::bots::strategist::tuning("STRATEGIST_BEST_OF").unwrap_or(BEST_OF);
    let s = generate(variant, best_of, rng);
    if rng.random::<bool>() { mirrored(&s) } else { s }
}
