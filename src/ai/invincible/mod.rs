//! Invincible (seed 001). (being built)

pub mod setup;
