//! Bots of Irovský's thesis (seed 003: *Hraní stolní hry Stratego počítačem*, VUT FIT 2023),
//! rebuilt from its Chapter 6: a modified MCTS with one determinization per move, the
//! information-set MCTS the thesis points to as the fix, a depth-3 alpha-beta and a depth-3
//! expectimax, both with the Table 6.1 evaluation, and the thesis's automatic setup.
//!
//! Each bot has its own module and its own page in `docs/bots/` mapping the code to the
//! thesis's sections and listing every choice made where the thesis is vague.
//!
//! Shared invariants: a bot sees only its [`PlayerView`](crate::rules::PlayerView) and samples
//! drawn from [`crate::ai::belief`]; all randomness comes from the context's RNG; every search
//! is anytime (a legal move is ready from the first iteration on) and checks the budget often.

pub mod alphabeta;
pub mod eval;
pub mod expectimax;
pub mod ismcts;
pub mod mcts;
pub mod meter;
pub mod setup;
pub mod uct;

/// The UCT exploration constant of the thesis's experiments (Chapter 7: "c byla rovna 0.3").
pub const EXPLORATION: f64 = 0.3;

/// Length of a random playout in plies (Section 6.3: "50 tahů"; read as plies).
pub const PLAYOUT_PLIES: u32 = 50;

/// Search depth of alpha-beta and expectimax in plies (Sections 6.4 and 6.5: "3 úrovně").
pub const SEARCH_DEPTH: u32 = 3;
