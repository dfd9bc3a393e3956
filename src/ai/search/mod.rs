//! Searches shared by the bots (the older ones still live in their bots' modules until the
//! restructuring moves them here).

pub mod determinized;
