//! Fixed units of work for the side-by-side speed comparison of the native build and the
//! WebAssembly module (`scripts/bench-side-by-side.sh`, figures in BENCHMARKS.md): the same
//! function runs natively (`stratagem bench`) and in the browser (the wasm export
//! `benchWork`), and the caller times it with its own clock.
//!
//! Every work is deterministic: fixed positions, fixed seeds, node or playout budgets with a
//! frozen clock (so the machine's speed never changes how much is done), and each returns
//! the number of units it did, which both sides print so a difference in work shows.

use crate::ai::{Budget, FrozenClock, Progress, SearchContext, make_bot, rng_from_seed};
use crate::rules::perft::perft;
use crate::rules::{PlayerView, Position, Rules, Setup, Variant};
use rand::Rng;

/// One unit of work.
#[derive(Debug, Clone, Copy)]
pub struct Work {
    /// Its name (the argument of `stratagem bench` and `benchWork`).
    pub name: &'static str,
    /// What [`run`] counts.
    pub unit: &'static str,
    /// What it does, for the table.
    pub about: &'static str,
}

/// The works, in the order the comparison prints them.
pub const WORKS: [Work; 6] = [
    Work { name: "perft", unit: "leaves", about: "perft 6 from the classic start (Gravon setups 1 and 2)" },
    Work { name: "negamax", unit: "nodes", about: "negamax (alpha-beta, seed 004) to 300,000 nodes, middle game" },
    Work { name: "alphabeta", unit: "nodes", about: "alphabeta (Irovsky's alpha-beta) to 200,000 nodes, middle game" },
    Work { name: "mcts", unit: "playouts", about: "mcts (Irovsky) to 1,000 playouts, middle game" },
    Work { name: "setup", unit: "setups", about: "20 Invincible setups (best of 50 semi-random each), seeds 1-20" },
    Work {
        name: "strategist",
        unit: "nodes",
        about: "strategist (determinized alpha-beta over sampled armies) to 100,000 nodes, middle game",
    },
];

/// Gravon classic setups 1 and 2 (`data/gravon-classic-setups.txt`), as the perft tests use.
const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";
const BLUE: &str = "GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG";

fn start() -> Position {
    // Both strings are constants that parse: a failure here is a bug in this file.
    Position::new(Rules::default(), &Setup::parse(RED).expect("setup 1"), &Setup::parse(BLUE).expect("setup 2"))
}

/// The view of the side to move after 60 seeded random plies from the start.
fn middle_game() -> PlayerView {
    let mut pos = start();
    let mut rng = rng_from_seed(60);
    for _ in 0..60 {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    PlayerView::new(&pos, pos.to_move())
}

/// One move of bot `name` with a budget of `nodes` and a frozen clock; the units it counted.
fn think(name: &str, nodes: u64) -> Result<u64, String> {
    let mut bot = make_bot(name).ok_or_else(|| format!("no bot '{name}'"))?;
    let view = middle_game();
    let mut quiet = |_: &Progress| {};
    let mut ctx = SearchContext::new(Budget::nodes(nodes), &FrozenClock, 1, &mut quiet);
    std::hint::black_box(bot.choose_move(&view, &mut ctx));
    Ok(ctx.nodes())
}

/// Does the work called `name`; returns how many units it did.
pub fn run(name: &str) -> Result<u64, String> {
    match name {
        "perft" => Ok(perft(&mut start(), 6)),
        "negamax" => think("negamax", 300_000),
        "alphabeta" => think("alphabeta", 200_000),
        "mcts" => think("mcts", 1_000),
        "strategist" => think("strategist", 100_000),
        "setup" => {
            let mut bot = make_bot("invincible").ok_or("no bot 'invincible'")?;
            for seed in 1..=20 {
                std::hint::black_box(bot.setup(Variant::Classic, &mut rng_from_seed(seed)));
            }
            Ok(20)
        }
        _ => Err(format!(
            "no work '{name}': expected one of {}",
            WORKS.iter().map(|w| w.name).collect::<Vec<_>>().join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_work_is_the_frozen_count_and_names_are_checked() {
        // tests/data/perft.json, "classic start (Gravon setups 1 and 2)", depth 6
        assert_eq!(run("perft"), Ok(1_977_524));
        assert!(run("nope").unwrap_err().contains("expected one of perft, negamax"));
    }

    #[test]
    fn the_middle_game_is_still_going() {
        let v = middle_game();
        assert_eq!(v.ply(), 60);
        assert!(!v.legal_moves().is_empty());
    }
}
