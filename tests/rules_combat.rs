//! The combat table, written out by hand from docs/rules.md ("Attacks") as one literal of all
//! 12 x 12 (attacker, defender) pairs, compared with `combat::battle`. Rows are attackers,
//! columns defenders, both in the order F B S 2 3 4 5 6 7 8 9 10 (Flag, Bomb, Spy, Scout,
//! Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal).
//!
//! `A` attacker wins (defender removed, attacker moves in), `D` defender wins (attacker
//! removed), `=` both removed. Bomb and Flag never attack; the function answers `D` for them.

use stratagem::rules::{Battle, PieceKind, battle};

const TABLE: [&str; 12] = [
    //       F B S 2 3 4 5 6 7 8 9 10   <- defender
    /* F  */ "D D D D D D D D D D D D",
    /* B  */ "D D D D D D D D D D D D",
    /* S  */ "A D = D D D D D D D D A",
    /* 2  */ "A D A = D D D D D D D D",
    /* 3  */ "A A A A = D D D D D D D",
    /* 4  */ "A D A A A = D D D D D D",
    /* 5  */ "A D A A A A = D D D D D",
    /* 6  */ "A D A A A A A = D D D D",
    /* 7  */ "A D A A A A A A = D D D",
    /* 8  */ "A D A A A A A A A = D D",
    /* 9  */ "A D A A A A A A A A = D",
    /* 10 */ "A D A A A A A A A A A =",
];

#[test]
fn every_pair_matches_the_table() {
    let mut checked = 0;
    for (a, row) in PieceKind::ALL.iter().zip(TABLE) {
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells.len(), 12, "row {a}");
        for (d, cell) in PieceKind::ALL.iter().zip(cells) {
            let want = match cell {
                "A" => Battle::AttackerWins,
                "D" => Battle::DefenderWins,
                "=" => Battle::BothRemoved,
                other => panic!("bad cell {other}"),
            };
            assert_eq!(battle(*a, *d), want, "{a} attacking {d}");
            checked += 1;
        }
    }
    assert_eq!(checked, 144);
}

#[test]
fn spy_and_marshal_are_asymmetric() {
    assert_eq!(battle(PieceKind::Spy, PieceKind::Marshal), Battle::AttackerWins);
    assert_eq!(battle(PieceKind::Marshal, PieceKind::Spy), Battle::AttackerWins);
    assert_eq!(battle(PieceKind::Spy, PieceKind::General), Battle::DefenderWins);
}
