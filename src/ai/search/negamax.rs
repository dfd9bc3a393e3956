//! The `negamax` bot: the fixed-depth negamax of the seed-004 tutorial ("Start | minmax",
//! a short Swedish minimax/negamax tutorial), then alpha-beta pruning as its last line
//! suggests, with iterative deepening under the [`Budget`](crate::ai::Budget), searching full
//! positions sampled from the view (perfect-information sampling).
//!
//! Map to the tutorial (see `docs/bots/negamax.md` for the whole list of choices):
//! - "minmax" / "pseudokod algoritm" (`Max` and `Min` calling each other) are folded, as the
//!   tutorial itself does, into one function: [`negamax`] is the tutorial's `NegaMax(djup, s)`
//!   line by line (`Eval()` at depth 0, `temp = -NegaMax(djup-1, 1-s)`, keep the best);
//! - "Minimax sökningen kan optimeras med alfabeta-reducering" (the last line) is
//!   [`alphabeta`]: the same recursion with a window, returning the same value
//!   (`tests/bots.rs` and the tests below check it against [`negamax`]);
//! - the tutorial's `Eval()` ("exactly how the scoring works is not important now") is
//!   [`crate::ai::eval::material::evaluate`] from the side to move: material plus a one-point-per-row
//!   advance term, with game ends scored by [`crate::ai::eval::material::terminal_score`] (the
//!   tutorial has no game ends).
//!
//! What the tutorial does not cover, and this bot adds: hidden pieces (each search runs on a
//! position drawn by [`sample_position`]; several samples are averaged), a budget (iterative
//! deepening, stopping mid-iteration and falling back to the last finished one), and move
//! ordering (attacks first; at the root the best moves of the previous iteration first).
//!
//! Invariants: the move returned is one of `view.legal_moves()`; the search reads only the
//! view (through the samples) and the context; with a node budget the result depends only on
//! the view, the seed and the budget.

use super::alphabeta::{AlphaBeta, Scoring};
use crate::ai::SearchContext;
use crate::ai::belief::sample_position;
use crate::ai::eval::material::{WIN, evaluate, terminal_points, terminal_score};
use crate::ai::ranking;
use crate::rules::movegen::MAX_MOVES;
use crate::rules::{Battle, Move, MoveList, Outcome, PlayerView, Position, battle};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;

/// Larger than any score: the open window.
pub const INF: i32 = WIN + 1;

/// Deepest iteration tried (a guard for positions where every line ends quickly).
pub(crate) const MAX_DEPTH: u32 = 64;

/// The tutorial's `NegaMax(djup, s)`, unpruned: the value of `pos` for the side to move,
/// searching `depth` plies. `s` of the tutorial is `pos.to_move()`; "make a move / take it
/// back" are [`Position::play_unchecked`] / [`Position::undo`]. Game ends are scored by
/// [`terminal_score`] before the depth test (the tutorial's trees have none).
///
/// Exponential: for tests on small positions and for reading, not for play.
pub fn negamax(pos: &mut Position, depth: u32) -> i32 {
    negamax_at(pos, depth, 0)
}

fn negamax_at(pos: &mut Position, depth: u32, ply: u32) -> i32 {
    let moves = pos.legal_moves();
    if let Some(t) = terminal_score(pos, &moves, ply) {
        return t;
    }
    if depth == 0 {
        return evaluate(pos, pos.to_move());
    }
    let mut best = -INF;
    for &mv in &moves {
        pos.play_unchecked(mv);
        let temp = -negamax_at(pos, depth - 1, ply + 1);
        pos.undo();
        if temp > best {
            best = temp;
        }
    }
    best
}

/// Alpha-beta negamax without a budget: the value of `pos` for the side to move at `depth`,
/// equal to [`negamax`] (fail-soft within `(alpha, beta)`; call with `(-INF, INF)` for the
/// exact value).
pub fn alphabeta(pos: &mut Position, depth: u32, alpha: i32, beta: i32) -> i32 {
    AlphaBeta::new(None, Material).search(pos, depth, 0, alpha, beta)
}

/// The exact negamax value of each legal move of `pos` at `depth` (the child searched to
/// `depth - 1` with the full window), in `pos.legal_moves()` order.
pub fn root_values(pos: &mut Position, depth: u32) -> Vec<(Move, i32)> {
    let mut s = AlphaBeta::new(None, Material);
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            pos.play_unchecked(mv);
            let v = -s.search(pos, depth.saturating_sub(1), 1, -INF, INF);
            pos.undo();
            (mv, v)
        })
        .collect()
}

/// The seed-004 scoring for the shared [`AlphaBeta`]: the tutorial's material in points at the
/// horizon, game ends by [`terminal_points`] (quicker wins score more), attacks first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Material;

impl Scoring for Material {
    type Score = i32;
    const WORST: i32 = -INF;

    fn terminal(&self, pos: &Position, outcome: Outcome, ply: u32, _depth: u32) -> i32 {
        terminal_points(outcome, pos.to_move(), ply)
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(pos, pos.to_move())
    }

    fn order(&self, pos: &Position, moves: &mut MoveList) {
        order_moves(pos, moves);
    }
}

/// Attacks first (winning attacks, then trades, then the rest of the attacks), then quiet
/// moves in generation order. Ordering only speeds up pruning; the value never depends on it.
fn order_moves(pos: &Position, moves: &mut MoveList) {
    let key = |mv: &Move| -> u8 {
        match (pos.occupant(mv.from), pos.occupant(mv.to)) {
            (Some((_, a)), Some((_, d))) => match battle(a, d) {
                Battle::AttackerWins => 0,
                Battle::BothRemoved => 1,
                Battle::DefenderWins => 2,
            },
            _ => 3,
        }
    };
    // A stable partition into the four classes, in class order: what a stable sort by the key
    // gives, without a sort of its own in the module (see `ai::ranking`), and each key computed
    // once instead of once per comparison.
    let keys: ArrayVec<u8, MAX_MOVES> = moves.iter().map(key).collect();
    let before = moves.clone();
    moves.clear();
    for class in 0..4 {
        moves.extend(before.iter().zip(&keys).filter(|&(_, &k)| k == class).map(|(&mv, _)| mv));
    }
}

/// Settings of the negamax bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NegamaxConfig {
    /// Positions sampled from the view per move; each is searched to the same depth and the
    /// root values averaged.
    pub samples: usize,
    /// Deepest iteration.
    pub max_depth: u32,
}

impl Default for NegamaxConfig {
    fn default() -> Self {
        NegamaxConfig { samples: 4, max_depth: MAX_DEPTH }
    }
}

/// The result of an iterative-deepening search over samples.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SearchResult {
    /// The move chosen.
    pub best: Move,
    /// Its averaged score (points, side to move's view), if any iteration finished.
    pub score: Option<f64>,
    /// Deepest finished iteration (0: none finished).
    pub depth: u32,
}

/// Iterative deepening over `samples` positions drawn from `view`: iteration `d` searches
/// every root move of every sample to depth `d` with the full window at the root (so each
/// value is exact, not a bound), sums the values per move over the samples, and ranks moves
/// by that sum (the average, times the sample count). The best move of the last finished
/// iteration is returned (ties broken at random); if even depth 1 did not finish for every sample, the samples that
/// finished decide, and with none the first legal move is played.
///
/// # Panics
/// If the side to move has no legal move (the [`Bot`] contract excludes it).
pub(crate) fn search_view(view: &PlayerView, ctx: &mut SearchContext, config: NegamaxConfig) -> SearchResult {
    let moves = view.legal_moves();
    assert!(!moves.is_empty(), "negamax asked to move without a legal move");
    let mut result = SearchResult { best: moves[0], score: None, depth: 0 };
    if moves.len() == 1 {
        ctx.add_nodes(1);
        return result;
    }
    let mut samples: Vec<Position> = Vec::with_capacity(config.samples.max(1));
    for _ in 0..config.samples.max(1) {
        match sample_position(view, &mut ctx.rng) {
            Ok(p) => samples.push(p),
            // A view no assignment fits cannot come from a real game; play on rather than fail.
            Err(_) => return result,
        }
    }
    // Root order: shuffled at first (so that equal values are broken at random, from the
    // context's seed, rather than always towards the same piece), then by the previous
    // iteration's sums (a stable sort keeps the random order among equals).
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.shuffle(&mut ctx.rng);
    for depth in 1..=config.max_depth.max(1) {
        let (sums, finished_samples, aborted) = search_samples(&mut samples, &moves, &order, depth, ctx);
        if aborted && (depth > 1 || finished_samples == 0) {
            break;
        }
        // Highest sum wins; ties go to the earlier move in the current order (stable sort).
        ranking::sort_by_key128(&mut order, |&i| ranking::desc_i64(sums[i]));
        let best = order[0];
        result = SearchResult {
            best: moves[best],
            score: Some(sums[best] as f64 / finished_samples as f64),
            depth: if aborted { 0 } else { depth },
        };
        ctx.report(depth, Some(result.best), result.score);
        // Candidates: every root move in the order just ranked, by its average over samples.
        ctx.set_candidates(order.iter().map(|&i| (moves[i], sums[i] as f64 / finished_samples as f64)).collect());
        if aborted || ctx.out_of_budget() {
            break;
        }
        // Every root value decided by game ends: deeper iterations cannot change anything.
        if sums.iter().all(|&v| {
            v.unsigned_abs() as i64
                >= (WIN as i64 - crate::ai::eval::material::MAX_PLY as i64) * finished_samples as i64
        }) {
            break;
        }
    }
    result
}

/// One iteration: every root move of every sample to `depth` (full window at the root).
/// Returns the per-move sums over the samples that finished, how many finished, and whether
/// the budget ran out (the unfinished sample's values are left out of the sums).
fn search_samples(
    samples: &mut [Position],
    moves: &MoveList,
    order: &[usize],
    depth: u32,
    ctx: &mut SearchContext,
) -> (Vec<i64>, usize, bool) {
    let mut sums = vec![0i64; moves.len()];
    let mut finished = 0;
    let mut s = AlphaBeta::new(Some(ctx), Material);
    for pos in samples.iter_mut() {
        let mut vals = vec![0i64; moves.len()];
        for &i in order {
            pos.play_unchecked(moves[i]);
            let v = -s.search(pos, depth - 1, 1, -INF, INF);
            pos.undo();
            if s.aborted() {
                s.flush();
                return (sums, finished, true);
            }
            vals[i] = v as i64;
        }
        for (sum, v) in sums.iter_mut().zip(vals) {
            *sum += v;
        }
        finished += 1;
    }
    s.flush();
    (sums, finished, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng_from_seed;
    use crate::ai::setupgen::random::random_position;
    use crate::rules::{Rules, Side, Variant};

    /// Barrage positions a few random plies in: small enough for plain negamax at depth 3.
    fn small_positions(seed: u64, n: usize) -> Vec<Position> {
        let mut rng = rng_from_seed(seed);
        let mut out = Vec::new();
        while out.len() < n {
            out.extend(random_position(Variant::Barrage, 0..40, &mut rng));
        }
        out
    }

    #[test]
    fn alphabeta_equals_plain_negamax() {
        for (i, mut pos) in small_positions(5, 25).into_iter().enumerate() {
            let before = pos.hash();
            for depth in 0..=3 {
                let plain = negamax(&mut pos, depth);
                let pruned = alphabeta(&mut pos, depth, -INF, INF);
                assert_eq!(plain, pruned, "position {i} depth {depth}\n{pos:?}");
            }
            assert_eq!(pos.hash(), before, "search must leave the position as it found it");
        }
    }

    #[test]
    fn root_values_are_child_negamax_values() {
        for mut pos in small_positions(9, 5) {
            let best = root_values(&mut pos, 3).iter().map(|r| r.1).max().unwrap();
            assert_eq!(best, negamax(&mut pos, 3));
        }
    }

    #[test]
    fn takes_a_free_general() {
        // Red's Marshal next to a lone Blue General: depth 1 must take it, worth exactly the
        // material left afterwards (Marshal against Bomb and Scout; Flags count 0).
        use crate::ai::eval::material::piece_value;
        use crate::rules::PieceKind::*;
        let sq = |s: &str| crate::rules::Square::parse(s).unwrap().index();
        let mut placement = [None; 100];
        placement[sq("a1")] = Some((Side::Red, Flag));
        placement[sq("e4")] = Some((Side::Red, Marshal));
        placement[sq("e5")] = Some((Side::Blue, General));
        placement[sq("j10")] = Some((Side::Blue, Flag));
        placement[sq("j9")] = Some((Side::Blue, Bomb));
        placement[sq("a10")] = Some((Side::Blue, Scout)); // so that Blue can still move after
        let mut pos = Position::from_placement(Rules::default(), &placement, Side::Red).unwrap();
        let vals = root_values(&mut pos, 1);
        let take = vals.iter().find(|v| v.0 == Move::parse("e4-e5").unwrap()).unwrap().1;
        // plus the advance term: the Marshal on e5 stands 4 rows ahead, Blue's Scout on a10 none.
        let advance = 4 * crate::ai::eval::material::ADVANCE_POINTS;
        assert_eq!(take, piece_value(Marshal) - piece_value(Bomb) - piece_value(Scout) + advance);
        assert!(vals.iter().all(|v| v.0 == Move::parse("e4-e5").unwrap() || v.1 < take), "{vals:?}");
    }
}
