//! `stratagem perft` (not built yet).

use std::process::ExitCode;

/// Arguments of `stratagem perft`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("stratagem perft: not built yet");
    ExitCode::from(1)
}
