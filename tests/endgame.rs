//! Every way a game ends (docs/rules.md, "End of the game"), through the referee `Game`: Flag
//! captured, no movable pieces, no legal move (walled in by own Bombs, or by the repetition
//! rules), neither side can move, resignation, agreed draw, forfeit, the total-ply and the
//! no-attack draws (small limits and the default 200), that nothing can be played after
//! the end, and that undoing a game-ending move reopens the game.

mod common;

use common::{STOPPED_PIECES, STOPPED_SHUTTLES, board, mv};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use stratagem::rules::{DrawReason, Game, IllegalMove, Outcome, Rules, Side, WinReason};

fn win(winner: Side, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

fn game(pieces: &[(&str, char)], rules: Rules, to_move: Side) -> Game {
    Game::from_position(board(pieces, rules, to_move))
}

/// Asserts the game is over: no move, no resignation, no draw offer is accepted.
fn assert_closed(g: &mut Game, some_move: &str) {
    assert_eq!(g.play(mv(some_move)), Err(IllegalMove::GameOver));
    assert_eq!(g.resign(Side::Red), Err(IllegalMove::GameOver));
    assert_eq!(g.agree_draw(), Err(IllegalMove::GameOver));
    assert_eq!(g.forfeit(Side::Blue), Err(IllegalMove::GameOver));
    assert!(g.legal_targets(mv(some_move).from).is_empty());
}

#[test]
fn capturing_the_flag_wins_and_undo_reopens() {
    let mut g = game(&[("a1", 'D'), ("b1", 'M'), ("a9", 'Y'), ("j9", 'U')], Rules::default(), Side::Red);
    let r = g.play(mv("a1-a9")).unwrap();
    assert_eq!(r.battle.unwrap().defender_kind, stratagem::rules::PieceKind::Flag);
    assert_eq!(g.outcome(), win(Side::Red, WinReason::FlagCaptured));
    assert_closed(&mut g, "j9-j8");
    assert!(g.undo().is_some());
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().flag_captured(), None);
    g.play(mv("a1-a2")).unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn flag_capture_on_the_last_allowed_ply_still_wins() {
    let rules = Rules { max_plies: Some(1), max_plies_without_attack: Some(1), ..Rules::default() };
    let mut g = game(&[("a1", 'D'), ("b1", 'M'), ("a9", 'Y'), ("j9", 'U')], rules, Side::Red);
    g.play(mv("a1-a9")).unwrap();
    assert_eq!(g.outcome(), win(Side::Red, WinReason::FlagCaptured));
}

#[test]
fn no_move_left_on_the_last_allowed_ply_still_loses() {
    let rules = Rules { max_plies: Some(1), max_plies_without_attack: Some(1), ..Rules::default() };
    let mut g = game(&[("e4", 'L'), ("a1", 'M'), ("e5", 'U'), ("j10", 'Y'), ("i10", 'N')], rules, Side::Red);
    g.play(mv("e4-e5")).unwrap();
    assert_eq!(g.outcome(), win(Side::Red, WinReason::NoMovablePieces));
}

#[test]
fn no_movable_pieces_loses() {
    // Red's Marshal takes Blue's last movable piece; Blue has only a Bomb and its Flag.
    let mut g = game(&[("e4", 'L'), ("a1", 'M'), ("e5", 'U'), ("j10", 'Y'), ("i10", 'N')], Rules::default(), Side::Red);
    g.play(mv("e4-e5")).unwrap();
    assert_eq!(g.outcome(), win(Side::Red, WinReason::NoMovablePieces));
    assert_closed(&mut g, "e5-e6");
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn walled_in_by_own_bombs_loses() {
    // Blue's Major on j10 is walled in by its own Bombs on i10 and j9; Red has moves.
    let mut g = game(
        &[("a1", 'M'), ("a2", 'I'), ("j10", 'U'), ("i10", 'N'), ("j9", 'N'), ("h10", 'Y')],
        Rules::default(),
        Side::Red,
    );
    assert_eq!(g.outcome(), None);
    g.play(mv("a2-a3")).unwrap();
    assert_eq!(g.outcome(), win(Side::Red, WinReason::NoLegalMove));
    assert_closed(&mut g, "j10-j9");
}

#[test]
fn every_move_forbidden_by_repetition_loses() {
    let mut g = game(
        &[("a2", 'I'), ("a3", 'B'), ("b2", 'B'), ("b1", 'B'), ("c1", 'M'), ("j9", 'U'), ("a10", 'Y')],
        Rules::default(),
        Side::Red,
    );
    for m in ["a2-a1", "j9-j8", "a1-a2", "j8-j9", "a2-a1", "j9-j8"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.outcome(), win(Side::Blue, WinReason::NoLegalMove));
    assert_closed(&mut g, "a1-a2");
    g.undo().unwrap();
    assert_eq!(g.outcome(), None, "undo reopens the game");
    // With the two-squares rule off the same position goes on.
    let rules = Rules { two_square_limit: None, ..Rules::default() };
    let mut g = game(
        &[("a2", 'I'), ("a3", 'B'), ("b2", 'B'), ("b1", 'B'), ("c1", 'M'), ("j9", 'U'), ("a10", 'Y')],
        rules,
        Side::Red,
    );
    for m in ["a2-a1", "j9-j8", "a1-a2", "j8-j9", "a2-a1", "j9-j8", "a1-a2"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn neither_side_can_move_is_a_draw() {
    // The two Majors remove each other: both sides are left with a Bomb and a Flag.
    let mut g = game(
        &[("e4", 'I'), ("a1", 'M'), ("b1", 'B'), ("e5", 'U'), ("j10", 'Y'), ("i10", 'N')],
        Rules::default(),
        Side::Red,
    );
    g.play(mv("e4-e5")).unwrap();
    assert_eq!(g.outcome(), draw(DrawReason::NeitherCanMove));
    assert_closed(&mut g, "a1-a2");
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
    // Neither side can move from the very start: a draw at once.
    let g = game(&[("a1", 'M'), ("b1", 'B'), ("j10", 'Y')], Rules::default(), Side::Red);
    assert_eq!(g.outcome(), draw(DrawReason::NeitherCanMove));
}

#[test]
fn both_sides_stopped_by_the_two_squares_rule_is_a_draw() {
    // Each side's only movable piece is walled in by its own Bombs and shuttles; after three
    // shuttles each, Red cannot move and neither could Blue on its turn: a draw, not a win.
    let pieces = STOPPED_PIECES;
    let mut g = game(&pieces, Rules::default(), Side::Red);
    for m in STOPPED_SHUTTLES {
        assert_eq!(g.outcome(), None);
        g.play(mv(m)).unwrap();
    }
    assert!(g.position().has_pseudo_move(Side::Blue), "Blue's piece could step by geometry");
    assert!(!g.position().could_move_next(Side::Blue));
    assert_eq!(g.outcome(), draw(DrawReason::NeitherCanMove));
    // With a free Blue Scout on e9 as well, Blue could still move: Red loses.
    let mut more = pieces.to_vec();
    more.push(("e9", 'P'));
    let mut g = game(&more, Rules::default(), Side::Red);
    for m in STOPPED_SHUTTLES {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.outcome(), win(Side::Blue, WinReason::NoLegalMove));
}

#[test]
fn resignation_agreed_draw_and_forfeit() {
    let pieces = [("a1", 'M'), ("a2", 'I'), ("j10", 'Y'), ("j9", 'U')];
    let mut g = game(&pieces, Rules::default(), Side::Red);
    g.play(mv("a2-a3")).unwrap();
    assert_eq!(g.resign(Side::Blue), Ok(Outcome::Win { winner: Side::Red, reason: WinReason::Resignation }));
    assert_eq!(g.outcome(), win(Side::Red, WinReason::Resignation));
    assert_closed(&mut g, "j9-j8");
    assert_eq!(g.undo(), None, "a resignation is not taken back by undo");
    assert_eq!(g.outcome(), win(Side::Red, WinReason::Resignation));
    assert_eq!(g.position().ply(), 1);

    let mut g = game(&pieces, Rules::default(), Side::Red);
    assert_eq!(g.agree_draw(), Ok(Outcome::Draw { reason: DrawReason::Agreed }));
    assert_closed(&mut g, "a2-a3");
    assert_eq!(g.undo(), None);

    let mut g = game(&pieces, Rules::default(), Side::Red);
    assert_eq!(g.forfeit(Side::Red), Ok(Outcome::Win { winner: Side::Blue, reason: WinReason::Forfeit }));
    assert_closed(&mut g, "a2-a3");
}

/// Two pieces each, far apart, walking without attacking: returns the game after `plies`
/// quiet plies or when it ends. Moves are random legal non-attacks, so no repetition rule
/// is ever broken (only legal moves are played).
fn quiet_walk(rules: Rules, plies: usize, seed: u64) -> Game {
    let mut g =
        game(&[("a1", 'M'), ("a2", 'I'), ("e2", 'H'), ("j10", 'Y'), ("j9", 'U'), ("f9", 'T')], rules, Side::Red);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..plies {
        if g.outcome().is_some() {
            break;
        }
        let pos = g.position();
        let quiet: Vec<_> = pos.legal_moves().iter().copied().filter(|m| pos.piece_at(m.to).is_none()).collect();
        let m = *quiet.choose(&mut rng).expect("a quiet move");
        g.play(m).unwrap();
    }
    g
}

#[test]
fn total_ply_limit_draws() {
    let rules = Rules { max_plies: Some(10), max_plies_without_attack: None, ..Rules::default() };
    let g = quiet_walk(rules, 9, 1);
    assert_eq!((g.position().ply(), g.outcome()), (9, None));
    let mut g = quiet_walk(rules, 10, 1);
    assert_eq!((g.position().ply(), g.outcome()), (10, draw(DrawReason::MovesLimit)));
    assert_closed(&mut g, "a2-a3");
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn no_attack_limit_draws_and_an_attack_resets_it() {
    let rules = Rules { max_plies: None, max_plies_without_attack: Some(6), ..Rules::default() };
    let g = quiet_walk(rules, 6, 2);
    assert_eq!((g.position().plies_since_attack(), g.outcome()), (6, draw(DrawReason::NoAttackLimit)));
    // An attack on the fourth ply resets the count: the game goes on until 6 quiet plies follow.
    let mut g = game(&[("a1", 'M'), ("e4", 'I'), ("e5", 'P'), ("j10", 'Y'), ("j9", 'U')], rules, Side::Red);
    for m in ["e4-f4", "j9-i9", "f4-e4", "i9-h9", "e4-e5"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.position().plies_since_attack(), 0);
    for m in ["h9-g9", "e5-e6", "g9-f9", "e6-e7", "f9-f8"] {
        assert_eq!(g.outcome(), None);
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.outcome(), None);
    g.play(mv("e7-e8")).unwrap();
    assert_eq!(g.outcome(), draw(DrawReason::NoAttackLimit));
}

#[test]
fn default_limits_draw_after_200_quiet_plies() {
    let rules = Rules::default();
    assert_eq!((rules.max_plies, rules.max_plies_without_attack), (Some(2000), Some(200)));
    let g = quiet_walk(rules, 199, 3);
    assert_eq!((g.position().ply(), g.outcome()), (199, None));
    let mut g = quiet_walk(rules, 200, 3);
    assert_eq!((g.position().ply(), g.outcome()), (200, draw(DrawReason::NoAttackLimit)));
    assert_closed(&mut g, "a1-a2");
}
