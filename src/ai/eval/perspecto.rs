//! Perspecto's evaluation (seed 000, thesis sections 7.5 and 9.4): piece values of Table 4
//! (rank value plus special value), the step-ups for vanished enemy kinds, special values that
//! vanish with their use, unknown pieces at the average of the remaining unknown pieces, the
//! Table 5 terms, and the capture-list evaluation with 5 % less every second ply.
//!
//! Values are computed once per move at the root ("piece values are not updated during
//! search, only after each actual move") and the search sums what changes along a line: the
//! pieces captured (the capture list of section 9.4) and, for the section 7.5 evaluation, the
//! rows advanced and the pieces revealed. Equal starting terms cancel between moves, so only
//! the changes matter.

use crate::ai::belief::perspecto::Pool;
use crate::rules::{Army, ByKind, PieceKind};

/// Table 4 rank values by kind, in [`PieceKind::ALL`] order, the ladder the step-ups climb
/// (Flag and Bomb have none).
pub(crate) const RANK_VALUE: ByKind<f64> =
    ByKind([0.0, 0.0, 5.0, 7.0, 10.0, 15.0, 20.0, 25.0, 35.0, 55.0, 85.0, 125.0]);
/// Table 4 special values by kind.
pub(crate) const SPECIAL_VALUE: ByKind<f64> =
    ByKind([300.0, 25.0, 35.0, 10.0, 20.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -30.0]);
/// Table 5: a known Bomb counts this much against its owner.
pub(crate) const KNOWN_BOMB: f64 = -15.0;
/// Table 5: a known piece (not a Bomb) costs its owner this share of its value.
pub(crate) const KNOWN_SHARE: f64 = 0.2;
/// Section 9.4: capture values shrink by this factor every second ply.
pub const DECAY_PER_TWO_PLIES: f64 = 0.95;
/// Section 7.5: the random term's half-width.
pub const RANDOM_TERM: f64 = 2.0;

/// Values of one side's pieces by kind, given what the *other* side started with and has left.
///
/// - Rank value steps one place up the Table 4 ladder for each enemy kind stronger than the
///   piece that has completely disappeared (kinds the enemy never had do not count).
/// - Special values last while useful: the Spy's while the enemy Marshal lives, the Miner's
///   while the enemy has Bombs, the Marshal's -30 while the enemy Spy lives. The Flag's,
///   Bomb's and Scout's always count (the thesis names no end to them).
pub(crate) fn piece_values(enemy_start: &Army, enemy_left: &Army) -> ByKind<f64> {
    let mut v = ByKind::default();
    for k in PieceKind::ALL {
        let i = k.index();
        let mut rank = RANK_VALUE[k];
        if k.is_movable() {
            let steps = PieceKind::ALL
                .iter()
                .filter(|e| e.is_movable() && e.index() > i && enemy_start[**e] > 0 && enemy_left[**e] == 0)
                .count();
            // `steps` places up the ladder, at most to the Marshal's.
            rank = RANK_VALUE[PieceKind::ALL[(i + steps).min(PieceKind::COUNT - 1)]];
        }
        let useful = match k {
            PieceKind::Spy => enemy_left[PieceKind::Marshal] > 0,
            PieceKind::Miner => enemy_left[PieceKind::Bomb] > 0,
            PieceKind::Marshal => enemy_left[PieceKind::Spy] > 0,
            _ => true,
        };
        v[k] = rank + if useful { SPECIAL_VALUE[k] } else { 0.0 };
    }
    v
}

/// Average value of the unknown pieces of `pool` that `filter` admits, weighted by count; the
/// Flag is left out (its value is spread over the suspects instead). Zero if none qualifies.
pub(crate) fn average_value(pool: &Pool, values: &ByKind<f64>, mut filter: impl FnMut(PieceKind) -> bool) -> f64 {
    let (mut n, mut sum) = (0.0, 0.0);
    for k in PieceKind::ALL {
        if k != PieceKind::Flag && filter(k) {
            let c = pool.kinds[k] as f64;
            n += c;
            sum += c * values[k];
        }
    }
    if n > 0.0 { sum / n } else { 0.0 }
}

/// The weight of a capture made at `ply` (1 = the root move): 5 % less every second ply,
/// `0.95^floor((ply - 1) / 2)`, so a move and its reply count alike.
pub(crate) fn capture_weight(ply: u32, decay: f64) -> f64 {
    decay.powi((ply.saturating_sub(1) / 2) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thesis_examples_of_section_7_5() {
        let start = Army::CLASSIC;
        let v = piece_values(&start, &start);
        assert_eq!(v[PieceKind::Marshal], 95.0);
        assert_eq!(v[PieceKind::Miner], 30.0);
        assert_eq!(v[PieceKind::Spy], 40.0);
        // B lost its General and all Captains: A's Captains step up once, Miners twice.
        let mut left = start;
        left[PieceKind::General] = 0;
        left[PieceKind::Captain] = 0;
        let v = piece_values(&start, &left);
        assert_eq!(v[PieceKind::Captain], 35.0);
        assert_eq!(v[PieceKind::Miner], 40.0);
        // All enemy Bombs gone: Miners lose their 20; enemy Spy gone: Marshal worth 125.
        let mut left = start;
        left[PieceKind::Bomb] = 0;
        left[PieceKind::Spy] = 0;
        let v = piece_values(&start, &left);
        assert_eq!(v[PieceKind::Miner], 10.0);
        assert_eq!(v[PieceKind::Marshal], 125.0);
    }

    #[test]
    fn capture_weight_drops_every_second_ply() {
        assert_eq!(capture_weight(1, 0.95), 1.0);
        assert_eq!(capture_weight(2, 0.95), 1.0);
        assert!((capture_weight(3, 0.95) - 0.95).abs() < 1e-12);
        assert!((capture_weight(5, 0.95) - 0.9025).abs() < 1e-12);
    }
}
