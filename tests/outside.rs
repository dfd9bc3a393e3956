//! Outside engines in the arena (`stratagem arena <BOT> ucc:<program>`): our own
//! `stratagem ucc <bot>` as the outside program plays whole games without a fault in either
//! direction, and a scripted program (tests/data/ucc/faulty.py, Python 3) that times out,
//! crashes, sends garbage, moves illegally, surrenders or sends a bad setup loses every game,
//! with a reason that says which.

use std::process::Command;
use stratagem::ai::Budget;
use stratagem::arena::{GameSummary, MatchSettings, OutsideSettings, run_match};
use stratagem::rules::{Outcome, Rules, Side};

fn settings(move_ms: u64) -> MatchSettings {
    MatchSettings {
        rules: Rules::default(),
        budget: Budget::nodes(30),
        seed: 3,
        threads: 2,
        save_dir: None,
        sprt: None,
        outside: OutsideSettings { move_ms, setup_ms: 10_000, max_turns: 150 },
    }
}

fn our_program(bot: &str) -> String {
    format!("ucc:{} ucc {bot} --nodes 30 --seed 7", env!("CARGO_BIN_EXE_stratagem"))
}

fn faulty(mode: &str) -> String {
    format!("ucc:python3 {}/tests/data/ucc/faulty.py {mode}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn our_own_ucc_player_as_the_outside_program() {
    let mut games: Vec<GameSummary> = Vec::new();
    let r = run_match("random", &our_program("random"), 4, &settings(5000), |g, _| games.push(g.clone())).unwrap();
    assert_eq!(r.wdl.games(), 4);
    for g in &games {
        assert_eq!(g.illegal, None, "game {}: {}", g.index, g.outcome);
        assert!(g.plies > 10, "game {} ended after {} plies: {}", g.index, g.plies, g.outcome);
    }
    // The program played both colours.
    assert!(games.iter().any(|g| g.red_is_a) && games.iter().any(|g| !g.red_is_a));
    // It answered every move request (it is timed like a bot).
    assert!(r.times[1].moves as u32 >= games.iter().map(|g| g.plies / 2).sum::<u32>());
}

/// Plays two games (both colours) against the scripted program in `mode`; the bot must win
/// both, and the program's forfeit reason must contain each of `why`.
fn program_loses(mode: &str, move_ms: u64, why: &[&str]) {
    program_loses_with(mode, &settings(move_ms), why);
}

fn program_loses_with(mode: &str, settings: &MatchSettings, why: &[&str]) {
    let mut games: Vec<GameSummary> = Vec::new();
    let r = run_match("random", &faulty(mode), 2, settings, |g, _| games.push(g.clone())).unwrap();
    assert_eq!((r.wdl.wins, r.wdl.games()), (2, 2), "{mode}: the bot must win both games");
    assert_eq!(r.illegal, [0, if mode == "surrender" { 0 } else { 2 }], "{mode}: forfeits");
    for g in &games {
        let program = if g.red_is_a { Side::Blue } else { Side::Red };
        assert!(
            matches!(g.outcome, Outcome::Win { winner, .. } if winner == program.opponent()),
            "{mode}: {}",
            g.outcome
        );
        if mode == "surrender" {
            assert!(g.outcome.to_string().contains("resign"), "{}", g.outcome);
            continue;
        }
        let (side, reason) = g.illegal.clone().unwrap_or_else(|| panic!("{mode}: no reason given"));
        assert_eq!(side, program);
        for w in why {
            assert!(reason.contains(w), "{mode}: reason '{reason}' should say '{w}'");
        }
    }
}

#[test]
fn a_program_that_times_out_loses() {
    program_loses("timeout", 300, &["no answer within 300 ms"]);
}

#[test]
fn a_program_that_crashes_loses_with_its_last_words() {
    program_loses("crash", 5000, &["crashed", "exit status: 3", "boom"]);
}

#[test]
fn a_program_that_sends_garbage_loses() {
    program_loses("garbage", 5000, &["unintelligible answer 'HELLO WORLD'"]);
    // Bytes that are not UTF-8 are garbage too, not a crash.
    program_loses("binary", 5000, &["unintelligible answer '\u{fffd}\u{fffd} 3 UP'"]);
}

#[test]
fn a_program_that_moves_illegally_loses() {
    program_loses("illegal", 5000, &["illegal move", "Flag"]);
}

#[test]
fn a_program_that_surrenders_loses() {
    program_loses("surrender", 5000, &[]);
}

#[test]
fn a_bad_or_missing_setup_loses() {
    program_loses("badsetup", 5000, &["setup:", "not ten characters"]);
    // The setup's own time limit (generous elsewhere: Python starts slowly on a loaded machine).
    let s = MatchSettings { outside: OutsideSettings { setup_ms: 1500, ..settings(5000).outside }, ..settings(5000) };
    program_loses_with("silent", &s, &["setup: no answer within 1500 ms"]);
}

#[test]
fn the_command_line_plays_an_outside_program_and_refuses_barrage() {
    let bin = env!("CARGO_BIN_EXE_stratagem");
    let prog = faulty("garbage");
    let o = Command::new(bin).args(["arena", "random", &prog, "--games", "2", "--nodes", "20"]).output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("forfeits: unintelligible answer"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("result: random 2-0-0"), "{out}");
    let o = Command::new(bin)
        .args(["arena", "random", &prog, "--games", "2", "--nodes", "20", "--variant", "barrage"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("classic army only"));
}
