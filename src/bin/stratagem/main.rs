//! `stratagem`: the command-line tool. Each subcommand lives in its own module and only
//! translates between text and the library.
// Native only: a wasm32 build of the whole package (e.g. `cargo check --target
// wasm32-unknown-unknown`) builds this binary too, so on wasm32 it compiles to an empty program.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod arena;
mod beliefs;
mod bench;
mod bots;
mod compare;
mod depth;
mod perft;
mod replay;
mod setup;
mod soak;
mod timing;
mod ucc;

#[derive(Parser)]
#[command(
    name = "stratagem",
    version,
    about = "Hidden-ranks board game by the ISF Stratego rules (not affiliated with Jumbo): rules engine, bots, arena"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check, generate and print setups.
    #[command(subcommand)]
    Setup(setup::SetupCmd),
    /// Replay a Gravon XML file or a Stratagem game record through the engine.
    Replay(replay::Args),
    /// Count full-information move trees from a Gravon field.
    Perft(perft::Args),
    /// Play bots against each other.
    Arena(arena::Args),
    /// Compare runs of `arena --save` on the same games, game by game.
    Compare(compare::Args),
    /// Many games between every pair of bots in both variants, counting panics, illegal
    /// moves, moves over budget and draws at the limits.
    Soak(soak::Args),
    /// Play as a bot under the 2012 UCC manager protocol on standard input/output.
    Ucc(ucc::Args),
    /// List the bots and the difficulty levels.
    Bots,
    /// Score the belief models' predictions of hidden pieces over finished games.
    Beliefs(beliefs::Args),
    /// Measure how deep the strategist searches at a node budget over positions of games.
    Depth(depth::Args),
    /// Time the fixed works of the native/WebAssembly speed comparison.
    Bench(bench::Args),
    /// Measure how far bots overshoot a time budget per move.
    Timing(timing::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A reader that stops early (`stratagem replay --json game.xml | head`) closes the pipe;
    // with Rust's default (SIGPIPE ignored) the next print would panic. The default action
    // ends the process quietly, as other command-line tools do. Not for `ucc`, which checks
    // every write and tells the manager's closed pipe apart in words.
    #[cfg(unix)]
    if !matches!(cli.command, Command::Ucc(_)) {
        // SAFETY: called in main before any thread is started; SIG_DFL is a valid action.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    match cli.command {
        Command::Setup(c) => setup::run(c),
        Command::Replay(a) => replay::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Arena(a) => arena::run(a),
        Command::Compare(a) => compare::run(a),
        Command::Soak(a) => soak::run(a),
        Command::Ucc(a) => ucc::run(a),
        Command::Bots => bots::run(),
        Command::Beliefs(a) => beliefs::run(a),
        Command::Depth(a) => depth::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Timing(a) => timing::run(a),
    }
}
