//! Setup generators per bot family (the others still live in their bots' modules until the
//! restructuring moves them here).

pub mod strategist;
