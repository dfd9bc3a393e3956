//! `stratagem arena`: bot-versus-bot matches and round robins (the statistics live in
//! `stratagem::arena`; this module only reads arguments and prints).
//!
//! A bot name `ucc:<program and args>` (one argument: quote it) is an outside program speaking
//! the 2012 UCC manager protocol, played as the manager would (`stratagem::outside`).
//!
//! The output of a match ends with exactly one line
//! `result: A <wins>-<draws>-<losses> B, score <x>%, elo <e> +/- <ci95>`.

use std::path::PathBuf;
use std::process::ExitCode;
use stratagem::ai::Budget;
use stratagem::arena::{
    MatchResult, MatchSettings, MoveTimes, OutsideSettings, RoundRobin, SprtVerdict, run_match, sprt_bounds,
};
use stratagem::rules::{Rules, Variant};

/// Arguments of `stratagem arena`.
#[derive(clap::Args)]
pub struct Args {
    /// The two bots (A and B) of a match; not used with --round-robin. `ucc:<program and
    /// args>` (quoted, one argument) is an outside program speaking the 2012 UCC protocol;
    /// `strategist@N` is the strategist searching each move on N threads.
    #[arg(num_args = 0..=2, value_name = "BOT")]
    bots: Vec<String>,
    /// Games to play (rounded up to whole pairs; per pairing in a round robin).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Time per move in milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<f64>,
    /// Nodes per move (bot-specific unit); with no --movetime the match is reproducible.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Match seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// classic or barrage.
    #[arg(long, default_value = "classic")]
    variant: Variant,
    /// Stop on a sequential probability ratio test verdict: "elo0,elo1" (alpha = beta = 0.05).
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// Play every pair of these bots and print a markdown crosstable with ratings.
    #[arg(long, num_args = 2.., value_name = "BOTS")]
    round_robin: Option<Vec<String>>,
    /// Save every game as a game record (docs/record-format.md) in this directory.
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// Outside programs: time for each answer in milliseconds (the manager's -T); no answer in
    /// time loses the game.
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    ucc_timeout: u64,
    /// Outside programs: the game is drawn after this many turns (the manager's -m; a turn is
    /// a move of each side).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    ucc_turns: u32,
}

fn times_line(name: &str, t: &MoveTimes, budget: &Budget) -> String {
    let mut s = format!(
        "time {name}: {} moves, mean {:.1} ms, max {:.1} ms, {} nodes, {:.0} nodes/s",
        t.moves,
        t.mean_ms(),
        t.max_ms,
        t.nodes,
        t.nodes_per_sec()
    );
    if budget.time_ms.is_some() {
        s.push_str(&format!(", over budget {} times, max overshoot {:.1} ms", t.over_budget, t.max_over_ms));
        if let Some((game, ply)) = t.worst_at {
            s.push_str(&format!(" (game {game}, ply {ply})"));
        }
    }
    s
}

fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let parts: Vec<&str> = text.split(',').collect();
    let bad = || format!("--sprt '{text}': expected two Elo numbers like 0,50");
    if parts.len() != 2 {
        return Err(bad());
    }
    let e0: f64 = parts[0].trim().parse().map_err(|_| bad())?;
    let e1: f64 = parts[1].trim().parse().map_err(|_| bad())?;
    if !(e0.is_finite() && e1.is_finite()) || e0 >= e1 {
        return Err(format!("--sprt '{text}': elo0 must be below elo1"));
    }
    Ok((e0, e1))
}

pub fn run(args: Args) -> ExitCode {
    if args.movetime.is_none() && args.nodes.is_none() {
        eprintln!("stratagem arena: give a budget per move: --movetime MS and/or --nodes N");
        return ExitCode::from(2);
    }
    if args.movetime.is_some_and(|m| !(m > 0.0 && m <= 600_000.0)) {
        eprintln!("stratagem arena: --movetime must be between 0 and 600000 ms");
        return ExitCode::from(2);
    }
    if args.games == 0 {
        eprintln!("stratagem arena: --games must be at least 1");
        return ExitCode::from(2);
    }
    let sprt = match args.sprt.as_deref().map(parse_sprt).transpose() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("stratagem arena: {e}");
            return ExitCode::from(2);
        }
    };
    let budget = Budget { time_ms: args.movetime, nodes: args.nodes };
    let settings = MatchSettings {
        rules: Rules::for_variant(args.variant),
        budget,
        seed: args.seed,
        threads: args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1),
        save_dir: args.save.clone(),
        sprt,
        outside: OutsideSettings {
            move_ms: args.ucc_timeout.max(1),
            max_turns: args.ucc_turns.max(1),
            ..OutsideSettings::default()
        },
    };
    let budget_text = match (args.movetime, args.nodes) {
        (Some(t), Some(n)) => format!("{t} ms and {n} nodes per move"),
        (Some(t), None) => format!("{t} ms per move"),
        (None, Some(n)) => format!("{n} nodes per move"),
        (None, None) => unreachable!("checked above"),
    };
    if let Some(bots) = &args.round_robin {
        if !args.bots.is_empty() {
            eprintln!("stratagem arena: give the bots either as A B or after --round-robin, not both");
            return ExitCode::from(2);
        }
        println!(
            "round robin: {} ({} games per pairing, {}, {}, seed {}, {} threads)",
            bots.join(", "),
            args.games.div_ceil(2) * 2,
            args.variant.name(),
            budget_text,
            args.seed,
            settings.threads
        );
        let rr = RoundRobin::run(bots, args.games, &settings, |a, b, r| {
            let (e, ci) = r.wdl.elo();
            println!(
                "{a} {}-{}-{} {b}, score {:.1}%, elo {e:+.0} +/- {ci:.0}",
                r.wdl.wins,
                r.wdl.draws,
                r.wdl.losses,
                100.0 * r.wdl.score()
            );
        });
        return match rr {
            Ok(rr) => {
                println!();
                print!("{}", rr.crosstable_markdown());
                println!();
                for (i, name) in rr.bots.iter().enumerate() {
                    println!("{}", times_line(name, &rr.times[i], &budget));
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("stratagem arena: {e}");
                ExitCode::from(1)
            }
        };
    }
    let [a, b] = match <[String; 2]>::try_from(args.bots.clone()) {
        Ok(ab) => ab,
        Err(_) => {
            eprintln!("stratagem arena: name two bots (A B), or use --round-robin BOTS...");
            return ExitCode::from(2);
        }
    };
    println!(
        "match: {a} vs {b} ({} games, {}, {}, seed {}, {} threads)",
        args.games.div_ceil(2) * 2,
        args.variant.name(),
        budget_text,
        args.seed,
        settings.threads
    );
    let result = run_match(&a, &b, args.games, &settings, |g, r: &MatchResult| {
        let (red, blue) = if g.red_is_a { (&a, &b) } else { (&b, &a) };
        let mut line =
            format!("game {:>3}: {red} (Red) vs {blue} (Blue): {} after {} plies", g.index, g.outcome, g.plies);
        if let Some((side, what)) = &g.illegal {
            line.push_str(&format!(" [{side} forfeits: {what}]"));
        }
        if let Some(p) = &g.saved {
            line.push_str(&format!(" [saved {}]", p.display()));
        }
        line.push_str(&format!("  (running: {}-{}-{})", r.wdl.wins, r.wdl.draws, r.wdl.losses));
        println!("{line}");
    });
    match result {
        Ok(r) => {
            println!("{}", times_line(&a, &r.times[0], &budget));
            println!("{}", times_line(&b, &r.times[1], &budget));
            if r.illegal.iter().any(|&n| n > 0) {
                println!(
                    "forfeits (illegal moves; for programs also crashes, timeouts, garbage): {a} {}, {b} {}",
                    r.illegal[0], r.illegal[1]
                );
            }
            if let (Some((e0, e1)), Some(v)) = (sprt, r.sprt) {
                let (lo, hi) = sprt_bounds(0.05, 0.05);
                let verdict = match v {
                    SprtVerdict::H1 => format!("H1 accepted: {a} is at least {e1} Elo stronger"),
                    SprtVerdict::H0 => format!("H0 accepted: {a} is not {e1} Elo stronger (at most {e0})"),
                    SprtVerdict::Continue => "no verdict yet (more games needed)".to_string(),
                };
                println!(
                    "sprt [{e0}, {e1}] alpha=beta=0.05: llr {:.2} (bounds {lo:.2}, {hi:.2}): {verdict}",
                    r.wdl.llr(e0, e1)
                );
            }
            let (e, ci) = r.wdl.elo();
            println!(
                "result: {a} {}-{}-{} {b}, score {:.1}%, elo {e:.0} +/- {ci:.0}",
                r.wdl.wins,
                r.wdl.draws,
                r.wdl.losses,
                100.0 * r.wdl.score()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("stratagem arena: {e}");
            ExitCode::from(1)
        }
    }
}
