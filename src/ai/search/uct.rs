//! The UCT search shared by `mcts` (one determinization per move, as in the thesis) and
//! `ismcts` (a fresh determinization every iteration).
//!
//! The tree is keyed by moves: a node is the sequence of moves from the root (moves are
//! public, so this is the searcher's information set over the public history; the outcomes of
//! attacks on unknown pieces, which differ between determinizations, are merged in the same
//! node). With one determinization every node's moves are fixed, and this is the plain UCT of
//! Section 6.3 (`Tree.py`, `MCTS.py`). With a determinization per iteration a node's legal
//! moves vary, so selection only looks at the children legal in the current determinization
//! and uses their availability count in place of the parent's visits (single-observer
//! ISMCTS, Cowling, Powley and Whitehouse 2012).
//!
//! Invariants: each iteration plays on one position and undoes back to the root, so the
//! root position is unchanged between iterations; a child's `wins` are counted for the side
//! that made its move (Section 6.3: "pouze v uzlech náležitým výherci"); the move returned is
//! a root child, hence a legal move of the view.

use crate::ai::SearchContext;
use crate::ai::belief::{Unknowns, sample_position};
use crate::ai::eval::table61::playout_score;
use crate::rules::{Move, MoveList, Outcome, PlayerView, Side};
use rand::Rng;

/// How determinizations are drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Determinize {
    /// One sample for the whole move (the thesis).
    Once,
    /// A fresh sample every iteration (ISMCTS).
    EveryIteration,
}

/// Parameters of one search.
#[derive(Clone, Copy, Debug)]
pub struct UctParams {
    /// Exploration constant c.
    pub c: f64,
    /// Playout length in plies.
    pub playout_plies: u32,
    /// When to resample.
    pub determinize: Determinize,
}

/// Statistics of a root child after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootStat {
    /// The move.
    pub mv: Move,
    /// Visits.
    pub visits: u32,
    /// Summed rewards for the searching side.
    pub wins: f64,
}

struct Node {
    mv: Move,
    /// The side that played `mv`.
    mover: Side,
    /// Children sorted by move key, for binary search.
    children: Vec<(u16, u32)>,
    visits: u32,
    /// Times this node's move was legal when its parent was selected through (ISMCTS).
    avail: u32,
    wins: f64,
}

#[inline]
fn key(m: Move) -> u16 {
    (m.from.index() * 100 + m.to.index()) as u16
}

const ROOT: u32 = 0;

/// The result of a search: root statistics and the move chosen (most visited child).
pub struct UctResult {
    /// The chosen move.
    pub best: Move,
    /// Root children.
    pub stats: Vec<RootStat>,
    /// Iterations (playouts) run.
    pub iterations: u64,
}

/// Runs the search for the side to move of `view` (which must have a legal move).
pub fn search(view: &PlayerView, ctx: &mut SearchContext, params: UctParams) -> UctResult {
    let me = view.side();
    let legal = view.legal_moves();
    let fallback = legal[0];
    let unknowns = Unknowns::of(view);
    let Ok(mut pos) = sample_position(view, &mut ctx.rng) else {
        // A view no assignment fits cannot come from a real game; play something legal.
        return UctResult { best: fallback, stats: Vec::new(), iterations: 0 };
    };
    let mut nodes =
        vec![Node { mv: fallback, mover: me.opponent(), children: Vec::new(), visits: 0, avail: 0, wins: 0.0 }];
    let mut iterations = 0u64;
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut moves = MoveList::new();
    // Deepest tree path so far (plies from the root), reported as the progress depth.
    let mut max_depth = 0u32;
    loop {
        if ctx.out_of_budget() {
            break;
        }
        if iterations > 0 && params.determinize == Determinize::EveryIteration {
            match unknowns.sample(&mut ctx.rng) {
                Ok(assignment) => {
                    for (id, k) in assignment {
                        pos.set_kind(id, k, true);
                    }
                }
                Err(_) => break,
            }
        }
        // Selection and expansion.
        path.clear();
        path.push(ROOT);
        let mut node = ROOT;
        let mut plies = 0u32;
        let mut terminal: Option<Outcome> = None;
        loop {
            moves.clear();
            pos.generate_legal(&mut moves);
            if let Some(o) = pos.outcome_given(&moves) {
                terminal = Some(o);
                break;
            }
            // Untried legal moves, and availability of the tried ones.
            let mut untried = 0usize;
            for &m in moves.iter() {
                if nodes[node as usize].children.binary_search_by_key(&key(m), |c| c.0).is_err() {
                    untried += 1;
                }
            }
            if untried > 0 {
                let pick = ctx.rng.random_range(0..untried);
                let m = moves
                    .iter()
                    .copied()
                    .filter(|&m| nodes[node as usize].children.binary_search_by_key(&key(m), |c| c.0).is_err())
                    .nth(pick)
                    .expect("pick < untried");
                let child = nodes.len() as u32;
                nodes.push(Node { mv: m, mover: pos.to_move(), children: Vec::new(), visits: 0, avail: 0, wins: 0.0 });
                let ch = &mut nodes[node as usize].children;
                let at = ch.binary_search_by_key(&key(m), |c| c.0).unwrap_err();
                ch.insert(at, (key(m), child));
                // Count availability for every legal child (including the new one).
                mark_available(&mut nodes, node, &moves);
                pos.play_unchecked(m);
                plies += 1;
                path.push(child);
                break;
            }
            mark_available(&mut nodes, node, &moves);
            let parent_visits = nodes[node as usize].visits.max(1) as f64;
            let mut best: Option<(f64, u32)> = None;
            for &m in moves.iter() {
                let (_, ci) = nodes[node as usize].children
                    [nodes[node as usize].children.binary_search_by_key(&key(m), |c| c.0).expect("tried")];
                let c = &nodes[ci as usize];
                let n = c.visits.max(1) as f64;
                let total = match params.determinize {
                    Determinize::Once => parent_visits,
                    Determinize::EveryIteration => c.avail.max(1) as f64,
                };
                let ucb = c.wins / n + params.c * (total.ln() / n).sqrt();
                if best.is_none_or(|b| ucb > b.0) {
                    best = Some((ucb, ci));
                }
            }
            let (_, ci) = best.expect("a legal move exists");
            pos.play_unchecked(nodes[ci as usize].mv);
            plies += 1;
            path.push(ci);
            node = ci;
        }
        max_depth = max_depth.max(path.len() as u32 - 1);
        // Simulation.
        let reward = match terminal {
            Some(o) => outcome_reward(o, me),
            None => {
                let mut r = None;
                for _ in 0..params.playout_plies {
                    moves.clear();
                    pos.generate_legal(&mut moves);
                    if let Some(o) = pos.outcome_given(&moves) {
                        r = Some(outcome_reward(o, me));
                        break;
                    }
                    let m = moves[ctx.rng.random_range(0..moves.len())];
                    pos.play_unchecked(m);
                    plies += 1;
                }
                r.unwrap_or_else(|| {
                    moves.clear();
                    pos.generate_legal(&mut moves);
                    pos.outcome_given(&moves).map_or_else(|| playout_score(&pos, me), |o| outcome_reward(o, me))
                })
            }
        };
        for _ in 0..plies {
            pos.undo();
        }
        // Backpropagation.
        for &n in &path {
            let node = &mut nodes[n as usize];
            node.visits += 1;
            node.wins += if node.mover == me { reward } else { 1.0 - reward };
        }
        iterations += 1;
        ctx.add_nodes(1);
        if iterations.is_multiple_of(512) {
            let (b, s) = most_visited(&nodes);
            ctx.report(max_depth, b, s);
        }
    }
    let stats: Vec<RootStat> = nodes[ROOT as usize]
        .children
        .iter()
        .map(|&(_, c)| {
            let n = &nodes[c as usize];
            RootStat { mv: n.mv, visits: n.visits, wins: n.wins }
        })
        .collect();
    // Candidates for the engine: most visited first (the choice rule), scored by mean reward.
    let mut candidates: Vec<&RootStat> = stats.iter().filter(|r| r.visits > 0).collect();
    candidates.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.wins.total_cmp(&a.wins)));
    ctx.set_candidates(candidates.iter().map(|r| (r.mv, r.wins / f64::from(r.visits))).collect());
    let (b, s) = most_visited(&nodes);
    ctx.report(max_depth, b.or(Some(fallback)), s);
    let best = b.filter(|m| legal.contains(m)).unwrap_or(fallback);
    UctResult { best, stats, iterations }
}

fn mark_available(nodes: &mut [Node], node: u32, moves: &MoveList) {
    for &m in moves.iter() {
        if let Ok(i) = nodes[node as usize].children.binary_search_by_key(&key(m), |c| c.0) {
            let c = nodes[node as usize].children[i].1;
            nodes[c as usize].avail += 1;
        }
    }
}

/// The root child with most visits (ties: more wins, then the lower move key), and its mean
/// reward.
fn most_visited(nodes: &[Node]) -> (Option<Move>, Option<f64>) {
    let mut best: Option<&Node> = None;
    for &(_, c) in &nodes[ROOT as usize].children {
        let n = &nodes[c as usize];
        if best.is_none_or(|b| n.visits > b.visits || n.visits == b.visits && n.wins > b.wins) {
            best = Some(n);
        }
    }
    (best.map(|n| n.mv), best.map(|n| n.wins / n.visits.max(1) as f64))
}

fn outcome_reward(o: Outcome, me: Side) -> f64 {
    match o.winner() {
        Some(w) if w == me => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}
