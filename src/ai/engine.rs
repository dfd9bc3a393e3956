//! The one engine call every front end makes: [`think`] checks that the view's side is to move
//! and has a move, runs the bot under its budget, clock and seed, checks the answer against
//! the view, and returns a [`Thought`] (the move, the search's depth, nodes and score, and the
//! root candidates the bot weighed). The page's worker (`wasm::think`), the UCC player and
//! the arena all go through it, so none of them assembles a search context of its own.
//!
//! Seed rule: a move's seed is [`move_seed`]`(game_seed, view.ply())`, the same for every front
//! end, so a game replayed with the same game seed and node budgets replays move for move.

use super::{Bot, Budget, Clock, Progress, SearchContext, rng_from_seed};
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
}

/// The seed of the move at `ply` of a game played with `game_seed`: the `ply`-th 64-bit
/// number of the [`BotRng`](super::BotRng) stream seeded with `game_seed` (reached by seeking, in constant
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
    if view.to_move() != view.side() {
        return Err(ThinkError::NotYourTurn { to_move: view.to_move(), side: view.side() });
    }
    if view.legal_moves().is_empty() {
        return Err(ThinkError::NoLegalMove(view.side()));
    }
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
