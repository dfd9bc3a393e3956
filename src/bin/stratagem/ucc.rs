//! `stratagem ucc <BOT>`: plays one game as `BOT` under the 2012 UCC manager protocol on
//! standard input/output (the protocol logic is `stratagem::ucc`). Every line sent is flushed
//! at once; a malformed manager line ends the program with a message on standard error and
//! exit code 1, never a panic.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use stratagem::ai::bots::registry::bot_parts;
use stratagem::ai::bots::threaded::ThreadedBot;
use stratagem::ai::{Bot, Budget, SystemClock, make_bot};
use stratagem::ucc::UccPlayer;

/// Arguments of `stratagem ucc`.
#[derive(clap::Args)]
pub struct Args {
    /// The bot to play (see `stratagem bots`).
    bot: String,
    /// Time per move in milliseconds (the manager's default timeout is 2 seconds).
    #[arg(long, value_name = "MS", default_value_t = 1000.0)]
    movetime: f64,
    /// Nodes per move instead of time (reproducible play).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Seed of the setup and of every move.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads searching each move (bots whose move splits into parts, e.g. `strategist`;
    /// 0: every core). Default 1: the manager runs both programs on one machine, and more
    /// threads for us would take the other program's time.
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: u32,
}

pub fn run(args: Args) -> ExitCode {
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get() as u32),
        n => n,
    };
    let Some(bot) = make_bot(&args.bot) else {
        eprintln!("stratagem ucc: unknown bot '{}' (see `stratagem bots`)", args.bot);
        return ExitCode::from(2);
    };
    let bot: Box<dyn Bot> = if threads > 1 {
        match bot_parts(&args.bot).and_then(|p| ThreadedBot::new(p, threads)) {
            Some(t) => Box::new(t),
            None => {
                eprintln!(
                    "stratagem ucc: '{}' searches on one thread only (--threads is for bots whose move splits into parts, e.g. strategist)",
                    args.bot
                );
                return ExitCode::from(2);
            }
        }
    } else {
        bot
    };
    if !(args.movetime > 0.0 && args.movetime.is_finite()) {
        eprintln!("stratagem ucc: --movetime must be a positive number of milliseconds");
        return ExitCode::from(2);
    }
    let budget = match args.nodes {
        Some(n) => Budget::nodes(n),
        None => Budget::time(args.movetime),
    };
    let mut player = UccPlayer::new(bot, budget, args.seed);
    let clock = SystemClock::new();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("stratagem ucc: reading standard input: {e}");
                return ExitCode::from(1);
            }
        };
        match player.feed(&line, &clock) {
            Ok(reply) => {
                for n in &reply.notes {
                    eprintln!("stratagem ucc: note: {n}");
                }
                for l in &reply.lines {
                    if writeln!(out, "{l}").and_then(|_| out.flush()).is_err() {
                        eprintln!("stratagem ucc: the manager closed standard output");
                        return ExitCode::from(1);
                    }
                }
                if reply.quit {
                    return ExitCode::SUCCESS;
                }
            }
            Err(e) => {
                eprintln!("stratagem ucc: {e}");
                return ExitCode::from(1);
            }
        }
    }
    if player.is_done() {
        ExitCode::SUCCESS
    } else {
        eprintln!("stratagem ucc: the manager closed standard input before QUIT");
        ExitCode::from(1)
    }
}
