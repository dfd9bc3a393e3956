//! Shared helpers for the rules-engine tests: the human setups in `data/`, Gravon fields,
//! random rule switches, random placements, and random playouts biased towards the
//! repetition rules (shuttles, moves back, chases). Every random choice comes from the
//! seeded generator passed in, so every test is reproducible.
#![allow(dead_code)]

pub mod oracle;

use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use stratagem::rules::{Move, PieceKind, Position, Rules, Setup, Side, Square, Variant};

/// Setups from a data file, every `step`-th line.
fn setups(file: &str, step: usize) -> Vec<Setup> {
    let path = format!("{}/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().step_by(step).map(|l| Setup::parse(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

/// Every `step`-th classic setup played on Gravon.
pub fn classic_setups(step: usize) -> Vec<Setup> {
    setups("gravon-classic-setups.txt", step)
}

/// Every `step`-th Barrage setup played on Gravon.
pub fn barrage_setups(step: usize) -> Vec<Setup> {
    setups("gravon-barrage-setups.txt", step)
}

/// A position from a 100-letter Gravon field (`A` empty, `_` lake, `B`..`M` Red,
/// `N`..`Y` Blue), read here by hand so the tests do not lean on the notation module.
pub fn field(text: &str, rules: Rules, to_move: Side) -> Position {
    let chars: Vec<char> = text.chars().collect();
    assert_eq!(chars.len(), 100, "a field has 100 letters: {text}");
    let mut placement = [None; 100];
    for (i, &c) in chars.iter().enumerate() {
        let sq = Square::from_index(i).unwrap();
        match c {
            'A' => assert!(!sq.is_lake(), "{sq} is a lake"),
            '_' => assert!(sq.is_lake(), "{sq} is not a lake"),
            _ => placement[i] = Some(PieceKind::from_letter(c).map(|(k, s)| (s, k)).expect("a piece letter")),
        }
    }
    Position::from_placement(rules, &placement, to_move).expect("a valid placement")
}

/// Shorthand for a square.
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// Shorthand for a move.
pub fn mv(text: &str) -> Move {
    Move::parse(text).unwrap()
}

/// Random switches: two-squares limit none, 3 or 5, more-squares on or off, Scout
/// move-and-strike on or off; draw limits off (playouts stop by length).
pub fn random_rules(rng: &mut ChaCha8Rng, variant: Variant) -> Rules {
    Rules {
        variant,
        two_square_limit: *[None, Some(3), Some(5), Some(3), Some(1)].choose(rng).unwrap(),
        more_squares_rule: rng.random_bool(0.75),
        scout_move_and_strike: rng.random_bool(0.6),
        max_plies: None,
        max_plies_without_attack: None,
        repetition_binds_only: None,
    }
}

/// A random partial placement: a few pieces of each side (many Scouts) on random squares.
pub fn random_placement(rng: &mut ChaCha8Rng, rules: Rules) -> Position {
    let mut placement = [None; 100];
    let free: Vec<usize> = (0..100).filter(|&i| !Square::from_index(i).unwrap().is_lake()).collect();
    for side in Side::BOTH {
        let n = rng.random_range(1..=12);
        for _ in 0..n {
            let i = *free.choose(rng).unwrap();
            if placement[i].is_some() {
                continue;
            }
            let kind = if rng.random_bool(0.35) {
                PieceKind::Scout
            } else {
                PieceKind::ALL[rng.random_range(0..PieceKind::COUNT)]
            };
            placement[i] = Some((side, kind));
        }
    }
    let to_move = if rng.random_bool(0.5) { Side::Red } else { Side::Blue };
    Position::from_placement(rules, &placement, to_move).unwrap()
}

/// Picks a move from `moves` (non-empty) biased towards repetition: often the piece that
/// moved last for this side (shuttles, often straight back), the piece that moved the turn
/// before that going back (two pieces taking turns to shuttle recreate earlier positions,
/// which the back-move exception of the more-squares rule does not cover), evasions of a
/// threatened piece (preferably straight back), and threats against the enemy piece that
/// moved last (chases).
pub fn biased_choice(pos: &Position, moves: &[Move], rng: &mut ChaCha8Rng) -> Move {
    let h = pos.history();
    let side = pos.to_move();
    let mut own = h.iter().rev().filter(|r| r.report.side == side).map(|r| r.report);
    let (own_last, own_before) = (own.next(), own.next());
    let their_last = h.last().map(|r| r.report).filter(|r| r.side != side);
    let enemy_at = |s: Square| pos.piece_at(s).is_some_and(|id| id.side() != side);
    let quiet = |m: &Move| pos.piece_at(m.to).is_none();
    let threat = |m: &Move| quiet(m) && m.to.neighbours().any(|n| n != m.from && enemy_at(n));
    let roll: f64 = rng.random();
    if let Some(t) = their_last {
        // Evade: move a piece that stands next to the square the enemy just moved to,
        // preferably straight back where it came from.
        let evade: Vec<Move> =
            moves.iter().copied().filter(|m| m.from.is_adjacent(t.to) && quiet(m) && enemy_at(t.to)).collect();
        if roll < 0.45 && !evade.is_empty() {
            let back = own_last.and_then(|o| evade.iter().copied().find(|m| m.from == o.to && m.to == o.from));
            return back.filter(|_| rng.random_bool(0.7)).unwrap_or_else(|| *evade.choose(rng).unwrap());
        }
    }
    if let Some(o) = own_before {
        // Two pieces taking turns: the one that moved the turn before last goes back.
        let back2: Vec<Move> =
            moves.iter().copied().filter(|m| m.from == o.to && m.to == o.from && threat(m)).collect();
        if roll < 0.6 && !back2.is_empty() {
            return back2[0];
        }
    }
    if let Some(o) = own_last {
        let back: Vec<Move> = moves.iter().copied().filter(|m| m.from == o.to && m.to == o.from).collect();
        if roll < 0.7 && !back.is_empty() {
            return back[0];
        }
        let same: Vec<Move> = moves.iter().copied().filter(|m| m.from == o.to).collect();
        if roll < 0.75 && !same.is_empty() {
            return *same.choose(rng).unwrap();
        }
    }
    // Chase: a threatening move, preferably next to the enemy piece that moved last.
    let chase: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| threat(m) && their_last.is_none_or(|t| m.to.is_adjacent(t.to) || rng.random_bool(0.3)))
        .collect();
    if roll < 0.93 && !chase.is_empty() {
        return *chase.choose(rng).unwrap();
    }
    *moves.choose(rng).unwrap()
}

/// A random start position from real setups: a classic or a Barrage game, random switches.
pub fn random_start(rng: &mut ChaCha8Rng, classic: &[Setup], barrage: &[Setup]) -> Position {
    let variant = if rng.random_bool(0.6) { Variant::Classic } else { Variant::Barrage };
    let pool = if variant == Variant::Classic { classic } else { barrage };
    let rules = random_rules(rng, variant);
    Position::new(rules, pool.choose(rng).unwrap(), pool.choose(rng).unwrap())
}

/// Picks a move for a chase between fixed roles: `chaser` always threatens when it can
/// (preferably the enemy piece that just moved), the other side always evades when it can;
/// attacks are avoided so the chase is not cut short.
pub fn chase_choice(pos: &Position, moves: &[Move], rng: &mut ChaCha8Rng, chaser: Side) -> Move {
    let side = pos.to_move();
    let quiet: Vec<Move> = moves.iter().copied().filter(|m| pos.piece_at(m.to).is_none()).collect();
    if quiet.is_empty() {
        return *moves.choose(rng).unwrap();
    }
    let last = pos.history().last().map(|r| r.report).filter(|r| r.side != side);
    let pick = |v: Vec<Move>, rng: &mut ChaCha8Rng| v.choose(rng).copied();
    let choice = if side == chaser {
        let threats: Vec<Move> = quiet
            .iter()
            .copied()
            .filter(|m| m.to.neighbours().any(|n| n != m.from && pos.piece_at(n).is_some_and(|o| o.side() != side)))
            .collect();
        let on_last: Vec<Move> =
            threats.iter().copied().filter(|m| last.is_some_and(|l| m.to.is_adjacent(l.to))).collect();
        if rng.random_bool(0.7) { pick(on_last, rng).or_else(|| pick(threats, rng)) } else { pick(threats, rng) }
    } else {
        let evasions: Vec<Move> =
            quiet.iter().copied().filter(|m| last.is_some_and(|l| m.from.is_adjacent(l.to))).collect();
        pick(evasions, rng)
    };
    choice.unwrap_or_else(|| *quiet.choose(rng).unwrap())
}

/// Each side's only movable piece walled in by its own Bombs (Red's Major on a2, Blue's on j9):
/// after three shuttles each (`STOPPED_SHUTTLES`), Red cannot move and neither could Blue.
pub const STOPPED_PIECES: [(&str, char); 10] = [
    ("a2", 'I'),
    ("a3", 'B'),
    ("b2", 'B'),
    ("b1", 'B'),
    ("c1", 'M'),
    ("j9", 'U'),
    ("j8", 'N'),
    ("i9", 'N'),
    ("i10", 'N'),
    ("h10", 'Y'),
];

/// The shuttles that stop both sides of [`STOPPED_PIECES`] by the two-squares rule.
pub const STOPPED_SHUTTLES: [&str; 6] = ["a2-a1", "j9-j10", "a1-a2", "j10-j9", "a2-a1", "j9-j10"];

/// A position with the given pieces (square name, StraDoS2 letter) and nothing else.
pub fn board(pieces: &[(&str, char)], rules: Rules, to_move: Side) -> Position {
    let mut placement = [None; 100];
    for &(s, c) in pieces {
        placement[sq(s).index()] = Some(PieceKind::from_letter(c).map(|(k, side)| (side, k)).expect("a piece letter"));
    }
    Position::from_placement(rules, &placement, to_move).expect("a valid placement")
}

/// Plays moves given as text, panicking with the move and the reason if one is refused.
pub fn play_all(pos: &mut Position, moves: &[&str]) {
    for m in moves {
        pos.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}\n{pos:?}"));
    }
}

/// Checks, independently of the generators' own code, that `s` has its Flag on the back row
/// (setup indices 0..10) with a Bomb in front of it and on each side it has; panics naming
/// the setup and the square otherwise.
pub fn assert_back_row_flag_bombed_in(s: &Setup) {
    let flag = (0..40).find(|&i| s.get(i) == Some(PieceKind::Flag)).unwrap_or_else(|| panic!("{s}: no Flag"));
    assert!(flag < 10, "{s}: the Flag is not on the back row (index {flag})");
    let col = flag % 10;
    let mut guards = vec![flag + 10];
    if col > 0 {
        guards.push(flag - 1);
    }
    if col < 9 {
        guards.push(flag + 1);
    }
    for g in guards {
        assert_eq!(s.get(g), Some(PieceKind::Bomb), "{s}: setup index {g} next to the Flag is no Bomb");
    }
}
