//! Perft: counts of the full-information move tree, the oracle for move generation.
//! Games that end (flag captured, no legal move) are leaves; the draw limits are not applied.

use super::movegen::MoveList;
use super::position::{Move, Position};

/// Number of leaf nodes `depth` plies deep.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.flag_captured().is_some() {
        return 0;
    }
    if depth == 1 {
        // Bulk counting: the leaves one ply down are the legal moves, counted without a list.
        return pos.legal_move_count() as u64;
    }
    let mut moves = MoveList::new();
    pos.generate_legal(&mut moves);
    let mut n = 0;
    for &mv in &moves {
        pos.play_unchecked(mv);
        n += perft(pos, depth - 1);
        pos.undo();
    }
    n
}

/// Perft split by first move (empty once a Flag is captured, as [`perft`] counts 0 there).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if pos.flag_captured().is_some() {
        return Vec::new();
    }
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&mv| {
            pos.play_unchecked(mv);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo();
            (mv, n)
        })
        .collect()
}
