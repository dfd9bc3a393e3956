//! `stratagem timing [BOT...] --movetime MS --moves N`: how far each bot's moves overshoot a
//! time budget. Every bot thinks `N` times, each time on the view of the side to move after a
//! seeded number of random plies (0-399, so openings, middle games and endgames alike) from
//! seeded random setups, with a wall clock; the time of `choose_move` is measured from
//! outside, so every phase counts (setting up the search, sampling beliefs, the deepest
//! iteration). Prints per bot the median, 99th percentile and largest time and overshoot, and
//! the machine's load average before and after.
//!
//! A loaded machine deschedules the bot, which shows as overshoot that is not the bot's. So,
//! where Linux tells it (`/proc/thread-self/schedstat`), every move also records how long the
//! thread waited for a core, and the report adds the largest overshoot among the moves that
//! waited less than 1 ms in all ("undisturbed"), and the largest of overshoot minus wait (a
//! lower bound of the bot's own overshoot; the plain overshoot is the upper bound).
//! Figures in BENCHMARKS.md ("Time discipline").

use rand::Rng;
use std::process::ExitCode;
use std::time::Instant;
use stratagem::ai::setupgen::random::random_setup;
use stratagem::ai::{BOTS, Budget, Progress, SearchContext, SystemClock, make_bot, rng_from_seed};
use stratagem::rules::{PlayerView, Position, Rules, Variant};

/// Arguments of `stratagem timing`.
#[derive(clap::Args)]
pub struct Args {
    /// Bots to time (default: all registered bots).
    bots: Vec<String>,
    /// Time budget per move in milliseconds.
    #[arg(long, default_value_t = 20.0)]
    movetime: f64,
    /// Moves per bot.
    #[arg(long, default_value_t = 200)]
    moves: u32,
    /// Seed of the positions and of the bots' randomness.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The view of the side to move after up to `plies` random plies from random setups.
fn position(seed: u64, plies: u32) -> PlayerView {
    let mut rng = rng_from_seed(seed);
    let red = random_setup(Variant::Classic, &mut rng);
    let blue = random_setup(Variant::Classic, &mut rng);
    let mut pos = Position::new(Rules::default(), &red, &blue);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.outcome().is_some() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        pos.play_unchecked(mv);
        if pos.outcome().is_some() {
            pos.undo();
            break;
        }
    }
    PlayerView::new(&pos, pos.to_move())
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Milliseconds this thread has waited for a core so far (Linux), if known.
fn waited_ms() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let wait_ns: f64 = s.split_whitespace().nth(1)?.parse().ok()?;
    Some(wait_ns / 1e6)
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

pub fn run(args: Args) -> ExitCode {
    if !(args.movetime > 0.0 && args.movetime <= 600_000.0) || args.moves == 0 {
        eprintln!("stratagem timing: --movetime must be in (0, 600000] ms and --moves at least 1");
        return ExitCode::from(2);
    }
    let names: Vec<String> =
        if args.bots.is_empty() { BOTS.iter().map(|b| b.name.to_string()).collect() } else { args.bots };
    println!("budget {} ms, {} moves per bot, load average {}", args.movetime, args.moves, loadavg());
    let mut worst = 0.0f64;
    for name in &names {
        let Some(mut bot) = make_bot(name) else {
            eprintln!("stratagem timing: no bot '{name}'");
            return ExitCode::from(2);
        };
        let mut rng = rng_from_seed(args.seed);
        let mut times = Vec::with_capacity(args.moves as usize);
        // (overshoot of an undisturbed move, overshoot minus wait), the largest of each
        let (mut undisturbed, mut net, mut undisturbed_moves) = (0.0f64, 0.0f64, 0);
        let mut worst_at = 0;
        for i in 0..args.moves {
            let plies = rng.random_range(0..400);
            let view = position(args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64), plies);
            if view.legal_moves().is_empty() {
                continue;
            }
            let clock = SystemClock::new();
            let mut quiet = |_: &Progress| {};
            let wait_before = waited_ms();
            let started = Instant::now();
            let mut ctx = SearchContext::new(Budget::time(args.movetime), &clock, rng.random(), &mut quiet);
            std::hint::black_box(bot.choose_move(&view, &mut ctx));
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            if let (Some(a), Some(b)) = (wait_before, waited_ms()) {
                let over = ms - args.movetime;
                net = net.max(over - (b - a));
                if b - a < 1.0 {
                    undisturbed = undisturbed.max(over);
                    undisturbed_moves += 1;
                }
            }
            if times.iter().all(|&t| ms > t) {
                worst_at = plies;
            }
            times.push(ms);
        }
        times.sort_by(f64::total_cmp);
        let over = |t: f64| (t - args.movetime).max(0.0);
        let max = *times.last().unwrap_or(&0.0);
        worst = worst.max(over(max));
        println!(
            "{name:11} {} moves: median {:.1} ms, p99 {:.1} ms, max {:.1} ms (after {worst_at} plies); overshoot p99 {:.1} ms, max {:.1} ms",
            times.len(),
            quantile(&times, 0.5),
            quantile(&times, 0.99),
            max,
            over(quantile(&times, 0.99)),
            over(max)
        );
        println!(
            "{:11} waited for a core < 1 ms in {undisturbed_moves} moves, their max overshoot {:.1} ms; max of overshoot minus wait {:.1} ms",
            "",
            undisturbed.max(0.0),
            net.max(0.0)
        );
    }
    println!("load average after: {}; largest overshoot {worst:.1} ms", loadavg());
    ExitCode::SUCCESS
}
