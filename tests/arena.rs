//! Tests of the arena (`stratagem::arena` and `stratagem arena`): matches with node budgets
//! are reproducible whatever the number of threads, games come in colour-swapped pairs and
//! are counted right, saved games are valid game records that replay to the same result, and
//! the command prints its one `result:` line last.

use std::process::Command;
use stratagem::ai::Budget;
use stratagem::arena::{MatchSettings, RoundRobin, run_match};
use stratagem::rules::notation::GameRecord;
use stratagem::rules::{Rules, Variant};

fn settings(threads: usize, seed: u64) -> MatchSettings {
    MatchSettings {
        rules: Rules::for_variant(Variant::Barrage),
        budget: Budget::nodes(200),
        seed,
        threads,
        save_dir: None,
        sprt: None,
        outside: Default::default(),
    }
}

#[test]
fn node_budget_matches_are_reproducible_across_threads() {
    let mut seen_a = Vec::new();
    let one =
        run_match("negamax", "random", 6, &settings(1, 5), |g, _| seen_a.push((g.index, g.outcome, g.plies))).unwrap();
    let mut seen_b = Vec::new();
    let two =
        run_match("negamax", "random", 6, &settings(2, 5), |g, _| seen_b.push((g.index, g.outcome, g.plies))).unwrap();
    seen_a.sort_by_key(|g| g.0);
    seen_b.sort_by_key(|g| g.0);
    assert_eq!(seen_a, seen_b, "the same seed and node budget must give the same games");
    assert_eq!(one.wdl, two.wdl);
    assert_eq!(one.wdl.games(), 6);
    // Both colours of each pair were played.
    assert_eq!(seen_a.iter().map(|g| g.0).collect::<Vec<_>>(), (0..6).collect::<Vec<_>>());
    // A different seed gives different games.
    let mut seen_c = Vec::new();
    run_match("negamax", "random", 6, &settings(1, 6), |g, _| seen_c.push((g.index, g.outcome, g.plies))).unwrap();
    seen_c.sort_by_key(|g| g.0);
    assert_ne!(seen_a, seen_c);
}

#[test]
fn odd_game_counts_round_up_to_pairs_and_unknown_bots_are_errors() {
    let r = run_match("random", "random", 3, &settings(2, 1), |_, _| {}).unwrap();
    assert_eq!(r.wdl.games(), 4);
    let e = run_match("random", "nobody", 2, &settings(1, 1), |_, _| {}).unwrap_err();
    assert!(e.to_string().contains("unknown bot 'nobody'"), "{e}");
}

#[test]
fn saved_games_replay_to_their_results() {
    let dir = std::env::temp_dir().join(format!("stratagem-arena-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let s = MatchSettings { save_dir: Some(dir.clone()), ..settings(2, 9) };
    let mut outcomes = Vec::new();
    run_match("negamax", "random", 4, &s, |g, _| outcomes.push((g.saved.clone().unwrap(), g.outcome))).unwrap();
    assert_eq!(outcomes.len(), 4);
    for (path, outcome) in outcomes {
        let text = std::fs::read_to_string(&path).unwrap();
        // Reading replays every move through the engine and checks each written battle.
        let rec = GameRecord::read(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(rec.result, Some(outcome), "{}", path.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn round_robin_crosstable_has_every_pairing() {
    let bots: Vec<String> = ["random", "negamax", "random"].iter().map(|s| s.to_string()).collect();
    let rr = RoundRobin::run(&bots, 2, &settings(2, 3), |_, _, _| {}).unwrap();
    for i in 0..3 {
        for j in 0..3 {
            match (rr.results[i][j], rr.results[j][i]) {
                (None, None) => assert_eq!(i, j),
                (Some(a), Some(b)) => {
                    assert_eq!(a.games(), 2);
                    assert_eq!(a, b.flipped());
                }
                other => panic!("asymmetric results {other:?}"),
            }
        }
    }
    let md = rr.crosstable_markdown();
    assert_eq!(md.lines().count(), 5, "{md}");
}

#[test]
fn command_ends_with_the_result_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_stratagem"))
        .args([
            "arena",
            "negamax",
            "random",
            "--games",
            "2",
            "--nodes",
            "100",
            "--variant",
            "barrage",
            "--threads",
            "2",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let last = stdout.lines().last().unwrap_or("");
    let ok = last.starts_with("result: negamax ")
        && last.contains(" random, score ")
        && last.contains("%, elo ")
        && last.contains(" +/- ");
    assert!(ok, "last line: {last}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("result:")).count(), 1);
    // No budget is a usage error, not a panic.
    let out = Command::new(env!("CARGO_BIN_EXE_stratagem")).args(["arena", "random", "random"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--movetime"));
}
