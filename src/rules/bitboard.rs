//! Sets of squares as 100-bit masks (bit `i` is the square with index `i`), so the move
//! generator works on whole sets at once: which squares a side occupies, which of its pieces
//! can move, where its Scouts stand. [`crate::rules::Position`] keeps these masks next to its
//! board array; this module holds only the geometry (board, lakes, edges, one-step shifts).
//!
//! A `u128` rather than two `u64` halves: the compiler lowers it to pairs of 64-bit
//! operations natively and in wasm32 alike, and the code stays readable.

/// A set of squares.
pub type Bits = u128;

/// All 100 squares.
pub(crate) const BOARD: Bits = (1 << 100) - 1;

/// The eight lake squares (c5 d5 g5 h5 c6 d6 g6 h6).
pub(crate) const LAKES: Bits =
    (1 << 42) | (1 << 43) | (1 << 46) | (1 << 47) | (1 << 52) | (1 << 53) | (1 << 56) | (1 << 57);

/// Every square a piece can stand on.
pub(crate) const PLAYABLE: Bits = BOARD & !LAKES;

const fn column(c: u32) -> Bits {
    let mut m = 0;
    let mut r = 0;
    while r < 10 {
        m |= 1 << (r * 10 + c);
        r += 1;
    }
    m
}

/// Column a.
const COL_A: Bits = column(0);
/// Column j.
const COL_J: Bits = column(9);

/// The set with the one square `index` (0..100).
///
/// Built from one 64-bit shift: a variable 128-bit shift is a library call in wasm32
/// (`__ashlti3`, 2 % of a search there). In wasm32 the half is chosen with masks, not a branch
/// or a select: LLVM folded `if index < 64 { b } else { b << 64 }` back into a variable 128-bit
/// shift by `index & 64` where `bit` was inlined into `place`, `unplace`, `apply_unchecked` and
/// `undo`, and so the library call came back on every move (without it perft ran 1.3x faster
/// in Node's V8, about 4 % faster in Chromium: BENCHMARKS.md). Natively the select is two conditional moves, and it was 3-6 % faster in
/// perft than the masks (A/B in both orders, loaded machine), so native builds keep it.
#[inline(always)]
pub const fn bit(index: usize) -> Bits {
    let b = 1u64 << (index & 63);
    #[cfg(target_arch = "wasm32")]
    {
        // All ones when the square is in the high half (index 64..128), else zero.
        let high = ((index >> 6) as u64).wrapping_neg();
        (((b & high) as Bits) << 64) | (b & !high) as Bits
    }
    #[cfg(not(target_arch = "wasm32"))]
    if index < 64 { b as Bits } else { (b as Bits) << 64 }
}

/// Each square of `b` moved one row up (towards row 10); squares of row 10 drop out.
#[inline(always)]
pub const fn up(b: Bits) -> Bits {
    (b << 10) & BOARD
}

/// Each square of `b` moved one row down; squares of row 1 drop out.
#[inline(always)]
pub const fn down(b: Bits) -> Bits {
    b >> 10
}

/// Each square of `b` moved one column right; squares of column j drop out (no wrap).
#[inline(always)]
pub const fn right(b: Bits) -> Bits {
    (b << 1) & !COL_A & BOARD
}

/// Each square of `b` moved one column left; squares of column a drop out (no wrap).
#[inline(always)]
pub const fn left(b: Bits) -> Bits {
    (b >> 1) & !COL_J
}

/// The four directions as mask shifts, for code generic over the direction: `STEP` moves a
/// mask one square (dropping what leaves the board), `raw` moves it `n` squares without
/// edge checks, and `ENTER` is the squares a piece can enter from its neighbour behind
/// (no wrap from one row's end to the next row's start).
pub trait Dir {
    /// One step, edge-checked.
    fn step(b: Bits) -> Bits;
    /// `n` steps as a plain shift (the caller masks with `ENTER`-based propagators).
    fn raw(b: Bits, n: u32) -> Bits;
    /// Squares that can be entered by a step in this direction.
    const ENTER: Bits;
}

/// Towards row 10.
pub struct Up;
/// Towards row 1.
pub struct Down;
/// Towards column a.
pub struct Left;
/// Towards column j.
pub struct Right;

impl Dir for Up {
    #[inline(always)]
    fn step(b: Bits) -> Bits {
        up(b)
    }
    #[inline(always)]
    fn raw(b: Bits, n: u32) -> Bits {
        b << (10 * n)
    }
    const ENTER: Bits = BOARD;
}

impl Dir for Down {
    #[inline(always)]
    fn step(b: Bits) -> Bits {
        down(b)
    }
    #[inline(always)]
    fn raw(b: Bits, n: u32) -> Bits {
        b >> (10 * n)
    }
    const ENTER: Bits = BOARD;
}

impl Dir for Left {
    #[inline(always)]
    fn step(b: Bits) -> Bits {
        left(b)
    }
    #[inline(always)]
    fn raw(b: Bits, n: u32) -> Bits {
        b >> n
    }
    const ENTER: Bits = BOARD & !COL_J;
}

impl Dir for Right {
    #[inline(always)]
    fn step(b: Bits) -> Bits {
        right(b)
    }
    #[inline(always)]
    fn raw(b: Bits, n: u32) -> Bits {
        b << n
    }
    const ENTER: Bits = BOARD & !COL_A;
}

/// `from` grown in direction `D` through the squares of `open` (Kogge-Stone occluded fill:
/// no branches, four shift steps cover the nine squares of the longest line): `from` plus
/// every square reachable from it over squares of `open` only.
#[inline(always)]
pub fn fill<D: Dir>(mut from: Bits, open: Bits) -> Bits {
    let mut pro = open & D::ENTER;
    from |= pro & D::raw(from, 1);
    pro &= D::raw(pro, 1);
    from |= pro & D::raw(from, 2);
    pro &= D::raw(pro, 2);
    from |= pro & D::raw(from, 4);
    pro &= D::raw(pro, 4);
    from |= pro & D::raw(from, 8);
    from
}

/// The squares of `b` from which one step in some direction lands in `targets`.
#[inline(always)]
pub(crate) const fn can_step_into(b: Bits, targets: Bits) -> Bits {
    b & (down(targets) | up(targets) | left(targets) | right(targets))
}

/// The playable orthogonal neighbours of square `index`.
#[inline(always)]
pub const fn neighbours(index: usize) -> Bits {
    let b = bit(index);
    (up(b) | down(b) | left(b) | right(b)) & PLAYABLE
}

/// The squares of `b`, lowest index first.
#[inline(always)]
pub fn squares(mut b: Bits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            return None;
        }
        let i = b.trailing_zeros() as usize;
        b &= b - 1;
        Some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    #[test]
    fn lakes_and_neighbours_match_the_square_geometry() {
        for sq in Square::all() {
            assert_eq!(LAKES & bit(sq.index()) != 0, sq.is_lake(), "{sq}");
            let want: Bits = sq.neighbours().fold(0, |m, n| m | bit(n.index()));
            assert_eq!(neighbours(sq.index()), want, "{sq}");
        }
    }

    /// The fill agrees with walking square by square, from every square in every direction,
    /// over a few pseudo-random sets of open squares.
    #[test]
    fn fill_matches_a_walk() {
        fn walk(from: usize, open: Bits, step: fn(Bits) -> Bits) -> Bits {
            let mut reach = bit(from);
            let mut b = step(bit(from));
            while b & open != 0 {
                reach |= b;
                b = step(b);
            }
            reach
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..40 {
            // xorshift; every eighth set is the whole board, the longest lines
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let open = if round % 8 == 0 { PLAYABLE } else { (((next() as Bits) << 64) | next() as Bits) & PLAYABLE };
            for sq in 0..100 {
                assert_eq!(fill::<Up>(bit(sq), open), walk(sq, open, up), "up from {sq}");
                assert_eq!(fill::<Down>(bit(sq), open), walk(sq, open, down), "down from {sq}");
                assert_eq!(fill::<Left>(bit(sq), open), walk(sq, open, left), "left from {sq}");
                assert_eq!(fill::<Right>(bit(sq), open), walk(sq, open, right), "right from {sq}");
            }
        }
    }

    #[test]
    fn bit_is_the_plain_shift() {
        for i in 0..100 {
            assert_eq!(bit(i), 1u128 << i, "{i}");
        }
    }

    #[test]
    fn shifts_never_wrap_or_leave_the_board() {
        let j1 = bit(9);
        let a2 = bit(10);
        assert_eq!(right(j1), 0);
        assert_eq!(left(a2), 0);
        assert_eq!(up(bit(95)), 0);
        assert_eq!(down(bit(5)), 0);
        assert_eq!(right(bit(8)), j1);
        assert_eq!(squares(BOARD).count(), 100);
        assert_eq!(squares(PLAYABLE).count(), 92);
    }
}
