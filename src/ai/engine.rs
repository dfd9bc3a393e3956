//! The one engine call every front end makes: [`think`] checks that the view's side is to move
//! and has a move, runs the bot under its budget, clock and seed, checks the answer against
//! the view, and returns a [`Thought`] (the move, the search's depth, nodes and score, and the
//! root candidates the bot weighed). The page's worker (`wasm::think`), the UCC player and
//! the arena all go through it, so none of them assembles a search context of its own.
//!
//! Seed rule: a move's seed is [`move_seed`]`(game_seed, view.ply())`, the same for every front
//! end, so a game replayed with the same game seed and node budgets replays move for move.
//!
//! Several workers (the page, for bots listed in [`PARTS`](super::PARTS)): each worker runs
//! [`think_part`] on the same view with the move's seed, its own index and the number of workers
//! (worker 0 searches with the move's seed itself, the others with [`part_seed`]s; the bot
//! shares out what the budget buys beyond its base work, [`Split::Workers`]), and [`combine_parts`] turns
//! the parts that arrived into a [`Thought`] by the bot's own rule, checked like [`think`]'s.
//! One part of one worker alone gives the move [`think`] gives for the same seed and budget.

use super::{Bot, BotParts, BotRng, Budget, Clock, Gather, Progress, RootPart, SearchContext, Split, rng_from_seed};
use crate::ai::ranking;
use crate::rules::{Move, PlayerView, Side};
use rand::RngCore;
use serde::Serialize;

/// What a bot answered, and what its search reports about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Thought {
    /// The move, one of the view's legal moves.
    #[serde(rename = "move", serialize_with = "as_text")]
    pub mv: Move,
    /// The last reported search depth (bot-specific: plies, iterations; 0 if none reported).
    pub depth: u32,
    /// Nodes (or playouts, or moves scored) counted.
    pub nodes: u64,
    /// The last reported score of the best move, from the bot's side, on its own scale.
    pub score: Option<f64>,
    /// Milliseconds the bot took, by the clock it was given.
    pub elapsed_ms: f64,
    /// Root moves with their scores, best first, as the bot gave them (may be empty).
    #[serde(serialize_with = "candidates_as_text")]
    pub candidates: Vec<(Move, f64)>,
}

fn as_text<S: serde::Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(mv)
}

fn candidates_as_text<S: serde::Serializer>(c: &[(Move, f64)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(c.iter().map(|(m, v)| (m.to_string(), v)))
}

/// Why [`think`] gave no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThinkError {
    /// The view's side is not the side to move.
    #[error("it is {to_move}'s turn, not {side}'s")]
    NotYourTurn {
        /// The side to move.
        to_move: Side,
        /// The view's side.
        side: Side,
    },
    /// The side to move has no legal move (the game is over).
    #[error("{0} has no legal move")]
    NoLegalMove(Side),
    /// The bot broke its contract and chose a move the view does not allow.
    #[error("bot '{bot}' chose the illegal move {mv}: {reason}")]
    IllegalChoice {
        /// The bot's name.
        bot: &'static str,
        /// The move.
        mv: Move,
        /// What rule it breaks.
        reason: String,
    },
    /// No worker's part arrived to combine.
    #[error("bot '{0}' has no part to combine: every worker failed")]
    NoParts(&'static str),
    /// A part does not belong to the view (another position, or a damaged message).
    #[error("bot '{bot}', part {index}: {reason}")]
    BadPart {
        /// The bot's name.
        bot: &'static str,
        /// The part's place in the list given to [`combine_parts`] (from 0).
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A worker's index is not below the number of workers sharing the move.
    #[error("bot '{bot}': worker {worker} of {workers} (workers are numbered from 0, and there is at least one)")]
    BadWorker {
        /// The bot's name.
        bot: &'static str,
        /// The worker's index.
        worker: u32,
        /// How many workers share the move.
        workers: u32,
    },
}

/// The seed of the move at `ply` of a game played with `game_seed`: the `ply`-th 64-bit
/// number of the [`BotRng`] stream seeded with `game_seed` (reached by seeking, in constant
/// time). So moves of one game get unrelated seeds, a game seed replays a whole game, and the
/// arena's matches play as they did when it drew one number per ply from that stream.
pub fn move_seed(game_seed: u64, ply: u32) -> u64 {
    let mut rng = rng_from_seed(game_seed);
    // One u64 is two of the generator's 32-bit words.
    rng.set_word_pos(2 * u128::from(ply));
    rng.next_u64()
}

/// Lets `bot` choose a move for `view` within `budget`, timed by `clock`, with its random
/// choices drawn from `seed` (a move seed: see [`move_seed`]); `progress` is called now and then.
///
/// Errors: the view's side is not to move, it has no legal move, or the bot chose a move the
/// view does not allow (a bug in the bot, reported rather than played).
pub fn think(
    bot: &mut dyn Bot,
    view: &PlayerView,
    budget: Budget,
    clock: &dyn Clock,
    seed: u64,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Thought, ThinkError> {
    check_turn(view)?;
    let mut ctx = SearchContext::new(budget, clock, seed, progress);
    let mv = bot.choose_move(view, &mut ctx);
    if let Err(e) = view.check_move(mv) {
        return Err(ThinkError::IllegalChoice { bot: bot.name(), mv, reason: e.to_string() });
    }
    let last = ctx.last_report();
    let (depth, score) = (last.depth, last.score);
    Ok(Thought {
        mv,
        depth,
        nodes: ctx.nodes(),
        score,
        elapsed_ms: ctx.elapsed_ms(),
        candidates: ctx.take_candidates(),
    })
}

/// One worker's share of a move ([`think_part`]): the view's legal moves, each move's value
/// summed over the worker's samples, the samples counted, and what the search reported.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// The view's legal moves, in `view.legal_moves()` order.
    pub moves: Vec<Move>,
    /// Each move's summed value (the bot's own scale times the samples counted).
    pub sums: Vec<i64>,
    /// Samples counted in the sums.
    pub counted: usize,
    /// Nodes counted.
    pub nodes: u64,
    /// The last reported search depth.
    pub depth: u32,
    /// Milliseconds the part took, by the clock it was given.
    pub elapsed_ms: f64,
}

/// The seed worker `worker` searches with for a move seeded `seed`: worker 0 takes `seed`
/// itself (so one worker plays exactly as [`think`]); worker `w > 0` the first number of
/// stream `w` of the [`BotRng`] seeded with `seed`, unrelated to the others.
pub fn part_seed(seed: u64, worker: u32) -> u64 {
    if worker == 0 { seed } else { stream_seed(&rng_from_seed(seed), worker) }
}

/// Worker `worker`'s random source, from the move's own source before anything drew from it
/// (`rng_from_seed(seed)`): the generator [`part_seed`]`(seed, worker)` seeds. For callers that
/// hold the move's generator rather than its seed (a bot splitting its own move on threads).
pub fn part_rng(move_rng: &BotRng, worker: u32) -> BotRng {
    if worker == 0 { move_rng.clone() } else { rng_from_seed(stream_seed(move_rng, worker)) }
}

/// The first number of stream `worker` of `rng` (a copy; `rng` is not advanced).
fn stream_seed(rng: &BotRng, worker: u32) -> u64 {
    let mut r = rng.clone();
    r.set_stream(u64::from(worker));
    r.next_u64()
}

/// One part of the move of the bot `parts` describes, searched with `rng` within `budget`, the
/// move being split as `split` says ([`BotParts::part`]; `gather`: the parts searched at the
/// same time, [`Gather`]), unchecked (see [`think_part`] for the checked call).
#[allow(clippy::too_many_arguments)]
pub fn run_part(
    parts: &BotParts,
    view: &PlayerView,
    budget: Budget,
    clock: &dyn Clock,
    rng: BotRng,
    split: Split,
    gather: Option<&dyn Gather>,
    progress: &mut dyn FnMut(&Progress),
) -> Part {
    let mut ctx = SearchContext::new(budget, clock, 0, progress);
    ctx.rng = rng;
    let (moves, sums, counted) = (parts.part)(view, &mut ctx, split, gather);
    Part { moves, sums, counted, nodes: ctx.nodes(), depth: ctx.last_report().depth, elapsed_ms: ctx.elapsed_ms() }
}

/// Worker `worker`'s part (of `workers`, the page's workers) of the move of the bot `parts`
/// describes, for `view` within `budget`, seeded with [`part_seed`]`(seed, worker)`. Checks as
/// [`think`] does: the view's side is to move and has a move; `worker` is below `workers`; the
/// part must list exactly the view's legal moves.
pub fn think_part(
    parts: &BotParts,
    view: &PlayerView,
    budget: Budget,
    clock: &dyn Clock,
    seed: u64,
    (worker, workers): (u32, u32),
    progress: &mut dyn FnMut(&Progress),
) -> Result<Part, ThinkError> {
    check_turn(view)?;
    if worker >= workers {
        return Err(ThinkError::BadWorker { bot: parts.bot, worker, workers });
    }
    // Each of the page's workers searches the whole budget, on its own samples; the bot shares
    // out among them what the time buys beyond its base work (`Split::Workers`).
    let rng = rng_from_seed(part_seed(seed, worker));
    let part = run_part(parts, view, budget, clock, rng, Split::Workers(workers), None, progress);
    check_part(parts.bot, view, &part, worker as usize)?;
    Ok(part)
}

/// The move the `list` of parts adds up to, by the bot's own rule, as a [`Thought`]: nodes
/// summed, the deepest depth, the longest time, and every legal move as a candidate with its
/// value averaged over all samples counted (best first; ties in the order of the view's legal
/// moves, the rule's own tie-break), the score being the chosen move's.
///
/// Errors: the view's side is not to move or cannot move; no parts; a part that does not list
/// the view's legal moves with one sum each; a combined move the view does not allow.
pub fn combine_parts(parts: &BotParts, view: &PlayerView, list: &[Part]) -> Result<Thought, ThinkError> {
    check_turn(view)?;
    if list.is_empty() {
        return Err(ThinkError::NoParts(parts.bot));
    }
    for (i, p) in list.iter().enumerate() {
        check_part(parts.bot, view, p, i)?;
    }
    let raw: Vec<RootPart> = list.iter().map(|p| (p.moves.clone(), p.sums.clone(), p.counted)).collect();
    let mv = (parts.combine)(&raw).ok_or(ThinkError::NoParts(parts.bot))?;
    if let Err(e) = view.check_move(mv) {
        return Err(ThinkError::IllegalChoice { bot: parts.bot, mv, reason: e.to_string() });
    }
    let moves = &list[0].moves;
    let total: Vec<i64> = (0..moves.len()).map(|i| list.iter().map(|p| p.sums[i]).sum()).collect();
    let counted: usize = list.iter().map(|p| p.counted).sum();
    let per = counted.max(1) as f64;
    let mut order: Vec<usize> = (0..moves.len()).collect();
    // A stable sort: equal sums stay in legal-move order, as the combining rule breaks ties.
    ranking::sort_by_key128(&mut order, |&i| ranking::desc_i64(total[i]));
    let candidates: Vec<(Move, f64)> = order.iter().map(|&i| (moves[i], total[i] as f64 / per)).collect();
    let score = candidates.iter().find(|(m, _)| *m == mv).map(|&(_, v)| v);
    Ok(Thought {
        mv,
        depth: list.iter().map(|p| p.depth).max().unwrap_or(0),
        nodes: list.iter().map(|p| p.nodes).sum(),
        score,
        elapsed_ms: list.iter().map(|p| p.elapsed_ms).fold(0.0, f64::max),
        candidates,
    })
}

fn check_turn(view: &PlayerView) -> Result<(), ThinkError> {
    if view.to_move() != view.side() {
        return Err(ThinkError::NotYourTurn { to_move: view.to_move(), side: view.side() });
    }
    if view.legal_moves().is_empty() {
        return Err(ThinkError::NoLegalMove(view.side()));
    }
    Ok(())
}

/// A part must hold the view's legal moves, in order, with one sum each.
fn check_part(bot: &'static str, view: &PlayerView, p: &Part, index: usize) -> Result<(), ThinkError> {
    let bad = |reason: String| Err(ThinkError::BadPart { bot, index, reason });
    let legal = view.legal_moves();
    if p.moves.as_slice() != legal.as_slice() {
        return bad(match p.moves.iter().zip(legal.iter()).position(|(a, b)| a != b) {
            Some(i) => format!("its move {} is {} where the view's legal moves have {}", i + 1, p.moves[i], legal[i]),
            None => format!("it lists {} moves, the view has {} legal moves", p.moves.len(), legal.len()),
        });
    }
    if p.sums.len() != p.moves.len() {
        return bad(format!("{} sums for {} moves", p.sums.len(), p.moves.len()));
    }
    Ok(())
}
