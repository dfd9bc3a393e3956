//! Invincible's rank guesser (thesis chapter 6): for every piece of one side still on the
//! board, 12 probabilities (one per kind), kept normalised so that each piece's row sums to 1
//! and each kind's column sums to the number of pieces of that kind still on the board, and
//! updated after every ply by the thesis's heuristics.
//!
//! The model is built from public information only (the start squares, the move reports and the
//! start armies), so the same code models either side: the enemy's pieces as this side guesses
//! them ([`BeliefMatrix::from_view`]) and this side's own pieces as the opponent can guess them
//! ([`BeliefMatrix::own_public`], thesis §6.2: "to guess what the opponent can probably guess
//! about his ranks", the basis of bluffing). A bot keeps no state between calls, so the model is
//! rebuilt by replaying `view.reports()` from the start; [`BeliefCache`] only saves the replay of
//! a prefix already seen and gives exactly the same numbers as a fresh replay.
//!
//! Heuristics, applied in this order to the side that moved (thesis §6.3; the multipliers are
//! not given in the thesis, ours are the constants below):
//! 1. Starting position: the prior of a piece is the Gravon frequency of each kind on its start
//!    square ([`super::priors`]; uniform over the army for Barrage, which has no statistics).
//! 2. Initial neighbours: when a piece's kind becomes certain (battle, or a Scout's long move),
//!    each still-unknown piece that started beside, behind or in front of it has every kind's
//!    probability multiplied by the observed/expected neighbour ratio of the two kinds.
//! 3. Missed opportunities: on an unforced ply (no attack, and the moved piece was not next to
//!    an enemy piece, i.e. not evading), every unknown piece of the mover standing next to a
//!    publicly known enemy piece it declined to attack has the kinds that would have won
//!    multiplied by [`MISSED_FACTOR`]; the moved piece itself too, for the known pieces it
//!    stood next to and left alone.
//! 4. Behaviour towards known pieces: for each kind, a "happiness" of a square sums +1 for each
//!    publicly known enemy piece that kind would beat attacking, -1 for each it would lose to
//!    (-0.5 for equal kinds), weighted 1/distance and x1.5 in line (row or column, the
//!    two-squares-rule approach); a plain move multiplies each kind by
//!    `exp(BEHAVIOUR_BETA * (happiness(to) - happiness(from)))`, clamped to
//!    [`BEHAVIOUR_CLAMP`], so nothing ever becomes certain from behaviour alone.
//! 5. Hard facts: a piece that moved is no Bomb or Flag; a piece that moved more than one square
//!    is a Scout; a piece in a battle is certain.
//!
//! Normalisation: the thesis's alternating scaling (Fig. 6.1) corrected to scale each kind to
//! its remaining count (not to 1), run on the unknown pieces against the kinds not pinned to a
//! known piece, until every kind's sum is within [`TOLERANCE`] ([`normalize`]). It is run when
//! the matrix is read ([`PublicReplay::matrix`]), not after every ply: the stored rows are the
//! prior times every heuristic factor (rows rescaled to 1 after each ply), and the scaling's
//! result does not depend on row or column rescalings of what it starts from, so this equals
//! normalising after every update while costing one fit per read. Before it, exact
//! deductions the scaling would only approach slowly are made: a kind that exactly as many
//! pieces can still be as there are left of it is certain on them, and likewise for the
//! immovable kinds together (the last unmoved pieces are the last Bombs and the Flag).

use super::priors::{Priors, Relation};
use crate::ai::BotRng;
use crate::ai::belief::{Inconsistent, determinize_with};
use crate::ai::plans::manhattan;
use crate::ai::ranking;
use crate::rules::{
    Army, Battle, BySide, MoveReport, PieceId, PieceKind, PlayerView, Position, Setup, Side, Square, battle,
};
use rand::Rng;
use rand::seq::SliceRandom;

/// Normalisation stops when every kind's sum is this close to its count.
pub const TOLERANCE: f64 = 1e-6;
/// At most this many alternating scaling rounds per normalisation.
pub const MAX_ITERATIONS: usize = 500;
/// Multiplier for the kinds that would have won a capture the piece declined.
pub const MISSED_FACTOR: f64 = 0.5;
/// Strength of the behaviour heuristic.
pub const BEHAVIOUR_BETA: f64 = 0.5;
/// Bounds of the behaviour multiplier for one move.
pub const BEHAVIOUR_CLAMP: (f64, f64) = (0.67, 1.5);
/// The "stood its ground" factor ([`PublicReplay::start_standing`]) that leaves the
/// heuristic out: the thesis's matrix, as `invincible` reads it.
pub const STAND_OFF: f64 = 1.0;
/// The "came up to a known piece" factor ([`PublicReplay::start_reading`]) that leaves the
/// heuristic out.
pub const APPROACH_OFF: f64 = 1.0;
/// The "walks to our known Bombs" factor ([`PublicReplay::with_bomb_walk`]) that leaves the
/// heuristic out.
pub const BOMB_WALK_OFF: f64 = 1.0;
/// How near (Manhattan) to a known Bomb a step must end for
/// [`PublicReplay::with_bomb_walk`] to read it.
pub const BOMB_WALK_RADIUS: i32 = 3;

/// One scaling of every row (piece) to sum 1. Returns the largest error before scaling.
/// Rows summing to zero are left alone.
pub fn normalize_pieces(rows: &mut [[f64; 12]]) -> f64 {
    let mut err: f64 = 0.0;
    for row in rows.iter_mut() {
        let sum: f64 = row.iter().sum();
        err = err.max((sum - 1.0).abs());
        if sum > 0.0 {
            for x in row.iter_mut() {
                *x /= sum;
            }
        }
    }
    err
}

/// One scaling of every kind (column) to sum to `targets[kind]` (the thesis's pseudo-code
/// divides by the sum, i.e. scales to 1; the count is the correct target when a kind has
/// several pieces left). Returns the largest error before scaling.
pub fn normalize_kinds(rows: &mut [[f64; 12]], targets: &[f64; 12]) -> f64 {
    let mut err: f64 = 0.0;
    for k in 0..12 {
        let sum: f64 = rows.iter().map(|r| r[k]).sum();
        err = err.max((sum - targets[k]).abs());
        if sum > 0.0 {
            let f = targets[k] / sum;
            for r in rows.iter_mut() {
                r[k] *= f;
            }
        } else {
            for r in rows.iter_mut() {
                r[k] = 0.0;
            }
        }
    }
    err
}

/// Alternating scaling until kinds and pieces are both within `tol` (rows end exactly
/// normalised). Returns the number of rounds used. Converges whenever an assignment exists on
/// the non-zero entries (iterative proportional fitting).
pub fn normalize(rows: &mut [[f64; 12]], targets: &[f64; 12], tol: f64, max_iter: usize) -> usize {
    for i in 0..max_iter {
        let e_kinds = normalize_kinds(rows, targets);
        let e_pieces = normalize_pieces(rows);
        if e_kinds < tol && e_pieces < tol {
            return i + 1;
        }
    }
    max_iter
}

/// The beliefs about one side's pieces.
#[derive(Clone, Debug)]
pub struct BeliefMatrix {
    side: Side,
    rows: Vec<[f64; 12]>,
    alive: Vec<bool>,
    certain: Vec<bool>,
    remaining: Army,
}

fn one_hot(k: PieceKind) -> [f64; 12] {
    let mut r = [0.0; 12];
    r[k.index()] = 1.0;
    r
}

impl BeliefMatrix {
    /// The enemy's pieces as `view`'s side can guess them.
    pub fn from_view(view: &PlayerView) -> BeliefMatrix {
        PublicReplay::from_view(view).matrix(view.side().opponent())
    }

    /// `view`'s own pieces as the opponent can guess them from public information.
    pub fn own_public(view: &PlayerView) -> BeliefMatrix {
        PublicReplay::from_view(view).matrix(view.side())
    }

    /// Whose pieces.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Probability of each kind (by [`PieceKind::index`]) for piece `id`: one-hot for a piece
    /// whose kind is public, all zero for an id of the other side or one that never existed.
    pub fn probabilities(&self, id: PieceId) -> [f64; 12] {
        if id.side() != self.side {
            return [0.0; 12];
        }
        self.rows.get(id.local()).copied().unwrap_or([0.0; 12])
    }

    /// Whether the kind of `id` is public (battle or Scout move).
    pub fn is_certain(&self, id: PieceId) -> bool {
        id.side() == self.side && self.certain.get(id.local()).copied().unwrap_or(false)
    }

    /// The pieces still on the board with their rows.
    pub fn pieces(&self) -> impl Iterator<Item = (PieceId, [f64; 12])> + '_ {
        (0..self.rows.len()).filter(|&i| self.alive[i]).map(move |i| (PieceId::new(self.side, i), self.rows[i]))
    }

    /// The pieces of this side still on the board, by kind (each kind's column sums to this).
    pub fn remaining(&self) -> Army {
        self.remaining
    }

    /// The matrix with the Bomb and Flag probabilities of every unknown piece of `view`'s enemy
    /// that has not moved set to `bf(id)` (`[P(Bomb), P(Flag)]`; `None` leaves the row as it
    /// is; two odds summing above 1 are scaled to 1), its movable kinds scaled to the rest in
    /// their old proportions (a row without any keeps none), and the rows then
    /// fitted again to the counts left ([`normalize`]). For a belief about the immovable pieces
    /// from elsewhere ([`super::library`]). Needs the matrix of `view`'s enemy (else a clone).
    pub fn with_immovable(&self, view: &PlayerView, bf: impl Fn(PieceId) -> Option<[f64; 2]>) -> BeliefMatrix {
        let mut out = self.clone();
        if self.side != view.side().opponent() {
            return out;
        }
        let (b, f) = (PieceKind::Bomb.index(), PieceKind::Flag.index());
        let unknown: Vec<PieceId> = view.unknown_enemies().filter(|id| id.local() < self.rows.len()).collect();
        let counts = view.enemy_unassigned();
        let t: [f64; 12] = std::array::from_fn(|k| counts.0[k] as f64);
        let mut rows: Vec<[f64; 12]> = Vec::with_capacity(unknown.len());
        for &id in &unknown {
            let mut row = self.rows[id.local()];
            if !view.piece(id).moved
                && let Some([pb, pf]) = bf(id)
            {
                let (mut pb, mut pf) = (pb.clamp(0.0, 1.0), pf.clamp(0.0, 1.0));
                if pb + pf > 1.0 {
                    // Odds from two sources may together exceed 1: scaled to a whole.
                    let sum = pb + pf;
                    (pb, pf) = (pb / sum, pf / sum);
                }
                let rest = (1.0 - pb - pf).max(0.0);
                let movable: f64 = (0..12).filter(|&k| k != b && k != f).map(|k| row[k]).sum();
                for (k, x) in row.iter_mut().enumerate() {
                    *x = if k == b {
                        pb
                    } else if k == f {
                        pf
                    } else if movable > 0.0 {
                        *x / movable * rest
                    } else {
                        // No movable kind left in the row (a deduction made it a Bomb or the
                        // Flag): none comes back.
                        0.0
                    };
                }
            }
            for (k, x) in row.iter_mut().enumerate() {
                if t[k] == 0.0 {
                    *x = 0.0;
                }
            }
            rows.push(row);
        }
        deduce(&mut rows, &t);
        normalize(&mut rows, &t, TOLERANCE, MAX_ITERATIONS);
        for (id, row) in unknown.iter().zip(rows) {
            out.rows[id.local()] = row;
        }
        out
    }

    /// A full position consistent with `view` (whose enemy this matrix must describe) and the
    /// remaining counts, the hidden kinds drawn from the matrix.
    ///
    /// Method: the unknown enemy pieces in a random order; each takes a kind drawn from its row
    /// restricted to the kinds still unassigned that keep the rest assignable (a Scout for a
    /// piece seen moving far; no Bomb or Flag for a piece that moved; enough unmoved pieces
    /// left for the Bombs and Flag), renormalised; if that leaves no weight (a row that puts
    /// all its mass on kinds now used up) the piece draws uniformly among the allowed kinds
    /// (the repair). Every draw keeps an assignment possible, so it never fails on a consistent
    /// view. It is a sequential draw, not an exact sample of a joint law with these marginals
    /// (the matrix does not define one); its marginals follow the rows closely when the rows
    /// are far from the count limits.
    pub fn sample(&self, view: &PlayerView, rng: &mut BotRng) -> Result<Position, Inconsistent> {
        let (kinds, _) = self.draw(view, rng, &mut |_, rng| rng.random::<f64>(), None)?;
        Ok(determinize_with(view, &kinds))
    }

    /// `n` positions consistent with `view`, each drawn as by [`Self::sample`] but together,
    /// with stratified uniforms (Latin hypercube sampling over the pieces): for every unknown
    /// piece the `n` uniforms that pick its kind in the `n` draws fall one in each of the
    /// strata `[j/n, (j+1)/n)`, in a random order of the strata per piece. Each draw alone
    /// has the law of [`Self::sample`] (its uniform for a piece is uniform on [0, 1)); what
    /// changes is how the `n` draws spread: a kind that a piece's row gives a quarter of its
    /// weight turns up about once in four draws rather than anywhere from none to four times.
    ///
    /// Why: the strategist searches only a few armies a move (4), and a move's value is their
    /// sum; with independent draws the one enemy piece that decides a move (the unknown piece
    /// next to our Flag's Bombs that may be a Miner, the unmoved piece our General would attack
    /// that may be a Bomb) is that kind in none of the four armies about a third of the time.
    /// Stratifying spreads every piece's kinds over the armies as its row does, so the sum
    /// weighs each such threat near its probability on every move. The sequential draw
    /// conditions each piece on the kinds drawn before it, so the spread is exact for the
    /// first piece drawn and close for the others.
    pub fn sample_stratified(
        &self,
        view: &PlayerView,
        rng: &mut BotRng,
        n: usize,
    ) -> Result<Vec<Position>, Inconsistent> {
        let n = n.max(1);
        // The strata of every piece's uniform, one random permutation of 0..n per piece id.
        let mut strata: Vec<Vec<usize>> = vec![Vec::new(); self.rows.len()];
        // One order of the pieces for the whole batch, so that the j-th stratum of a piece
        // meets the same earlier pieces in every draw.
        let mut order: Vec<PieceId> = view.unknown_enemies().collect();
        order.shuffle(rng);
        for id in view.unknown_enemies() {
            let mut order: Vec<usize> = (0..n).collect();
            order.shuffle(rng);
            if let Some(slot) = strata.get_mut(id.local()) {
                *slot = order;
            }
        }
        let mut out = Vec::with_capacity(n);
        for j in 0..n {
            let mut uniform = |id: PieceId, rng: &mut BotRng| {
                let u = rng.random::<f64>();
                match strata.get(id.local()).and_then(|o| o.get(j)) {
                    Some(&stratum) => (stratum as f64 + u) / n as f64,
                    None => u,
                }
            };
            let (kinds, _) = self.draw(view, rng, &mut uniform, Some(&order))?;
            out.push(determinize_with(view, &kinds));
        }
        Ok(out)
    }

    /// A full position consistent with `view`, its hidden kinds drawn (approximately, exactly
    /// as `proposals` grows) from the **joint law** the rows define: an assignment `a` of kinds
    /// to the unknown pieces that fits the view and the counts left has probability
    /// proportional to the product of its rows' entries, `prod_i row_i(a_i)`.
    ///
    /// Method: sampling-importance-resampling over [`Self::sample`]'s sequential draw. That
    /// draw proposes `a` with probability `prod_i row_i(a_i) / T_i` (`T_i`: the weight the
    /// `i`-th piece could still choose from), so its importance weight with respect to the
    /// joint law is `prod_i T_i` (a draw that needed the repair has weight 0: the joint law
    /// gives it none). `proposals` draws are made and one is kept with probability
    /// proportional to its weight; with `proposals` = 1 this is [`Self::sample`]. Why: the
    /// sequential draw's law depends on the order of the draw, and near the count limits (few
    /// pieces left, a kind nearly used up) its marginals move away from the joint's
    /// (`tests/belief_matrix.rs::joint_sampler_marginals_match_exact_enumeration` measures
    /// both on a small position against the exact marginals).
    pub fn sample_joint(
        &self,
        view: &PlayerView,
        rng: &mut BotRng,
        proposals: usize,
    ) -> Result<Position, Inconsistent> {
        let mut drawn = Vec::with_capacity(proposals.max(1));
        for _ in 0..proposals.max(1) {
            drawn.push(self.draw(view, rng, &mut |_, rng| rng.random::<f64>(), None)?);
        }
        let top = drawn.iter().map(|d| d.1).fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = drawn.iter().map(|d| if top.is_finite() { (d.1 - top).exp() } else { 1.0 }).collect();
        let mut x = rng.random::<f64>() * weights.iter().sum::<f64>();
        let mut pick = 0;
        for (i, &w) in weights.iter().enumerate() {
            if w > 0.0 {
                pick = i;
                if x < w {
                    break;
                }
                x -= w;
            }
        }
        Ok(determinize_with(view, &drawn[pick].0))
    }

    /// One sequential draw (see [`Self::sample`]): the kinds of the unknown enemy pieces, by
    /// piece id, and the log of its importance weight against the joint law of the rows
    /// (`sum_i ln T_i`; minus infinity when the repair was needed). `uniform(id, rng)` gives the
    /// number in [0, 1) that picks the kind of piece `id` from its renormalised row (inverse
    /// distribution; [`Self::sample_stratified`] stratifies it).
    fn draw(
        &self,
        view: &PlayerView,
        rng: &mut BotRng,
        uniform: &mut dyn FnMut(PieceId, &mut BotRng) -> f64,
        order: Option<&[PieceId]>,
    ) -> Result<(Vec<(PieceId, PieceKind)>, f64), Inconsistent> {
        if self.side != view.side().opponent() {
            return Err(Inconsistent("the matrix describes the viewer's own pieces".into()));
        }
        #[derive(Clone, Copy, PartialEq)]
        enum C {
            Scout,
            Movable,
            Any,
        }
        let mut pieces: Vec<(PieceId, C)> = view
            .unknown_enemies()
            .map(|id| {
                let p = view.piece(id);
                (
                    id,
                    if p.scout_known {
                        C::Scout
                    } else if p.moved {
                        C::Movable
                    } else {
                        C::Any
                    },
                )
            })
            .collect();
        let mut counts = view.enemy_unassigned();
        if counts.total() as usize != pieces.len() {
            return Err(Inconsistent(format!("{} unknown pieces but {} kinds left", pieces.len(), counts.total())));
        }
        match order {
            Some(order) => {
                // The given order; pieces it leaves out go last, by id.
                let rank = |id: PieceId| order.iter().position(|&o| o == id).unwrap_or(order.len()) as u128;
                ranking::sort_by_key128(&mut pieces, |&(id, _)| ranking::then(rank(id), id.0.into()));
            }
            None => pieces.shuffle(rng),
        }
        let mut left = [0usize; 3]; // Scout, Movable, Any pieces not yet drawn
        for p in &pieces {
            left[p.1 as usize] += 1;
        }
        let movable_count =
            |a: &Army| -> usize { PieceKind::ALL.iter().filter(|k| k.is_movable()).map(|&k| a[k] as usize).sum() };
        let mut out = Vec::with_capacity(pieces.len());
        let mut log_weight = 0.0;
        for &(id, c) in &pieces {
            left[c as usize] -= 1;
            let row = self.probabilities(id);
            let mut allowed = [false; 12];
            for k in PieceKind::ALL {
                if counts[k] == 0 {
                    continue;
                }
                let ok_type = match c {
                    C::Scout => k == PieceKind::Scout,
                    C::Movable => k.is_movable(),
                    C::Any => true,
                };
                if !ok_type {
                    continue;
                }
                let mut rest = counts;
                rest[k] -= 1;
                // Nested supports (Scout within movable within any): assignable iff enough
                // Scouts for the Scout pieces and enough movables for Scout + moved pieces.
                let feasible = rest[PieceKind::Scout] as usize >= left[0] && movable_count(&rest) >= left[0] + left[1];
                allowed[k.index()] = feasible;
            }
            let mut w: Vec<f64> = (0..12).map(|k| if allowed[k] { row[k].max(0.0) } else { 0.0 }).collect();
            let mut total: f64 = w.iter().sum();
            if total > 0.0 && total.is_finite() {
                log_weight += total.ln();
            } else {
                w = (0..12).map(|k| if allowed[k] { 1.0 } else { 0.0 }).collect();
                total = w.iter().sum();
                log_weight = f64::NEG_INFINITY;
            }
            if total <= 0.0 {
                return Err(Inconsistent(format!("piece {} has no kind left that fits", id.0)));
            }
            let mut x = uniform(id, rng) * total;
            let mut chosen = None;
            for (k, &wk) in w.iter().enumerate() {
                if wk > 0.0 {
                    chosen = Some(k);
                    if x < wk {
                        break;
                    }
                    x -= wk;
                }
            }
            let k = PieceKind::ALL[chosen.expect("some weight is positive")];
            counts[k] -= 1;
            out.push((id, k));
        }
        ranking::sort_by_key128(&mut out, |&(id, k)| ranking::then(id.0.into(), k.index() as u128));
        Ok((out, log_weight))
    }
}

/// Everything public about a game, replayed ply by ply, with the belief rows of both sides.
#[derive(Clone, Debug)]
pub struct PublicReplay {
    n: BySide<usize>,
    start: [Square; 80],
    square: [Square; 80],
    alive: [bool; 80],
    moved: [bool; 80],
    known: [Option<PieceKind>; 80],
    lotto: [bool; 80],
    board: [Option<PieceId>; 100],
    start_board: [Option<PieceId>; 100],
    remaining: BySide<Army>,
    rows: BySide<Vec<[f64; 12]>>,
    priors: Option<&'static Priors>,
    plies: usize,
    /// The side whose pieces "stood their ground" is read of, and the factor (see
    /// [`PublicReplay::start_standing`]); `None`: the thesis's five heuristics only.
    stand: Option<(Side, f64)>,
    /// The side whose approaches to known pieces are read, and the factor (see
    /// [`PublicReplay::start_reading`]); `None`: not read beyond heuristic 4.
    approach: Option<(Side, f64)>,
    /// The side whose walks towards the other side's known Bombs are read, and the factor (see
    /// [`PublicReplay::with_bomb_walk`]); `None`: not read.
    bomb_walk: Option<(Side, f64)>,
    /// Per piece, its plain moves in a row that brought it nearer to a known enemy Bomb, and
    /// how many of them multiplied its Miner weight ([`PublicReplay::with_bomb_walk`]).
    walk: [(u8, u8); 80],
    /// The piece that moved on the last ply.
    last: Option<PieceId>,
}

impl PublicReplay {
    /// The public state at the start of `view`'s game (no ply applied).
    pub fn start(view: &PlayerView) -> PublicReplay {
        let me = view.side();
        let enemy = me.opponent();
        let mut n = BySide::<usize>::default();
        n[enemy] = view.enemy_army().total() as usize;
        n[me] = (view.alive_count(me) + view.captured()[me].total()) as usize;
        let mut army = BySide::<Army>::default();
        army[enemy] = view.enemy_army();
        let mut start = [Square::from_index_unchecked(0); 80];
        let mut board = [None; 100];
        for side in Side::BOTH {
            for local in 0..n[side].min(40) {
                let id = PieceId::new(side, local);
                let p = view.piece(id);
                start[id.index()] = p.start;
                board[p.start.index()] = Some(id);
                if side == me
                    && let Some(k) = p.kind
                {
                    army[me].add(k);
                }
            }
        }
        let priors = Priors::for_variant(view.rules().variant);
        let mut rp = PublicReplay {
            n,
            start,
            square: start,
            alive: [false; 80],
            moved: [false; 80],
            known: [None; 80],
            lotto: [false; 80],
            board,
            start_board: board,
            remaining: army,
            rows: BySide::default(),
            priors,
            plies: 0,
            stand: None,
            approach: None,
            bomb_walk: None,
            walk: [(0, 0); 80],
            last: None,
        };
        for side in Side::BOTH {
            let total = army[side].total().max(1) as f64;
            let uniform: [f64; 12] = std::array::from_fn(|k| army[side].0[k] as f64 / total);
            let mut rows = Vec::with_capacity(n[side]);
            for local in 0..n[side].min(40) {
                let id = PieceId::new(side, local);
                rp.alive[id.index()] = true;
                let prior = match (priors, Setup::index_of(side, start[id.index()])) {
                    (Some(p), Some(i)) => {
                        // Statistics for kinds this army lacks are dropped by the scaling.
                        std::array::from_fn(|k| if army[side].0[k] > 0 { p.square[i][k] } else { 0.0 })
                    }
                    _ => uniform,
                };
                rows.push(prior);
            }
            rp.rows[side] = rows;
            rp.scale_rows(side);
        }
        rp
    }

    /// [`PublicReplay::start`] with a sixth heuristic for the pieces of `view`'s enemy, "stood
    /// its ground" (issue 11: "pieces that ... were left in danger"): after a ply of `view`'s
    /// enemy, each of its unknown pieces that the mover left standing next to one of ours whose
    /// kind is public and that moved there on the ply before (or won a battle there), though it had an empty
    /// square to step to, has the movable kinds our piece would take multiplied by `factor` (the
    /// kinds it would trade with by its square root). The Bombs, the Flag and the kinds that
    /// would win keep theirs: they had no reason, or no way, to flee. Once per threat, so a
    /// piece that stays beside ours for many plies is not read again and again. `factor` =
    /// [`STAND_OFF`] (1) is [`PublicReplay::start`]. Natively only: in WebAssembly the
    /// heuristic is never read.
    ///
    /// Why: the root's gambles on unmoved pieces lose our officers to Bombs, and told where the
    /// Bombs are the same search scores 96.8 % against `invincible` where v12 scores 78-82 %
    /// (docs/bots/strategist.md, session 26); an unmoved piece that does not step away from a
    /// known Colonel is more likely a Bomb than the square's prior says.
    pub fn start_standing(view: &PlayerView, factor: f64) -> PublicReplay {
        PublicReplay::start_reading(view, factor, APPROACH_OFF)
    }

    /// [`PublicReplay::start_standing`] with a seventh heuristic for the pieces of `view`'s
    /// enemy, "came up to a known piece": an unknown enemy piece whose plain move (not an
    /// evasion: nothing of ours stood next to it before) brings it next to a piece of ours
    /// whose movable kind is public, and that was not next to it before the move, has the
    /// kinds that would lose attacking our piece multiplied by `approach` (the kind that would
    /// trade by its square root): it came to strike, so it is more likely what wins the
    /// strike (the Spy, next to our Marshal). Once per contact. `approach` = [`APPROACH_OFF`]
    /// (1) leaves it out.
    ///
    /// Why (docs/bots/strategist.md, session 39): heuristic 4 moves a piece's odds by at most
    /// 1.5 a move, so an unknown piece that steps up to our known General is still most likely
    /// a piece the General takes; the bot attacks it and finds the Marshal. A bot (or a person
    /// who does not bluff) steps up to a known piece with what beats it.
    pub fn start_reading(view: &PlayerView, stand: f64, approach: f64) -> PublicReplay {
        let mut rp = PublicReplay::start(view);
        let on = |f: f64, off: f64| f != off && f.is_finite() && f > 0.0;
        // "Stood its ground" natively only; "came up to a known piece" in the page too (v16).
        if !cfg!(target_arch = "wasm32") && on(stand, STAND_OFF) {
            rp.stand = Some((view.side().opponent(), stand));
        }
        if on(approach, APPROACH_OFF) {
            rp.approach = Some((view.side().opponent(), approach));
        }
        rp
    }

    /// This replay (before any ply) with an eighth heuristic for the pieces of `side`, "walks
    /// to the enemy's known Bombs": an unknown piece of `side` whose plain move brings it
    /// nearer (Manhattan) to the nearest Bomb of the other side whose kind is public, for the
    /// second time or more in a row of its plain moves, ending within [`BOMB_WALK_RADIUS`] of
    /// it, has its Miner weight multiplied by `factor`; its next plain move that does not bring
    /// it nearer takes those factors back (the walk is over: what it tells is the walk in
    /// progress). `factor` = [`BOMB_WALK_OFF`] (1) leaves it out. Natively only.
    ///
    /// Why (docs/bots/strategist.md, session 59): over v19's 1,000 games against `invincible`
    /// the matrix gave the unknown pieces that had stepped towards our known Bombs three to five
    /// times in a row, ending within three squares, a Miner's odds of 0.20-0.28 where 0.29-0.48
    /// of them were Miners (0.22-0.36 against 0.39-0.66 against `perspecto-expectimax`); the
    /// one-step approach was right (0.146 against 0.146). Heuristic 4 moves the Miner's odds by
    /// the change of 1/distance, small beyond the Bomb's neighbours, so a Miner walking to a
    /// Bomb shown beside our Flag went unread until it took it.
    pub fn with_bomb_walk(mut self, side: Side, factor: f64) -> PublicReplay {
        let on = !cfg!(target_arch = "wasm32") && factor != BOMB_WALK_OFF && factor.is_finite() && factor > 0.0;
        self.bomb_walk = on.then_some((side, factor));
        self
    }

    /// The distance (Manhattan) from `sq` to the nearest living Bomb of `side` whose kind is
    /// public, if any.
    fn known_bomb_distance(&self, side: Side, sq: Square) -> Option<i32> {
        (0..self.n[side])
            .map(|l| PieceId::new(side, l))
            .filter(|q| self.alive[q.index()] && self.known[q.index()] == Some(PieceKind::Bomb))
            .map(|q| manhattan(self.square[q.index()], sq))
            .min()
    }

    /// The eighth heuristic ([`PublicReplay::with_bomb_walk`]) for a plain move of `id`, an
    /// unknown piece, from `from` to `to`. Why a second step: one step towards a known Bomb
    /// was already read right by the matrix (0.146 predicted, 0.146 seen); the walks are not.
    fn bomb_walk(&mut self, id: PieceId, from: Square, to: Square, factor: f64) {
        let enemy = id.side().opponent();
        let nearer = match (self.known_bomb_distance(enemy, from), self.known_bomb_distance(enemy, to)) {
            (Some(d0), Some(d1)) if d1 < d0 => Some(d1),
            _ => None,
        };
        let (steps, read) = self.walk[id.index()];
        let m = PieceKind::Miner.index();
        self.walk[id.index()] = match nearer {
            None => {
                self.row_mut(id)[m] /= factor.powi(i32::from(read));
                (0, 0)
            }
            Some(d) if steps >= 1 && d <= BOMB_WALK_RADIUS => {
                self.row_mut(id)[m] *= factor;
                (steps.saturating_add(1), read.saturating_add(1))
            }
            Some(_) => (steps.saturating_add(1), read),
        };
    }

    /// Replays every report of `view`.
    pub fn from_view(view: &PlayerView) -> PublicReplay {
        let mut rp = PublicReplay::start(view);
        for r in view.reports() {
            rp.apply(&r);
        }
        rp
    }

    /// Plies replayed.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Whether `id` has attacked an unmoved piece whose kind was not public (a "lotto" piece,
    /// thesis §5.4.4).
    pub fn is_lotto(&self, id: PieceId) -> bool {
        self.lotto[id.index()]
    }

    /// The kind of `id` if it is public (battle or Scout move).
    pub fn public_kind(&self, id: PieceId) -> Option<PieceKind> {
        self.known[id.index()]
    }

    /// The belief matrix of `side`'s pieces.
    pub fn matrix(&self, side: Side) -> BeliefMatrix {
        self.matrix_tilted(side, 0.0)
    }

    /// The belief matrix of `side`'s pieces with every moved unknown piece's row tilted
    /// towards the stronger kinds before the fit: the weight of a movable kind of strength `r`
    /// ([`PieceKind::strength`], the Spy 1 to the Marshal 10) is multiplied by
    /// `exp(tilt * r)` (a common factor per row, so the same as counting from 0), and the fit to the
    /// counts then takes that strength from the unmoved pieces. 0: [`PublicReplay::matrix`].
    ///
    /// Why (session 19, `stratagem beliefs`' attack odds): over the strategist's games against
    /// `invincible`, the Perspecto bots and `negamax`, the matrix gives its attacks on unknown
    /// pieces that had moved better odds than they met, by 6-21 points of attacks won (a Major
    /// or Captain attacking one: 76 % won predicted, 56 % observed against `invincible`; a
    /// Lieutenant or lower: 40-59 % predicted, 23-47 % observed), while against the opponents
    /// with human-like setups its odds on unmoved pieces are right within a few points.
    /// Natively only (the page's module has no room for it): 0 in WebAssembly.
    pub fn matrix_tilted(&self, side: Side, tilt: f64) -> BeliefMatrix {
        self.matrix_shaped(side, tilt, 1.0)
    }

    /// [`PublicReplay::matrix_tilted`] with the Bomb and Flag weights of every unmoved unknown
    /// piece raised to the power `sharpen` before the fit (each row first scaled to sum 1): above
    /// 1 the fit then gives the likeliest squares more of the Bombs and the Flag and the
    /// unlikeliest less, below 1 it flattens them. 1: [`PublicReplay::matrix_tilted`].
    ///
    /// Why (session 28, `stratagem beliefs` over v12's games against `invincible`): the matrix's
    /// Bomb odds on unmoved pieces are too timid at both ends. Pieces it gives 2-5 % were Bombs
    /// 1.6 % of the time, 10-20 % 11.9 %, while those it gives 40-100 % (60.0 % on average)
    /// were Bombs 66.7 % of the time; its Flag odds likewise (30-100 %: 54.8 % predicted, 73.4 %
    /// seen). At 1.5 the "is a Bomb" log-loss falls from 0.641 to 0.633 bits there, but against
    /// the Perspecto bots' setups it rises (0.727 to 0.733 against `perspecto-minimax`): their
    /// setups are less regular than `invincible`'s best of 50. Natively only: 1 in WebAssembly.
    pub fn matrix_shaped(&self, side: Side, tilt: f64, sharpen: f64) -> BeliefMatrix {
        let n = self.n[side];
        let tilt = if cfg!(target_arch = "wasm32") { 0.0 } else { tilt };
        let sharpen =
            if cfg!(target_arch = "wasm32") || !sharpen.is_finite() || sharpen <= 0.0 { 1.0 } else { sharpen };
        let fitted = self.fit(side, tilt, sharpen);
        let rows = (0..n)
            .map(|l| {
                let id = PieceId::new(side, l);
                match self.known[id.index()] {
                    Some(k) => one_hot(k),
                    None => fitted[l],
                }
            })
            .collect();
        BeliefMatrix {
            side,
            rows,
            alive: (0..n).map(|l| self.alive[PieceId::new(side, l).index()]).collect(),
            certain: (0..n).map(|l| self.known[PieceId::new(side, l).index()].is_some()).collect(),
            remaining: self.remaining[side],
        }
    }

    fn row_mut(&mut self, id: PieceId) -> &mut [f64; 12] {
        &mut self.rows[id.side()][id.local()]
    }

    /// Happiness of a piece of `kind` (of side `s`) on `sq` next to the publicly known enemy
    /// pieces (heuristic 4).
    fn happiness(&self, s: Side, kind: PieceKind, sq: Square) -> f64 {
        if !kind.is_movable() {
            return 0.0;
        }
        let o = s.opponent();
        let mut h = 0.0;
        for local in 0..self.n[o] {
            let q = PieceId::new(o, local);
            let (Some(kq), true) = (self.known[q.index()], self.alive[q.index()]) else { continue };
            let attack = battle(kind, kq);
            let sign = match attack {
                Battle::AttackerWins => 1.0,
                Battle::BothRemoved => -0.5,
                Battle::DefenderWins => {
                    if kq.is_movable() {
                        -1.0
                    } else {
                        0.0
                    }
                }
            };
            if sign == 0.0 {
                continue;
            }
            let qs = self.square[q.index()];
            let d = (qs.row() as i32 - sq.row() as i32).abs() + (qs.col() as i32 - sq.col() as i32).abs();
            let in_line = qs.row() == sq.row() || qs.col() == sq.col();
            let w = (if in_line { 1.5 } else { 1.0 }) / d.max(1) as f64;
            h += sign * w;
        }
        h
    }

    fn adjacent_enemy(&self, sq: Square, s: Side) -> bool {
        sq.neighbours().any(|n| self.board[n.index()].is_some_and(|q| q.side() != s))
    }

    fn decline(&mut self, p: PieceId, around: Square) {
        let s = p.side();
        let targets: Vec<PieceKind> = around
            .neighbours()
            .filter_map(|n| self.board[n.index()])
            .filter(|q| q.side() != s)
            .filter_map(|q| self.known[q.index()])
            .collect();
        for kq in targets {
            let row = self.row_mut(p);
            for k in PieceKind::ALL {
                if k.is_movable() && battle(k, kq) == Battle::AttackerWins {
                    row[k.index()] *= MISSED_FACTOR;
                }
            }
        }
    }

    /// Makes `id`'s kind certain; on the first time, informs its initial neighbours.
    fn learn(&mut self, id: PieceId, kind: PieceKind) {
        let first = self.known[id.index()].is_none();
        self.known[id.index()] = Some(kind);
        *self.row_mut(id) = one_hot(kind);
        if !first {
            return;
        }
        let Some(priors) = self.priors else { return };
        let side = id.side();
        let start = self.start[id.index()];
        let Some(i_s) = Setup::index_of(side, start) else { return };
        for t in start.neighbours() {
            let Some(nb) = self.start_board[t.index()] else { continue };
            if nb.side() != side || !self.alive[nb.index()] || self.known[nb.index()].is_some() {
                continue;
            }
            let Some(i_t) = Setup::index_of(side, t) else { continue };
            let (rs, rt) = (i_s / 10, i_t / 10);
            let rel = if rt == rs {
                Relation::Beside
            } else if rt + 1 == rs {
                Relation::Behind
            } else {
                Relation::InFront
            };
            let row = self.row_mut(nb);
            for b in PieceKind::ALL {
                row[b.index()] *= priors.relation(kind, b, rel);
            }
        }
    }

    fn remove(&mut self, id: PieceId, kind: PieceKind) {
        self.alive[id.index()] = false;
        let sq = self.square[id.index()];
        if self.board[sq.index()] == Some(id) {
            self.board[sq.index()] = None;
        }
        self.remaining[id.side()].remove(kind);
    }

    /// Heuristic 3 for every unknown living piece of `s` but the mover `id`: it stood where it
    /// stands and did not capture the known pieces next to it.
    fn others_declined(&mut self, s: Side, id: PieceId) {
        let others: Vec<PieceId> = (0..self.n[s])
            .map(|l| PieceId::new(s, l))
            .filter(|&p| p != id && self.alive[p.index()] && self.known[p.index()].is_none())
            .collect();
        for p in others {
            let sq = self.square[p.index()];
            self.decline(p, sq);
        }
    }

    /// Learns one ply. A report that does not fit the replayed board (never the case for a
    /// view's own reports) is applied as far as it goes.
    pub fn apply(&mut self, r: &MoveReport) {
        let id = r.piece;
        let s = r.side;
        if id.index() >= 80 || id.side() != s {
            return;
        }
        let (from, to) = (r.from, r.to);
        // Natively only: the `cfg!` keeps the heuristic out of the page's module.
        if !cfg!(target_arch = "wasm32")
            && let Some((side, factor)) = self.stand.filter(|&(side, _)| side == s)
        {
            self.stood_ground(r, side, factor);
        }
        if r.battle.is_none() && self.known[id.index()].is_none() {
            let evading = self.adjacent_enemy(from, s);
            if !evading {
                // Heuristic 3, other pieces: they could have captured a known piece and did not.
                self.others_declined(s, id);
            }
            // Heuristic 3, the mover: it stood next to known pieces and left them alone.
            self.decline(id, from);
            // The seventh heuristic: it came up to known pieces of the enemy.
            if !evading && let Some((_, factor)) = self.approach.filter(|&(side, _)| side == s) {
                self.came_up(id, to, factor);
            }
            // The eighth heuristic: it walked towards known Bombs of the enemy (natively only).
            if !cfg!(target_arch = "wasm32")
                && let Some((_, factor)) = self.bomb_walk.filter(|&(side, _)| side == s)
            {
                self.bomb_walk(id, from, to, factor);
            }
            // Heuristic 4.
            let factors: [f64; 12] = std::array::from_fn(|k| {
                let kind = PieceKind::ALL[k];
                let d = self.happiness(s, kind, to) - self.happiness(s, kind, from);
                (BEHAVIOUR_BETA * d).exp().clamp(BEHAVIOUR_CLAMP.0, BEHAVIOUR_CLAMP.1)
            });
            let row = self.row_mut(id);
            for k in 0..12 {
                row[k] *= factors[k];
            }
        } else if r.battle.is_none() {
            // A known piece moving: nothing to learn about it, but the others may have declined.
            if !self.adjacent_enemy(from, s) {
                self.others_declined(s, id);
            }
        }
        // Heuristic 5: moved pieces are movable; long moves are Scouts.
        self.moved[id.index()] = true;
        if self.known[id.index()].is_none() {
            let row = self.row_mut(id);
            row[PieceKind::Bomb.index()] = 0.0;
            row[PieceKind::Flag.index()] = 0.0;
        }
        if r.reveals_scout() {
            self.learn(id, PieceKind::Scout);
        }
        self.board[from.index()] = None;
        match r.battle {
            None => {
                self.board[to.index()] = Some(id);
                self.square[id.index()] = to;
            }
            Some(b) => {
                let def = b.defender;
                if def.index() < 80 {
                    if !self.moved[def.index()] && self.known[def.index()].is_none() {
                        self.lotto[id.index()] = true;
                    }
                    self.learn(id, b.attacker_kind);
                    self.learn(def, b.defender_kind);
                    match b.result {
                        Battle::AttackerWins => {
                            self.remove(def, b.defender_kind);
                            self.board[to.index()] = Some(id);
                            self.square[id.index()] = to;
                        }
                        Battle::DefenderWins => {
                            self.square[id.index()] = from;
                            self.remove(id, b.attacker_kind);
                        }
                        Battle::BothRemoved => {
                            self.square[id.index()] = from;
                            self.remove(id, b.attacker_kind);
                            self.remove(def, b.defender_kind);
                        }
                    }
                }
            }
        }
        self.plies += 1;
        if !cfg!(target_arch = "wasm32") {
            self.last = Some(id);
        }
        for side in Side::BOTH {
            self.scale_rows(side);
        }
    }

    /// The sixth heuristic ([`PublicReplay::start_standing`]), read before `r` (a ply of `s`)
    /// changes the board.
    fn stood_ground(&mut self, r: &MoveReport, s: Side, factor: f64) {
        let answered = r.battle.map(|b| b.defender);
        let Some(e) = self.last else { return };
        let (Some(ke), true) = (self.known[e.index()], self.alive[e.index()]) else { return };
        if e.side() == s || !ke.is_movable() || answered == Some(e) {
            return;
        }
        for sq in self.square[e.index()].neighbours() {
            let Some(p) = self.board[sq.index()] else { continue };
            if p.side() != s || p == r.piece || self.known[p.index()].is_some() {
                continue;
            }
            if !sq.neighbours().any(|t| self.board[t.index()].is_none()) {
                continue;
            }
            let row = self.row_mut(p);
            for k in PieceKind::ALL.into_iter().filter(|k| k.is_movable()) {
                match battle(ke, k) {
                    Battle::AttackerWins => row[k.index()] *= factor,
                    Battle::BothRemoved => row[k.index()] *= factor.sqrt(),
                    Battle::DefenderWins => {}
                }
            }
        }
    }

    /// The seventh heuristic ([`PublicReplay::start_reading`]) for the unknown piece `id`,
    /// whose plain move (not an evasion) brings it to `to`: read before the board changes,
    /// where `to` is still empty.
    fn came_up(&mut self, id: PieceId, to: Square, factor: f64) {
        for sq in to.neighbours() {
            let Some(p) = self.board[sq.index()] else { continue };
            let Some(kp) = self.known[p.index()].filter(|k| k.is_movable()) else { continue };
            if p.side() == id.side() {
                continue;
            }
            let row = self.row_mut(id);
            for k in PieceKind::ALL.into_iter().filter(|k| k.is_movable()) {
                match battle(k, kp) {
                    Battle::AttackerWins => {}
                    Battle::BothRemoved => row[k.index()] *= factor.sqrt(),
                    Battle::DefenderWins => row[k.index()] *= factor,
                }
            }
        }
    }

    /// Keeps every unknown row of `side` summing to 1 (a diagonal scaling: it does not change
    /// what [`PublicReplay::fit`] converges to, and keeps long products of heuristic factors
    /// away from overflow and underflow).
    fn scale_rows(&mut self, side: Side) {
        for l in 0..self.n[side] {
            if self.known[PieceId::new(side, l).index()].is_none() {
                normalize_pieces(std::slice::from_mut(&mut self.rows[side][l]));
            }
        }
    }

    /// The fitted rows of `side` (indexed by local id; rows of known or removed pieces are
    /// left as stored): hard facts, repairs, deductions, then the alternating scaling to the
    /// counts (see the module doc). Pure: the stored rows are the product of the prior and
    /// every heuristic factor, and iterative proportional fitting gives the same matrix for a
    /// seed and any row and column rescaling of it, so fitting once when the matrix is read is
    /// the thesis's "normalise after every update", and a cached replay fits exactly as a
    /// fresh one.
    fn fit(&self, side: Side, tilt: f64, sharpen: f64) -> Vec<[f64; 12]> {
        let mut out = self.rows[side].clone();
        let n = self.n[side];
        let mut targets = self.remaining[side];
        let mut unknown: Vec<usize> = Vec::with_capacity(n);
        for l in 0..n {
            let id = PieceId::new(side, l);
            if !self.alive[id.index()] {
                continue;
            }
            match self.known[id.index()] {
                Some(k) => {
                    targets.remove(k);
                }
                None => unknown.push(l),
            }
        }
        if unknown.is_empty() {
            return out;
        }
        let moved: Vec<bool> = unknown.iter().map(|&l| self.moved[PieceId::new(side, l).index()]).collect();
        let mut rows: Vec<[f64; 12]> = unknown.iter().map(|&l| self.rows[side][l]).collect();
        let t: [f64; 12] = std::array::from_fn(|k| targets.0[k] as f64);
        // Hard facts and repair of rows the heuristics emptied (only float underflow can).
        for (row, &mv) in rows.iter_mut().zip(&moved) {
            for k in PieceKind::ALL {
                if t[k.index()] == 0.0 || (mv && !k.is_movable()) || !row[k.index()].is_finite() {
                    row[k.index()] = 0.0;
                }
            }
            if row.iter().sum::<f64>() <= 1e-300 {
                for k in PieceKind::ALL {
                    row[k.index()] = if t[k.index()] > 0.0 && (!mv || k.is_movable()) { 1.0 } else { 0.0 };
                }
            }
        }
        // Kinds that lost all support get a little back on every piece that may hold them.
        for k in PieceKind::ALL {
            if t[k.index()] > 0.0 && rows.iter().all(|r| r[k.index()] <= 1e-300) {
                for (row, &mv) in rows.iter_mut().zip(&moved) {
                    if !mv || k.is_movable() {
                        row[k.index()] = 1e-6;
                    }
                }
            }
        }
        if sharpen != 1.0 {
            for (row, _) in rows.iter_mut().zip(&moved).filter(|(_, m)| !**m) {
                // Scaled to 1 first (the hard facts above may have taken kinds out), so that
                // the power reads probabilities; the repairs above leave every sum positive.
                let sum: f64 = row.iter().sum();
                if sum > 0.0 {
                    for x in row.iter_mut() {
                        *x /= sum;
                    }
                }
                for k in [PieceKind::Bomb.index(), PieceKind::Flag.index()] {
                    row[k] = row[k].powf(sharpen);
                }
            }
        }
        if tilt != 0.0 {
            let factor: [f64; 12] =
                std::array::from_fn(|k| PieceKind::ALL[k].strength().map_or(1.0, |r| (tilt * f64::from(r)).exp()));
            for (row, _) in rows.iter_mut().zip(&moved).filter(|(_, m)| **m) {
                for (x, f) in row.iter_mut().zip(&factor) {
                    *x *= f;
                }
            }
        }
        deduce(&mut rows, &t);
        normalize(&mut rows, &t, TOLERANCE, MAX_ITERATIONS);
        for (i, &l) in unknown.iter().enumerate() {
            out[l] = rows[i];
        }
        out
    }
}

/// Exact consequences of the counts the scaling would only approach: if exactly as many pieces
/// can still be kind k as there are k left, they are all k (also for Bomb and Flag together).
fn deduce(rows: &mut [[f64; 12]], t: &[f64; 12]) {
    let groups: [&[usize]; 13] = [
        &[0],
        &[1],
        &[2],
        &[3],
        &[4],
        &[5],
        &[6],
        &[7],
        &[8],
        &[9],
        &[10],
        &[11],
        &[PieceKind::Flag.index(), PieceKind::Bomb.index()],
    ];
    let mut changed = true;
    let mut rounds = 0;
    while changed && rounds < 20 {
        changed = false;
        rounds += 1;
        for g in groups {
            let need: f64 = g.iter().map(|&k| t[k]).sum();
            if need <= 0.0 {
                continue;
            }
            let support: Vec<usize> = (0..rows.len()).filter(|&i| g.iter().any(|&k| rows[i][k] > 0.0)).collect();
            if support.len() as f64 == need {
                for &i in &support {
                    for (k, x) in rows[i].iter_mut().enumerate() {
                        if !g.contains(&k) && *x > 0.0 {
                            *x = 0.0;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
}

/// A replay kept between calls: a new view whose reports extend the cached ones is brought up
/// to date by replaying only the new plies (the result is identical to a fresh replay).
#[derive(Clone, Debug)]
pub struct BeliefCache {
    key: Option<crate::rules::ViewStart>,
    reports: Vec<MoveReport>,
    replay: Option<PublicReplay>,
    /// The "stood its ground" factor of the replays ([`PublicReplay::start_standing`]).
    stand: f64,
    /// The "came up to a known piece" factor of the replays ([`PublicReplay::start_reading`]).
    approach: f64,
    /// The "walks to our known Bombs" factor of the replays ([`PublicReplay::with_bomb_walk`]).
    bomb_walk: f64,
}

impl Default for BeliefCache {
    fn default() -> BeliefCache {
        BeliefCache {
            key: None,
            reports: Vec::new(),
            replay: None,
            stand: STAND_OFF,
            approach: APPROACH_OFF,
            bomb_walk: BOMB_WALK_OFF,
        }
    }
}

impl BeliefCache {
    /// An empty cache.
    pub fn new() -> BeliefCache {
        BeliefCache::default()
    }

    /// Replays with the "stood its ground" heuristic at `factor`
    /// ([`PublicReplay::start_standing`]; [`STAND_OFF`] leaves it out). A change of factor
    /// drops the cached replay.
    pub fn set_stand(&mut self, factor: f64) {
        if factor != self.stand {
            self.stand = factor;
            self.replay = None;
        }
    }

    /// Replays with the "came up to a known piece" heuristic at `factor`
    /// ([`PublicReplay::start_reading`]; [`APPROACH_OFF`] leaves it out). A change of factor
    /// drops the cached replay.
    pub fn set_approach(&mut self, factor: f64) {
        if factor != self.approach {
            self.approach = factor;
            self.replay = None;
        }
    }

    /// Replays with the "walks to our known Bombs" heuristic at `factor` for the enemy of the
    /// view replayed ([`PublicReplay::with_bomb_walk`]; [`BOMB_WALK_OFF`] leaves it out). A
    /// change of factor drops the cached replay.
    pub fn set_bomb_walk(&mut self, factor: f64) {
        if factor != self.bomb_walk {
            self.bomb_walk = factor;
            self.replay = None;
        }
    }

    /// The replay of `view`, reusing the cached prefix when it fits.
    pub fn replay(&mut self, view: &PlayerView) -> &PublicReplay {
        let rec = view.to_record();
        let fits = self.key.as_ref() == Some(&rec.start)
            && self.replay.is_some()
            && self.reports.len() <= rec.reports.len()
            && self.reports[..] == rec.reports[..self.reports.len()];
        if !fits {
            self.replay = Some(
                PublicReplay::start_reading(view, self.stand, self.approach)
                    .with_bomb_walk(view.side().opponent(), self.bomb_walk),
            );
            self.reports.clear();
            self.key = Some(rec.start.clone());
        }
        let replay = self.replay.as_mut().expect("set above");
        for r in &rec.reports[self.reports.len()..] {
            replay.apply(r);
        }
        self.reports = rec.reports;
        self.replay.as_ref().expect("set above")
    }
}
