//! Dynamic piece values, the value of information and the game-state ratio (Invincible thesis
//! §3.1–3.3; StrategoAI thesis §3.1–3.2 uses the same scheme with other constants, which live
//! with its plans: `ValueRules::STRATEGOAI` in [`super::strategoai`]).
//!
//! Everything here is a pure function of the pieces still on the board of each side, which is
//! public (the start armies are public and every capture reveals both kinds), so values can be
//! recomputed from any view after every move without touching hidden information.
//!
//! Invariants: every value is finite and non-negative; with [`ValueRules::INVINCIBLE`] the
//! strongest piece on the board before the special rules is worth exactly 1.0 (thesis: "the
//! ranks are then scaled so that the highest piece always has value 1.0").

use crate::rules::{Army, ByKind, BySide, PieceKind, Side};

/// How the flag's value is set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FlagValue {
    /// A constant (StrategoAI: 2).
    Fixed(f64),
    /// From the game state: 1 for the side not ahead, rising to 5 with the lead (Invincible).
    GameState,
}

/// How the value of information is set (§3.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RevealPenalty {
    /// 33%, or 2% per opponent mover once it has 15 or fewer (Invincible).
    Invincible,
    /// A constant share (StrategoAI: 25/100).
    Constant(f64),
}

impl RevealPenalty {
    /// The penalty on revealing a piece whose side's opponent has `opponent_movers` movers.
    pub(crate) fn for_opponent_movers(self, opponent_movers: u32) -> f64 {
        match self {
            RevealPenalty::Invincible => invincible_reveal_penalty(opponent_movers),
            RevealPenalty::Constant(x) => x,
        }
    }
}

/// The constants of one value scheme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValueRules {
    /// Value of the Spy slot the loop starts from (0.02 in both theses).
    pub base: f64,
    /// `rank_difference_factor` (1.45 Invincible, 1.55 StrategoAI).
    pub factor: f64,
    /// Equal-kind adjustment: the side whose pieces of a kind can capture more enemy pieces
    /// gets them multiplied by this (1.15, Invincible only).
    pub equal_kind_factor: Option<f64>,
    /// Scale so the strongest piece is 1.0 (Invincible only).
    pub scale_top_to_one: bool,
    /// Marshal multiplied by this while the opponent has a Spy (0.8, Invincible only).
    pub marshal_vs_spy: Option<f64>,
    /// Fewer than 3 Miners or Scouts: multiply by `4 - left` (Invincible only).
    pub rare_specialists: bool,
    /// Add `1 / own pieces on the board` to every piece (Invincible only).
    pub per_piece_bonus: bool,
    /// The Spy is worth half the Marshal only while the enemy Marshal lives (Invincible, our
    /// reading); StrategoAI's listing sets it unconditionally.
    pub spy_needs_enemy_marshal: bool,
    /// Bomb value (0.5 in both).
    pub bomb: f64,
    /// Flag value.
    pub flag: FlagValue,
    /// Value of information.
    pub reveal: RevealPenalty,
}

impl ValueRules {
    /// Invincible, thesis §3.1.2.
    pub const INVINCIBLE: ValueRules = ValueRules {
        base: 0.02,
        factor: 1.45,
        equal_kind_factor: Some(1.15),
        scale_top_to_one: true,
        marshal_vs_spy: Some(0.8),
        rare_specialists: true,
        per_piece_bonus: true,
        spy_needs_enemy_marshal: true,
        bomb: 0.5,
        flag: FlagValue::GameState,
        reveal: RevealPenalty::Invincible,
    };
}

/// The value of each kind for each side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceValues {
    /// `by_side[side][kind]`.
    pub by_side: BySide<ByKind<f64>>,
    /// Game state of each side (its weighted material over the opponent's, §3.3).
    pub state: BySide<f64>,
}

impl PieceValues {
    /// Value of `side`'s piece of `kind`.
    #[inline]
    pub fn of(&self, side: Side, kind: PieceKind) -> f64 {
        self.by_side[side][kind]
    }
}

fn movable_kinds() -> impl DoubleEndedIterator<Item = PieceKind> {
    PieceKind::ALL.into_iter().filter(|k| k.is_movable())
}

/// The values of every kind for both sides given the pieces each side has on the board.
pub(crate) fn piece_values(rules: &ValueRules, alive: &BySide<Army>) -> PieceValues {
    // Base values: a kind is worth `factor` times the one below only if both sides still have
    // a piece of this kind or the one below (the thesis's loop from Scout up to Marshal).
    let mut base = ByKind::default();
    base[PieceKind::Spy] = rules.base;
    for k in PieceKind::Scout.index()..=PieceKind::Marshal.index() {
        let both = Side::BOTH.iter().all(|&s| alive[s].0[k - 1] as u32 + alive[s].0[k] as u32 > 0);
        // The loop walks kinds by their order (k - 1 is the kind below), so it reads the slots.
        base.0[k] = if both { base.0[k - 1] * rules.factor } else { base.0[k - 1] };
    }
    let mut v: BySide<ByKind<f64>> = BySide::from_fn(|_| base);
    // Equal kinds: the side with fewer lower pieces is the side whose pieces of this kind can
    // capture more (the opponent's lower pieces outnumber its own), so it gets the factor.
    if let Some(f) = rules.equal_kind_factor {
        for k in movable_kinds() {
            if Side::BOTH.iter().any(|&s| alive[s][k] == 0) {
                continue;
            }
            let lower = |s: Side| -> u32 {
                movable_kinds().filter(|j| j.index() < k.index()).map(|j| alive[s][j] as u32).sum()
            };
            let (r, b) = (lower(Side::Red), lower(Side::Blue));
            if r < b {
                v[Side::Red][k] *= f;
            } else if b < r {
                v[Side::Blue][k] *= f;
            }
        }
    }
    if rules.scale_top_to_one {
        let top = Side::BOTH
            .iter()
            .flat_map(|&s| movable_kinds().filter(move |&k| alive[s][k] > 0).map(move |k| v[s][k]))
            .fold(0.0f64, f64::max);
        if top > 0.0 {
            for s in Side::BOTH {
                for x in v[s].0.iter_mut() {
                    *x /= top;
                }
            }
        }
    }
    for s in Side::BOTH {
        let opp = s.opponent();
        let marshal = v[s][PieceKind::Marshal];
        // The Spy is worth half the Marshal (its target) while the enemy Marshal lives.
        if alive[opp][PieceKind::Marshal] > 0 || !rules.spy_needs_enemy_marshal {
            v[s][PieceKind::Spy] = marshal / 2.0;
        }
        if let Some(f) = rules.marshal_vs_spy
            && alive[opp][PieceKind::Spy] > 0
        {
            v[s][PieceKind::Marshal] *= f;
        }
        if rules.rare_specialists {
            for k in [PieceKind::Miner, PieceKind::Scout] {
                let n = alive[s][k];
                if (1..3).contains(&n) {
                    v[s][k] *= (4 - n) as f64;
                }
            }
        }
        v[s][PieceKind::Bomb] = rules.bomb;
        if rules.per_piece_bonus {
            let n = alive[s].total().max(1) as f64;
            for x in v[s].0.iter_mut() {
                *x += 1.0 / n;
            }
        }
        v[s][PieceKind::Flag] = 0.0;
    }
    let state = BySide::from_fn(|s| game_state(&v, alive, s));
    for s in Side::BOTH {
        v[s][PieceKind::Flag] = match rules.flag {
            FlagValue::Fixed(x) => x,
            // "typically around 3-5 for the side that is ahead and 1 for the side that is not":
            // 1 up to an even game, then rising linearly to 5 at a 50% lead.
            FlagValue::GameState => 1.0 + (8.0 * (state[s] - 1.0)).clamp(0.0, 4.0),
        };
    }
    PieceValues { by_side: v, state }
}

/// Game state of `side` (§3.3): the weighted sum of its piece values divided by the
/// opponent's, weights 2 for the highest piece each side has left once equal kinds are
/// cancelled and 1 for every other piece. Flags are left out (their value depends on this).
pub(crate) fn game_state(values: &BySide<ByKind<f64>>, alive: &BySide<Army>, side: Side) -> f64 {
    let opp = side.opponent();
    // The top surplus kind of each side after cancelling equal kinds pairwise.
    let top_surplus =
        |s: Side, o: Side| -> Option<PieceKind> { movable_kinds().rev().find(|&k| alive[s][k] > alive[o][k]) };
    let weighted = |s: Side, o: Side| -> f64 {
        let top = top_surplus(s, o);
        let mut sum = 0.0;
        for k in PieceKind::ALL {
            if k == PieceKind::Flag {
                continue;
            }
            let n = alive[s][k] as f64;
            let extra = if Some(k) == top { 1.0 } else { 0.0 };
            sum += (n + extra) * values[s][k];
        }
        sum
    };
    let mine = weighted(side, opp);
    let theirs = weighted(opp, side);
    if theirs <= 1e-12 { if mine <= 1e-12 { 1.0 } else { 10.0 } } else { mine / theirs }
}

/// Invincible's reveal penalty (§3.2.2) for a piece of a side whose opponent has
/// `opponent_movers` movable pieces: 33%, or 2% per mover once they are 15 or fewer.
pub(crate) fn invincible_reveal_penalty(opponent_movers: u32) -> f64 {
    if opponent_movers <= 15 { 0.02 * opponent_movers as f64 } else { 0.33 }
}

/// Movable pieces in an army.
pub fn movers(a: &Army) -> u32 {
    movable_kinds().map(|k| a[k] as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(army: Army) -> BySide<Army> {
        BySide::from_fn(|_| army)
    }

    #[test]
    fn invincible_start_values_follow_the_thesis() {
        let v = piece_values(&ValueRules::INVINCIBLE, &full(Army::CLASSIC));
        let r = &v.by_side[Side::Red];
        let bonus = 1.0 / 40.0;
        // Base 1.45^(r-10): General 0.690, Colonel 0.476, ..., Scout 0.051, plus 1/40.
        assert!((r[PieceKind::General] - (1.0 / 1.45 + bonus)).abs() < 1e-9);
        assert!((r[PieceKind::Scout] - (1.45f64.powi(-8) + bonus)).abs() < 1e-9);
        // Marshal x0.8 against a Spy; Spy half the Marshal before that; Bomb 0.5.
        assert!((r[PieceKind::Marshal] - (0.8 + bonus)).abs() < 1e-9);
        assert!((r[PieceKind::Spy] - (0.5 + bonus)).abs() < 1e-9);
        assert!((r[PieceKind::Bomb] - (0.5 + bonus)).abs() < 1e-9);
        // Even game: state 1, flag 1 for both.
        assert!((v.state[Side::Red] - 1.0).abs() < 1e-9);
        assert!((r[PieceKind::Flag] - 1.0).abs() < 1e-9);
        assert_eq!(v.by_side[Side::Red], v.by_side[Side::Blue]);
    }

    #[test]
    fn strategoai_start_values_follow_the_thesis() {
        let v = piece_values(&ValueRules::STRATEGOAI, &full(Army::CLASSIC));
        let r = &v.by_side[Side::Red];
        assert!((r[PieceKind::Marshal] - 0.02 * 1.55f64.powi(9)).abs() < 1e-9);
        assert!((r[PieceKind::Marshal] - 1.0328).abs() < 1e-3);
        assert!((r[PieceKind::Spy] - 0.5164).abs() < 1e-3);
        assert_eq!(r[PieceKind::Flag], 2.0);
        assert_eq!(r[PieceKind::Bomb], 0.5);
    }

    #[test]
    fn missing_kinds_flatten_the_ladder_and_equal_kinds_differ() {
        // Neither side has Colonels or Majors left.
        let mut a = Army::CLASSIC;
        a[PieceKind::Colonel] = 0;
        a[PieceKind::Major] = 0;
        let v = piece_values(&ValueRules::STRATEGOAI, &full(a));
        let r = &v.by_side[Side::Red];
        // Colonel slot: neither side has Majors or Colonels, so no step from Major to Colonel.
        assert_eq!(r[PieceKind::Colonel], r[PieceKind::Major]);
        // Red with fewer Scouts: its Captains capture more Blue pieces, so they are worth more.
        let mut red = Army::CLASSIC;
        red[PieceKind::Scout] = 2;
        let alive = BySide { red, blue: Army::CLASSIC };
        let v = piece_values(&ValueRules::INVINCIBLE, &alive);
        let c = PieceKind::Captain;
        assert!(v.by_side[Side::Red][c] > v.by_side[Side::Blue][c]);
        // Red has 2 Scouts left: x(4 - 2) on top of the base value and the 1/n bonus.
        let s = PieceKind::Scout;
        let bonus_red = 1.0 / red.total() as f64;
        let bonus_blue = 1.0 / 40.0;
        assert!(((v.by_side[Side::Red][s] - bonus_red) - 2.0 * (v.by_side[Side::Blue][s] - bonus_blue)).abs() < 1e-9);
    }

    #[test]
    fn game_state_and_flag_follow_the_lead() {
        // Red has lost its Marshal: Blue is ahead, its flag is worth more than 1, Red's is 1.
        let mut red = Army::CLASSIC;
        red[PieceKind::Marshal] = 0;
        let alive = BySide { red, blue: Army::CLASSIC };
        let v = piece_values(&ValueRules::INVINCIBLE, &alive);
        assert!(v.state[Side::Blue] > 1.0 && v.state[Side::Red] < 1.0);
        assert!((v.state[Side::Blue] * v.state[Side::Red] - 1.0).abs() < 1e-9);
        assert!(v.by_side[Side::Blue][PieceKind::Flag] > 1.0);
        assert_eq!(v.by_side[Side::Red][PieceKind::Flag], 1.0);
    }

    #[test]
    fn reveal_penalty_drops_late() {
        assert_eq!(invincible_reveal_penalty(33), 0.33);
        assert!((invincible_reveal_penalty(15) - 0.30).abs() < 1e-12);
        assert!((invincible_reveal_penalty(5) - 0.10).abs() < 1e-12);
    }
}
