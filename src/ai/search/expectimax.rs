//! `expectimax`: the thesis's depth-3 expectiminimax (Section 6.5, Algorithm 1) with the
//! Table 6.1 evaluation of alpha-beta ([`crate::ai::eval::table61`]).
//!
//! Chance nodes appear only where an attack meets a piece of unknown kind: our attack on an
//! unknown enemy piece, or an unknown enemy piece attacking ours. The thesis makes three
//! children (win, loss, tie) weighted "by the remaining unrevealed enemy pieces compared with
//! ours"; here the chance node has one child per kind the piece can still be, weighted by the
//! belief marginal of that kind ([`chance_weights`]), which sums to the thesis's three
//! outcome probabilities and also tells what was captured (a Flag ends the game).
//!
//! The searched position is the view's board with placeholders on unknown enemy pieces, never
//! a guess of their kinds: an unknown piece that has moved steps one square (a known Scout
//! moves as a Scout), an unmoved one stands still within the horizon (it may be a Bomb or the
//! Flag); the evaluation counts the unknown pieces by the pool of kinds they share, which is
//! their expected material. A chance node sets the piece's kind, removes it from the pool,
//! and puts both back afterwards.
//!
//! Anytime: iterative deepening 1, 2, 3 (the setting stays 3, as in the thesis); a depth the
//! budget interrupts is thrown away. Chance nodes do not use up depth (depth counts plies).
//!
//! Invariants: [`chance_weights`] are positive only for kinds the view allows and sum to
//! one; the working position is restored after every child; the budget is read every 256
//! nodes.

use super::alphabeta::terminal_value;
use super::meter::NodeMeter;
use crate::ai::SearchContext;
use crate::ai::belief::{Constraint, Inconsistent, Unknowns};
use crate::ai::eval::table61::evaluate;
use crate::rules::{Army, Move, MoveList, PieceId, PieceKind, PlayerView, Position, Side};

/// What the unknown piece `target` can be, with probabilities: its belief marginal under the
/// uniform distribution over assignments consistent with `unknowns`, positive entries only.
pub fn chance_weights(unknowns: &Unknowns, target: PieceId) -> Result<Vec<(PieceKind, f64)>, Inconsistent> {
    let m = unknowns.marginals()?;
    let (_, p) = m
        .into_iter()
        .find(|(id, _)| *id == target)
        .ok_or_else(|| Inconsistent(format!("piece {} is not an unknown piece", target.0)))?;
    Ok(PieceKind::ALL.iter().filter(|k| p[k.index()] > 0.0).map(|&k| (k, p[k.index()])).collect())
}

/// [`chance_weights`] for an unknown enemy piece of `view`.
pub fn view_chance_weights(view: &PlayerView, target: PieceId) -> Result<Vec<(PieceKind, f64)>, Inconsistent> {
    chance_weights(&Unknowns::of(view), target)
}

/// The kind a searched position shows for an unknown enemy piece (never read as its kind:
/// the piece stays `kind_known == false`); it only decides how the piece moves.
fn placeholder(scout_known: bool, moved: bool) -> PieceKind {
    if scout_known {
        PieceKind::Scout
    } else if moved {
        PieceKind::Sergeant
    } else {
        PieceKind::Bomb
    }
}

/// The working position of a view: own and revealed kinds, placeholders elsewhere.
pub(crate) fn working_position(view: &PlayerView) -> Position {
    let mut pos = view.determinize(|id| {
        let p = view.piece(id);
        placeholder(p.scout_known, p.moved)
    });
    for id in view.unknown_enemies() {
        let k = pos.piece(id).kind;
        pos.set_kind(id, k, false);
    }
    pos
}

/// An expectiminimax searcher for the side `me`.
pub struct Expectimax<'c, 'x> {
    meter: NodeMeter<'c, 'x>,
    me: Side,
    /// Kinds of the enemy pieces still unknown in the working position.
    pool: Army,
}

impl<'c, 'x> Expectimax<'c, 'x> {
    /// A searcher for `me`, whose opponent's unknown pieces share the kinds of `pool`.
    pub fn new(ctx: Option<&'c mut SearchContext<'x>>, me: Side, pool: Army) -> Self {
        Expectimax { meter: NodeMeter::new(ctx), me, pool }
    }

    /// Nodes visited.
    pub fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    /// The unknown pieces of the working position and the pool they share.
    fn unknowns(&self, pos: &Position) -> Unknowns {
        let pieces = pos
            .pieces_of(self.me.opponent())
            .filter(|&id| !pos.piece(id).kind_known)
            .map(|id| {
                let p = pos.piece(id);
                (id, Constraint::from_flags(p.moved, p.scout_known))
            })
            .collect();
        Unknowns { pieces, kinds: self.pool }
    }

    /// The value for `me` of the position after `m`, with `depth` plies left after it.
    fn move_value(&mut self, pos: &mut Position, m: Move, depth: u32) -> f64 {
        let unknown = pos.piece_at(m.to).and_then(|d| {
            let a = pos.piece_at(m.from).expect("a mover");
            [a, d].into_iter().find(|&id| !pos.piece(id).kind_known)
        });
        let Some(u) = unknown else {
            pos.play_unchecked(m);
            let v = self.node(pos, depth);
            pos.undo();
            return v;
        };
        // A chance node: one child per kind the piece can be.
        let Ok(weights) = chance_weights(&self.unknowns(pos), u) else {
            return evaluate(pos, self.me, self.me.opponent(), &self.pool);
        };
        let shown = pos.piece(u).kind;
        let mut sum = 0.0;
        for (k, w) in weights {
            pos.set_kind(u, k, true);
            self.pool.remove(k);
            pos.play_unchecked(m);
            let v = self.node(pos, depth);
            pos.undo();
            self.pool.add(k);
            pos.set_kind(u, shown, false);
            if self.meter.aborted {
                return 0.0;
            }
            sum += w * v;
        }
        sum
    }

    /// The expectiminimax value for `me` of `pos`, `depth` plies deep.
    pub fn node(&mut self, pos: &mut Position, depth: u32) -> f64 {
        self.meter.visit();
        if self.meter.aborted {
            return 0.0;
        }
        let side = pos.to_move();
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        let enemy_stuck = side != self.me && moves.is_empty() && pos.flag_captured().is_none();
        if !enemy_stuck && let Some(o) = pos.outcome_given(&moves) {
            return terminal_value(o, self.me, depth);
        }
        if depth == 0 || enemy_stuck {
            // The enemy may only look stuck: its unmoved unknown pieces stand still here.
            return evaluate(pos, self.me, self.me.opponent(), &self.pool);
        }
        let maximize = side == self.me;
        let mut best = if maximize { f64::NEG_INFINITY } else { f64::INFINITY };
        for m in moves {
            let v = self.move_value(pos, m, depth - 1);
            if self.meter.aborted {
                return 0.0;
            }
            best = if maximize { best.max(v) } else { best.min(v) };
        }
        best
    }

    /// The best move for `me` (to move) and its value, `depth` plies deep; `None` if the
    /// budget ran out first.
    pub fn root(&mut self, pos: &mut Position, depth: u32) -> Option<(Move, f64)> {
        best_of(&self.root_values(pos, depth)?)
    }

    /// Every root move of `pos` with its exact value, `depth` plies deep, in generation order
    /// (expectimax prunes nothing, so each value is exact); `None` if the budget ran out first.
    pub(crate) fn root_values(&mut self, pos: &mut Position, depth: u32) -> Option<Vec<(Move, f64)>> {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        let mut values = Vec::with_capacity(moves.len());
        for m in moves {
            let v = self.move_value(pos, m, depth.saturating_sub(1));
            if self.meter.aborted {
                self.meter.flush();
                return None;
            }
            values.push((m, v));
        }
        self.meter.flush();
        Some(values)
    }
}

/// The first move with the highest value (`None` for no moves).
pub fn best_of(values: &[(Move, f64)]) -> Option<(Move, f64)> {
    let mut best: Option<(Move, f64)> = None;
    for &(m, v) in values {
        if best.is_none_or(|b| v > b.1) {
            best = Some((m, v));
        }
    }
    best
}
