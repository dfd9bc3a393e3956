//! `Rules`: every switch of the rules in one value (docs/rules.md).

use super::piece::{Side, Variant};
use serde::{Deserialize, Serialize};

/// All the rule switches. `Rules::default()` is the classic game under the current ISF rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Which armies are set up.
    pub variant: Variant,
    /// Two-squares rule: a piece may not move more than this many times in a row between the
    /// same two squares (ISF 3; Gravon's games used 5). `None` switches the rule off.
    pub two_square_limit: Option<u8>,
    /// More-squares rule (continuous chase), ISF art. 11.
    pub more_squares_rule: bool,
    /// A Scout may move several squares and attack at the end of the same move.
    pub scout_move_and_strike: bool,
    /// Draw after this many plies in all (`None`: no limit).
    pub max_plies: Option<u32>,
    /// Draw after this many plies in a row without an attack (`None`: no limit).
    pub max_plies_without_attack: Option<u32>,
    /// When set, the two-squares and more-squares rules bind only this side; the other
    /// side's moves are never forbidden by them. This is how a program plays under the 2012
    /// UCC manager, which enforces neither rule: it accepts whatever the manager accepts from
    /// the opponent and keeps its own moves within the rules, so that it makes progress
    /// instead of shuttling one piece until the turn limit ([`Rules::ucc_player`]).
    pub repetition_binds_only: Option<Side>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            variant: Variant::Classic,
            two_square_limit: Some(3),
            more_squares_rule: true,
            scout_move_and_strike: true,
            max_plies: Some(2000),
            max_plies_without_attack: Some(200),
            repetition_binds_only: None,
        }
    }
}

impl Rules {
    /// The default rules for `variant`.
    pub fn for_variant(variant: Variant) -> Rules {
        Rules { variant, ..Rules::default() }
    }

    /// The rules Gravon's archived games were played under: two-squares limit 5.
    pub fn gravon() -> Rules {
        Rules { two_square_limit: Some(5), ..Rules::default() }
    }

    /// The switches of the 2012 UCC manager: no repetition rules and no draw limits (the
    /// manager keeps its own turn limit and knows no other draw rule).
    pub fn ucc() -> Rules {
        Rules {
            two_square_limit: None,
            more_squares_rule: false,
            max_plies: None,
            max_plies_without_attack: None,
            ..Rules::default()
        }
    }

    /// The rules a program playing `side` under the 2012 UCC manager keeps: the manager's
    /// (no draw limits; the manager counts turns itself), with the ISF two-squares and
    /// more-squares rules binding `side` only. The manager's rule differences are listed in
    /// docs/ucc.md.
    pub fn ucc_player(side: Side) -> Rules {
        Rules { two_square_limit: Some(3), more_squares_rule: true, repetition_binds_only: Some(side), ..Rules::ucc() }
    }

    /// Whether the repetition rules bind `side` (both sides unless
    /// [`Rules::repetition_binds_only`] names one).
    pub(crate) fn repetition_binds(&self, side: Side) -> bool {
        self.repetition_binds_only.is_none_or(|s| s == side)
    }
}
