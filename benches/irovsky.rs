//! Speed of the seed-003 bots, native: playouts per second (mcts, ismcts) and nodes per
//! second (alphabeta, expectimax), on an opening view and a middle-game view.
//!
//! Every run uses a node budget and a frozen clock, so the work done is fixed and the same on
//! every machine; criterion times it. The throughput reported is the number of playouts or
//! nodes the bot actually counted (measured once before timing). Figures and the command are
//! in BENCHMARKS.md ("Bots of seed 003 (native)").

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::Rng;
use std::hint::black_box;
use stratagem::ai::bots::{AlphaBetaBot, ExpectimaxBot, UctBot};
use stratagem::ai::setupgen::irovsky as setup;
use stratagem::ai::{Bot, Budget, FrozenClock, Progress, SearchContext, rng_from_seed};
use stratagem::rules::{PlayerView, Position, Rules, Variant};

/// The view of the side to move after `plies` random plies from two thesis setups.
fn view_after(plies: usize) -> PlayerView {
    let mut rng = rng_from_seed(2023);
    let red = setup::generate(Variant::Classic, &mut rng);
    let blue = setup::generate(Variant::Classic, &mut rng);
    let mut pos = Position::new(Rules::default(), &red, &blue);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        pos.play_unchecked(m);
    }
    assert!(pos.outcome().is_none());
    PlayerView::new(&pos, pos.to_move())
}

/// Makes a fresh bot.
type Maker = fn() -> Box<dyn Bot>;

fn run(bot: &mut dyn Bot, view: &PlayerView, budget: u64) -> u64 {
    let mut quiet = |_: &Progress| {};
    let mut ctx = SearchContext::new(Budget::nodes(budget), &FrozenClock, 1, &mut quiet);
    black_box(bot.choose_move(view, &mut ctx));
    ctx.nodes()
}

fn bench_bots(c: &mut Criterion) {
    let views = [("opening", view_after(0)), ("midgame", view_after(200))];
    let bots: [(&str, Maker, u64); 4] = [
        ("mcts_playouts", || Box::new(UctBot::mcts()), 2_000),
        ("ismcts_playouts", || Box::new(UctBot::ismcts()), 2_000),
        ("alphabeta_nodes", || Box::new(AlphaBetaBot::new()), 200_000),
        ("expectimax_nodes", || Box::new(ExpectimaxBot::new()), 200_000),
    ];
    for (name, make, budget) in bots {
        let mut g = c.benchmark_group(name);
        g.sample_size(10);
        for (vname, view) in &views {
            let mut bot = make();
            let used = run(bot.as_mut(), view, budget);
            g.throughput(Throughput::Elements(used));
            g.bench_function(*vname, |b| b.iter(|| run(bot.as_mut(), view, budget)));
        }
        g.finish();
    }
}

criterion_group!(benches, bench_bots);
criterion_main!(benches);
