//! The setup statistics Invincible's rank guesser starts from (thesis §6.3.1): the probability
//! of each kind on each of the 40 home squares, and the neighbour relations "kind b stood beside
//! / behind / in front of kind a" as the ratio of observed to expected counts (thesis §4.3.2,
//! Table 4.1), all computed from the Gravon classic setup counts the library embeds
//! ([`crate::ai::belief::setupstats`], `data/derived/setup-stats.json`, so the page needs no
//! file). Those are the counts of the project's copy `data/gravon-classic-stats.json` number for
//! number (`tests/invincible_setup.rs::derived_counts_match_the_project_stats_json`); since
//! session 10 the copy is no longer embedded a second time (its text was 1 % of the module).
//!
//! Invariants: every prior row sums to 1 and has no zero (a kind never seen on a square keeps
//! a small floor, so no later evidence can be contradicted by a hard zero from statistics);
//! every relation factor is finite and lies in `[RELATION_MIN, RELATION_MAX]`.
//!
//! Barrage has no statistics in the project: [`Priors::for_variant`] answers `None` and the
//! guesser starts uniform (documented in docs/bots/invincible.md).

use crate::ai::belief::setupstats::SetupStats;
use crate::rules::{PieceKind, Variant};
use std::sync::OnceLock;

/// Smallest relation factor (a neighbour pair never seen still only divides by 20).
pub const RELATION_MIN: f64 = 0.05;
/// Largest relation factor.
pub const RELATION_MAX: f64 = 20.0;
/// Floor for a prior probability, so statistics never rule a kind out.
const PRIOR_FLOOR: f64 = 1e-4;

/// Where a neighbour stood relative to a piece, in the owner's frame.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Relation {
    /// Left or right of it (symmetric in the data).
    Beside,
    /// One row nearer the owner's back row.
    Behind,
    /// One row nearer the enemy.
    InFront,
}

/// The statistics, derived once.
#[derive(Debug)]
pub struct Priors {
    /// `square[i][k]`: probability of kind `k` on home square `i` (owner's setup order).
    pub square: [[f64; 12]; 40],
    /// `beside[a][b]`: observed / expected count of kind `b` beside kind `a`.
    pub beside: [[f64; 12]; 12],
    /// `behind[a][b]`: observed / expected count of kind `b` directly behind kind `a`.
    pub behind: [[f64; 12]; 12],
}

impl Priors {
    /// The statistics for `variant`, if the project has them (classic only).
    pub fn for_variant(variant: Variant) -> Option<&'static Priors> {
        static CLASSIC: OnceLock<Option<Priors>> = OnceLock::new();
        match variant {
            Variant::Classic => CLASSIC.get_or_init(|| Priors::from_stats(SetupStats::embedded(variant))).as_ref(),
            _ => None,
        }
    }

    /// Derives the statistics from the counts of the 12 piece kinds; `None` if they cannot give
    /// them (no setup, or a square with no piece counted: then the guesser starts uniform
    /// rather than panicking).
    fn from_stats(stats: &SetupStats) -> Option<Priors> {
        if stats.setups == 0 || stats.square_counts.len() != 40 {
            return None;
        }
        let setups = stats.setups as f64;
        let mut q = [[0.0; 12]; 40];
        for (i, counts) in stats.square_counts.iter().enumerate() {
            let row: [f64; 12] = std::array::from_fn(|k| counts[k] as f64);
            let total: f64 = row.iter().sum();
            if total <= 0.0 {
                return None;
            }
            for k in 0..12 {
                q[i][k] = row[k] / total;
            }
        }
        // Expected counts under independence: sum over square pairs in the relation of
        // q_a(s) q_b(t), times the number of setups.
        let mut exp_beside = [[0.0; 12]; 12];
        let mut exp_behind = [[0.0; 12]; 12];
        for s in 0..40 {
            let (row, col) = (s / 10, s % 10);
            let mut beside_of_s = Vec::new();
            if col > 0 {
                beside_of_s.push(s - 1);
            }
            if col < 9 {
                beside_of_s.push(s + 1);
            }
            for a in 0..12 {
                for b in 0..12 {
                    for &t in &beside_of_s {
                        exp_beside[a][b] += q[s][a] * q[t][b] * setups;
                    }
                    if row > 0 {
                        exp_behind[a][b] += q[s][a] * q[s - 10][b] * setups;
                    }
                }
            }
        }
        let ratio = |obs: f64, exp: f64| ((obs + 0.5) / (exp + 0.5)).clamp(RELATION_MIN, RELATION_MAX);
        let mut beside = [[1.0; 12]; 12];
        let mut behind = [[1.0; 12]; 12];
        for a in 0..12 {
            for b in 0..12 {
                beside[a][b] = ratio(stats.beside_counts[a][b] as f64, exp_beside[a][b]);
                behind[a][b] = ratio(stats.behind_counts[a][b] as f64, exp_behind[a][b]);
            }
        }
        let mut square = [[0.0; 12]; 40];
        for (row, qrow) in square.iter_mut().zip(&q) {
            for (x, &p) in row.iter_mut().zip(qrow) {
                *x = p.max(PRIOR_FLOOR);
            }
            let sum: f64 = row.iter().sum();
            for x in row.iter_mut() {
                *x /= sum;
            }
        }
        Some(Priors { square, beside, behind })
    }

    /// Factor by which the probability that a neighbour is `b` is multiplied once the piece
    /// next to it is revealed as `a`, given where the neighbour stood relative to it.
    pub fn relation(&self, a: PieceKind, b: PieceKind, rel: Relation) -> f64 {
        let (a, b) = (a.index(), b.index());
        match rel {
            Relation::Beside => self.beside[a][b],
            Relation::Behind => self.behind[a][b],
            // b in front of a means a stands directly behind b.
            Relation::InFront => self.behind[b][a],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_statistics_load_and_are_sane() {
        let p = Priors::for_variant(Variant::Classic).expect("classic stats parse");
        for row in &p.square {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(row.iter().all(|&x| x > 0.0));
        }
        // The thesis's strongest relations: a bomb beside the flag, the flag behind a bomb.
        assert!(p.relation(PieceKind::Flag, PieceKind::Bomb, Relation::Beside) > 2.0);
        assert!(p.relation(PieceKind::Bomb, PieceKind::Flag, Relation::Behind) > 2.0);
        // The flag is nearly always on the back row: far likelier there than on the front row.
        assert!(p.square[4][PieceKind::Flag.index()] > 20.0 * p.square[34][PieceKind::Flag.index()]);
        assert!(Priors::for_variant(Variant::Barrage).is_none());
    }
}
