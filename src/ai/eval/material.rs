//! Material evaluation of a full [`Position`] (a real one, or one sampled from a view by
//! [`crate::ai::belief::sample_position`]), shared by the search bots.
//!
//! Scores are integers in "points", from the point of view of the side named (negamax
//! convention: positive is good for that side). Game ends are scored apart, by
//! [`terminal_score`], so they always outweigh any material: a win is worth [`WIN`] minus
//! the plies it takes, which makes the search prefer the quickest win and the slowest loss.
//!
//! Invariants: `material` and `evaluate` are zero-sum (`f(pos, s) == -f(pos, s.opponent())`),
//! and their absolute value stays below `WIN - MAX_PLY` for every position.

use crate::rules::{DrawReason, MoveList, Outcome, PieceKind, Position, Side};

/// The score of a won game (before the ply discount).
pub const WIN: i32 = 1_000_000;

/// The longest ply distance a win discount may take (keeps won scores above any material).
pub const MAX_PLY: i32 = 10_000;

/// Value of one piece in points.
///
/// The numbers are this project's own, chosen from how the pieces work, not from a source:
/// - the ladder of movable pieces roughly doubles every two steps from the Sergeant up, since
///   a stronger piece beats every weaker one (Marshal 400, General 250, Colonel 150,
///   Major 90, Captain 60, Lieutenant 40, Sergeant 25);
/// - the Miner (strength 3) counts like a Lieutenant, 40: it is the only piece that clears
///   Bombs, and a side without Miners cannot reach a bombed-in Flag;
/// - the Scout counts 25 (weak in battle but fast, the main scout of unknown pieces);
/// - the Spy counts 60: it is weak, but it is the only threat to the enemy Marshal;
/// - a Bomb counts 20: it removes attackers but never moves, and only defends;
/// - the Flag counts 0: losing it ends the game, which [`terminal_score`] scores.
pub const fn piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Flag => 0,
        PieceKind::Bomb => 20,
        PieceKind::Spy => 60,
        PieceKind::Scout => 25,
        PieceKind::Miner => 40,
        PieceKind::Sergeant => 25,
        PieceKind::Lieutenant => 40,
        PieceKind::Captain => 60,
        PieceKind::Major => 90,
        PieceKind::Colonel => 150,
        PieceKind::General => 250,
        PieceKind::Marshal => 400,
    }
}

/// Total value of `side`'s pieces on the board.
pub(crate) fn material_of(pos: &Position, side: Side) -> i32 {
    pos.pieces_of(side).map(|id| piece_value(pos.piece(id).kind)).sum()
}

/// Material balance from `side`'s point of view: own pieces minus enemy pieces.
pub fn material(pos: &Position, side: Side) -> i32 {
    material_of(pos, side) - material_of(pos, side.opponent())
}

/// Points per row a movable piece stands ahead of its own back row (see [`evaluate`]).
pub const ADVANCE_POINTS: i32 = 1;

/// How far `side`'s movable pieces stand ahead of its back row, in rows, summed.
pub(crate) fn advance_of(pos: &Position, side: Side) -> i32 {
    pos.pieces_of(side)
        .map(|id| {
            let p = pos.piece(id);
            if !p.kind.is_movable() {
                return 0;
            }
            let row = p.square.row() as i32;
            if side == Side::Red { row } else { 9 - row }
        })
        .sum()
}

/// The evaluation the search bots use: [`material`] plus [`ADVANCE_POINTS`] per row of
/// advance of the movable pieces, both from `side`'s point of view.
///
/// Why the advance term: with material alone every quiet move scores the same, so a search
/// that sees no capture within its horizon shuffles pieces until the no-attack draw rule ends
/// the game. One point per row (a Scout is worth 25) only breaks those ties towards the enemy;
/// it never outweighs a piece.
pub fn evaluate(pos: &Position, side: Side) -> i32 {
    material(pos, side) + ADVANCE_POINTS * (advance_of(pos, side) - advance_of(pos, side.opponent()))
}

/// The score of a finished game from the point of view of the side to move, `ply` plies
/// below the root of a search, or `None` while the game goes on. `moves` must be the legal
/// moves of the side to move (the caller has them anyway; generating them twice is the most
/// expensive thing a search node does).
///
/// The game end is the referee's own ([`Position::outcome_given`]), so search and referee
/// cannot disagree on it (they once did, on a side stopped by the two-squares rule).
pub fn terminal_score(pos: &Position, moves: &MoveList, ply: u32) -> Option<i32> {
    terminal_score_if(pos, !moves.is_empty(), ply)
}

/// [`terminal_score`] for a caller that knows only whether the side to move has a legal move.
pub fn terminal_score_if(pos: &Position, has_legal_move: bool, ply: u32) -> Option<i32> {
    pos.outcome_if(has_legal_move).map(|o| terminal_points(o, pos.to_move(), ply))
}

/// The points of a finished game for `side`, `ply` plies below the root of a search.
pub fn terminal_points(outcome: Outcome, side: Side, ply: u32) -> i32 {
    let won = WIN - ply.min(MAX_PLY as u32) as i32;
    match outcome.winner() {
        Some(w) if w == side => won,
        Some(_) => -won,
        None => 0,
    }
}

/// The score of an [`Outcome`] for `side` (for callers that already have one).
pub fn outcome_score(outcome: Outcome, side: Side) -> i32 {
    match outcome {
        Outcome::Win { winner, .. } if winner == side => WIN,
        Outcome::Win { .. } => -WIN,
        Outcome::Draw { reason: DrawReason::Agreed | _ } => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng_from_seed;
    use crate::ai::setupgen::random::random_setup;
    use crate::rules::{Rules, Variant};
    use rand::Rng;

    #[test]
    fn start_is_balanced_and_material_is_zero_sum() {
        let mut rng = rng_from_seed(3);
        for variant in [Variant::Classic, Variant::Barrage] {
            let (a, b) = (random_setup(variant, &mut rng), random_setup(variant, &mut rng));
            let mut pos = Position::new(Rules::for_variant(variant), &a, &b);
            assert_eq!(material(&pos, Side::Red), 0);
            for _ in 0..300 {
                let moves = pos.legal_moves();
                if pos.outcome().is_some() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                pos.play_unchecked(mv);
                assert_eq!(material(&pos, Side::Red), -material(&pos, Side::Blue));
                assert_eq!(evaluate(&pos, Side::Red), -evaluate(&pos, Side::Blue));
                assert!(evaluate(&pos, Side::Red).abs() < WIN - MAX_PLY);
            }
        }
    }

    #[test]
    fn terminal_score_agrees_with_outcome() {
        // Random games to their end: terminal_score is Some exactly when outcome() is, and its
        // sign says who won.
        let mut rng = rng_from_seed(11);
        for g in 0..20 {
            let variant = if g % 2 == 0 { Variant::Barrage } else { Variant::Classic };
            let (a, b) = (random_setup(variant, &mut rng), random_setup(variant, &mut rng));
            let mut pos = Position::new(Rules::for_variant(variant), &a, &b);
            loop {
                let moves = pos.legal_moves();
                let t = terminal_score(&pos, &moves, 0);
                match pos.outcome() {
                    None => assert_eq!(t, None),
                    Some(o) => {
                        assert_eq!(t, Some(outcome_score(o, pos.to_move())), "{o:?}");
                        break;
                    }
                }
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
