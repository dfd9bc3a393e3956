//! The bots by name, and the difficulty levels (data: each level names its bot and time).

use super::Bot;

/// A difficulty level offered in the page.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Level {
    /// Stable id used in saved games and URLs.
    pub id: &'static str,
    /// What the player sees.
    pub label: &'static str,
    /// The bot's registry name.
    pub bot: &'static str,
    /// Time per move in milliseconds (10,000 at most).
    pub movetime_ms: u32,
    /// One line about the bot and its source.
    pub about: &'static str,
}

/// The levels, weakest first.
pub const LEVELS: &[Level] = &[];

/// Names of all bots.
pub fn bot_names() -> Vec<&'static str> {
    Vec::new()
}

/// A bot by registry name.
pub fn make_bot(_name: &str) -> Option<Box<dyn Bot>> {
    None
}
