//! `stratagem arena` (not built yet).

use std::process::ExitCode;

/// Arguments of `stratagem arena`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("stratagem arena: not built yet");
    ExitCode::from(1)
}
