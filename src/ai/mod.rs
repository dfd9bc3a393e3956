//! The bots and what they share: the [`Bot`] trait, budgets and clocks, and by algorithm:
//! [`search`], [`eval`]uations, [`belief`]s about hidden pieces, [`plans`], setup generators
//! ([`setupgen`]); [`bots`] holds one small configuration per registered bot and the registry.
//!
//! A bot sees a [`PlayerView`] and nothing else (the hidden-information boundary is a type
//! boundary). All randomness comes through the one seeded [`BotRng`] in the [`SearchContext`];
//! all time through its injected [`Clock`]; searches stop on the [`Budget`].

pub mod belief;
pub mod bots;
pub mod draw;
pub mod engine;
pub mod eval;
pub mod plans;
pub(crate) mod ranking;
pub mod search;
pub mod setupgen;

pub use bots::registry::{
    BOTS, BotEntry, BotParts, Gather, LEVELS, Level, PARTS, RootPart, Split, bot_entry, bot_names, bot_parts, level,
    make_bot,
};

use crate::rules::{Move, PlayerView, Setup, Variant};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// The one random number generator every bot draws from (seeded, reproducible everywhere).
pub type BotRng = rand_chacha::ChaCha8Rng;

/// A fresh generator from a seed.
pub fn rng_from_seed(seed: u64) -> BotRng {
    BotRng::seed_from_u64(seed)
}

/// A source of time in milliseconds since some fixed start. Injected, so tests never read
/// the wall clock and wasm (where `std::time::Instant` panics) passes its own.
pub trait Clock {
    /// Milliseconds since an arbitrary fixed point.
    fn now_ms(&self) -> f64;
}

/// The wall clock of a native build.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy)]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    /// A clock starting now.
    pub fn new() -> Self {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that never moves: with it only node budgets stop a search (tests, determinism).
#[derive(Debug, Clone, Copy, Default)]
pub struct FrozenClock;

impl Clock for FrozenClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// How much a bot may spend on one move. Either limit (or both) may be set; a budget with
/// neither is unlimited, which only tests with tiny positions should use.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Budget {
    /// Wall-clock milliseconds for this move.
    pub time_ms: Option<f64>,
    /// Nodes (or playouts, or whatever unit the bot counts) for this move.
    pub nodes: Option<u64>,
}

impl Budget {
    /// A time-only budget.
    pub fn time(ms: f64) -> Budget {
        Budget { time_ms: Some(ms), nodes: None }
    }

    /// A node-only budget (deterministic).
    pub fn nodes(n: u64) -> Budget {
        Budget { time_ms: None, nodes: Some(n) }
    }
}

/// What a bot reports while it thinks.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Progress {
    /// Completed search depth, iterations, or similar (bot-specific).
    pub depth: u32,
    /// Nodes or playouts so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub elapsed_ms: f64,
    /// Best move so far.
    pub best: Option<Move>,
    /// Its score, from the bot's side (bot-specific scale).
    pub score: Option<f64>,
}

/// Everything a bot may use besides the view: budget, clock, randomness, progress output.
pub struct SearchContext<'a> {
    /// The budget for this move.
    pub budget: Budget,
    /// The clock.
    pub clock: &'a dyn Clock,
    /// The one random source.
    pub rng: BotRng,
    /// Called with progress now and then (not on every node).
    pub progress: &'a mut dyn FnMut(&Progress),
    start_ms: f64,
    nodes: u64,
    /// The last report (depth and score), kept for [`engine::think`]'s answer.
    last: Progress,
    /// Root moves with their scores, best first, if the bot gave them.
    candidates: Vec<(Move, f64)>,
}

impl<'a> SearchContext<'a> {
    /// A context starting now.
    pub fn new(budget: Budget, clock: &'a dyn Clock, seed: u64, progress: &'a mut dyn FnMut(&Progress)) -> Self {
        let start_ms = clock.now_ms();
        SearchContext {
            budget,
            clock,
            rng: rng_from_seed(seed),
            progress,
            start_ms,
            nodes: 0,
            last: Progress::default(),
            candidates: Vec::new(),
        }
    }

    /// Counts `n` more nodes.
    #[inline]
    pub fn add_nodes(&mut self, n: u64) {
        self.nodes += n;
    }

    /// Nodes counted so far.
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Milliseconds since the context was made.
    pub fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }

    /// Whether the budget is spent. Reads the clock: call it every few thousand nodes, not
    /// on every node.
    pub fn out_of_budget(&self) -> bool {
        self.budget.nodes.is_some_and(|n| self.nodes >= n)
            || self.budget.time_ms.is_some_and(|t| self.elapsed_ms() >= t)
    }

    /// Share of the budget used, 0..1 (the larger of nodes and time).
    pub fn used_fraction(&self) -> f64 {
        let n = self.budget.nodes.map_or(0.0, |n| self.nodes as f64 / n.max(1) as f64);
        let t = self.budget.time_ms.map_or(0.0, |t| self.elapsed_ms() / t.max(1e-9));
        n.max(t)
    }

    /// Reports progress; the last report also gives [`engine::Thought`]'s depth and score.
    pub fn report(&mut self, depth: u32, best: Option<Move>, score: Option<f64>) {
        let p = Progress { depth, nodes: self.nodes, elapsed_ms: self.elapsed_ms(), best, score };
        (self.progress)(&p);
        self.last = p;
    }

    /// The last progress reported (all zero and `None` if the bot reported nothing).
    pub fn last_report(&self) -> &Progress {
        &self.last
    }

    /// Gives the root moves the bot weighed, with their scores on the bot's own scale, best
    /// first (the page's "Why?" panel shows them). Optional: a bot that does not call it
    /// answers with no candidates. A later call replaces an earlier one.
    pub fn set_candidates(&mut self, candidates: Vec<(Move, f64)>) {
        self.candidates = candidates;
    }

    /// The candidates given so far, taken out of the context.
    pub fn take_candidates(&mut self) -> Vec<(Move, f64)> {
        std::mem::take(&mut self.candidates)
    }
}

/// A player of the game that sees only its own view.
///
/// Contract: `choose_move` is called only when `view.to_move() == view.side()` and the side
/// has a legal move; it returns one of `view.legal_moves()`, and stops within its budget (a
/// few milliseconds over at most). The same view, seed and node budget give the same move.
/// A bot keeps no hidden state between calls that the view could not rebuild: anything it
/// learns, it learns from the view's reports, so a bot in a fresh worker plays the same.
pub trait Bot {
    /// The bot's registry name (`random`, `negamax`, ...).
    fn name(&self) -> &'static str;

    /// Chooses a move for the side to move.
    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move;

    /// A setup for `variant` from this bot's own generator.
    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup;
}
