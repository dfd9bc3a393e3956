//! `stratagem bots`: the bots and the difficulty levels.

use std::process::ExitCode;

pub fn run() -> ExitCode {
    for name in stratagem::ai::bot_names() {
        println!("{name}");
    }
    ExitCode::SUCCESS
}
