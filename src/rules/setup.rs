//! A side's setup: what stands on each of its 40 home squares.
//!
//! Index order is the setup string's: own back row first, each row left to right from the
//! owner's seat (docs/rules.md). [`Setup::square`] maps an index to the board square for a side.
//! Parsing ([`Setup::parse`]) checks the syntax; [`Setup::check`] checks the army against a
//! variant. Both errors say what is wrong and where.

use super::piece::{Army, PieceKind, Side, Variant};
use super::square::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Pieces on the 40 home squares of one side (`None` = empty, only in Barrage).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Setup {
    slots: [Option<PieceKind>; 40],
}

/// Why a setup was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Not 40 letters.
    #[error("a setup string has 40 letters, this one has {0}")]
    Length(usize),
    /// A character that is no Red piece letter (`B`..`M`) or `A` (empty).
    #[error("letter {index} ({place}): '{letter}' is not a piece letter (B-M, or A for an empty square)")]
    Letter {
        /// 1-based position in the string.
        index: usize,
        /// Where that is, in words.
        place: String,
        /// The character found.
        letter: char,
    },
    /// Wrong piece counts for the variant.
    #[error("not a {variant} army: {problems}")]
    Counts {
        /// The variant checked against.
        variant: &'static str,
        /// Each count that differs, e.g. "2 Spies (the army has 1)".
        problems: String,
    },
}

/// Describes setup index `i` in words: "row 1 from the back, column e".
pub(crate) fn describe_index(i: usize) -> String {
    format!("row {} from the back, column {}", i / 10 + 1, (b'a' + (i % 10) as u8) as char)
}

impl Setup {
    /// An all-empty setup.
    pub const EMPTY: Setup = Setup { slots: [None; 40] };

    /// A setup from its 40 slots.
    pub const fn from_slots(slots: [Option<PieceKind>; 40]) -> Setup {
        Setup { slots }
    }

    /// The 40 slots.
    pub const fn slots(&self) -> &[Option<PieceKind>; 40] {
        &self.slots
    }

    /// Mutable access to the slots (editors, generators).
    pub fn slots_mut(&mut self) -> &mut [Option<PieceKind>; 40] {
        &mut self.slots
    }

    /// The piece at index `i` (0..40).
    pub fn get(&self, i: usize) -> Option<PieceKind> {
        self.slots.get(i).copied().flatten()
    }

    /// The board square of setup index `i` (0..40) for `side`.
    pub const fn square(side: Side, i: usize) -> Square {
        match side {
            Side::Red => Square::from_index_unchecked(i),
            Side::Blue => Square::from_index_unchecked(99 - i),
        }
    }

    /// The setup index of `sq` for `side`, if `sq` is one of its 40 home squares.
    pub const fn index_of(side: Side, sq: Square) -> Option<usize> {
        let i = match side {
            Side::Red => sq.index(),
            Side::Blue => 99 - sq.index(),
        };
        if i < 40 { Some(i) } else { None }
    }

    /// Parses 40 StraDoS2 letters in Red's letters (`A` = empty). Surrounding whitespace is
    /// ignored. Checks only the syntax: see [`Setup::check`] for the army.
    pub fn parse(text: &str) -> Result<Setup, SetupError> {
        let text = text.trim();
        let n = text.chars().count();
        if n != 40 {
            return Err(SetupError::Length(n));
        }
        let mut slots = [None; 40];
        for (i, c) in text.chars().enumerate() {
            slots[i] = match c {
                'A' => None,
                _ => match PieceKind::from_letter(c) {
                    Some((k, Side::Red)) => Some(k),
                    _ => {
                        return Err(SetupError::Letter { index: i + 1, place: describe_index(i), letter: c });
                    }
                },
            };
        }
        Ok(Setup { slots })
    }

    /// Parses and checks against `variant` in one step.
    pub fn parse_for(text: &str, variant: Variant) -> Result<Setup, SetupError> {
        let s = Setup::parse(text)?;
        s.check(variant)?;
        Ok(s)
    }

    /// The variant whose army this setup has, if any.
    pub fn detect_variant(&self) -> Option<Variant> {
        [Variant::Classic, Variant::Barrage].into_iter().find(|v| self.army() == v.army())
    }

    /// The variant a setup most likely means: Classic when all 40 squares are filled.
    pub fn likely_variant(&self) -> Variant {
        if self.slots.iter().all(|s| s.is_some()) { Variant::Classic } else { Variant::Barrage }
    }

    /// The pieces counted by kind.
    pub fn army(&self) -> Army {
        let mut a = Army::default();
        for k in self.slots.iter().flatten() {
            a.add(*k);
        }
        a
    }

    /// Checks the army against `variant`.
    pub fn check(&self, variant: Variant) -> Result<(), SetupError> {
        let have = self.army();
        let want = variant.army();
        if have == want {
            return Ok(());
        }
        let mut problems = Vec::new();
        for k in PieceKind::ALL {
            let (h, w) = (have.count(k), want.count(k));
            if h != w {
                let name = |n: u8| if n == 1 { k.name().to_string() } else { plural(k) };
                problems.push(format!("{} {} (the army has {})", h, name(h), w));
            }
        }
        Err(SetupError::Counts { variant: variant.name(), problems: problems.join(", ") })
    }

    /// The 40-letter string.
    pub fn to_letters(&self) -> String {
        self.slots.iter().map(|s| s.map_or('A', |k| k.letter(Side::Red))).collect()
    }
}

/// English plural of a kind's name ("Spies").
pub fn plural(k: PieceKind) -> String {
    match k {
        PieceKind::Spy => "Spies".to_string(),
        _ => k.plural(),
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_letters())
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({})", self.to_letters())
    }
}

impl std::str::FromStr for Setup {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Setup::parse(s)
    }
}

impl TryFrom<String> for Setup {
    type Error = SetupError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Setup::parse(&s)
    }
}

impl From<Setup> for String {
    fn from(s: Setup) -> String {
        s.to_letters()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";

    #[test]
    fn example_is_classic() {
        let s = Setup::parse_for(EXAMPLE, Variant::Classic).unwrap();
        assert_eq!(s.to_letters(), EXAMPLE);
        assert_eq!(s.detect_variant(), Some(Variant::Classic));
    }

    #[test]
    fn errors_say_where() {
        let mut bad = EXAMPLE.to_string();
        bad.replace_range(4..5, "x");
        let e = Setup::parse(&bad).unwrap_err().to_string();
        assert!(e.contains("letter 5") && e.contains("column e") && e.contains("'x'"), "{e}");
        let e = Setup::parse(&EXAMPLE[..39]).unwrap_err().to_string();
        assert!(e.contains("39"), "{e}");
        // one Bomb turned into a second Spy
        let changed = EXAMPLE.replacen('B', "C", 1);
        let e = Setup::parse_for(&changed, Variant::Classic).unwrap_err().to_string();
        assert!(e.contains("2 Spies (the army has 1)") && e.contains("5 Bombs (the army has 6)"), "{e}");
    }

    #[test]
    fn blue_squares_mirror_red() {
        assert_eq!(Setup::square(Side::Red, 0).to_string(), "a1");
        assert_eq!(Setup::square(Side::Red, 39).to_string(), "j4");
        assert_eq!(Setup::square(Side::Blue, 0).to_string(), "j10");
        assert_eq!(Setup::square(Side::Blue, 39).to_string(), "a7");
        for side in Side::BOTH {
            for i in 0..40 {
                assert_eq!(Setup::index_of(side, Setup::square(side, i)), Some(i));
            }
        }
    }
}
