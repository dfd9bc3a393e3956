//! `stratagem depth FILE...`: how deep the strategist's search gets at a node budget, over
//! positions of finished games (every N-th ply of each game, the view of the side to move):
//! the depth each sample finished, the nodes of each iteration, the quiescence share, the
//! transposition table's hit rate and how often the first move searched failed high. The
//! measurement behind search-efficiency changes (docs/bots/strategist.md, "Search"); a node
//! budget and a frozen clock make it the same on every machine. With `--ply N --verbose` it
//! looks at one decision of a saved game: every root move with the bot's sum for it.
//!
//! Exit codes: 0 measured; 2 a file cannot be read or parsed, or no position was measured.

use std::path::PathBuf;
use std::process::ExitCode;
use stratagem::ai::belief::matrix::BeliefCache;
use stratagem::ai::bots::strategist::{StrategistBot, root_scores_with_stats};
use stratagem::ai::search::determinized::SearchStats;
use stratagem::ai::{Budget, FrozenClock, SearchContext};
use stratagem::rules::notation::replay_partial;
use stratagem::rules::{PlayerView, Side};

/// Arguments of `stratagem depth`.
#[derive(clap::Args)]
pub struct Args {
    /// Game records or Gravon XML files (a directory stands for the files in it).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Measure the position of every N-th ply (of the viewer's side: its plies N apart).
    #[arg(long, default_value_t = 10)]
    every: u32,
    /// Nodes per move.
    #[arg(long, default_value_t = 250_000)]
    nodes: u64,
    /// Seed of the searches (each position's own seed is derived from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only the positions of the side played by this player (a record's `Red`/`Blue` tag).
    #[arg(long, value_name = "NAME")]
    viewer: Option<String>,
    /// At most this many positions in all.
    #[arg(long, default_value_t = 100)]
    positions: usize,
    /// Only the position after exactly N plies of each game (its side to move; with --viewer,
    /// only if that side is the viewer's), instead of every N-th: to look at one decision of a
    /// saved game, the move `stratagem replay` numbers N+1.
    #[arg(long, value_name = "N", conflicts_with = "every")]
    ply: Option<usize>,
    /// One line per position as well (the depths, the nodes of each iteration, the move
    /// chosen and every root move with its sum over the samples, best first: the sums the bot
    /// chooses by, plans included).
    #[arg(long)]
    verbose: bool,
    /// Deepest iteration (with a large --nodes: a fixed-depth search, to compare the values
    /// of two versions of the search).
    #[arg(long)]
    max_depth: Option<u32>,
    /// Principal-variation search and the horizon's bounds on/off (default: the bot's).
    #[arg(long)]
    lean: Option<bool>,
    /// Transposition-table size, log2 of the entries (default: the bot's).
    #[arg(long)]
    table_bits: Option<u32>,
}

#[derive(Default)]
struct Totals {
    positions: usize,
    /// Sum over positions of the shallowest sample's finished depth.
    min_depth: u64,
    /// Sum over positions of the samples' mean finished depth.
    mean_depth: f64,
    /// Positions by the shallowest sample's finished depth.
    by_depth: Vec<usize>,
    /// Per depth: positions whose every sample finished it, and their nodes in it.
    iter_done: Vec<(usize, u64)>,
    nodes: u64,
    stats: SearchStats,
}

impl Totals {
    fn add(&mut self, s: &SearchStats) {
        let min = s.sample_depths.iter().copied().min().unwrap_or(0) as usize;
        let mean = s.sample_depths.iter().map(|&d| d as f64).sum::<f64>() / s.sample_depths.len().max(1) as f64;
        self.positions += 1;
        self.min_depth += min as u64;
        self.mean_depth += mean;
        if self.by_depth.len() <= min {
            self.by_depth.resize(min + 1, 0);
        }
        self.by_depth[min] += 1;
        for (i, &n) in s.iteration_nodes.iter().enumerate().take(min) {
            if self.iter_done.len() <= i {
                self.iter_done.resize(i + 1, (0, 0));
            }
            self.iter_done[i].0 += 1;
            self.iter_done[i].1 += n;
        }
        self.nodes += s.iteration_nodes.iter().sum::<u64>();
        let (c, o) = (&mut self.stats.counters, &s.counters);
        c.qs_nodes += o.qs_nodes;
        c.qs_horizon += o.qs_horizon;
        c.qs_stand_cuts += o.qs_stand_cuts;
        c.tt_probes += o.tt_probes;
        c.tt_hits += o.tt_hits;
        c.tt_cutoffs += o.tt_cutoffs;
        c.beta_cutoffs += o.beta_cutoffs;
        c.horizon_skips += o.horizon_skips;
        for i in 0..3 {
            c.root_nodes[i] += o.root_nodes[i];
        }
        for i in 0..2 {
            c.root_moves[i] += o.root_moves[i];
        }
        c.first_move_cutoffs += o.first_move_cutoffs;
    }
}

fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: cannot list: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|q| q.is_file())
                .collect();
            entries.sort();
            out.extend(entries);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn pct(a: u64, b: u64) -> f64 {
    100.0 * a as f64 / b.max(1) as f64
}

pub fn run(args: Args) -> ExitCode {
    let files = match expand(&args.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let every = args.every.max(1) as usize;
    let mut config = StrategistBot::new().config;
    if let Some(d) = args.max_depth {
        config.search.max_depth = d.max(1);
    }
    if let Some(l) = args.lean {
        config.search.lean = l;
    }
    if let Some(b) = args.table_bits {
        config.search.table_bits = b.clamp(4, 24);
    }
    let mut t = Totals::default();
    let mut failed = false;
    'files: for (fi, file) in files.iter().enumerate() {
        let text = match std::fs::read(file).map(String::from_utf8) {
            Ok(Ok(t)) => t,
            _ => {
                eprintln!("{}: cannot read as UTF-8 text", file.display());
                failed = true;
                continue;
            }
        };
        let loaded = match crate::replay::load(&text, std::convert::identity) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                failed = true;
                continue;
            }
        };
        let sides = match &args.viewer {
            None => [true, true],
            Some(name) => loaded.players.clone().map(|p| p.as_deref() == Some(name.as_str())),
        };
        let start = loaded.start.clone();
        let (rp, _) = replay_partial(loaded.start, &loaded.moves, false);
        let mut views = [PlayerView::new(&start, Side::Red), PlayerView::new(&start, Side::Blue)];
        for (ply, p) in rp.plies.iter().enumerate() {
            let s = usize::from(views[0].to_move() == Side::Blue);
            let due = match args.ply {
                Some(target) if ply > target => continue 'files,
                Some(target) => ply == target,
                None => ply >= s && (ply - s).is_multiple_of(every),
            };
            if sides[s] && due {
                if t.positions >= args.positions {
                    break 'files;
                }
                let clock = FrozenClock;
                let mut sink = |_: &stratagem::ai::Progress| {};
                let seed = args.seed ^ ((fi as u64) << 32) ^ ply as u64;
                let mut ctx = SearchContext::new(Budget::nodes(args.nodes), &clock, seed, &mut sink);
                let ((moves, sums, _), stats) =
                    root_scores_with_stats(&views[s], &mut ctx, config, &mut BeliefCache::new());
                if !stats.sample_depths.is_empty() {
                    if args.verbose {
                        // Best first; equal sums in the order of the legal moves.
                        let mut ranked: Vec<usize> = (0..sums.len()).collect();
                        ranked.sort_by_key(|&i| (std::cmp::Reverse(sums[i]), i));
                        let scores: Vec<String> = ranked.iter().map(|&i| format!("{} {}", moves[i], sums[i])).collect();
                        println!(
                            "{} after {ply} plies: depths {:?}, nodes by iteration {:?}, move {}, sums {}",
                            file.display(),
                            stats.sample_depths,
                            stats.iteration_nodes,
                            moves[ranked[0]],
                            scores.join(", ")
                        );
                    }
                    t.add(&stats);
                }
            }
            for v in views.iter_mut() {
                if v.apply(&p.report).is_err() {
                    continue 'files;
                }
            }
        }
    }
    if t.positions == 0 {
        match args.ply {
            Some(n) => eprintln!(
                "no position measured: no game has a decision of the measured side after {n} plies \
                 (past its end, the other side to move, or a single legal move)"
            ),
            None => eprintln!("no position measured"),
        }
        return ExitCode::from(2);
    }
    let n = t.positions as f64;
    let which = match args.ply {
        Some(n) => format!("after {n} plies"),
        None => format!("every {every} plies"),
    };
    println!("positions: {} ({} nodes each, {which}, seed {})", t.positions, args.nodes, args.seed);
    println!(
        "finished depth: shallowest sample mean {:.2}, samples' mean {:.2}",
        t.min_depth as f64 / n,
        t.mean_depth / n
    );
    let hist: Vec<String> =
        t.by_depth.iter().enumerate().filter(|&(_, &c)| c > 0).map(|(d, c)| format!("{d}: {c}")).collect();
    println!("positions by shallowest finished depth: {}", hist.join(", "));
    for (i, &(c, nodes)) in t.iter_done.iter().enumerate() {
        println!("iteration {}: finished in {} positions, mean {:.0} nodes", i + 1, c, nodes as f64 / c.max(1) as f64);
    }
    let c = &t.stats.counters;
    println!(
        "quiescence nodes: {:.1} % of {} nodes; of them at the horizon {:.1} %, standing pat at beta {:.1} %",
        pct(c.qs_nodes, t.nodes),
        t.nodes,
        pct(c.qs_horizon, c.qs_nodes),
        pct(c.qs_stand_cuts, c.qs_nodes)
    );
    println!(
        "table: {} probes, {:.1} % hits, {:.1} % cut the node",
        c.tt_probes,
        pct(c.tt_hits, c.tt_probes),
        pct(c.tt_cutoffs, c.tt_probes)
    );
    println!(
        "fail-high on the first move: {:.1} % of {} fail-highs",
        pct(c.first_move_cutoffs, c.beta_cutoffs),
        c.beta_cutoffs
    );
    println!("quiet moves bounded at the horizon without a node: {}", c.horizon_skips);
    let rn = c.root_nodes.iter().sum::<u64>();
    println!(
        "finished root searches: first move {:.1} % of their nodes; later moves within the margin ({} moves) {:.1} %, below it ({} moves) {:.1} %",
        pct(c.root_nodes[0], rn),
        c.root_moves[0],
        pct(c.root_nodes[1], rn),
        c.root_moves[1],
        pct(c.root_nodes[2], rn)
    );
    if failed { ExitCode::from(2) } else { ExitCode::SUCCESS }
}
