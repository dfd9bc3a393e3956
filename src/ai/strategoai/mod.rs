//! StrategoAI (seed 002). (being built)
