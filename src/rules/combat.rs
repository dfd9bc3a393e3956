//! The combat table: the one place in the code that compares two pieces.
//!
//! Every attack ends in one of three ways ([`Battle`]); capturing the Flag is an
//! [`Battle::AttackerWins`] whose defender is the Flag (the game code ends the game on it).

use super::piece::PieceKind;
use serde::{Deserialize, Serialize};

/// The result of one attack.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Battle {
    /// The defender is removed and the attacker moves into its square.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Equal strength: both are removed.
    BothRemoved,
}

/// Resolves `attacker` attacking `defender`.
///
/// The rules (docs/rules.md, "Attacks"): the stronger piece wins, equal strength removes both; the
/// Spy attacking the Marshal wins; only a Miner survives attacking a Bomb; any attacker
/// captures the Flag. Bombs and Flags never attack: asking for it is a caller bug, answered
/// (arbitrarily but totally) with the defender winning.
#[inline]
pub const fn battle(attacker: PieceKind, defender: PieceKind) -> Battle {
    use Battle::*;
    use PieceKind::*;
    match (attacker, defender) {
        (Flag | Bomb, _) => DefenderWins,
        (_, Flag) => AttackerWins,
        (Miner, Bomb) => AttackerWins,
        (_, Bomb) => DefenderWins,
        (Spy, Marshal) => AttackerWins,
        _ => {
            // Both are movable pieces here, so both have a strength.
            let (a, d) = (attacker as u8, defender as u8);
            if a > d {
                AttackerWins
            } else if a < d {
                DefenderWins
            } else {
                BothRemoved
            }
        }
    }
}
