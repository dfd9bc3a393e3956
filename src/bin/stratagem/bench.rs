//! `stratagem bench [WORK...] [--runs N] [--json]`: times the fixed works of
//! `stratagem::benchwork` natively, the native half of the side-by-side comparison with the
//! browser's WebAssembly (`scripts/bench-side-by-side.sh`). Exit 2 on an unknown work.

use std::process::ExitCode;
use std::time::Instant;
use stratagem::benchwork::{WORKS, run as run_work};

/// Arguments of `stratagem bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Works to time (default: all): perft, negamax, alphabeta, mcts, setup.
    works: Vec<String>,
    /// Timed runs of each work, after one untimed warm-up run.
    #[arg(long, default_value_t = 5)]
    runs: u32,
    /// One JSON object per work on its own line: {"work","units","ms":[...]}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> ExitCode {
    let names: Vec<String> =
        if args.works.is_empty() { WORKS.iter().map(|w| w.name.to_string()).collect() } else { args.works };
    for name in &names {
        let units = match run_work(name) {
            Ok(u) => u,
            Err(e) => {
                eprintln!("bench: {e}");
                return ExitCode::from(2);
            }
        };
        let mut ms = Vec::new();
        for _ in 0..args.runs {
            let t = Instant::now();
            let u = run_work(name).unwrap_or(0);
            ms.push(t.elapsed().as_secs_f64() * 1000.0);
            if u != units {
                eprintln!("bench: {name} did {u} units, then {units}: not fixed work");
                return ExitCode::FAILURE;
            }
        }
        if args.json {
            println!("{}", serde_json::json!({ "work": name, "units": units, "ms": ms }));
        } else {
            let mut sorted = ms.clone();
            sorted.sort_by(f64::total_cmp);
            let median = sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN);
            println!("{name:10} {units:>9} units  median {median:9.2} ms  runs {ms:.2?}");
        }
    }
    ExitCode::SUCCESS
}
