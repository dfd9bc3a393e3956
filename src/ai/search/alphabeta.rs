//! `alphabeta`: the thesis's depth-3 alpha-beta (Section 6.4) with the Table 6.1 evaluation
//! and its dynamic adjustments ([`crate::ai::eval::table61`]), run on positions sampled from the view.
//!
//! The thesis resolves hidden information by not generating moves for unknown enemy pieces
//! ("vynecháním generování pohybů pro neznámé figurky"); it does not say how our attacks on
//! unknown pieces end. Here the hidden kinds come from a uniform sample of the view
//! ([`crate::ai::belief::sample_position`]), which decides those attacks, while the enemy
//! pieces the view does not know still do not move, as in the thesis. An enemy node where
//! only such pieces could move is a leaf (evaluated as it stands). Several samples are
//! searched while the budget lasts and each votes for its best move.
//!
//! Anytime: the first sample is searched at depths 1, 2, 3 (iterative deepening), so a legal
//! move is ready at once; a search the budget interrupts is thrown away. The setting stays
//! depth 3, as in the thesis; only the budget stops it earlier.
//!
//! Invariants: [`value`] equals plain minimax (`tests/irovsky.rs` checks it); nodes are
//! counted once per position visited and the budget is read every 256 nodes.

use super::meter::NodeMeter;
use super::uct::terminal_outcome;
use crate::ai::SearchContext;
use crate::ai::eval::table61::{WIN, evaluate};
use crate::rules::{Army, Move, MoveList, Outcome, Position, Side};

/// At most this many sampled positions per move (the thesis searched once, without a time
/// limit; more samples only average out the sampling).
pub const MAX_SAMPLES: u32 = 64;

/// The value of a terminal position for `side` (to move), `depth` plies before the horizon:
/// faster wins and slower losses score better.
pub fn terminal_value(o: Outcome, side: Side, depth: u32) -> f64 {
    match o.winner() {
        Some(w) if w == side => WIN + depth as f64,
        Some(_) => -(WIN + depth as f64),
        None => 0.0,
    }
}

/// Moves in search order: attacks first (they change the evaluation), then the rest, each
/// group in generation order.
pub fn ordered(pos: &Position, moves: &MoveList) -> MoveList {
    let mut out = MoveList::new();
    out.extend(moves.iter().copied().filter(|m| pos.piece_at(m.to).is_some()));
    out.extend(moves.iter().copied().filter(|m| pos.piece_at(m.to).is_none()));
    out
}

/// A negamax alpha-beta searcher over one position.
pub struct AlphaBeta<'c, 'x> {
    meter: NodeMeter<'c, 'x>,
    /// Pieces (bit = [`crate::rules::PieceId::index`]) whose moves are not generated.
    frozen: u128,
}

impl<'c, 'x> AlphaBeta<'c, 'x> {
    /// A searcher that stops on `ctx`'s budget (or never, with `None`) and does not move the
    /// pieces in `frozen`.
    pub fn new(ctx: Option<&'c mut SearchContext<'x>>, frozen: u128) -> Self {
        AlphaBeta { meter: NodeMeter::new(ctx), frozen }
    }

    /// Nodes visited.
    pub fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    /// The negamax value of `pos` for the side to move, `depth` plies deep, in the window
    /// (`alpha`, `beta`). Meaningless once the search was aborted.
    pub fn negamax(&mut self, pos: &mut Position, depth: u32, mut alpha: f64, beta: f64) -> f64 {
        self.meter.visit();
        if self.meter.aborted {
            return 0.0;
        }
        let side = pos.to_move();
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        if let Some(o) = terminal_outcome(pos, &moves) {
            return terminal_value(o, side, depth);
        }
        if depth == 0 {
            return evaluate(pos, side, side, &Army::default());
        }
        let frozen = self.frozen;
        moves.retain(|m| pos.piece_at(m.from).is_some_and(|id| frozen >> id.index() & 1 == 0));
        if moves.is_empty() {
            // Only pieces the searcher knows nothing of could move: a leaf (Section 6.4).
            return evaluate(pos, side, side, &Army::default());
        }
        let mut best = f64::NEG_INFINITY;
        for m in ordered(pos, &moves) {
            pos.play_unchecked(m);
            let v = -self.negamax(pos, depth - 1, -beta, -alpha);
            pos.undo();
            if self.meter.aborted {
                return 0.0;
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The best root move of `pos` and its value, `depth` plies deep; `None` if the budget
    /// ran out first (or there is no move).
    pub fn root(&mut self, pos: &mut Position, depth: u32) -> Option<(Move, f64)> {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        let mut best: Option<(Move, f64)> = None;
        let mut alpha = f64::NEG_INFINITY;
        for m in ordered(pos, &moves) {
            pos.play_unchecked(m);
            let v = -self.negamax(pos, depth.saturating_sub(1), f64::NEG_INFINITY, -alpha);
            pos.undo();
            if self.meter.aborted {
                self.meter.flush();
                return None;
            }
            if best.is_none_or(|b| v > b.1) {
                best = Some((m, v));
            }
            alpha = alpha.max(v);
        }
        self.meter.flush();
        best
    }
}

/// The alpha-beta value of `pos` for the side to move at `depth` plies, every piece moving,
/// no budget: what the oracle test compares with plain minimax.
pub fn value(pos: &mut Position, depth: u32) -> f64 {
    AlphaBeta::new(None, 0).negamax(pos, depth, f64::NEG_INFINITY, f64::INFINITY)
}
