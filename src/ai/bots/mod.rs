//! The registered bots, one small file each naming its document in `docs/bots/`, and the
//! registry of names and levels ([`registry`]). A bot is a configuration of the shared
//! searches, evaluations, beliefs, plans and setup generators of the sibling modules.
//!
//! Seeds: 001 Invincible (de Boer 2007) `invincible`; 002 StrategoAI (2018) `strategoai`;
//! 003 Irovský (*Hraní stolní hry Stratego počítačem*, VUT FIT 2023, Chapter 6) `mcts`,
//! `ismcts`, `alphabeta`, `expectimax`; 004 the minimax tutorial `negamax`; the `random`
//! baseline; and this project's own `strategist` (issue 11).

pub mod alphabeta;
pub mod expectimax;
pub mod invincible;
pub mod ismcts;
pub mod mcts;
pub mod negamax;
pub mod perspecto;
pub mod random;
pub mod registry;
pub mod strategist;
pub mod strategoai;
#[cfg(not(target_arch = "wasm32"))]
pub mod threaded;

pub use alphabeta::AlphaBetaBot;
pub use expectimax::ExpectimaxBot;
pub use invincible::InvincibleBot;
pub use mcts::UctBot;
pub use negamax::NegamaxBot;
pub use random::RandomBot;
pub use strategist::StrategistBot;
pub use strategoai::StrategoAiBot;
