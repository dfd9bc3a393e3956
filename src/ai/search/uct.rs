//! The UCT search shared by `mcts` (one determinization per move, as in the thesis) and
//! `ismcts` (a fresh determinization every iteration), in its four phases: selection
//! (`Tree::select`, walked by `Tree::descend`), expansion (`Tree::expand`), playout
//! (`playout`) and backup (`Tree::backup`).
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

use crate::ai::belief::{Unknowns, sample_position};
use crate::ai::eval::table61::playout_score;
use crate::ai::ranking;
use crate::ai::{BotRng, SearchContext};
use crate::rules::{Move, MoveList, Outcome, PlayerView, Position, Side};
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

/// Runs the search for the side to move of `view` (which must have a legal move): each
/// iteration (re)determinizes when asked, then `descend`s (selection down the tree,
/// `expand`ing one untried move where there is one), `playout`s and `backup`s.
pub fn search(view: &PlayerView, ctx: &mut SearchContext, params: UctParams) -> UctResult {
    let me = view.side();
    let legal = view.legal_moves();
    let fallback = legal[0];
    let unknowns = Unknowns::of(view);
    let Ok(mut pos) = sample_position(view, &mut ctx.rng) else {
        // A view no assignment fits cannot come from a real game; play something legal.
        return UctResult { best: fallback, stats: Vec::new(), iterations: 0 };
    };
    let mut tree = Tree::new(fallback, me.opponent());
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
        let (mut plies, terminal) = tree.descend(&mut pos, &mut moves, &mut path, params, &mut ctx.rng);
        max_depth = max_depth.max(path.len() as u32 - 1);
        let reward = match terminal {
            Some(o) => outcome_reward(o, me),
            None => playout(&mut pos, &mut moves, params.playout_plies, me, &mut plies, &mut ctx.rng),
        };
        for _ in 0..plies {
            pos.undo();
        }
        tree.backup(&path, reward, me);
        iterations += 1;
        ctx.add_nodes(1);
        if iterations.is_multiple_of(512) {
            let (b, s) = tree.most_visited();
            ctx.report(max_depth, b, s);
        }
    }
    let stats: Vec<RootStat> = tree.nodes[ROOT as usize]
        .children
        .iter()
        .map(|&(_, c)| {
            let n = &tree.nodes[c as usize];
            RootStat { mv: n.mv, visits: n.visits, wins: n.wins }
        })
        .collect();
    // Candidates for the engine: most visited first (the choice rule), scored by mean reward.
    let mut candidates: Vec<&RootStat> = stats.iter().filter(|r| r.visits > 0).collect();
    ranking::sort_by_key128(&mut candidates, |r| {
        ranking::then(ranking::desc_i64(r.visits.into()), ranking::desc_f64(r.wins))
    });
    ctx.set_candidates(candidates.iter().map(|r| (r.mv, r.wins / f64::from(r.visits))).collect());
    let (b, s) = tree.most_visited();
    ctx.report(max_depth, b.or(Some(fallback)), s);
    let best = b.filter(|m| legal.contains(m)).unwrap_or(fallback);
    UctResult { best, stats, iterations }
}

/// The search tree: nodes in one vector, the root at [`ROOT`].
struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    fn new(fallback: Move, root_mover: Side) -> Tree {
        Tree {
            nodes: vec![Node { mv: fallback, mover: root_mover, children: Vec::new(), visits: 0, avail: 0, wins: 0.0 }],
        }
    }

    /// The child of `node` reached by `m`, if it has been expanded.
    fn child(&self, node: u32, m: Move) -> Option<u32> {
        let ch = &self.nodes[node as usize].children;
        ch.binary_search_by_key(&key(m), |c| c.0).ok().map(|i| ch[i].1)
    }

    /// Selection and expansion from the root on `pos`: at each node, stop at a terminal
    /// position, else expand an untried legal move if there is one and stop, else follow the
    /// [`Tree::select`]ed child. Plays the moves on `pos` and returns their count (to undo)
    /// and the terminal outcome if the descent ended on one; `path` holds the nodes visited.
    fn descend(
        &mut self,
        pos: &mut Position,
        moves: &mut MoveList,
        path: &mut Vec<u32>,
        params: UctParams,
        rng: &mut BotRng,
    ) -> (u32, Option<Outcome>) {
        path.clear();
        path.push(ROOT);
        let mut node = ROOT;
        let mut plies = 0u32;
        loop {
            moves.clear();
            pos.generate_legal(moves);
            if let Some(o) = pos.outcome_given(moves) {
                return (plies, Some(o));
            }
            let expanded = self.expand(node, moves, pos.to_move(), rng);
            // Count availability for every legal child (including a new one).
            self.mark_available(node, moves);
            let next = match expanded {
                Some(child) => child,
                None => self.select(node, moves, params),
            };
            pos.play_unchecked(self.nodes[next as usize].mv);
            plies += 1;
            path.push(next);
            if expanded.is_some() {
                return (plies, None);
            }
            node = next;
        }
    }

    /// Expansion: a new child of `node` for a legal move not tried there yet, drawn uniformly
    /// among the untried ones; `None` when every legal move has been tried.
    fn expand(&mut self, node: u32, moves: &MoveList, mover: Side, rng: &mut BotRng) -> Option<u32> {
        let untried = moves.iter().filter(|&&m| self.child(node, m).is_none()).count();
        if untried == 0 {
            return None;
        }
        let pick = rng.random_range(0..untried);
        let m = moves.iter().copied().filter(|&m| self.child(node, m).is_none()).nth(pick).expect("pick < untried");
        let child = self.nodes.len() as u32;
        self.nodes.push(Node { mv: m, mover, children: Vec::new(), visits: 0, avail: 0, wins: 0.0 });
        let ch = &mut self.nodes[node as usize].children;
        let at = ch.binary_search_by_key(&key(m), |c| c.0).unwrap_err();
        ch.insert(at, (key(m), child));
        Some(child)
    }

    /// Selection: the legal child of `node` (all tried) with the highest UCB1 value; with a
    /// determinization per iteration the child's availability count stands in for the
    /// parent's visits. Ties go to the first in generation order.
    fn select(&self, node: u32, moves: &MoveList, params: UctParams) -> u32 {
        let parent_visits = self.nodes[node as usize].visits.max(1) as f64;
        let mut best: Option<(f64, u32)> = None;
        for &m in moves.iter() {
            let ci = self.child(node, m).expect("tried");
            let c = &self.nodes[ci as usize];
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
        best.expect("a legal move exists").1
    }

    fn mark_available(&mut self, node: u32, moves: &MoveList) {
        for &m in moves.iter() {
            if let Some(c) = self.child(node, m) {
                self.nodes[c as usize].avail += 1;
            }
        }
    }

    /// Backup: every node on `path` gets a visit and the reward, counted for the side that
    /// made the node's move.
    fn backup(&mut self, path: &[u32], reward: f64, me: Side) {
        for &n in path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.wins += if node.mover == me { reward } else { 1.0 - reward };
        }
    }

    /// The root child with most visits (ties: more wins, then the lower move key), and its
    /// mean reward.
    fn most_visited(&self) -> (Option<Move>, Option<f64>) {
        let mut best: Option<&Node> = None;
        for &(_, c) in &self.nodes[ROOT as usize].children {
            let n = &self.nodes[c as usize];
            if best.is_none_or(|b| n.visits > b.visits || n.visits == b.visits && n.wins > b.wins) {
                best = Some(n);
            }
        }
        (best.map(|n| n.mv), best.map(|n| n.wins / n.visits.max(1) as f64))
    }
}

/// Playout: up to `max_plies` uniformly random legal moves on `pos` (counted into `plies`
/// for the undo), then the reward for `me`: the outcome if the game ended, else the
/// material score of Table 6.1.
fn playout(
    pos: &mut Position,
    moves: &mut MoveList,
    max_plies: u32,
    me: Side,
    plies: &mut u32,
    rng: &mut BotRng,
) -> f64 {
    for _ in 0..max_plies {
        moves.clear();
        pos.generate_legal(moves);
        if let Some(o) = pos.outcome_given(moves) {
            return outcome_reward(o, me);
        }
        let m = moves[rng.random_range(0..moves.len())];
        pos.play_unchecked(m);
        *plies += 1;
    }
    moves.clear();
    pos.generate_legal(moves);
    pos.outcome_given(moves).map_or_else(|| playout_score(pos, me), |o| outcome_reward(o, me))
}

fn outcome_reward(o: Outcome, me: Side) -> f64 {
    match o.winner() {
        Some(w) if w == me => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}
