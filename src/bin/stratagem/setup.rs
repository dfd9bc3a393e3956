//! `stratagem setup ...` (not built yet).

use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum SetupCmd {
    /// Check a setup string.
    Check { string: String },
}

pub fn run(_cmd: SetupCmd) -> ExitCode {
    eprintln!("stratagem setup: not built yet");
    ExitCode::from(1)
}
