//! `stratagem perft <FIELD> <DEPTH>`: counts of the full-information move tree from a
//! Gravon field, depth by depth, with the speed (the oracle for move generation and a
//! quick benchmark). Exit 2 on a bad field.

use std::process::ExitCode;
use std::time::Instant;
use stratagem::rules::notation::field_position;
use stratagem::rules::perft::{divide, perft};
use stratagem::rules::{Rules, Side};

/// Arguments of `stratagem perft`.
#[derive(clap::Args)]
pub struct Args {
    /// The position: 100 letters a1 b1 .. j10 (`A` empty, `_` lake, Red B-M, Blue N-Y).
    field: String,
    /// Deepest depth to count (every depth from 1 is printed).
    depth: u32,
    /// Also print the count under each first move at the deepest depth.
    #[arg(long)]
    divide: bool,
    /// Blue is to move (default Red).
    #[arg(long)]
    blue: bool,
    /// Two-squares limit (0 = rule off; default 3, the current ISF rule).
    #[arg(long, default_value_t = 3)]
    two_square: u8,
}

pub fn run(args: Args) -> ExitCode {
    let rules = Rules { two_square_limit: (args.two_square > 0).then_some(args.two_square), ..Rules::default() };
    let to_move = if args.blue { Side::Blue } else { Side::Red };
    let mut pos = match field_position(&args.field, rules, to_move) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("field: {e}");
            return ExitCode::from(2);
        }
    };
    let mut total_nodes = 0u64;
    let all = Instant::now();
    for d in 1..=args.depth {
        let t = Instant::now();
        let n = perft(&mut pos, d);
        let secs = t.elapsed().as_secs_f64();
        total_nodes += n;
        println!("depth {d}: {n} nodes  ({secs:.3} s, {:.0} nodes/s)", n as f64 / secs.max(1e-9));
    }
    let secs = all.elapsed().as_secs_f64();
    println!(
        "all depths: {total_nodes} leaf nodes in {secs:.3} s ({:.0} nodes/s)",
        total_nodes as f64 / secs.max(1e-9)
    );
    if args.divide && args.depth > 0 {
        println!("divide at depth {}:", args.depth);
        let mut sum = 0;
        for (mv, n) in divide(&mut pos, args.depth) {
            println!("  {mv}: {n}");
            sum += n;
        }
        println!("  total: {sum}");
    }
    ExitCode::SUCCESS
}
