//! Sides, piece kinds and armies.
//!
//! [`PieceKind`] is ordered Flag, Bomb, Spy, Scout, Miner, ..., Marshal, the order of the
//! Gravon statistics in `data/`. Strength is the modern number (Marshal 10 .. Spy 1); the old
//! numbering (Marshal 1) appears only in [`PieceKind::old_symbol`] for the UCC protocol.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two players. Red sets up on rows 1-4 and moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// Sits at rows 1-4, moves first.
    Red,
    /// Sits at rows 7-10.
    Blue,
}

impl Side {
    /// Both sides, Red first.
    pub const BOTH: [Side; 2] = [Side::Red, Side::Blue];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// 0 for Red, 1 for Blue.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// "Red" or "Blue".
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "Red",
            Side::Blue => "Blue",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct BySide<T> {
    /// Red's value.
    pub red: T,
    /// Blue's value.
    pub blue: T,
}

impl<T> BySide<T> {
    /// Builds from a function of the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> Self {
        BySide { red: f(Side::Red), blue: f(Side::Blue) }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::Red => &self.red,
            Side::Blue => &self.blue,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Red => &mut self.red,
            Side::Blue => &mut self.blue,
        }
    }
}

/// One value per piece kind, indexed by [`PieceKind`] (the better way than a bare `[T; 12]`
/// indexed by `kind.index()`: the type says what the twelve slots are).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct ByKind<T>(pub [T; 12]);

impl<T> ByKind<T> {
    /// Builds from a function of the kind.
    pub fn from_fn(mut f: impl FnMut(PieceKind) -> T) -> Self {
        ByKind(std::array::from_fn(|i| f(PieceKind::ALL[i])))
    }

    /// The kinds with their values, Flag first.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, &T)> {
        PieceKind::ALL.iter().copied().zip(self.0.iter())
    }
}

impl<T> Index<PieceKind> for ByKind<T> {
    type Output = T;
    #[inline]
    fn index(&self, k: PieceKind) -> &T {
        &self.0[k.index()]
    }
}

impl<T> IndexMut<PieceKind> for ByKind<T> {
    #[inline]
    fn index_mut(&mut self, k: PieceKind) -> &mut T {
        &mut self.0[k.index()]
    }
}

/// What a piece is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PieceKind {
    /// Captured: the game is lost. Never moves.
    Flag,
    /// Removes any attacker but a Miner. Never moves.
    Bomb,
    /// Strength 1; removes the Marshal when it attacks it.
    Spy,
    /// Strength 2; moves any distance in a straight line.
    Scout,
    /// Strength 3; removes Bombs.
    Miner,
    /// Strength 4.
    Sergeant,
    /// Strength 5.
    Lieutenant,
    /// Strength 6.
    Captain,
    /// Strength 7.
    Major,
    /// Strength 8.
    Colonel,
    /// Strength 9.
    General,
    /// Strength 10.
    Marshal,
}

impl PieceKind {
    /// Number of kinds.
    pub const COUNT: usize = 12;

    /// All kinds, Flag first, Marshal last.
    pub const ALL: [PieceKind; 12] = [
        PieceKind::Flag,
        PieceKind::Bomb,
        PieceKind::Spy,
        PieceKind::Scout,
        PieceKind::Miner,
        PieceKind::Sergeant,
        PieceKind::Lieutenant,
        PieceKind::Captain,
        PieceKind::Major,
        PieceKind::Colonel,
        PieceKind::General,
        PieceKind::Marshal,
    ];

    /// Index 0 (Flag) .. 11 (Marshal).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with this index.
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 12 { Some(Self::ALL[i]) } else { None }
    }

    /// Modern strength (Spy 1 .. Marshal 10); `None` for Bomb and Flag.
    #[inline]
    pub const fn strength(self) -> Option<u8> {
        match self {
            PieceKind::Flag | PieceKind::Bomb => None,
            k => Some(k as u8 - 1),
        }
    }

    /// Whether the piece can ever move (everything but Bomb and Flag).
    #[inline]
    pub const fn is_movable(self) -> bool {
        !matches!(self, PieceKind::Flag | PieceKind::Bomb)
    }

    /// The name a player uses.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Flag => "Flag",
            PieceKind::Bomb => "Bomb",
            PieceKind::Spy => "Spy",
            PieceKind::Scout => "Scout",
            PieceKind::Miner => "Miner",
            PieceKind::Sergeant => "Sergeant",
            PieceKind::Lieutenant => "Lieutenant",
            PieceKind::Captain => "Captain",
            PieceKind::Major => "Major",
            PieceKind::Colonel => "Colonel",
            PieceKind::General => "General",
            PieceKind::Marshal => "Marshal",
        }
    }

    /// Plural name, for counts in messages.
    pub fn plural(self) -> String {
        format!("{}s", self.name())
    }

    /// Short symbol for boards and records: `F B S 2 3 4 5 6 7 8 9 10`.
    pub const fn symbol(self) -> &'static str {
        match self {
            PieceKind::Flag => "F",
            PieceKind::Bomb => "B",
            PieceKind::Spy => "S",
            PieceKind::Scout => "2",
            PieceKind::Miner => "3",
            PieceKind::Sergeant => "4",
            PieceKind::Lieutenant => "5",
            PieceKind::Captain => "6",
            PieceKind::Major => "7",
            PieceKind::Colonel => "8",
            PieceKind::General => "9",
            PieceKind::Marshal => "10",
        }
    }

    /// The old (Milton Bradley / UCC) symbol: Marshal `1` .. Scout `9`, `s`, `B`, `F`.
    pub const fn old_symbol(self) -> char {
        match self {
            PieceKind::Flag => 'F',
            PieceKind::Bomb => 'B',
            PieceKind::Spy => 's',
            PieceKind::Scout => '9',
            PieceKind::Miner => '8',
            PieceKind::Sergeant => '7',
            PieceKind::Lieutenant => '6',
            PieceKind::Captain => '5',
            PieceKind::Major => '4',
            PieceKind::Colonel => '3',
            PieceKind::General => '2',
            PieceKind::Marshal => '1',
        }
    }

    /// Inverse of [`PieceKind::old_symbol`].
    pub(crate) const fn from_old_symbol(c: char) -> Option<PieceKind> {
        Some(match c {
            'F' => PieceKind::Flag,
            'B' => PieceKind::Bomb,
            's' | 'S' => PieceKind::Spy,
            '9' => PieceKind::Scout,
            '8' => PieceKind::Miner,
            '7' => PieceKind::Sergeant,
            '6' => PieceKind::Lieutenant,
            '5' => PieceKind::Captain,
            '4' => PieceKind::Major,
            '3' => PieceKind::Colonel,
            '2' => PieceKind::General,
            '1' => PieceKind::Marshal,
            _ => return None,
        })
    }

    /// The StraDoS2 letter of this kind for `side` (Red `B`..`M`, Blue `N`..`Y`).
    pub const fn letter(self, side: Side) -> char {
        let red = match self {
            PieceKind::Flag => b'M',
            k => b'B' + (k as u8 - 1),
        };
        match side {
            Side::Red => red as char,
            Side::Blue => (red + 12) as char,
        }
    }

    /// Reads a StraDoS2 piece letter: the kind and the side it belongs to.
    pub const fn from_letter(c: char) -> Option<(PieceKind, Side)> {
        let (base, side) = match c {
            'B'..='M' => (c as u8 - b'B', Side::Red),
            'N'..='Y' => (c as u8 - b'N', Side::Blue),
            _ => return None,
        };
        // base 0 = Bomb .. 10 = Marshal, 11 = Flag
        let kind = if base == 11 { PieceKind::Flag } else { Self::ALL[base as usize + 1] };
        Some((kind, side))
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which army the sides set up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// 40 pieces each, every square of the four home rows filled.
    #[default]
    Classic,
    /// Eight pieces each (Flag, Marshal, General, Miner, 2 Scouts, Spy, Bomb), anywhere in the home rows.
    Barrage,
}

impl Variant {
    /// The army of this variant.
    pub const fn army(self) -> Army {
        match self {
            Variant::Classic => Army::CLASSIC,
            Variant::Barrage => Army::BARRAGE,
        }
    }

    /// "classic" or "barrage".
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Barrage => "barrage",
        }
    }
}

impl std::str::FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "classic" => Ok(Variant::Classic),
            "barrage" => Ok(Variant::Barrage),
            _ => Err(format!("unknown variant '{s}': expected classic or barrage")),
        }
    }
}

/// How many pieces of each kind, indexed by [`PieceKind::index`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Army(pub [u8; 12]);

impl Army {
    /// The classic 40-piece army.
    pub const CLASSIC: Army = Army([1, 6, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1]);
    /// The Barrage army of eight.
    pub(crate) const BARRAGE: Army = Army([1, 1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1]);

    /// Count of `kind`.
    #[inline]
    pub const fn count(&self, kind: PieceKind) -> u8 {
        self.0[kind as usize]
    }

    /// Total number of pieces.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }

    /// Adds one of `kind`.
    pub fn add(&mut self, kind: PieceKind) {
        self.0[kind as usize] += 1;
    }

    /// Removes one of `kind`; returns false (and changes nothing) if there is none.
    pub fn remove(&mut self, kind: PieceKind) -> bool {
        let c = &mut self.0[kind as usize];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }
}

impl Index<PieceKind> for Army {
    type Output = u8;
    fn index(&self, k: PieceKind) -> &u8 {
        &self.0[k as usize]
    }
}

impl IndexMut<PieceKind> for Army {
    fn index_mut(&mut self, k: PieceKind) -> &mut u8 {
        &mut self.0[k as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_kind_indexes_by_kind() {
        let mut v = ByKind::from_fn(|k| k.strength().map_or(0, u32::from));
        assert_eq!(v[PieceKind::Marshal], 10);
        assert_eq!(v[PieceKind::Spy], 1);
        assert_eq!(v[PieceKind::Bomb], 0);
        v[PieceKind::Scout] += 5;
        assert_eq!(v.iter().find(|(k, _)| *k == PieceKind::Scout).map(|(_, x)| *x), Some(7));
        assert_eq!(v.iter().map(|(k, _)| k).collect::<Vec<_>>(), PieceKind::ALL.to_vec());
    }

    #[test]
    fn letters_round_trip() {
        for side in Side::BOTH {
            for k in PieceKind::ALL {
                assert_eq!(PieceKind::from_letter(k.letter(side)), Some((k, side)));
            }
        }
        assert_eq!(PieceKind::Bomb.letter(Side::Red), 'B');
        assert_eq!(PieceKind::Marshal.letter(Side::Red), 'L');
        assert_eq!(PieceKind::Flag.letter(Side::Red), 'M');
        assert_eq!(PieceKind::Bomb.letter(Side::Blue), 'N');
        assert_eq!(PieceKind::Marshal.letter(Side::Blue), 'X');
        assert_eq!(PieceKind::Flag.letter(Side::Blue), 'Y');
        assert_eq!(PieceKind::from_letter('A'), None);
        assert_eq!(PieceKind::from_letter('_'), None);
        assert_eq!(PieceKind::from_letter('Z'), None);
    }

    #[test]
    fn armies_have_the_right_size() {
        assert_eq!(Army::CLASSIC.total(), 40);
        assert_eq!(Army::BARRAGE.total(), 8);
        let movable: u32 =
            PieceKind::ALL.iter().filter(|k| k.is_movable()).map(|&k| Army::CLASSIC.count(k) as u32).sum();
        assert_eq!(movable, 33);
    }

    #[test]
    fn strengths_are_modern() {
        assert_eq!(PieceKind::Marshal.strength(), Some(10));
        assert_eq!(PieceKind::Spy.strength(), Some(1));
        assert_eq!(PieceKind::Scout.strength(), Some(2));
        assert_eq!(PieceKind::Bomb.strength(), None);
        for k in PieceKind::ALL {
            assert_eq!(PieceKind::from_old_symbol(k.old_symbol()), Some(k));
        }
    }
}
