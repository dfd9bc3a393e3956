//! Statistics of human setups: how often each kind stands on each of the 40 home squares, and
//! how often two kinds stand beside, behind or in front of each other.
//!
//! These are the two statistics of the Invincible thesis (de Boer 2007, section 4.3.2): the
//! per-square table `setup_prob[field][rank]` and the neighbour relation in three directions,
//! expressed as observed / expected. The setup generator (`ai::setupgen::invincible`) samples from
//! them; a belief model may use [`SetupStats::square_prob`] as the prior of an unmoved piece.
//!
//! The counts are embedded in the library from `data/derived/setup-stats.json` (about 9 KB),
//! derived from the Gravon setups in `data/` by [`SetupStats::from_setups`]; the test
//! `tests/invincible_setup.rs` recomputes them from the setups and fails if the embedded file
//! differs (run it with `STRATAGEM_WRITE_DERIVED=1` to rewrite the file). The 2.4 MB setup list
//! itself is never embedded.
//!
//! Conventions and invariants:
//! - Square index `i` is the setup-string index (0-9 own back row, 30-39 own front row, each row
//!   left to right from the owner's seat).
//! - Kind index `k` is [`PieceKind::index`] (0 Flag .. 11 Marshal) and [`EMPTY`] = 12 for an
//!   empty square (only Barrage has them; in the classic table that row and column are 0).
//! - `beside[a][b]` counts the times kind `b` stood directly left or right of kind `a` (so the
//!   table is symmetric); `behind[a][b]` the times `b` stood directly behind `a` (one row nearer
//!   its own back row). "In front" is the transpose: `b` in front of `a` exactly when `a` is
//!   behind `b`.
//! - For each square, the kind counts sum to `setups`.

use crate::rules::{PieceKind, Setup, Variant};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Number of kinds counted: the 12 piece kinds and the empty square.
pub const KINDS: usize = 13;

/// Kind index of an empty square.
pub const EMPTY: usize = 12;

/// The three directions of the neighbour relation (thesis: BEFORE, NEXTTO, BEHIND).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The neighbour stands directly in front (one row nearer the enemy).
    InFront,
    /// The neighbour stands directly left or right.
    Beside,
    /// The neighbour stands directly behind (one row nearer the own back row).
    Behind,
}

/// The kind index of a slot: [`PieceKind::index`] or [`EMPTY`].
#[inline]
pub fn kind_index(slot: Option<PieceKind>) -> usize {
    slot.map_or(EMPTY, PieceKind::index)
}

/// Raw counts over a collection of setups of one variant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupStats {
    /// Number of setups counted.
    pub setups: u64,
    /// `square_counts[i][k]`: setups with kind `k` on square `i`.
    pub square_counts: Vec<[u64; KINDS]>,
    /// `beside_counts[a][b]`: times `b` stood left or right of `a`.
    pub beside_counts: [[u64; KINDS]; KINDS],
    /// `behind_counts[a][b]`: times `b` stood directly behind `a`.
    pub behind_counts: [[u64; KINDS]; KINDS],
}

/// The embedded file: both variants and a note of origin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DerivedFile {
    /// Where the counts come from and how to regenerate them.
    pub origin: String,
    /// Kind names in index order (12 piece kinds, then "Empty").
    pub kinds: Vec<String>,
    /// Counts over `data/gravon-classic-setups.txt`.
    pub classic: SetupStats,
    /// Counts over `data/gravon-barrage-setups.txt`.
    pub barrage: SetupStats,
}

/// Text of the embedded derived file.
pub const EMBEDDED_JSON: &str = include_str!("../../../data/derived/setup-stats.json");

/// Path of the derived file relative to the crate root (for the regeneration test).
pub const DERIVED_PATH: &str = "data/derived/setup-stats.json";

/// The note of origin written into the derived file.
pub const ORIGIN: &str = "Counts derived by stratagem::ai::belief::setupstats::SetupStats::from_setups from \
data/gravon-classic-setups.txt (58,366 classic setups) and data/gravon-barrage-setups.txt (3,579 \
Barrage setups; a line that is not a setup of the variant would be skipped), setups played on the Gravon site as \
collected in the JBLanier/stratego_env and StrategoAI/ataraxos repositories (see data/README.md). \
Regenerate with: STRATAGEM_WRITE_DERIVED=1 cargo test --test invincible_setup derived_file";

impl SetupStats {
    /// All-zero counts.
    pub fn empty() -> SetupStats {
        SetupStats {
            setups: 0,
            square_counts: vec![[0; KINDS]; 40],
            beside_counts: [[0; KINDS]; KINDS],
            behind_counts: [[0; KINDS]; KINDS],
        }
    }

    /// Adds one setup to the counts.
    pub fn add(&mut self, setup: &Setup) {
        let k: [usize; 40] = std::array::from_fn(|i| kind_index(setup.get(i)));
        self.setups += 1;
        for i in 0..40 {
            self.square_counts[i][k[i]] += 1;
            let (row, col) = (i / 10, i % 10);
            if col > 0 {
                self.beside_counts[k[i]][k[i - 1]] += 1;
            }
            if col < 9 {
                self.beside_counts[k[i]][k[i + 1]] += 1;
            }
            if row > 0 {
                self.behind_counts[k[i]][k[i - 10]] += 1;
            }
        }
    }

    /// Counts over `setups`.
    pub fn from_setups<'a>(setups: impl IntoIterator<Item = &'a Setup>) -> SetupStats {
        let mut s = SetupStats::empty();
        for setup in setups {
            s.add(setup);
        }
        s
    }

    /// Counts over the lines of a setup file (one 40-letter setup a line), keeping only those
    /// that parse and hold `variant`'s army. Returns the counts and the number of lines skipped.
    pub fn from_text(text: &str, variant: Variant) -> (SetupStats, usize) {
        let mut s = SetupStats::empty();
        let mut skipped = 0;
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match Setup::parse_for(line, variant) {
                Ok(setup) => s.add(&setup),
                Err(_) => skipped += 1,
            }
        }
        (s, skipped)
    }

    /// The embedded statistics of `variant` (parsed once, on first use).
    pub fn embedded(variant: Variant) -> &'static SetupStats {
        let file = embedded_file();
        match variant {
            Variant::Classic => &file.classic,
            Variant::Barrage => &file.barrage,
        }
    }

    /// The share of setups with kind `k` on square `i` (the thesis's `setup_prob`).
    pub fn square_prob(&self, i: usize, k: usize) -> f64 {
        if self.setups == 0 { 0.0 } else { self.square_counts[i][k] as f64 / self.setups as f64 }
    }

    /// Observed count of kind `b` standing in direction `dir` of kind `a`.
    pub fn observed(&self, dir: Direction, a: usize, b: usize) -> u64 {
        match dir {
            Direction::Beside => self.beside_counts[a][b],
            Direction::Behind => self.behind_counts[a][b],
            Direction::InFront => self.behind_counts[b][a],
        }
    }

    /// All neighbours of kind `a` in direction `dir`, whatever their kind.
    pub fn neighbours(&self, dir: Direction, a: usize) -> u64 {
        (0..KINDS).map(|b| self.observed(dir, a, b)).sum()
    }

    /// The relation of the thesis: how often `b` stood in direction `dir` of `a`, divided by how
    /// often that was expected. Expected = (all neighbours of `a` in that direction) x (share
    /// of `b` among the 40 squares of the army), which is what makes the table asymmetric as
    /// the thesis notes ("the expected number of occurrences is not symmetrical"). `army` gives
    /// the share: `b`'s count / 40 ([`EMPTY`]: the empty squares). 1.0 when nothing is expected.
    pub fn relation(&self, dir: Direction, a: usize, b: usize, army: &[u32; KINDS]) -> f64 {
        let expected = self.neighbours(dir, a) as f64 * army[b] as f64 / 40.0;
        if expected <= 0.0 { 1.0 } else { self.observed(dir, a, b) as f64 / expected }
    }
}

/// The army of `variant` as counts per kind index, empty squares at [`EMPTY`].
pub fn army_counts(variant: Variant) -> [u32; KINDS] {
    let army = variant.army();
    let mut out = [0u32; KINDS];
    for k in PieceKind::ALL {
        out[k.index()] = army.count(k) as u32;
    }
    out[EMPTY] = 40 - army.total();
    out
}

/// The parsed embedded file.
///
/// # Panics
/// Only if the embedded file (part of the source tree, checked by the tests) is malformed.
pub fn embedded_file() -> &'static DerivedFile {
    static FILE: OnceLock<DerivedFile> = OnceLock::new();
    FILE.get_or_init(|| serde_json::from_str(EMBEDDED_JSON).expect("data/derived/setup-stats.json is malformed"))
}

/// Kind names in index order, "Empty" last.
pub fn kind_names() -> Vec<String> {
    PieceKind::ALL.iter().map(|k| k.name().to_string()).chain(std::iter::once("Empty".to_string())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_one_setup() {
        let s = Setup::parse("IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB").unwrap();
        let st = SetupStats::from_setups([&s]);
        assert_eq!(st.setups, 1);
        for i in 0..40 {
            assert_eq!(st.square_counts[i].iter().sum::<u64>(), 1);
        }
        // 4 rows x 9 adjacent pairs x 2 orientations; 3 x 10 behind pairs
        let beside: u64 = st.beside_counts.iter().flatten().sum();
        let behind: u64 = st.behind_counts.iter().flatten().sum();
        assert_eq!((beside, behind), (72, 30));
        // index 13 is the Flag (M); index 3 behind it is a Miner (E), index 23 in front a Colonel (J)
        let (f, miner, colonel) = (PieceKind::Flag.index(), PieceKind::Miner.index(), PieceKind::Colonel.index());
        assert_eq!(st.observed(Direction::Behind, f, miner), 1);
        assert_eq!(st.observed(Direction::InFront, f, colonel), 1);
        assert_eq!(st.observed(Direction::InFront, f, miner), 0);
        assert_eq!(st.neighbours(Direction::Beside, f), 2);
    }

    #[test]
    fn embedded_file_parses_and_is_consistent() {
        for v in [Variant::Classic, Variant::Barrage] {
            let st = SetupStats::embedded(v);
            assert!(st.setups > 1000);
            for i in 0..40 {
                assert_eq!(st.square_counts[i].iter().sum::<u64>(), st.setups);
            }
        }
        assert_eq!(embedded_file().kinds, kind_names());
    }
}
