//! Properties of the position, make/undo and the player views over seeded random playouts
//! (human setups, classic and Barrage, and random partial placements, under varied switches):
//! - pieces are only ever removed, lakes stay empty;
//! - the incremental kind and identity hashes equal `compute_hashes` after every ply and undo;
//! - undo restores exactly the state before the ply;
//! - a view never holds an unrevealed enemy kind, and `determinize` leaves no placeholder;
//! - the views updated report by report equal views rebuilt from the referee, agree with the
//!   referee on every square and every public flag, and generate the referee's moves;
//! - a view's record survives a serde_json round trip;
//! - an out-of-order or corrupt report is refused and changes nothing.

mod common;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use stratagem::rules::{
    Battle, Move, MoveReport, PieceId, PieceKind, PieceState, PlayerView, Position, Side, Square, ViewPiece, ViewRecord,
};

/// Everything observable about a position, for exact comparisons.
#[derive(PartialEq, Debug)]
struct Snapshot {
    field: String,
    board: Vec<Option<PieceId>>,
    pieces: Vec<PieceState>,
    to_move: Side,
    ply: u32,
    plies_since_attack: u32,
    hashes: (u64, u64),
    flag_captured: Option<Side>,
    chase: (Option<u32>, Option<u32>),
    alive: (u64, u64),
    history: Vec<MoveReport>,
}

fn snapshot(p: &Position) -> Snapshot {
    Snapshot {
        field: p.to_field(),
        board: Square::all().map(|s| p.piece_at(s)).collect(),
        pieces: (0..80).map(|i| *p.piece(PieceId(i))).collect(),
        to_move: p.to_move(),
        ply: p.ply(),
        plies_since_attack: p.plies_since_attack(),
        hashes: (p.hash(), p.id_hash()),
        flag_captured: p.flag_captured(),
        chase: (p.chase_start(Side::Red), p.chase_start(Side::Blue)),
        alive: (p.alive_mask(Side::Red), p.alive_mask(Side::Blue)),
        history: p.history().iter().map(|r| r.report).collect(),
    }
}

/// Everything observable about a view.
#[derive(PartialEq, Debug)]
struct ViewSnapshot {
    record: ViewRecord,
    board: Vec<Option<PieceId>>,
    pieces: Vec<ViewPiece>,
    moves: Vec<Move>,
    ply: u32,
}

fn view_snapshot(v: &PlayerView) -> ViewSnapshot {
    ViewSnapshot {
        record: v.to_record(),
        board: Square::all().map(|s| v.piece_at(s)).collect(),
        pieces: (0..80).map(|i| v.piece(PieceId(i))).collect(),
        moves: v.legal_moves().to_vec(),
        ply: v.ply(),
    }
}

/// The view of `side` agrees with the referee on everything public, and knows no hidden kind.
fn check_view(referee: &Position, v: &PlayerView, side: Side) {
    for s in Square::all() {
        assert_eq!(v.piece_at(s), referee.piece_at(s), "{side} view, square {s}");
    }
    for id in Side::BOTH.iter().flat_map(|&sd| referee.pieces_of(sd).collect::<Vec<_>>()) {
        let (p, vp) = (referee.piece(id), v.piece(id));
        assert_eq!(
            (vp.square, vp.alive, vp.moved, vp.scout_known, vp.revealed),
            (p.square, p.alive, p.moved, p.scout_known, p.revealed),
            "{side} view of piece {id:?}"
        );
        let should_know = id.side() == side || p.revealed;
        assert_eq!(v.kind(id), should_know.then_some(p.kind), "{side} view of the kind of {id:?}");
        assert_eq!(vp.kind, v.kind(id));
    }
    assert_eq!(
        v.unknown_enemies().count(),
        referee.pieces_of(side.opponent()).filter(|&id| !referee.piece(id).revealed).count()
    );
    // A determinized position holds the assigned kinds, never the placeholder.
    let det = v.determinize(|_| PieceKind::Marshal);
    for id in referee.pieces_of(side.opponent()) {
        let want = if referee.piece(id).revealed { referee.piece(id).kind } else { PieceKind::Marshal };
        assert_eq!(det.piece(id).kind, want, "determinized {id:?}");
        assert!(det.piece(id).kind_known);
    }
    assert_eq!(det.compute_hashes(), (det.hash(), det.id_hash()));
    // Legal moves: the referee's for the side to move, none otherwise.
    let mine: BTreeSet<Move> = v.legal_moves().iter().copied().collect();
    if referee.to_move() == side {
        let theirs: BTreeSet<Move> = referee.legal_moves().iter().copied().collect();
        assert_eq!(mine, theirs, "{side} view's legal moves");
    } else {
        assert!(mine.is_empty());
    }
}

/// Corrupt variants of the report `r` that `v` (which has not seen it yet) must refuse.
fn corrupt_variants(
    r: &MoveReport,
    v: &PlayerView,
    prev: Option<&MoveReport>,
    rng: &mut ChaCha8Rng,
) -> Vec<MoveReport> {
    let mut out = Vec::new();
    out.push(MoveReport { side: r.side.opponent(), ..*r });
    if let Some(p) = prev {
        out.push(*p); // the previous report again: out of order
    }
    // another piece of the mover's side that is not on `from`
    let other = (0..40).map(|i| PieceId::new(r.side, i)).find(|&id| id != r.piece);
    if let Some(o) = other {
        out.push(MoveReport { piece: o, ..*r });
    }
    out.push(MoveReport { piece: PieceId::new(r.side.opponent(), r.piece.local()), ..*r });
    out.push(MoveReport { to: Square::parse(["c5", "d6", "g5", "h6"].choose(rng).unwrap()).unwrap(), ..*r });
    out.push(MoveReport { to: r.from, ..*r });
    // a step of one of the opponent's pieces, reported as a move of the side to move
    let theirs = v.pieces_of(r.side.opponent()).find_map(|id| {
        let from = v.piece(id).square;
        from.neighbours().find(|&n| v.piece_at(n).is_none()).map(|to| (id, from, to))
    });
    if let Some((id, from, to)) = theirs {
        out.push(MoveReport { side: r.side, piece: id, from, to, battle: None });
    }
    match r.battle {
        None => {
            // a battle on an empty square
            let fake = stratagem::rules::BattleReport {
                defender: PieceId::new(r.side.opponent(), 0),
                attacker_kind: PieceKind::Marshal,
                defender_kind: PieceKind::Spy,
                result: Battle::AttackerWins,
            };
            out.push(MoveReport { battle: Some(fake), ..*r });
        }
        Some(b) => {
            out.push(MoveReport { battle: None, ..*r });
            let wrong = [Battle::AttackerWins, Battle::DefenderWins, Battle::BothRemoved]
                .into_iter()
                .find(|&x| x != b.result)
                .unwrap();
            out.push(MoveReport { battle: Some(stratagem::rules::BattleReport { result: wrong, ..b }), ..*r });
            // a kind the view already knows, changed (with the result made consistent)
            for (known, attacker) in [(v.kind(r.piece), true), (v.kind(b.defender), false)] {
                if let Some(k) = known {
                    let alt = PieceKind::ALL
                        .into_iter()
                        .filter(|&x| x != k && x.is_movable())
                        .nth(rng.random_range(0..9))
                        .unwrap();
                    let mut nb = b;
                    if attacker {
                        nb.attacker_kind = alt;
                    } else {
                        nb.defender_kind = alt;
                    }
                    nb.result = stratagem::rules::battle(nb.attacker_kind, nb.defender_kind);
                    out.push(MoveReport { battle: Some(nb), ..*r });
                }
            }
        }
    }
    out
}

#[derive(Default, Debug)]
struct Counts {
    plies: usize,
    battles: usize,
    /// Battles by result: attacker wins, defender wins, both removed (undo of each is checked).
    results: [usize; 3],
    corrupt_refused: usize,
}

/// One playout with every check at every ply.
fn run(mut pos: Position, plies: usize, rng: &mut ChaCha8Rng, counts: &mut Counts) {
    let mut views = [PlayerView::new(&pos, Side::Red), PlayerView::new(&pos, Side::Blue)];
    for _ in 0..plies {
        if pos.flag_captured().is_some() {
            break;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv =
            if rng.random_bool(0.5) { common::biased_choice(&pos, &moves, rng) } else { *moves.choose(rng).unwrap() };
        let before = snapshot(&pos);
        let view_before: Vec<ViewSnapshot> = views.iter().map(view_snapshot).collect();
        let report = pos.play(mv).unwrap();
        counts.plies += 1;
        counts.battles += report.battle.is_some() as usize;
        if let Some(b) = report.battle {
            counts.results[b.result as usize] += 1;
        }

        // Pieces only removed; lakes empty; hashes right.
        let after = snapshot(&pos);
        assert_eq!(after.alive.0 & !before.alive.0, 0, "a Red piece appeared");
        assert_eq!(after.alive.1 & !before.alive.1, 0, "a Blue piece appeared");
        assert!(Square::all().filter(|s| s.is_lake()).all(|s| pos.piece_at(s).is_none()));
        assert_eq!(pos.compute_hashes(), (pos.hash(), pos.id_hash()));

        // Undo restores everything; play again.
        let mut undone = pos.clone();
        assert_eq!(undone.undo(), Some(report));
        assert_eq!(undone.compute_hashes(), (undone.hash(), undone.id_hash()));
        assert_eq!(snapshot(&undone), before, "undo of {mv}");

        // Corrupt and out-of-order reports change nothing.
        let prev = before.history.last().copied();
        for (i, v) in views.iter_mut().enumerate() {
            for bad in corrupt_variants(&report, v, prev.as_ref(), rng) {
                assert!(v.apply(&bad).is_err(), "{} view accepted {bad:?} (true {report:?})", v.side());
                assert_eq!(view_snapshot(v), view_before[i], "a refused report changed the view");
                counts.corrupt_refused += 1;
            }
        }
        // Both views learn the ply and equal views rebuilt from the referee.
        for v in views.iter_mut() {
            v.apply(&report).unwrap();
            let side = v.side();
            let fresh = PlayerView::new(&pos, side);
            assert_eq!(view_snapshot(v), view_snapshot(&fresh), "{side}: incremental view differs from rebuilt");
            check_view(&pos, v, side);
            // Serialization round trip.
            let json = serde_json::to_string(&v.to_record()).unwrap();
            let back: ViewRecord = serde_json::from_str(&json).unwrap();
            let rebuilt = PlayerView::from_record(&back).unwrap();
            assert_eq!(view_snapshot(&rebuilt), view_snapshot(v), "{side}: serde round trip");
        }
    }
    // Undo all the way back: hashes right at every step.
    while pos.undo().is_some() {
        assert_eq!(pos.compute_hashes(), (pos.hash(), pos.id_hash()));
    }
    assert_eq!(pos.ply(), 0);
}

#[test]
fn playouts_from_human_setups() {
    let classic = common::classic_setups(211);
    let barrage = common::barrage_setups(13);
    let mut rng = ChaCha8Rng::seed_from_u64(0x9209_0001);
    let mut counts = Counts::default();
    for _ in 0..24 {
        let pos = common::random_start(&mut rng, &classic, &barrage);
        run(pos, 120, &mut rng, &mut counts);
    }
    eprintln!("{counts:?}");
    assert!(counts.plies >= 2000 && counts.battles >= 80, "{counts:?}");
    assert!(counts.results.iter().all(|&n| n >= 5), "every battle result, undone: {counts:?}");
}

#[test]
fn playouts_from_random_placements() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x9209_0002);
    let mut counts = Counts::default();
    // 100 placements: with the generator's move order of issue 10 (by direction), 80 seeded
    // playouts had 98 battles, under the floor of 100 below.
    for i in 0..100 {
        let variant = if i % 2 == 0 { stratagem::rules::Variant::Classic } else { stratagem::rules::Variant::Barrage };
        let rules = common::random_rules(&mut rng, variant);
        let pos = common::random_placement(&mut rng, rules);
        run(pos, 40, &mut rng, &mut counts);
    }
    eprintln!("{counts:?}");
    assert!(counts.plies >= 1000 && counts.battles >= 100, "{counts:?}");
    assert!(counts.results.iter().all(|&n| n >= 5), "every battle result, undone: {counts:?}");
}

#[test]
fn malformed_view_records_are_refused() {
    let setup = common::classic_setups(1000)[0];
    let mut pos = Position::new(Default::default(), &setup, &setup);
    pos.play(common::mv("b4-b5")).unwrap();
    let rec = PlayerView::new(&pos, Side::Red).to_record();
    assert!(PlayerView::from_record(&rec).is_ok());
    // 99 squares
    let mut bad = rec.clone();
    bad.start.squares.pop();
    assert!(PlayerView::from_record(&bad).is_err());
    // an enemy kind leaked into the start
    let mut bad = rec.clone();
    bad.start.squares[99] = Some((Side::Blue, Some(PieceKind::Marshal)));
    assert!(PlayerView::from_record(&bad).is_err());
    // an own piece without a kind
    let mut bad = rec.clone();
    bad.start.squares[0] = Some((Side::Red, None));
    assert!(PlayerView::from_record(&bad).is_err());
    // a piece on a lake
    let mut bad = rec.clone();
    bad.start.squares[42] = Some((Side::Red, Some(PieceKind::Scout)));
    assert!(PlayerView::from_record(&bad).is_err());
    // an enemy army that does not match the board
    let mut bad = rec.clone();
    bad.start.enemy_army.add(PieceKind::Marshal);
    assert!(PlayerView::from_record(&bad).is_err());
    // a report that does not fit, named by its index
    let mut bad = rec.clone();
    bad.reports.push(bad.reports[0]);
    let err = PlayerView::from_record(&bad).unwrap_err().to_string();
    assert!(err.starts_with("report 1"), "{err}");
    // JSON that is not a record
    assert!(serde_json::from_str::<ViewRecord>("{\"start\": 3}").is_err());
}

#[test]
fn random_reports_never_panic_and_refused_ones_change_nothing() {
    // Reports with random fields (ids beyond the 80 pieces, any squares, any kinds and
    // results): a view either accepts one (then it was a legal move the view can replay) or
    // refuses it unchanged; it never panics.
    let classic = common::classic_setups(509);
    let barrage = common::barrage_setups(31);
    let mut rng = ChaCha8Rng::seed_from_u64(0x9209_0003);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..40 {
        let mut pos = common::random_start(&mut rng, &classic, &barrage);
        for _ in 0..rng.random_range(0..60) {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.flag_captured().is_some() {
                break;
            }
            pos.play(*moves.choose(&mut rng).unwrap()).unwrap();
        }
        for side in Side::BOTH {
            let mut v = PlayerView::new(&pos, side);
            for _ in 0..300 {
                let sq = |rng: &mut ChaCha8Rng| Square::from_index(rng.random_range(0..100)).unwrap();
                let kind = |rng: &mut ChaCha8Rng| PieceKind::ALL[rng.random_range(0..12)];
                let battle = rng.random_bool(0.5).then(|| stratagem::rules::BattleReport {
                    defender: PieceId(rng.random_range(0..90)),
                    attacker_kind: kind(&mut rng),
                    defender_kind: kind(&mut rng),
                    result: [Battle::AttackerWins, Battle::DefenderWins, Battle::BothRemoved][rng.random_range(0..3)],
                });
                let from = if rng.random_bool(0.5) {
                    // often a square with a piece, so more reports get past the first checks
                    let ids: Vec<PieceId> = v.pieces_of(v.to_move()).collect();
                    ids.choose(&mut rng).map(|&id| v.piece(id).square).unwrap_or_else(|| sq(&mut rng))
                } else {
                    sq(&mut rng)
                };
                let r = MoveReport {
                    side: if rng.random_bool(0.8) { v.to_move() } else { v.to_move().opponent() },
                    piece: v
                        .piece_at(from)
                        .filter(|_| rng.random_bool(0.8))
                        .unwrap_or(PieceId(rng.random_range(0..90))),
                    from,
                    to: sq(&mut rng),
                    battle,
                };
                let before = view_snapshot(&v);
                match v.apply(&r) {
                    Ok(()) => {
                        accepted += 1;
                        // an accepted report is a legal move of the side that was to move
                        assert!(before.moves.contains(&r.mv()) || v.side() != r.side, "{r:?}");
                        assert_eq!(v.ply(), before.ply + 1);
                        break;
                    }
                    Err(_) => {
                        refused += 1;
                        assert_eq!(view_snapshot(&v), before, "refused {r:?} changed the view");
                    }
                }
            }
        }
    }
    eprintln!("accepted {accepted}, refused {refused}");
    assert!(refused > 1000);
}
