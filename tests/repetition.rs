//! The repetition rules on hand-built cases (docs/rules.md, "Repetition"): the two-squares rule
//! with limits 3 and 5, Scout spans, resets by another piece, attacks counting, the
//! more-squares rule forbidding a chase that recreates a position, its back-move exception,
//! and the end of the game for a side whose every move is forbidden.

mod common;

use common::{board, mv, play_all};
use stratagem::rules::{Game, IllegalMove, Outcome, Position, Rules, Side, WinReason};

fn rules(limit: Option<u8>) -> Rules {
    Rules { two_square_limit: limit, ..Rules::default() }
}

/// A Red Major on b2 and a Red Scout on a1; Blue has two Majors far away so its own moves
/// never run into the rule (it alternates them).
fn shuttle_position(limit: Option<u8>) -> Position {
    board(&[("b2", 'I'), ("a1", 'D'), ("j1", 'M'), ("h9", 'U'), ("j8", 'U'), ("a10", 'Y')], rules(limit), Side::Red)
}

/// Blue's filler moves, alternating two pieces: `n`-th one.
fn blue_filler(n: usize) -> &'static str {
    ["j8-j7", "h9-h8", "j7-j8", "h8-h9"][n % 4]
}

fn legal(pos: &Position, m: &str) -> bool {
    pos.legal_moves().contains(&mv(m))
}

#[test]
fn shuttle_up_to_the_limit_and_one_beyond() {
    for limit in [3u8, 5] {
        let mut pos = shuttle_position(Some(limit));
        let shuttle = ["b2-b3", "b3-b2"];
        for i in 0..limit as usize {
            play_all(&mut pos, &[shuttle[i % 2], blue_filler(i)]);
        }
        let next = shuttle[limit as usize % 2];
        assert_eq!(pos.check_move(mv(next)), Err(IllegalMove::TwoSquares(limit)), "limit {limit}: move {}", limit + 1);
        assert!(!legal(&pos, next), "limit {limit}");
        // The same piece may still leave the two squares.
        let from = &next[..2];
        let sideways = if from == "b3" { "b3-c3" } else { "b2-c2" };
        assert!(legal(&pos, sideways), "limit {limit}: {sideways}");
        // Without the rule the move is fine.
        let mut free = shuttle_position(None);
        for i in 0..limit as usize {
            play_all(&mut free, &[shuttle[i % 2], blue_filler(i)]);
        }
        assert!(legal(&free, next));
    }
}

#[test]
fn limit_five_allows_the_fourth_and_fifth_moves() {
    let mut pos = shuttle_position(Some(5));
    for i in 0..3 {
        play_all(&mut pos, &[["b2-b3", "b3-b2"][i % 2], blue_filler(i)]);
    }
    assert!(legal(&pos, "b3-b2"), "4th move under limit 5");
    let mut three = shuttle_position(Some(3));
    for i in 0..3 {
        play_all(&mut three, &[["b2-b3", "b3-b2"][i % 2], blue_filler(i)]);
    }
    assert_eq!(three.check_move(mv("b3-b2")), Err(IllegalMove::TwoSquares(3)));
}

#[test]
fn another_piece_in_between_resets_the_count() {
    let mut pos = shuttle_position(Some(3));
    play_all(
        &mut pos,
        &["b2-b3", blue_filler(0), "b3-b2", blue_filler(1), "a1-a2", blue_filler(2), "b2-b3", blue_filler(3)],
    );
    // Last three Red moves: b3-b2, a1-a2, b2-b3: not all by the Major.
    assert!(legal(&pos, "b3-b2"));
    play_all(&mut pos, &["b3-b2", blue_filler(4)]);
    assert!(legal(&pos, "b2-b3"), "last three: a1-a2, b2-b3, b3-b2");
    play_all(&mut pos, &["b2-b3", blue_filler(5)]);
    assert_eq!(pos.check_move(mv("b3-b2")), Err(IllegalMove::TwoSquares(3)));
}

#[test]
fn attacks_count_as_moves_between_the_squares() {
    // The Major takes a Blue Scout on b3, then shuttles: the capture is the first of the three.
    let mut pos = board(
        &[("b2", 'I'), ("b3", 'P'), ("j1", 'M'), ("h9", 'U'), ("j8", 'U'), ("a10", 'Y')],
        rules(Some(3)),
        Side::Red,
    );
    play_all(&mut pos, &["b2-b3", blue_filler(0), "b3-b2", blue_filler(1), "b2-b3", blue_filler(2)]);
    assert!(pos.history()[0].report.battle.is_some());
    assert_eq!(pos.check_move(mv("b3-b2")), Err(IllegalMove::TwoSquares(3)));
}

#[test]
fn scout_spans_count_every_square_passed() {
    // a1-a5, a5-a2, a2-a5: all three cover a2..a5; a5-a3 covers a3..a5, sharing a3, a4, a5.
    let setup = |pos: &mut Position, moves: [&str; 3]| {
        for (i, m) in moves.iter().enumerate() {
            play_all(pos, &[m, blue_filler(i)]);
        }
    };
    let base = || board(&[("a1", 'D'), ("j1", 'M'), ("h9", 'U'), ("j8", 'U'), ("a10", 'Y')], rules(Some(3)), Side::Red);
    let mut pos = base();
    setup(&mut pos, ["a1-a5", "a5-a2", "a2-a5"]);
    assert_eq!(pos.check_move(mv("a5-a3")), Err(IllegalMove::TwoSquares(3)));
    assert_eq!(pos.check_move(mv("a5-a4")), Err(IllegalMove::TwoSquares(3)));
    assert_eq!(pos.check_move(mv("a5-a1")), Err(IllegalMove::TwoSquares(3)));
    // Leaving the common span upwards shares only a5: allowed; so is a move along row 5.
    assert!(legal(&pos, "a5-a6"));
    assert!(legal(&pos, "a5-b5"));
    // Allowed variant: a1-a5, a5-a4, a4-a1 have only a4 in common, so any fourth move is fine.
    let mut pos = base();
    setup(&mut pos, ["a1-a5", "a5-a4", "a4-a1"]);
    assert!(legal(&pos, "a1-a5"));
    assert!(legal(&pos, "a1-a4"));
    // Two different Scouts crossing the same squares never trigger the rule.
    let mut pos = board(
        &[("a1", 'D'), ("b1", 'D'), ("j1", 'M'), ("h9", 'U'), ("j8", 'U'), ("a10", 'Y')],
        rules(Some(3)),
        Side::Red,
    );
    play_all(
        &mut pos,
        &["a1-a4", blue_filler(0), "b1-b2", blue_filler(1), "a4-a1", blue_filler(2), "b2-b1", blue_filler(3)],
    );
    assert!(legal(&pos, "a1-a4"));
}

/// Red Major j7, Blue Major j5 (plus flags far away): Red chases Blue round the 2x2 block
/// i5 j5 i6 j6, Blue evades each time.
fn chase_position() -> Position {
    board(&[("j7", 'I'), ("a1", 'M'), ("a2", 'D'), ("j5", 'U'), ("a10", 'Y'), ("a9", 'P')], Rules::default(), Side::Red)
}

const CHASE: [&str; 8] = ["j7-j6", "j5-i5", "j6-i6", "i5-j5", "i6-i5", "j5-j6", "i5-i6", "j6-j5"];

#[test]
fn chase_may_not_recreate_a_position() {
    let mut pos = chase_position();
    play_all(&mut pos, &CHASE);
    // i6-j6 would bring back the position after Red's first chasing move (Red j6, Blue j5).
    assert_eq!(pos.check_move(mv("i6-j6")), Err(IllegalMove::MoreSquares));
    assert!(!legal(&pos, "i6-j6"));
    // Other moves are fine: back to i5 (where the Major came from), or away.
    assert!(legal(&pos, "i6-i5"));
    assert!(legal(&pos, "i6-i7"));
    // The position really would repeat: with the rule off, the move brings back the same
    // pieces on the same squares as after Red's first move.
    let first = pos.history()[0].id_hash_after;
    let mut off = chase_position_with(Rules { more_squares_rule: false, ..Rules::default() });
    play_all(&mut off, &CHASE);
    play_all(&mut off, &["i6-j6"]);
    assert_eq!(off.id_hash(), first);
    let mut after_first = chase_position();
    play_all(&mut after_first, &CHASE[..1]);
    assert_eq!(off.to_field(), after_first.to_field());
}

fn chase_position_with(rules: Rules) -> Position {
    board(&[("j7", 'I'), ("a1", 'M'), ("a2", 'D'), ("j5", 'U'), ("a10", 'Y'), ("a9", 'P')], rules, Side::Red)
}

#[test]
fn a_non_threatening_move_ends_the_chase() {
    let mut pos = chase_position();
    play_all(&mut pos, &CHASE);
    assert_eq!(pos.check_move(mv("i6-j6")), Err(IllegalMove::MoreSquares));
    // Red makes a quiet move elsewhere, both sides put their far pieces back: the same
    // board, Red to move, but the chase is over.
    play_all(&mut pos, &["a2-a3", "a9-a8", "a3-a2", "a8-a9"]);
    assert!(legal(&pos, "i6-j6"));
}

#[test]
fn the_move_back_to_the_square_just_left_is_always_allowed() {
    // Red i8, Blue j9: Red steps to j8 (threat), Blue to i9, Red back to i8 (threat),
    // Blue back to j9; Red's i8-j8 recreates the first chase position but goes back to the
    // square the Major just came from.
    let mut pos = board(&[("i8", 'I'), ("a1", 'M'), ("j9", 'U'), ("a10", 'Y')], Rules::default(), Side::Red);
    play_all(&mut pos, &["i8-j8", "j9-i9", "j8-i8", "i9-j9"]);
    let first = pos.history()[0].id_hash_after;
    assert!(legal(&pos, "i8-j8"));
    play_all(&mut pos, &["i8-j8"]);
    assert_eq!(pos.id_hash(), first, "the position did repeat");
    // ...but the two-squares rule still applies: a fourth move between i8 and j8 is refused.
    play_all(&mut pos, &["j9-i9"]);
    assert_eq!(pos.check_move(mv("j8-i8")), Err(IllegalMove::TwoSquares(3)));
}

#[test]
fn a_side_whose_every_move_is_forbidden_loses() {
    // Red's only movable piece, a Major on a2 walled in by its own Bombs, can only shuttle
    // a2-a1; after three shuttles it has no legal move.
    let pos = board(
        &[("a2", 'I'), ("a3", 'B'), ("b2", 'B'), ("b1", 'B'), ("c1", 'M'), ("j9", 'U'), ("a10", 'Y')],
        Rules::default(),
        Side::Red,
    );
    let mut game = Game::from_position(pos);
    for m in ["a2-a1", "j9-j8", "a1-a2", "j8-j9", "a2-a1", "j9-j8"] {
        assert_eq!(game.outcome(), None);
        game.play(mv(m)).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Side::Blue, reason: WinReason::NoLegalMove }));
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(game.play(mv("a1-a2")), Err(IllegalMove::GameOver));
}
