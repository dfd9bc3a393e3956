//! Fast legal-move generation.
//!
//! Geometry first (one-square steps, Scout lines, lakes, own pieces, the move-and-strike
//! switch), then the repetition rules, which can only forbid moves of one piece (two-squares)
//! or non-attacking moves during a chase (more-squares): the filter touches nothing else.
//! `tests/movegen_oracle.rs` checks this against a slow generator written from the rules.
//!
//! Geometry works on square masks (`super::bitboard`): a few mask operations find the
//! targets of all of a side's pieces in one direction at once, Scout lines included (in the
//! opening most pieces are boxed in by their own army and are never looked at one by one).
//! The moves of all pieces in one direction come out as one mask, so the moves come in one
//! canonical order that depends on the board alone (not on piece ids, nor on what the
//! repetition filter removes): by direction (down, left, right, up), then by to-square.

use super::bitboard::{Bits, Dir, Down, Left, PLAYABLE, Right, Up, fill, squares};
use super::piece::Side;
use super::position::{Move, PieceId, Position};
use super::repetition;
use super::square::Square;
use arrayvec::ArrayVec;

/// Room for every move of 40 Scouts in the open (an upper bound for any placement).
pub const MAX_MOVES: usize = 720;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// What the generator needs to know of one side's pieces: where its one-square movers
/// (`walkers`) and its Scouts stand, which squares are empty, which hold an enemy, and
/// whether a Scout may move and strike.
struct Movers {
    walkers: Bits,
    scouts: Bits,
    empty: Bits,
    enemy: Bits,
    strike: bool,
}

impl Movers {
    fn of(pos: &Position, side: Side) -> Movers {
        let enemy = pos.occupied_bits(side.opponent());
        let scouts = pos.scout_bits(side);
        Movers {
            walkers: pos.mobile_bits(side) & !scouts,
            scouts,
            empty: PLAYABLE & !pos.occupied_bits(side) & !enemy,
            enemy,
            strike: pos.rules().scout_move_and_strike,
        }
    }

    /// The targets of all these pieces moving in direction `D`: empty squares, and enemy
    /// pieces next to the mover or, when Scouts may move and strike, at the end of a Scout's
    /// line. Lakes and the edge stop everything (a lake is neither `empty` nor `enemy`). Two
    /// pieces never reach the same square in the same direction (the farther one would have
    /// to pass the nearer), so the size of this mask is the number of these moves.
    #[inline(always)]
    fn reach<D: Dir>(&self) -> Bits {
        let Movers { walkers, scouts, empty, enemy, strike } = *self;
        let slid = fill::<D>(scouts, empty);
        if strike {
            D::step(walkers | slid) & (empty | enemy)
        } else {
            (D::step(walkers | scouts) & (empty | enemy)) | (D::step(slid) & empty)
        }
    }
}

impl Position {
    /// Moves of `side` by geometry alone (no repetition rules), appended to `out` in the
    /// canonical order (by direction: down, left, right, up; then by to-square).
    pub fn generate_pseudo(&self, side: Side, out: &mut MoveList) {
        self.generate_geometry(side, false, out);
    }

    /// [`Position::generate_pseudo`], or with `attacks_only` only its moves onto enemy pieces
    /// (in the same order). One body for both keeps the page's module small.
    fn generate_geometry(&self, side: Side, attacks_only: bool, out: &mut MoveList) {
        let m = Movers::of(self, side);
        let keep = if attacks_only { m.enemy } else { !0 };
        self.emit(m.reach::<Down>() & keep, 10, out);
        self.emit(m.reach::<Left>() & keep, 1, out);
        self.emit(m.reach::<Right>() & keep, -1, out);
        self.emit(m.reach::<Up>() & keep, -10, out);
    }

    /// Appends a move to every square of `to` (the targets of one direction) from the piece
    /// that reaches it: the first piece found stepping `back` (the square-index step against
    /// the direction) from the target; only a Scout's empty squares lie between.
    #[inline(always)]
    fn emit(&self, to: Bits, back: isize, out: &mut MoveList) {
        for t in squares(to) {
            let mut from = t.wrapping_add_signed(back);
            while self.piece_at(Square::from_index_unchecked(from)).is_none() {
                from = from.wrapping_add_signed(back);
            }
            out.push(Move::new(Square::from_index_unchecked(from), Square::from_index_unchecked(t)));
        }
    }

    /// The number of moves [`Position::generate_pseudo`] would give, without listing them:
    /// the moves of all pieces in one direction are one mask (see `reach`), counted.
    pub(crate) fn count_pseudo(&self, side: Side) -> usize {
        let m = Movers::of(self, side);
        let n = m.reach::<Up>().count_ones()
            + m.reach::<Down>().count_ones()
            + m.reach::<Left>().count_ones()
            + m.reach::<Right>().count_ones();
        n as usize
    }

    /// Legal moves of the side to move, appended to `out` in the canonical order of
    /// [`Position::generate_pseudo`].
    pub(crate) fn generate_legal(&self, out: &mut MoveList) {
        self.generate_legal_as(false, out);
    }

    /// The attacks of the side to move that the rules allow now (the moves onto an enemy
    /// piece), appended to `out` in the order `Position::generate_legal` lists them: what
    /// filtering its list for attacks gives, without listing the other moves.
    ///
    /// Why: a quiescence search looks at attacks only, and most of a node's moves are steps
    /// onto empty squares; listing them was the dearest part of its nodes (docs/bots/
    /// strategist.md, session 32). Of the repetition rules only the two-squares rule can
    /// forbid an attack (the more-squares rule forbids only moves onto empty squares).
    pub fn generate_legal_attacks(&self, out: &mut MoveList) {
        self.generate_legal_as(true, out);
    }

    fn generate_legal_as(&self, attacks_only: bool, out: &mut MoveList) {
        let start = out.len();
        self.generate_geometry(self.to_move(), attacks_only, out);
        let two: Option<PieceId> = repetition::two_squares_suspect(self);
        // The more-squares rule forbids only moves onto empty squares: not asked for attacks.
        let chase = !attacks_only && repetition::chase_active(self);
        if two.is_none() && !chase {
            return;
        }
        // Keep the allowed moves in place, in their order.
        let mut kept = start;
        for i in start..out.len() {
            let mv = out[i];
            let id = self.piece_at(mv.from).expect("generated from a piece");
            let forbidden = (two == Some(id) && repetition::two_squares_forbids(self, id, mv))
                || (chase && self.piece_at(mv.to).is_none() && repetition::more_squares_forbids(self, id, mv));
            if !forbidden {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether the side to move has a legal move (what `!legal_moves().is_empty()` gives),
    /// told from the square masks without a list when no repetition rule can forbid a move
    /// now: a piece that moves and has a neighbouring square free of its own pieces always has
    /// a move there (a step, or an attack, which even a Scout may make next to it).
    pub(crate) fn has_legal_move(&self) -> bool {
        if repetition::two_squares_suspect(self).is_none() && !repetition::chase_active(self) {
            return self.has_pseudo_move(self.to_move());
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        !list.is_empty()
    }

    /// The number of legal moves of the side to move (what `legal_moves().len()` gives),
    /// counted without a list when no repetition rule can forbid a move now.
    pub(crate) fn legal_move_count(&self) -> usize {
        if repetition::two_squares_suspect(self).is_none() && !repetition::chase_active(self) {
            return self.count_pseudo(self.to_move());
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, Setup};
    use rand::{Rng, SeedableRng};

    /// Over random games (Scout move-and-strike on and off, both sides at every ply): the count
    /// equals the list, the list has no duplicates, and every move is a legal-by-geometry move
    /// of the side (the move checker agrees where that side is to move).
    #[test]
    fn count_matches_generation_and_moves_check() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(10);
        for game in 0..12 {
            let rules = Rules { scout_move_and_strike: game % 2 == 0, ..Rules::default() };
            let red = Setup::parse("IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB").unwrap();
            let blue = Setup::parse("GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG").unwrap();
            let mut pos = Position::new(rules, &red, &blue);
            for _ in 0..300 {
                for side in Side::BOTH {
                    let mut list = MoveList::new();
                    pos.generate_pseudo(side, &mut list);
                    assert_eq!(pos.count_pseudo(side), list.len(), "{pos:?}");
                    let mut sorted = list.to_vec();
                    sorted.sort_unstable();
                    sorted.dedup();
                    assert_eq!(sorted.len(), list.len(), "duplicates in {pos:?}");
                }
                let legal = pos.legal_moves();
                assert_eq!(pos.legal_move_count(), legal.len());
                let mut attacks = MoveList::new();
                pos.generate_legal_attacks(&mut attacks);
                let want: Vec<Move> = legal.iter().copied().filter(|m| pos.piece_at(m.to).is_some()).collect();
                assert_eq!(attacks.to_vec(), want, "the legal attacks, in the legal moves' order: {pos:?}");
                assert_eq!(pos.has_legal_move(), !legal.is_empty(), "{pos:?}");
                for &mv in &legal {
                    assert!(pos.check_move(mv).is_ok(), "{mv} in {pos:?}");
                }
                if legal.is_empty() || pos.outcome().is_some() {
                    break;
                }
                pos.play_unchecked(legal[rng.random_range(0..legal.len())]);
            }
        }
    }
}
