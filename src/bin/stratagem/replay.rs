//! `stratagem replay` (not built yet).

use std::process::ExitCode;

/// Arguments of `stratagem replay`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("stratagem replay: not built yet");
    ExitCode::from(1)
}
