//! Invincible (seed 001: V. de Boer, "Invincible – A Stratego Bot", TU Delft 2007): a
//! plan-based, one-ply move chooser over dynamic piece values and a normalised belief matrix.
//!
//! - [`values`]: piece values recomputed after every move, value of information, game state
//!   (thesis chapter 3; also used by StrategoAI with its own constants);
//! - [`priors`]: the Gravon setup statistics the rank guesser starts from;
//! - [`belief_matrix`]: the rank guesser (chapter 6), public to every bot as an alternative to
//!   uniform counting;
//! - [`plans`]: the plans that score every legal move (chapter 5);
//! - [`bot`]: the `invincible` bot;
//! - [`setup`]: setup generation (chapter 4; docs/bots/invincible-setup.md).

pub mod belief_matrix;
pub mod bot;
pub mod plans;
pub mod priors;
pub mod setup;
pub mod values;

pub use belief_matrix::BeliefMatrix;
pub use bot::InvincibleBot;
