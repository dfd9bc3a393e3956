//! Notations: Gravon fields and XML game files, and the game record format.
//! (Setup strings live with [`crate::rules::Setup`]; move text with [`crate::rules::Move`].)
