//! Bot-versus-bot matches, Elo and SPRT statistics. (being built)
