//! The one alpha-beta of the crate: [`AlphaBeta`], negamax with a window over a full position,
//! generic over a [`Scoring`] (score type, terminal and horizon values, move order, move
//! filter), metered by the shared [`NodeMeter`]. Two scorings use it: the seed-004 tutorial's
//! integer material (`search::negamax::Material`) and the seed-003 thesis's Table 6.1
//! ([`Table61`], Section 6.4, with [`crate::ai::eval::table61`]).
//!
//! The thesis resolves hidden information by not generating moves for unknown enemy pieces
//! ("vynecháním generování pohybů pro neznámé figurky"): [`Table61::frozen`] is that move
//! filter, and an enemy node where only such pieces could move is a leaf (evaluated as it
//! stands). The `alphabeta` bot (`bots/alphabeta.rs`) runs it on positions sampled from the view.
//!
//! Invariants: [`value`] equals plain minimax (`tests/irovsky.rs` checks it), and the
//! tutorial's `alphabeta` equals its `negamax` (`search/negamax.rs` tests); nodes are counted
//! once per position visited and the clock is read every 256 nodes.

use super::meter::NodeMeter;
use crate::ai::SearchContext;
use crate::ai::eval::table61::{WIN, evaluate};
use crate::rules::bitboard::bit;
use crate::rules::{Army, Move, MoveList, Outcome, Position, Side};
use arrayvec::ArrayVec;

/// At most this many sampled positions per move (the thesis searched once, without a time
/// limit; more samples only average out the sampling).
pub(crate) const MAX_SAMPLES: u32 = 64;

/// The value of a terminal position for `side` (to move), `depth` plies before the horizon:
/// faster wins and slower losses score better.
pub fn terminal_value(o: Outcome, side: Side, depth: u32) -> f64 {
    match o.winner() {
        Some(w) if w == side => WIN + depth as f64,
        Some(_) => -(WIN + depth as f64),
        None => 0.0,
    }
}

/// At most this many attacks in one position: one per enemy piece (at most 40) and direction,
/// since in one direction only the nearest piece along the line reaches a target.
const MAX_ATTACKS: usize = 4 * 40;

/// Puts `moves` in search order in place: attacks first (they change the evaluation), then
/// the rest, each group in generation order. A stable partition that sets only the few attacks
/// aside: building a second full list and copying it back moved two 1.4 KB lists per node.
pub fn order_attacks_first(pos: &Position, moves: &mut MoveList) {
    let mut attacks = ArrayVec::<Move, MAX_ATTACKS>::new();
    let mut quiet = 0;
    for i in 0..moves.len() {
        let m = moves[i];
        if pos.piece_at(m.to).is_some() {
            attacks.push(m);
        } else {
            moves[quiet] = m;
            quiet += 1;
        }
    }
    moves.copy_within(0..quiet, attacks.len());
    moves[..attacks.len()].copy_from_slice(&attacks);
}

/// What a game-specific alpha-beta needs besides the search itself: a score type, the value of
/// a finished game and of a horizon position, a move order and a move filter. The search
/// ([`AlphaBeta`]) is the same for every bot; the seed-004 negamax and the seed-003
/// alpha-beta differ only here.
pub trait Scoring {
    /// Scores from the side to move's point of view; negation swaps sides.
    type Score: Copy + PartialOrd + std::ops::Neg<Output = Self::Score>;
    /// Below every score (its negation is above every score): the open window.
    const WORST: Self::Score;
    /// The value of a finished game for the side to move, `ply` plies below the root and
    /// `depth` plies before the horizon.
    fn terminal(&self, pos: &Position, outcome: Outcome, ply: u32, depth: u32) -> Self::Score;
    /// The value of a horizon position (or of one where the filter left no move).
    fn evaluate(&self, pos: &Position) -> Self::Score;
    /// Drops the moves the search must not make (none by default).
    fn filter(&self, _pos: &Position, _moves: &mut MoveList) {}
    /// Puts `moves` in search order (ordering only speeds up pruning).
    fn order(&self, pos: &Position, moves: &mut MoveList);
}

/// Negamax alpha-beta (fail-soft) over one position, with the budget meter every depth-limited
/// search shares. Fail-soft and fail-hard visit the same nodes with the same move order; with
/// the full window the value is exact.
pub struct AlphaBeta<'c, 'x, S: Scoring> {
    meter: NodeMeter<'c, 'x>,
    scoring: S,
}

impl<'c, 'x, S: Scoring> AlphaBeta<'c, 'x, S> {
    /// A searcher that stops on `ctx`'s budget (or never, with `None`).
    pub fn new(ctx: Option<&'c mut SearchContext<'x>>, scoring: S) -> Self {
        AlphaBeta { meter: NodeMeter::new(ctx), scoring }
    }

    /// Nodes visited.
    pub fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    /// Whether the budget ran out (every value since is meaningless).
    pub fn aborted(&self) -> bool {
        self.meter.aborted
    }

    /// Charges the nodes not yet passed on to the context.
    pub fn flush(&mut self) {
        self.meter.flush();
    }

    /// The negamax value of `pos` for the side to move, `depth` plies deep, `ply` plies below
    /// the root, in the window (`alpha`, `beta`). Meaningless once the search was aborted.
    pub fn search(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: u32,
        mut alpha: S::Score,
        beta: S::Score,
    ) -> S::Score {
        self.meter.visit();
        if self.meter.aborted {
            return S::WORST;
        }
        if depth == 0 {
            // A horizon node needs no moves, only whether the game has ended: `outcome` tells
            // that without listing them in most positions (most nodes are at the horizon, and
            // the list was a fifth of the search's time, natively and in wasm alike).
            return match pos.outcome() {
                Some(o) => self.scoring.terminal(pos, o, ply, depth),
                None => self.scoring.evaluate(pos),
            };
        }
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        if let Some(o) = pos.outcome_given(&moves) {
            return self.scoring.terminal(pos, o, ply, depth);
        }
        self.scoring.filter(pos, &mut moves);
        if moves.is_empty() {
            return self.scoring.evaluate(pos);
        }
        self.scoring.order(pos, &mut moves);
        let mut best = S::WORST;
        for &m in &moves {
            pos.play_unchecked(m);
            let v = -self.search(pos, depth - 1, ply + 1, -beta, -alpha);
            pos.undo();
            if self.meter.aborted {
                return S::WORST;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The best root move of `pos` and its value, `depth` plies deep (ties: the first in
    /// search order); `None` if the budget ran out first (or there is no move).
    pub fn root(&mut self, pos: &mut Position, depth: u32) -> Option<(Move, S::Score)> {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        self.scoring.order(pos, &mut moves);
        let mut best: Option<(Move, S::Score)> = None;
        let mut alpha = S::WORST;
        for &m in &moves {
            pos.play_unchecked(m);
            let v = -self.search(pos, depth.saturating_sub(1), 1, S::WORST, -alpha);
            pos.undo();
            if self.meter.aborted {
                self.meter.flush();
                return None;
            }
            if best.is_none_or(|b| v > b.1) {
                best = Some((m, v));
            }
            if v > alpha {
                alpha = v;
            }
        }
        self.meter.flush();
        best
    }
}

/// The seed-003 scoring: Table 6.1 at the horizon, wins by remaining depth, attacks first,
/// and the enemy pieces the searcher knows nothing of frozen (Section 6.4).
#[derive(Debug, Clone, Copy, Default)]
pub struct Table61 {
    /// Pieces (bit = [`crate::rules::PieceId::index`]) whose moves are not generated.
    pub frozen: u128,
}

impl Scoring for Table61 {
    type Score = f64;
    const WORST: f64 = f64::NEG_INFINITY;

    fn terminal(&self, pos: &Position, outcome: Outcome, _ply: u32, depth: u32) -> f64 {
        terminal_value(outcome, pos.to_move(), depth)
    }

    fn evaluate(&self, pos: &Position) -> f64 {
        let side = pos.to_move();
        evaluate(pos, side, side, &Army::default())
    }

    fn filter(&self, pos: &Position, moves: &mut MoveList) {
        let frozen = self.frozen;
        if frozen != 0 {
            // `bit`, not `frozen >> index`: a variable u128 shift is a library call in wasm32
            // (`__lshrti3`), and this runs at every node.
            moves.retain(|m| pos.piece_at(m.from).is_some_and(|id| frozen & bit(id.index()) == 0));
        }
    }

    fn order(&self, pos: &Position, moves: &mut MoveList) {
        order_attacks_first(pos, moves);
    }
}

/// The alpha-beta value of `pos` for the side to move at `depth` plies, every piece moving,
/// no budget: what the oracle test compares with plain minimax.
pub fn value(pos: &mut Position, depth: u32) -> f64 {
    AlphaBeta::new(None, Table61::default()).search(pos, depth, 0, f64::NEG_INFINITY, f64::INFINITY)
}
