//! `stratagem soak`: many games between every pair of registered bots in both variants (the
//! figures come from `stratagem::soak`); prints a line per match, then the table for
//! docs/reliability.md and every incident. Exit code 1 if any bot panicked, made an illegal
//! move, or a view drifted from the referee's.

use std::process::ExitCode;
use stratagem::ai::{Budget, bot_names};
use stratagem::rules::Variant;
use stratagem::soak::{SoakSettings, run_soak};

/// Arguments of `stratagem soak`.
#[derive(clap::Args)]
pub struct Args {
    /// Games in all, spread evenly over every pair of bots and every variant.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Time per move in milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<f64>,
    /// Nodes per move (bot-specific unit).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// The bots (default: every registered bot).
    #[arg(long, num_args = 2.., value_name = "BOTS")]
    bots: Option<Vec<String>>,
    /// The variants (default: classic and barrage).
    #[arg(long, num_args = 1.., value_name = "VARIANT")]
    variants: Option<Vec<Variant>>,
    /// Seed of the soak.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

pub fn run(args: Args) -> ExitCode {
    if args.movetime.is_none() && args.nodes.is_none() {
        eprintln!("stratagem soak: give a budget per move: --movetime MS and/or --nodes N");
        return ExitCode::from(2);
    }
    if args.movetime.is_some_and(|m| !(m > 0.0 && m <= 600_000.0)) {
        eprintln!("stratagem soak: --movetime must be between 0 and 600000 ms");
        return ExitCode::from(2);
    }
    let budget = Budget { time_ms: args.movetime, nodes: args.nodes };
    let settings = SoakSettings {
        bots: args.bots.unwrap_or_else(|| bot_names().into_iter().map(String::from).collect()),
        variants: args.variants.unwrap_or_else(|| vec![Variant::Classic, Variant::Barrage]),
        games: args.games.max(1),
        budget,
        seed: args.seed,
        threads: args.threads.max(1),
    };
    println!(
        "soak: {} games over {} ({}), movetime {:?} ms, nodes {:?}, seed {}, {} threads",
        settings.games,
        settings.bots.join(", "),
        settings.variants.iter().map(|v| v.name()).collect::<Vec<_>>().join(", "),
        args.movetime,
        args.nodes,
        args.seed,
        settings.threads
    );
    match run_soak(&settings, |line| println!("{line}")) {
        Ok(r) => {
            println!();
            print!("{}", r.markdown(&budget));
            for i in &r.incidents {
                println!("incident: {i}");
            }
            if r.failures() > 0 {
                println!("FAILED: {} panics, illegal moves or drifted views", r.failures());
                ExitCode::from(1)
            } else {
                println!("ok: no panics, no illegal moves, no drifted views");
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("stratagem soak: {e}");
            ExitCode::from(1)
        }
    }
}
