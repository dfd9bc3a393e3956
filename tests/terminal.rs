//! The searches judge a finished game as the referee does. The case that once split them: the
//! side to move has no legal move and the other side's only moves are forbidden by the
//! two-squares rule (docs/rules.md, "End of the game" and "Repetition"). The referee calls
//! that a draw (neither side can move); a search that asked only whether the other side had
//! a move by geometry called it a loss. Both now read the one definition in `rules/`
//! ([`Position::outcome_given`]).

mod common;

use common::{STOPPED_PIECES, STOPPED_SHUTTLES, board, play_all};
use stratagem::ai::eval::material::{WIN, terminal_score};
use stratagem::ai::search::{alphabeta, negamax};
use stratagem::rules::{DrawReason, Outcome, Position, Rules, Side, WinReason};

/// Each side's only movable piece is walled in by its own Bombs and shuttles three times;
/// `extra` adds pieces (a free Blue Scout makes Blue able to move after all).
fn stopped(extra: &[(&str, char)]) -> Position {
    let mut pieces = STOPPED_PIECES.to_vec();
    pieces.extend_from_slice(extra);
    let mut pos = board(&pieces, Rules::default(), Side::Red);
    play_all(&mut pos, &STOPPED_SHUTTLES);
    assert!(pos.legal_moves().is_empty(), "Red is stopped by the two-squares rule");
    pos
}

/// The referee's outcome, the negamax bot's terminal score and both searches' values agree.
fn assert_searches_agree(pos: &mut Position, expected: Outcome) {
    assert_eq!(pos.outcome(), Some(expected), "the referee");
    let moves = pos.legal_moves();
    assert_eq!(pos.outcome_given(&moves), Some(expected), "the same rule given the moves");
    let (score, ab) = match expected.winner() {
        None => (0, 0.0),
        Some(w) if w == pos.to_move() => (WIN, alphabeta::terminal_value(expected, pos.to_move(), 3)),
        Some(_) => (-WIN, alphabeta::terminal_value(expected, pos.to_move(), 3)),
    };
    assert_eq!(terminal_score(pos, &moves, 0), Some(score), "negamax's terminal score");
    for depth in 0..3 {
        assert_eq!(negamax::negamax(pos, depth), score, "negamax at depth {depth}");
        assert_eq!(negamax::alphabeta(pos, depth, -negamax::INF, negamax::INF), score, "negamax alpha-beta");
    }
    assert_eq!(alphabeta::value(pos, 3), ab, "the seed-003 alpha-beta");
}

#[test]
fn both_sides_stopped_by_the_two_squares_rule_is_a_draw_for_the_searches_too() {
    let mut pos = stopped(&[]);
    assert!(pos.has_pseudo_move(Side::Blue), "Blue's piece could step by geometry");
    assert_searches_agree(&mut pos, Outcome::Draw { reason: DrawReason::NeitherCanMove });
}

#[test]
fn a_stopped_side_loses_when_the_other_can_still_move() {
    // The control: a free Blue Scout on e9 can still move, so Red loses, for everyone.
    let mut pos = stopped(&[("e9", 'P')]);
    assert_searches_agree(&mut pos, Outcome::Win { winner: Side::Blue, reason: WinReason::NoLegalMove });
}
