//! Squares of the 10 x 10 board, and the two lakes.
//!
//! A [`Square`] is an index 0..100: `a1` is 0, `j1` is 9, `a2` is 10, `j10` is 99. Columns
//! `a`..`j` run left to right from Red's seat, rows `1`..`10` from Red's side. The lakes live
//! here and nowhere else: [`Square::is_lake`].

use serde::{Deserialize, Serialize};
use std::fmt;

/// One square of the board. Always on the board (0..100); may be a lake square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square(u8);

/// One value per square, indexed by [`Square`] (beside [`crate::rules::ByKind`]: the type
/// says the hundred slots are the board's squares, `a1` first, `j10` last).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BySquare<T>(pub [T; 100]);

impl<T: Copy> BySquare<T> {
    /// Every square holding `value`.
    pub const fn filled(value: T) -> Self {
        BySquare([value; 100])
    }
}

impl<T> BySquare<T> {
    /// The squares with their values, `a1` first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, &T)> {
        Square::all().zip(self.0.iter())
    }
}

impl<T> std::ops::Index<Square> for BySquare<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: Square) -> &T {
        &self.0[s.index()]
    }
}

impl<T> std::ops::IndexMut<Square> for BySquare<T> {
    #[inline]
    fn index_mut(&mut self, s: Square) -> &mut T {
        &mut self.0[s.index()]
    }
}

/// The four orthogonal directions a piece can move in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Direction {
    /// Towards row 10 (Blue's side).
    Up,
    /// Towards row 1 (Red's side).
    Down,
    /// Towards column a.
    Left,
    /// Towards column j.
    Right,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];
}

/// Whether each square index is a lake (c5 d5 c6 d6, g5 h5 g6 h6).
const LAKE: [bool; 100] = {
    let mut t = [false; 100];
    let lakes = [42, 43, 52, 53, 46, 47, 56, 57];
    let mut i = 0;
    while i < lakes.len() {
        t[lakes[i]] = true;
        i += 1;
    }
    t
};

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 100;

    /// The square at `col` (0 = a .. 9 = j) and `row` (0 = row 1 .. 9 = row 10), if both are in range.
    pub const fn new(col: u8, row: u8) -> Option<Square> {
        if col < 10 && row < 10 { Some(Square(row * 10 + col)) } else { None }
    }

    /// The square with this index (0..100), if in range.
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 100 { Some(Square(i as u8)) } else { None }
    }

    /// # Panics
    /// In debug builds, if `i >= 100`. The caller guarantees the range.
    #[inline]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        debug_assert!(i < 100);
        Square(i as u8)
    }

    /// Index 0..100.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0 (a) .. 9 (j).
    #[inline]
    pub const fn col(self) -> u8 {
        self.0 % 10
    }

    /// Row 0 (row 1) .. 9 (row 10).
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / 10
    }

    /// Whether this square is part of a lake.
    #[inline]
    pub const fn is_lake(self) -> bool {
        LAKE[self.0 as usize]
    }

    /// The neighbouring square in `dir`, if it is on the board (it may be a lake).
    #[inline]
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let (c, r) = (self.col(), self.row());
        match dir {
            Direction::Up => {
                if r < 9 {
                    Some(Square(self.0 + 10))
                } else {
                    None
                }
            }
            Direction::Down => {
                if r > 0 {
                    Some(Square(self.0 - 10))
                } else {
                    None
                }
            }
            Direction::Left => {
                if c > 0 {
                    Some(Square(self.0 - 1))
                } else {
                    None
                }
            }
            Direction::Right => {
                if c < 9 {
                    Some(Square(self.0 + 1))
                } else {
                    None
                }
            }
        }
    }

    /// The orthogonal neighbours on the board, lakes excluded.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        Direction::ALL.into_iter().filter_map(move |d| self.step(d)).filter(|s| !s.is_lake())
    }

    /// Whether `other` is orthogonally adjacent.
    #[inline]
    pub const fn is_adjacent(self, other: Square) -> bool {
        let (a, b) = (self.0 as i16, other.0 as i16);
        let d = (a - b).abs();
        d == 10 || (d == 1 && self.row() == other.row())
    }

    /// Whether the two squares share a row or a column.
    #[inline]
    pub(crate) const fn in_line(self, other: Square) -> bool {
        self.row() == other.row() || self.col() == other.col()
    }

    /// Distance along a shared row or column (0 if not in line).
    pub const fn line_distance(self, other: Square) -> u8 {
        if self.row() == other.row() {
            self.col().abs_diff(other.col())
        } else if self.col() == other.col() {
            self.row().abs_diff(other.row())
        } else {
            0
        }
    }

    /// Iterator over all 100 squares.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..100u8).map(Square)
    }

    /// Parses the engine's square text `e4` / `a10` (case-insensitive column).
    pub fn parse(text: &str) -> Result<Square, SquareError> {
        let mut chars = text.chars();
        let c = chars.next().ok_or_else(|| SquareError(text.to_string()))?;
        let col = match c.to_ascii_lowercase() {
            ch @ 'a'..='j' => ch as u8 - b'a',
            _ => return Err(SquareError(text.to_string())),
        };
        let rest = chars.as_str();
        let row: u8 = rest.parse().map_err(|_| SquareError(text.to_string()))?;
        if !(1..=10).contains(&row) || rest.starts_with('0') || rest.starts_with('+') {
            return Err(SquareError(text.to_string()));
        }
        Ok(Square(((row - 1) * 10) + col))
    }
}

/// A square name that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square: expected a column a-j and a row 1-10, like e4")]
pub struct SquareError(pub String);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s)
    }
}

impl TryFrom<String> for Square {
    type Error = SquareError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Square::parse(&s)
    }
}

impl From<Square> for String {
    fn from(s: Square) -> String {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_square_indexes_by_square() {
        let mut v = BySquare::filled(0u8);
        let e4 = Square::parse("e4").unwrap();
        v[e4] = 7;
        assert_eq!(v.0[34], 7, "e4 is index 34");
        assert_eq!(v.iter().filter(|&(_, &x)| x == 7).map(|(s, _)| s).collect::<Vec<_>>(), vec![e4]);
        assert_eq!(v.iter().map(|(s, _)| s).collect::<Vec<_>>(), Square::all().collect::<Vec<_>>());
    }

    #[test]
    fn names_round_trip() {
        for s in Square::all() {
            assert_eq!(Square::parse(&s.to_string()), Ok(s));
        }
        assert_eq!(Square::parse("a1").unwrap().index(), 0);
        assert_eq!(Square::parse("j10").unwrap().index(), 99);
        for bad in ["", "k1", "a0", "a11", "a01", "1a", "a", "a+1"] {
            assert!(Square::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn exactly_eight_lake_squares() {
        let lakes: Vec<String> = Square::all().filter(|s| s.is_lake()).map(|s| s.to_string()).collect();
        assert_eq!(lakes, ["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"]);
    }

    #[test]
    fn adjacency_does_not_wrap() {
        let j1 = Square::parse("j1").unwrap();
        let a2 = Square::parse("a2").unwrap();
        assert!(!j1.is_adjacent(a2));
        assert_eq!(j1.step(Direction::Right), None);
        assert_eq!(a2.step(Direction::Left), None);
    }
}
