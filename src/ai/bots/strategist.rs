//! The `strategist` bot, this project's own (issue 11; design and measured log in
//! `docs/bots/strategist.md`): determinized iterative-deepening alpha-beta
//! ([`crate::ai::search::determinized`]) over enemy armies sampled from the Invincible belief
//! matrix (human setup statistics, updated on every public move and battle:
//! [`crate::ai::belief::matrix`]), scored by [`crate::ai::eval::strategist`];
//! setups from [`crate::ai::setupgen::strategist`].
//!
//! Splitting the work (a page with several workers, documented in the doc): every worker
//! calls [`root_scores`] on the same view with its own seed (so its own samples) and the
//! same time budget, and the page adds the sums per move and plays the highest ([`combine`]).
//!
//! Invariants: returns one of `view.legal_moves()`; reads only the view (the belief replays
//! public reports; the cache gives the same numbers as a fresh replay); all randomness from
//! `ctx.rng`; sampling and search both stop on the budget.

use crate::ai::belief::matrix::BeliefCache;
use crate::ai::belief::matrix::BeliefMatrix;
use crate::ai::ranking;
use crate::ai::search::determinized::{RootChance, Settings, search_samples};
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PieceKind, PlayerView, Position, Setup, Variant};
use rand::seq::SliceRandom;

/// Settings of the strategist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrategistConfig {
    /// Enemy armies sampled per move.
    pub samples: usize,
    /// The search's settings.
    pub search: Settings,
}

impl Default for StrategistConfig {
    fn default() -> Self {
        StrategistConfig { samples: std_samples(), search: Settings { max_depth: 32, table_bits: 16 } }
    }
}

/// The strategist bot.
#[derive(Debug, Default)]
pub struct StrategistBot {
    /// Its settings.
    pub config: StrategistConfig,
    cache: BeliefCache,
}

impl StrategistBot {
    /// A bot with the default settings.
    pub fn new() -> StrategistBot {
        StrategistBot::default()
    }

    /// A bot with `config`.
    pub fn with_config(config: StrategistConfig) -> StrategistBot {
        StrategistBot { config, cache: BeliefCache::new() }
    }
}

/// One worker's share of a move: the sum over its samples of each legal move's value, in
/// `view.legal_moves()` order, and how many samples were counted. Empty sums when the view
/// admits no consistent army (never in a real game).
pub fn root_scores(
    view: &PlayerView,
    ctx: &mut SearchContext,
    config: StrategistConfig,
    cache: &mut BeliefCache,
) -> (Vec<Move>, Vec<i64>, usize) {
    let moves: Vec<Move> = view.legal_moves().to_vec();
    if moves.len() <= 1 {
        ctx.add_nodes(1);
        return (moves.clone(), vec![0; moves.len()], 0);
    }
    let matrix = cache.replay(view).matrix(view.side().opponent());
    let mut samples: Vec<Position> = Vec::with_capacity(config.samples);
    for _ in 0..config.samples.max(1) {
        match matrix.sample(view, &mut ctx.rng) {
            Ok(p) => samples.push(p),
            Err(_) => break,
        }
        ctx.add_nodes(1);
        if ctx.out_of_budget() {
            break;
        }
    }
    if samples.is_empty() {
        return (moves.clone(), vec![0; moves.len()], 0);
    }
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.shuffle(&mut ctx.rng);
    let chance: Vec<Option<RootChance>> = moves.iter().map(|&mv| root_chance(view, &matrix, mv)).collect();
    let r = search_samples(&mut samples, &moves, &order, &chance, ctx, config.search);
    // Ties at the top went to the earlier move of the shuffled order (a random tie-break);
    // one point more for that move makes `combine` of this one part pick it too.
    let mut sums = r.sums;
    sums[r.best] += 1;
    (moves, sums, r.counted)
}

/// `mv` as a chance node at the root if it attacks an enemy piece whose kind `view` does not
/// know: the belief's probabilities of the defender's kind, restricted to what the view allows
/// (kinds still unassigned; no Bomb or Flag for a piece that moved; a Scout for one seen
/// moving far).
fn root_chance(view: &PlayerView, matrix: &BeliefMatrix, mv: Move) -> Option<RootChance> {
    let attacker = view.kind(view.piece_at(mv.from)?)?;
    let def = view.piece_at(mv.to)?;
    if def.side() == view.side() || view.kind(def).is_some() {
        return None;
    }
    let p = view.piece(def);
    let left = view.enemy_unassigned();
    let mut probs = matrix.probabilities(def);
    for k in PieceKind::ALL {
        let allowed = left[k] > 0 && (!p.moved || k.is_movable()) && (!p.scout_known || k == PieceKind::Scout);
        if !allowed {
            probs[k.index()] = 0.0;
        }
    }
    Some(RootChance { attacker, probs })
}

/// The move with the highest summed score over several workers' [`root_scores`] of the same
/// view (every list must hold the same moves in the same order); `None` if there are none.
pub fn combine(parts: &[(Vec<Move>, Vec<i64>, usize)]) -> Option<Move> {
    let (moves, _, _) = parts.first()?;
    let mut best: Option<(usize, i64)> = None;
    for i in 0..moves.len() {
        let s: i64 = parts.iter().map(|p| p.1.get(i).copied().unwrap_or(0)).sum();
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((i, s));
        }
    }
    best.map(|(i, _)| moves[i])
}

impl Bot for StrategistBot {
    fn name(&self) -> &'static str {
        "strategist"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        let part = root_scores(view, ctx, self.config, &mut self.cache);
        // Candidates for the engine's Thought: each move's mean value over the samples counted,
        // highest first; a stable sort keeps `combine`'s earliest-index tie-break, so the move
        // played heads the list.
        let (moves, sums, counted) = &part;
        let mut order: Vec<usize> = (0..moves.len()).collect();
        ranking::sort_by_key128(&mut order, |&i| ranking::desc_i64(sums[i]));
        let per = (*counted).max(1) as f64;
        ctx.set_candidates(order.iter().map(|&i| (moves[i], sums[i] as f64 / per)).collect());
        combine(std::slice::from_ref(&part)).expect("the bot contract guarantees a legal move")
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        crate::ai::setupgen::strategist::generate_setup(variant, rng)
    }
}

/// Samples per move (`STRATEGIST_SAMPLES` overrides it natively, for tuning matches only).
fn std_samples() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(n) = std::env::var("STRATEGIST_SAMPLES").ok().and_then(|s| s.parse().ok()) {
        return n;
    }
    4
}
