//! (being built: see the issue "Bots I")
