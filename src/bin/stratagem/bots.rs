//! `stratagem bots`: the registered bots (name, source, description) and the difficulty levels.

use std::process::ExitCode;

pub fn run() -> ExitCode {
    println!("bots:");
    let width = stratagem::ai::BOTS.iter().map(|e| e.name.len()).max().unwrap_or(0);
    for e in stratagem::ai::BOTS {
        println!("  {:width$}  {} ({})", e.name, e.description, e.source);
    }
    println!("levels (weakest first):");
    let lw = stratagem::ai::LEVELS.iter().map(|l| l.id.len()).max().unwrap_or(0);
    for l in stratagem::ai::LEVELS {
        println!("  {:lw$}  {:<14} bot {:<12} {:>6} ms/move  {}", l.id, l.label, l.bot, l.movetime_ms, l.about);
    }
    ExitCode::SUCCESS
}
