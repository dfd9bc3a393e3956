//! Setup generators, one per bot family: uniformly random ([`random`]), the seed-003 thesis's
//! flag-and-bombs setup ([`irovsky`]), Invincible's statistical best-of-N ([`invincible`]) StrategoAI's
//! ([`strategoai`]) and the strategist's ([`strategist`]). All randomness comes from the caller's [`BotRng`](crate::ai::BotRng).

pub mod invincible;
pub mod irovsky;
pub mod perspecto;
pub mod random;
pub mod strategist;
pub mod strategoai;
