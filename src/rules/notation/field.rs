//! Gravon fields: a whole board as 100 StraDoS2 letters, `a1 b1 .. j1, a2 .. j10`.
//!
//! `A` is an empty square, `_` a lake square, Red's pieces `B`..`M` and Blue's `N`..`Y`
//! (docs/rules.md, "Notation"). A field need not hold full armies (studies, tests). Invariants:
//! - [`parse_field`] accepts exactly the strings whose every lake square holds `_`, every other
//!   square `A` or a piece letter, 100 letters in all; errors name the square and the letter;
//! - `format_placement(&parse_field(s)?) == s` for every accepted `s`;
//! - [`field_to_setups`] and [`setups_to_field`] are inverse on start-of-game fields (pieces
//!   only on the home rows, each side's in its own rows).

use crate::rules::{PieceKind, Position, PositionError, Rules, Setup, Side, Square};
use std::fmt;

/// What stands on each square, indexed by [`Square::index`]: the input of
/// [`Position::from_placement`].
pub type Placement = [Option<(Side, PieceKind)>; 100];

/// Number of letters in a field.
pub(crate) const FIELD_LEN: usize = 100;

/// The 20 letters of the two middle rows of every start position.
pub const MIDDLE_ROWS: &str = "AA__AA__AAAA__AA__AA";

/// Why a field string was refused. Every variant names the place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// Not 100 letters.
    #[error("a field has 100 letters, this one has {0}")]
    Length(usize),
    /// A lake square that does not hold `_`.
    #[error("square {square} (letter {index}): expected a lake '_' but found '{found}'")]
    NotLake {
        /// The square.
        square: Square,
        /// 1-based position in the string.
        index: usize,
        /// What was there.
        found: char,
    },
    /// `_` on a square that is not a lake.
    #[error("square {square} (letter {index}): '_' marks a lake, but {square} is not a lake square")]
    FalseLake {
        /// The square.
        square: Square,
        /// 1-based position in the string.
        index: usize,
    },
    /// A character that is no field letter.
    #[error("square {square} (letter {index}): '{found}' is not a field letter (A empty, _ lake, B-M Red, N-Y Blue)")]
    Letter {
        /// The square.
        square: Square,
        /// 1-based position in the string.
        index: usize,
        /// What was there.
        found: char,
    },
    /// A piece where a start-of-game field has none (rows 5-6, or the other side's rows).
    #[error("square {square} (letter {index}): '{found}' cannot stand there at the start of a game ({why})")]
    NotAStart {
        /// The square.
        square: Square,
        /// 1-based position in the string.
        index: usize,
        /// The piece letter found.
        found: char,
        /// Why it is out of place.
        why: &'static str,
    },
    /// The placement could not become a position.
    #[error("{0}")]
    Position(#[from] PositionError),
}

/// Reads a 100-letter field. Surrounding whitespace is ignored.
pub fn parse_field(text: &str) -> Result<Placement, FieldError> {
    let text = text.trim();
    let n = text.chars().count();
    if n != FIELD_LEN {
        return Err(FieldError::Length(n));
    }
    let mut placement: Placement = [None; 100];
    for (i, c) in text.chars().enumerate() {
        let square = Square::from_index_unchecked(i);
        let index = i + 1;
        if square.is_lake() {
            if c != '_' {
                return Err(FieldError::NotLake { square, index, found: c });
            }
            continue;
        }
        placement[i] = match c {
            'A' => None,
            '_' => return Err(FieldError::FalseLake { square, index }),
            _ => match PieceKind::from_letter(c) {
                Some((kind, side)) => Some((side, kind)),
                None => return Err(FieldError::Letter { square, index, found: c }),
            },
        };
    }
    Ok(placement)
}

/// The 100 letters of a placement (lakes as `_` whatever the placement holds there).
pub fn format_placement(placement: &Placement) -> String {
    Square::all()
        .map(|sq| if sq.is_lake() { '_' } else { placement[sq.index()].map_or('A', |(side, kind)| kind.letter(side)) })
        .collect()
}

/// The placement of a position's current board.
pub fn placement_of(pos: &Position) -> Placement {
    let mut p: Placement = [None; 100];
    for sq in Square::all() {
        p[sq.index()] = pos.occupant(sq);
    }
    p
}

/// The field of a position's current board (same as [`Position::to_field`]).
pub fn format_field(pos: &Position) -> String {
    pos.to_field()
}

/// A position from a field: no piece moved or revealed yet, `to_move` to move.
pub fn field_position(text: &str, rules: Rules, to_move: Side) -> Result<Position, FieldError> {
    let placement = parse_field(text)?;
    Ok(Position::from_placement(rules, &placement, to_move)?)
}

/// Red's and Blue's setups from a start-of-game field: Red's is `field[0..40]`, Blue's is
/// `field[60..100]` reversed and re-lettered into Red's letters. Refuses a field with pieces
/// in the middle rows or a piece in the other side's rows. Armies are not checked (see
/// [`Setup::check`]).
pub fn field_to_setups(text: &str) -> Result<(Setup, Setup), FieldError> {
    let placement = parse_field(text)?;
    let mut red = Setup::EMPTY;
    let mut blue = Setup::EMPTY;
    for (i, cell) in placement.iter().enumerate() {
        let Some((side, kind)) = *cell else { continue };
        let square = Square::from_index_unchecked(i);
        let found = kind.letter(side);
        let index = i + 1;
        let home = Setup::index_of(side, square);
        match home {
            Some(k) => {
                let s = if side == Side::Red { &mut red } else { &mut blue };
                s.slots_mut()[k] = Some(kind);
            }
            None => {
                let why = if (4..6).contains(&square.row()) {
                    "rows 5 and 6 are empty at the start"
                } else if side == Side::Red {
                    "a Red piece in Blue's rows 7-10"
                } else {
                    "a Blue piece in Red's rows 1-4"
                };
                return Err(FieldError::NotAStart { square, index, found, why });
            }
        }
    }
    Ok((red, blue))
}

/// The start-of-game field of two setups (each in its owner's setup order).
pub fn setups_to_field(red: &Setup, blue: &Setup) -> String {
    let mut placement: Placement = [None; 100];
    for (side, s) in [(Side::Red, red), (Side::Blue, blue)] {
        for i in 0..40 {
            if let Some(k) = s.get(i) {
                placement[Setup::square(side, i).index()] = Some((side, k));
            }
        }
    }
    format_placement(&placement)
}

/// A field shown as a board, row 10 on top (for messages and the command line).
pub struct FieldBoard<'a>(pub &'a Placement);

impl fmt::Display for FieldBoard<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..10u8).rev() {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..10u8 {
                let sq = Square::new(col, row).expect("in range");
                let c = if sq.is_lake() { '_' } else { self.0[sq.index()].map_or('.', |(s, k)| k.letter(s)) };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   abcdefghij")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";

    #[test]
    fn start_field_round_trips() {
        let red = Setup::parse(RED).unwrap();
        let blue = Setup::parse("GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG").unwrap();
        let field = setups_to_field(&red, &blue);
        assert_eq!(&field[..40], RED);
        assert_eq!(&field[40..60], MIDDLE_ROWS);
        assert_eq!(field_to_setups(&field).unwrap(), (red, blue));
        assert_eq!(format_placement(&parse_field(&field).unwrap()), field);
        let pos = Position::new(Rules::default(), &red, &blue);
        assert_eq!(pos.to_field(), field);
        assert_eq!(field_position(&field, Rules::default(), Side::Red).unwrap().to_field(), field);
    }

    #[test]
    fn errors_name_square_and_letter() {
        let red = Setup::parse(RED).unwrap();
        let field = setups_to_field(&red, &red);
        let mut bad: Vec<char> = field.chars().collect();
        bad[42] = 'B';
        let e = parse_field(&bad.iter().collect::<String>()).unwrap_err().to_string();
        assert_eq!(e, "square c5 (letter 43): expected a lake '_' but found 'B'");
        let mut bad: Vec<char> = field.chars().collect();
        bad[0] = '_';
        let e = parse_field(&bad.iter().collect::<String>()).unwrap_err().to_string();
        assert!(e.starts_with("square a1 (letter 1): '_' marks a lake"), "{e}");
        let mut bad: Vec<char> = field.chars().collect();
        bad[99] = 'z';
        let e = parse_field(&bad.iter().collect::<String>()).unwrap_err().to_string();
        assert!(e.starts_with("square j10 (letter 100): 'z'"), "{e}");
        assert_eq!(parse_field("AB").unwrap_err(), FieldError::Length(2));
        let mut bad: Vec<char> = field.chars().collect();
        bad[40] = 'B';
        let e = field_to_setups(&bad.iter().collect::<String>()).unwrap_err().to_string();
        assert!(e.starts_with("square a5 (letter 41): 'B' cannot stand there"), "{e}");
    }
}
