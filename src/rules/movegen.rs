//! Fast legal-move generation.
//!
//! Geometry first (one-square steps, Scout lines, lakes, own pieces, the move-and-strike
//! switch), then the repetition rules, which can only forbid moves of one piece (two-squares)
//! or non-attacking moves during a chase (more-squares): the filter touches nothing else.
//! `tests/movegen_oracle.rs` checks this against a slow generator written from the rules.

use super::piece::{PieceKind, Side};
use super::position::{Move, PieceId, Position};
use super::repetition;
use super::square::Direction;
use arrayvec::ArrayVec;

/// Room for every move of 40 Scouts in the open (an upper bound for any placement).
pub const MAX_MOVES: usize = 720;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

impl Position {
    /// Moves of `side` by geometry alone (no repetition rules), appended to `out`.
    pub fn generate_pseudo(&self, side: Side, out: &mut MoveList) {
        let strike = self.rules().scout_move_and_strike;
        for id in self.pieces_of(side) {
            let p = self.piece(id);
            if !p.kind.is_movable() {
                continue;
            }
            let scout = p.kind == PieceKind::Scout;
            for dir in Direction::ALL {
                let mut s = p.square;
                let mut first = true;
                while let Some(t) = s.step(dir) {
                    if t.is_lake() {
                        break;
                    }
                    match self.piece_at(t) {
                        None => {
                            out.push(Move::new(p.square, t));
                            if !scout {
                                break;
                            }
                        }
                        Some(o) => {
                            if o.side() != side && (first || strike) {
                                out.push(Move::new(p.square, t));
                            }
                            break;
                        }
                    }
                    s = t;
                    first = false;
                }
            }
        }
    }

    /// Legal moves of the side to move, appended to `out`.
    pub fn generate_legal(&self, out: &mut MoveList) {
        let start = out.len();
        self.generate_pseudo(self.to_move(), out);
        let two: Option<PieceId> = repetition::two_squares_suspect(self);
        let chase = repetition::chase_active(self);
        if two.is_none() && !chase {
            return;
        }
        let mut i = start;
        while i < out.len() {
            let mv = out[i];
            let id = self.piece_at(mv.from).expect("generated from a piece");
            let forbidden = (two == Some(id) && repetition::two_squares_forbids(self, id, mv))
                || (chase && self.piece_at(mv.to).is_none() && repetition::more_squares_forbids(self, id, mv));
            if forbidden {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
        // swap_remove breaks generation order; restore a canonical order so that results
        // never depend on which moves were filtered.
        out[start..].sort_unstable_by_key(|m| (m.from, m.to));
    }
}
