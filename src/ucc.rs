//! The 2012 UCC manager protocol. (being built)
