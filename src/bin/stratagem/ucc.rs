//! `stratagem ucc` (not built yet).

use std::process::ExitCode;

/// Arguments of `stratagem ucc`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("stratagem ucc: not built yet");
    ExitCode::from(1)
}
