//! The repetition rules: two-squares (ISF art. 10) and more-squares (ISF art. 11).
//!
//! Both read only public history (which piece moved where), never hidden kinds, so a player's
//! view decides them exactly as the referee does.
//!
//! Two-squares: a move is forbidden when the side's last N moves (N = the limit) were all
//! made by the same piece, all lie on one row or one column with the new move, and all N+1
//! spans (a move occupies its start square, end square and every square between) share at
//! least two squares. One-square shuttles: the N+1-th move between the same two squares is
//! forbidden. Scouts: overlapping spans, as in Invincible's appendix A3.
//!
//! With [`Rules::repetition_binds_only`](super::Rules::repetition_binds_only) set, neither rule
//! ever forbids a move of the other side (how a program plays under the UCC manager).
//!
//! More-squares: a *threat* is a non-attacking move ending next to an enemy piece; an
//! *evasion* is a non-attacking move of a piece that stood next to the square the opponent's
//! previous threat ended on. A side's chase runs while it threatens and the opponent evades;
//! its history is the positions (by piece identity, via the identity hash) after each of the
//! chaser's moves in it. A *chasing move* (ISF art. 11.3) is a non-attacking move that
//! threatens a piece that evaded during the chase; one that would recreate a position of the
//! chase's history is forbidden, except a move of the last-moved piece back to the square it
//! just came from (art. 11.2). Attacks are never forbidden by it (they remove a piece, so no
//! earlier position can come back), and any non-threatening move ends the chase.
//!
//! Interpretation choices, argued from docs/rules.md and ISF art. 11: positions are compared with
//! the same side to move (the chaser's candidate against the positions after the chaser's
//! earlier moves, as Invincible's appendix A3 does); an attack by the chaser ends the chase
//! (docs/rules.md counts moving next to a piece, and no position before an attack can recur); a
//! threat only against pieces that never evaded continues the chase but is not a chasing
//! move, so it is never forbidden.

use super::position::{Move, PieceId, Position};
use super::square::Square;
use super::zobrist;

/// The piece whose moves the two-squares rule might forbid now: the piece that made all of
/// the side to move's last N moves, if one did.
pub(crate) fn two_squares_suspect(pos: &Position) -> Option<PieceId> {
    let n = pos.rules().two_square_limit? as usize;
    if !pos.rules().repetition_binds(pos.to_move()) {
        return None;
    }
    let h = pos.history();
    if n == 0 || h.len() < 2 * n {
        return None;
    }
    let id = h[h.len() - 2].report.piece;
    (0..n).all(|k| h[h.len() - 2 - 2 * k].report.piece == id).then_some(id)
}

/// Whether the two-squares rule forbids piece `id` making `mv` now.
pub fn two_squares_forbids(pos: &Position, id: PieceId, mv: Move) -> bool {
    two_squares_forbids_at(pos, id, mv, 2)
}

/// Whether the two-squares rule would forbid piece `id` of the side that just moved making
/// `mv` on its next turn (its own last moves decide that, whatever the opponent does).
/// Used to tell whether that side could move at all.
pub(crate) fn two_squares_would_forbid(pos: &Position, id: PieceId, mv: Move) -> bool {
    two_squares_forbids_at(pos, id, mv, 1)
}

/// The rule for the side whose latest move is `back` plies from the end of the history.
fn two_squares_forbids_at(pos: &Position, id: PieceId, mv: Move, back: usize) -> bool {
    let Some(n) = pos.rules().two_square_limit else { return false };
    if !pos.rules().repetition_binds(id.side()) {
        return false;
    }
    let n = n as usize;
    let h = pos.history();
    if n == 0 || h.len() + 2 < 2 * n + back {
        return false;
    }
    let horizontal = mv.from.row() == mv.to.row();
    let (line, along): (u8, fn(Square) -> u8) =
        if horizontal { (mv.from.row(), Square::col) } else { (mv.from.col(), Square::row) };
    let on_line = |a: Square, b: Square| {
        if horizontal { a.row() == line && b.row() == line } else { a.col() == line && b.col() == line }
    };
    let mut lo = along(mv.from).min(along(mv.to));
    let mut hi = along(mv.from).max(along(mv.to));
    for k in 0..n {
        let r = h[h.len() - back - 2 * k].report;
        if r.piece != id || !on_line(r.from, r.to) {
            return false;
        }
        lo = lo.max(along(r.from).min(along(r.to)));
        hi = hi.min(along(r.from).max(along(r.to)));
        if hi <= lo {
            return false;
        }
    }
    true
}

/// Whether the side to move is in a running chase (its last move threatened and the
/// opponent evaded).
pub(crate) fn chase_active(pos: &Position) -> bool {
    pos.rules().more_squares_rule
        && pos.rules().repetition_binds(pos.to_move())
        && pos.chase_start(pos.to_move()).is_some()
        && pos.history().last().is_some_and(|r| r.evasion)
}

/// Whether the more-squares rule forbids piece `id` making the non-attacking move `mv` now.
pub fn more_squares_forbids(pos: &Position, id: PieceId, mv: Move) -> bool {
    if !chase_active(pos) {
        return false;
    }
    let side = pos.to_move();
    let h = pos.history();
    // art. 11.2: back to the square the chasing piece came from on the preceding turn.
    if h.len() >= 2 {
        let last = h[h.len() - 2].report;
        if last.piece == id && mv.to == last.from {
            return false;
        }
    }
    let start = pos.chase_start(side).expect("chase active") as usize;
    let chase = &h[start..];
    // art. 11.3: a chasing move threatens a piece that evaded during this chase. Every
    // opponent ply inside a running chase is an evasion, so its piece is an evader.
    let evaded = |o: PieceId| chase.iter().any(|r| r.report.side != side && r.report.piece == o);
    let chasing =
        mv.to.neighbours().any(|n| n != mv.from && pos.piece_at(n).is_some_and(|o| o.side() != side && evaded(o)));
    if !chasing {
        return false;
    }
    let after = pos.id_hash()
        ^ zobrist::id_key(id.index(), mv.from.index())
        ^ zobrist::id_key(id.index(), mv.to.index())
        ^ zobrist::BLUE_TO_MOVE;
    chase.iter().any(|r| r.report.side == side && r.id_hash_after == after)
}
