//! What a bot believes about the enemy's hidden pieces: uniform counting and sampling over the
//! consistent assignments ([`uniform`], re-exported here), Invincible's rank-guessing belief
//! matrix ([`matrix`]) with its priors ([`priors`]), and the human setup statistics both the
//! priors and the setup generators use ([`setupstats`]).

pub mod library;
pub mod matrix;
pub mod perspecto;
pub mod priors;
pub mod setupstats;
pub mod uniform;

pub use matrix::BeliefMatrix;
pub use uniform::{Constraint, Inconsistent, Unknowns, determinize_with, sample_position};
