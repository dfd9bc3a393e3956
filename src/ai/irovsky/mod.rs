//! Bots of Irovský's thesis (seed 003). (being built)
