//! Perspecto's tactical searches (seed 000, thesis chapters 7-9): plain minimax over the most
//! probable attack outcome (section 8.1) and its later form with alpha-beta and attacks valued
//! `P v1 - (1-P) v2` (section 10.3.1), expectiminimax (8.2), and p-e-minimax (8.3), each on
//! the thesis's local search: a search area around the root move kept through the subtree,
//! the passive move at every node, the comparison search at the root (7.4), and optionally
//! the min-node smoothing and variable depth of section 9.4.
//!
//! The search runs on [`SBoard`], the board as the bot knows it: own pieces with their kinds
//! and whether the opponent has identified them, enemy pieces with a kind only when revealed
//! (or shown to be a Scout). Following section 7.2, every unknown enemy piece is assumed to
//! step one square (Bombs and Flag not special-cased), and no piece makes a Scout long move.
//!
//! Values are always from the bot's point of view; nothing is negated. The printed
//! pseudo-code mixes negamax negation (`-recursive...`) with explicit max and min tests
//! (`ply % 2`, `<`), which cannot both hold; we keep the explicit max/min form: at the bot's
//! nodes each component is maximised, at the opponent's nodes the child with the smallest
//! opponent-perspective value is chosen (p-e-minimax) or the smallest value (the others).

use crate::ai::SearchContext;
use crate::ai::belief::perspecto::{Fears, MoveAnalysis, Pool, success, unknown_vs_known, unknown_vs_unknown};
use crate::ai::belief::perspecto::{flag_probabilities, known_vs_unknown};
use crate::ai::eval::perspecto::{KNOWN_BOMB, KNOWN_SHARE, average_value, capture_weight, piece_values};
use crate::ai::search::meter::NodeMeter;
use crate::rules::bitboard::bit;
use crate::rules::{Army, ByKind, Move, PieceId, PieceKind, PlayerView, Side, Square};

/// Which of the thesis's searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Section 8.1: an attack takes its most probable outcome (win when P > 0.5).
    Minimax,
    /// Section 10.3.1: most probable outcome, but the attack itself is valued
    /// `P v1 - (1-P) v2` (v1 the enemy piece, v2 the own piece).
    MinimaxExpected,
    /// Section 8.2: both outcomes of an attack, weighted by the bot's own probability.
    Expectimax,
    /// Section 8.3: two values per node (own, opponent's as estimated), two probabilities
    /// per attack.
    PeMinimax,
}

/// Which evaluation the leaves use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// Section 7.5 (the algorithm tests of chapter 8): material plus Table 5's terms (one
    /// point per row advanced by a non-Scout, a known piece costs 0.2 of its value, a known
    /// Bomb 15).
    Positional,
    /// Section 9.4 (Perspecto): material only, from the capture list.
    Material,
}

/// Everything that distinguishes the thesis's search variants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// The search.
    pub algorithm: Algorithm,
    /// Alpha-beta pruning (only for the two minimax forms; the others have none, 8.3).
    pub alpha_beta: bool,
    /// Deepest ply (the root move is ply 1).
    pub depth: u32,
    /// Variable depth (9.4): plies up to this are full, the next one keeps captures, moves
    /// that expose a piece, moves of the piece that moved last and the passive move; the three
    /// after keep captures, the last-moved piece and the passive move; deeper only captures
    /// (and the passive move). `None`: every ply full.
    pub normal_plies: Option<u32>,
    /// Search-area radius around the root move (Manhattan distance from its two squares);
    /// `None` searches the whole board.
    pub radius: Option<u32>,
    /// Subtract the value of not making the root move, in the same area (7.4).
    pub comparison: bool,
    /// Min nodes average every reply within this many points of the best (9.4).
    pub smoothing: Option<f64>,
    /// Leaf evaluation.
    pub evaluation: Evaluation,
    /// Capture weight factor per two plies (0.95 in 9.4; 1.0 for none).
    pub decay: f64,
    /// Half-width of the random term added to a leaf with captures (7.5).
    pub random: f64,
    /// A failed attack of a piece the defender's side does not know, on a piece its side does
    /// know, is the passive move instead (8.3).
    pub fail_as_passive: bool,
}

/// Two values: the bot's own and the opponent's as the bot estimates it.
pub(crate) type Pair = [f64; 2];

const EMPTY: u8 = u8::MAX;

/// One piece as the bot knows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SPiece {
    /// Owner.
    pub side: Side,
    /// Kind, if the bot knows it (own pieces always).
    pub kind: Option<PieceKind>,
    /// For own pieces: whether the opponent knows the kind.
    pub known_to_opp: bool,
    /// Has moved.
    pub moved: bool,
    /// Square index.
    pub sq: u8,
    /// On the board.
    pub alive: bool,
}

const NONE_PIECE: SPiece =
    SPiece { side: Side::Red, kind: None, known_to_opp: false, moved: false, sq: 0, alive: false };

/// The board the tactical search plays on (copied on every move: small and flat).
#[derive(Clone, Copy, Debug)]
pub struct SBoard {
    cells: [u8; 100],
    pieces: [SPiece; PieceId::COUNT],
    /// Sum of capture values along the line: own and opponent's perspective.
    cap: Pair,
    /// Table 5 terms gained along the line.
    pos: f64,
    any_capture: bool,
    last_moved: [u8; 2],
}

impl SBoard {
    /// The board of `view`: enemy Scouts shown by a long move count as known Scouts.
    pub fn from_view(view: &PlayerView) -> SBoard {
        let me = view.side();
        let mut b = SBoard {
            cells: [EMPTY; 100],
            pieces: [NONE_PIECE; PieceId::COUNT],
            cap: [0.0; 2],
            pos: 0.0,
            any_capture: false,
            last_moved: [EMPTY; 2],
        };
        for side in Side::BOTH {
            for id in view.pieces_of(side) {
                let p = view.piece(id);
                let kind = p.kind.or(p.scout_known.then_some(PieceKind::Scout));
                let known_to_opp = side == me && (p.revealed || p.scout_known);
                b.pieces[id.index()] =
                    SPiece { side, kind, known_to_opp, moved: p.moved, sq: p.square.index() as u8, alive: true };
                b.cells[p.square.index()] = id.0;
            }
        }
        b
    }

    /// The piece on square index `sq`.
    pub fn at(&self, sq: usize) -> Option<(PieceId, &SPiece)> {
        let i = self.cells[sq];
        (i != EMPTY).then(|| (PieceId(i), &self.pieces[i as usize]))
    }

    /// Can `p` step (as the search assumes: unknown enemy pieces can)?
    fn can_move(p: &SPiece) -> bool {
        p.kind.is_none_or(|k| k.is_movable())
    }

    /// Every one-square move of `side` (Scouts included, no long moves).
    pub fn steps(&self, side: Side, out: &mut Vec<Move>) {
        for p in self.pieces.iter() {
            if !p.alive || p.side != side || !Self::can_move(p) {
                continue;
            }
            let from = Square::from_index_unchecked(p.sq as usize);
            for to in from.neighbours() {
                match self.at(to.index()) {
                    Some((_, q)) if q.side == side => {}
                    _ => out.push(Move::new(from, to)),
                }
            }
        }
    }
}

/// What the bot precomputes at the root (the thesis's `AnalyzeBoard`): pools, piece values,
/// flag shares, fears and every probability the search needs.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The bot's side.
    pub me: Side,
    /// Unknown enemy pieces as the bot sees them.
    pub enemy_pool: Pool,
    /// Own pieces the opponent has not identified.
    pub own_pool: Pool,
    /// Values of own kinds.
    pub own_values: ByKind<f64>,
    /// Values of enemy kinds.
    pub enemy_values: ByKind<f64>,
    /// The Flag's value share of each enemy piece (section 7.5 suspicions).
    pub flag_share: [f64; PieceId::COUNT],
    /// The fear variables in force for this move.
    pub fears: Fears,
    /// The move analysis (who approached whom).
    pub history: MoveAnalysis,
    // Probabilities, indexed [moved as usize][kind].
    own_vs_enemy_unknown: [ByKind<f64>; 2],
    enemy_unknown_vs_own: ByKind<f64>,
    enemy_vs_own_unknown: [ByKind<f64>; 2],
    own_unknown_vs_enemy: ByKind<f64>,
    own_unknown_vs_enemy_unknown: [f64; 2],
    enemy_unknown_vs_own_unknown: [f64; 2],
    // Values of unknown pieces.
    enemy_avg: [f64; 2],
    enemy_avg_beaten_by: [ByKind<f64>; 2],
    enemy_avg_losing_to: ByKind<f64>,
    own_avg: [f64; 2],
    own_avg_beaten_by: [ByKind<f64>; 2],
    own_avg_losing_to: ByKind<f64>,
}

impl Analysis {
    /// Analyses `view` with the given fears and move analysis.
    pub fn new(view: &PlayerView, fears: Fears, history: MoveAnalysis) -> Analysis {
        let me = view.side();
        let board = SBoard::from_view(view);
        let mut enemy_pool = Pool { kinds: view.enemy_unassigned(), moved: 0 };
        let mut own_pool = Pool::default();
        for p in board.pieces.iter().filter(|p| p.alive) {
            if p.side != me {
                if view.piece_at(Square::from_index_unchecked(p.sq as usize)).is_some_and(|id| view.kind(id).is_none())
                {
                    if p.kind == Some(PieceKind::Scout) {
                        enemy_pool.kinds.remove(PieceKind::Scout);
                    } else if p.moved {
                        enemy_pool.moved += 1;
                    }
                }
            } else if !p.known_to_opp {
                own_pool.kinds.add(p.kind.expect("own kinds are known"));
                own_pool.moved += u32::from(p.moved);
            }
        }
        let lost = view.captured();
        let own_start = {
            let mut a = Army::default();
            for id in view.pieces_of(me) {
                a.add(view.kind(id).expect("own"));
            }
            for k in PieceKind::ALL {
                a[k] += lost[me][k];
            }
            a
        };
        let enemy_start = view.enemy_army();
        let enemy_left = view.enemy_remaining();
        let mut own_left = own_start;
        for k in PieceKind::ALL {
            own_left[k] -= lost[me][k];
        }
        let own_values = piece_values(&enemy_start, &enemy_left);
        let enemy_values = piece_values(&own_start, &own_left);
        let pf = flag_probabilities(view);
        let flag_value = enemy_values[PieceKind::Flag];
        let mut flag_share = [0.0; PieceId::COUNT];
        for (s, p) in flag_share.iter_mut().zip(pf) {
            *s = flag_value * p;
        }
        let by_moved = |f: &dyn Fn(bool) -> ByKind<f64>| [f(false), f(true)];
        let kinds = |f: &dyn Fn(PieceKind) -> f64| ByKind::from_fn(f);
        let movable_if = |moved: bool| move |k: PieceKind| !moved || k.is_movable();
        Analysis {
            me,
            own_vs_enemy_unknown: by_moved(&|m| kinds(&|a| known_vs_unknown(a, &enemy_pool, m))),
            enemy_unknown_vs_own: kinds(&|d| unknown_vs_known(&enemy_pool, d)),
            enemy_vs_own_unknown: by_moved(&|m| kinds(&|e| known_vs_unknown(e, &own_pool, m))),
            own_unknown_vs_enemy: kinds(&|e| unknown_vs_known(&own_pool, e)),
            own_unknown_vs_enemy_unknown: [false, true].map(|m| unknown_vs_unknown(&own_pool, &enemy_pool, m)),
            enemy_unknown_vs_own_unknown: [false, true].map(|m| unknown_vs_unknown(&enemy_pool, &own_pool, m)),
            enemy_avg: [false, true].map(|m| average_value(&enemy_pool, &enemy_values, movable_if(m))),
            enemy_avg_beaten_by: by_moved(&|m| {
                kinds(&|a| average_value(&enemy_pool, &enemy_values, |d| movable_if(m)(d) && success(a, d) > 0.0))
            }),
            enemy_avg_losing_to: kinds(&|d| {
                average_value(&enemy_pool, &enemy_values, |a| a.is_movable() && success(a, d) < 1.0)
            }),
            own_avg: [false, true].map(|m| average_value(&own_pool, &own_values, movable_if(m))),
            own_avg_beaten_by: by_moved(&|m| {
                kinds(&|e| average_value(&own_pool, &own_values, |d| movable_if(m)(d) && success(e, d) > 0.0))
            }),
            own_avg_losing_to: kinds(&|e| {
                average_value(&own_pool, &own_values, |a| a.is_movable() && success(a, e) < 1.0)
            }),
            enemy_pool,
            own_pool,
            own_values,
            enemy_values,
            flag_share,
            fears,
            history,
        }
    }

    /// The attacker's chance of success from the bot's own view and from the opponent's as
    /// the bot estimates it, and whether a failure is the passive move instead (the attacker
    /// is unknown to the defender's side and the defender known to the attacker's side).
    pub fn attack(&self, b: &SBoard, a: PieceId, d: PieceId) -> (f64, f64, bool) {
        let (pa, pd) = (&b.pieces[a.index()], &b.pieces[d.index()]);
        let f = self.fears;
        let approached = |u: PieceId, k: PieceId| self.history.approached(u, k);
        if pa.side == self.me {
            let ak = pa.kind.expect("own kinds are known");
            let m = usize::from(pd.moved);
            let own = match pd.kind {
                Some(e) => success(ak, e),
                None => {
                    let p = self.own_vs_enemy_unknown[m][ak];
                    if pa.known_to_opp && approached(d, a) { p * (1.0 - f.own) } else { p }
                }
            };
            let opp = if pa.known_to_opp {
                match pd.kind {
                    Some(e) => success(ak, e),
                    None => {
                        let p = self.own_vs_enemy_unknown[m][ak];
                        if approached(d, a) { p * (1.0 - f.est_own) } else { p }
                    }
                }
            } else {
                match pd.kind {
                    Some(e) => {
                        let p = self.own_unknown_vs_enemy[e];
                        if approached(a, d) { 1.0 - (1.0 - p) * (1.0 - f.est_opp) } else { p }
                    }
                    None => self.own_unknown_vs_enemy_unknown[m],
                }
            };
            (own, opp, !pa.known_to_opp && pd.kind.is_some())
        } else {
            let dk = pd.kind.expect("own kinds are known");
            let m = usize::from(pd.moved);
            let own = match pa.kind {
                Some(e) => success(e, dk),
                None => {
                    let p = self.enemy_unknown_vs_own[dk];
                    if pd.known_to_opp && approached(a, d) { 1.0 - (1.0 - p) * (1.0 - f.own) } else { p }
                }
            };
            let opp = match (pa.kind, pd.known_to_opp) {
                (Some(e), true) => success(e, dk),
                (Some(e), false) => {
                    let p = self.enemy_vs_own_unknown[m][e];
                    if approached(d, a) { p * (1.0 - f.est_opp) } else { p }
                }
                (None, true) => {
                    let p = self.enemy_unknown_vs_own[dk];
                    if approached(a, d) { 1.0 - (1.0 - p) * (1.0 - f.est_own) } else { p }
                }
                (None, false) => self.enemy_unknown_vs_own_unknown[m],
            };
            (own, opp, pa.kind.is_none() && pd.known_to_opp)
        }
    }

    /// Table 8: what the capture of `lost` by `winner` is worth, own and opponent's
    /// perspective, signed from the bot's side. `attacker_won` says which of the two attacked.
    fn capture_value(&self, b: &SBoard, winner: PieceId, lost: PieceId, attacker_won: bool) -> Pair {
        let (pw, pl) = (&b.pieces[winner.index()], &b.pieces[lost.index()]);
        let m = usize::from(pl.moved);
        if pl.side == self.me {
            let k = pl.kind.expect("own");
            let own = self.own_values[k];
            let opp = if pl.known_to_opp {
                own
            } else if !attacker_won {
                // Our unknown attacker lost: the opponent sees one of ours that loses to its piece.
                match pw.kind {
                    Some(e) => self.own_avg_losing_to[e],
                    None => self.own_avg[1],
                }
            } else {
                match pw.kind {
                    Some(e) => self.own_avg_beaten_by[m][e],
                    None => self.own_avg[m],
                }
            };
            [-own, -opp]
        } else {
            let v = match pl.kind {
                Some(e) => self.enemy_values[e],
                None if !attacker_won => {
                    // An unknown enemy attacker lost: one that loses to our defender.
                    self.enemy_avg_losing_to[pw.kind.expect("own")]
                }
                None => {
                    let share = self.flag_share[lost.index()];
                    if pw.known_to_opp {
                        self.enemy_avg_beaten_by[m][pw.kind.expect("own")] + share
                    } else {
                        // Table 8, own unknown attacker on an unknown enemy: "average of all unknowns".
                        self.enemy_avg[m] + share
                    }
                }
            };
            [v, v]
        }
    }

    /// Table 5's cost of the opponent identifying own piece `k`.
    fn reveal_cost(&self, k: PieceKind) -> f64 {
        if k == PieceKind::Bomb { KNOWN_BOMB } else { -KNOWN_SHARE * self.own_values[k] }
    }
}

/// How an attack turns out in one branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win,
    Lose,
}

/// The thesis's search, configured.
pub struct Searcher<'a, 'c, 'x> {
    an: &'a Analysis,
    cfg: SearchConfig,
    area: u128,
    max_ply: u32,
    noise: u64,
    /// The budget meter (nodes and clock).
    pub meter: NodeMeter<'c, 'x>,
    /// Interior nodes below the root, and their children (for the branching factor).
    pub branching: (u64, u64),
    moves: Vec<Vec<Move>>,
}

/// The squares within `radius` (Manhattan) of either square of `mv`; all squares for `None`.
pub fn search_area(mv: Move, radius: Option<u32>) -> u128 {
    let Some(r) = radius else { return u128::MAX };
    let mut area = 0u128;
    for sq in Square::all() {
        let d = |o: Square| sq.col().abs_diff(o.col()) as u32 + sq.row().abs_diff(o.row()) as u32;
        if d(mv.from) <= r || d(mv.to) <= r {
            area |= bit(sq.index());
        }
    }
    area
}

impl<'a, 'c, 'x> Searcher<'a, 'c, 'x> {
    /// A searcher charging `ctx` (or only counting, with `None`); `seed` drives the random term.
    pub fn new(an: &'a Analysis, cfg: SearchConfig, ctx: Option<&'c mut SearchContext<'x>>, seed: u64) -> Self {
        Searcher {
            an,
            cfg,
            area: u128::MAX,
            max_ply: cfg.depth,
            noise: seed | 1,
            meter: NodeMeter::new(ctx),
            branching: (0, 0),
            moves: Vec::new(),
        }
    }

    fn random_term(&mut self) -> f64 {
        // xorshift64*: a cheap stream from the context's seed, so leaves stay fast.
        self.noise ^= self.noise >> 12;
        self.noise ^= self.noise << 25;
        self.noise ^= self.noise >> 27;
        let u = (self.noise.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64;
        (2.0 * u - 1.0) * self.cfg.random
    }

    fn leaf(&mut self, b: &SBoard) -> Pair {
        let pos = if self.cfg.evaluation == Evaluation::Positional { b.pos } else { 0.0 };
        let r = if b.any_capture && self.cfg.random > 0.0 { self.random_term() } else { 0.0 };
        [b.cap[0] + pos + r, b.cap[1] + pos + r]
    }

    /// Plays a non-attacking step (or the passive move, `None`) of `side` at `ply`.
    fn step(&self, b: &SBoard, mv: Option<Move>, side: Side) -> SBoard {
        let mut c = *b;
        let Some(mv) = mv else { return c };
        let i = b.cells[mv.from.index()];
        c.cells[mv.from.index()] = EMPTY;
        c.cells[mv.to.index()] = i;
        let p = &mut c.pieces[i as usize];
        p.sq = mv.to.index() as u8;
        p.moved = true;
        c.last_moved[side.index()] = i;
        if p.kind != Some(PieceKind::Scout) {
            let forward = if side == Side::Red { 1 } else { -1 };
            let gain = (mv.to.row() as i32 - mv.from.row() as i32) * forward;
            c.pos += if side == self.an.me { gain as f64 } else { -(gain as f64) };
        }
        c
    }

    /// Plays an attack of `side` at `ply` with the given outcome (double kills do not occur).
    fn attack(&self, b: &SBoard, mv: Move, side: Side, ply: u32, outcome: Outcome, expected: Option<f64>) -> SBoard {
        let a = PieceId(b.cells[mv.from.index()]);
        let d = PieceId(b.cells[mv.to.index()]);
        let w = capture_weight(ply, self.cfg.decay);
        let mut c = *b;
        c.any_capture = true;
        c.last_moved[side.index()] = a.0;
        let (winner, lost) = if outcome == Outcome::Win { (a, d) } else { (d, a) };
        let mut v = self.an.capture_value(b, winner, lost, outcome == Outcome::Win);
        if let Some(p) = expected {
            // Section 10.3.1: the attack is worth P v1 - (1-P) v2 whatever the board shows.
            let v1 = self.an.capture_value(b, a, d, true);
            let v2 = self.an.capture_value(b, d, a, false);
            v = [p * v1[0] + (1.0 - p) * v2[0], p * v1[1] + (1.0 - p) * v2[1]];
        }
        c.cap[0] += w * v[0];
        c.cap[1] += w * v[1];
        c.cells[mv.from.index()] = EMPTY;
        c.pieces[lost.index()].alive = false;
        // The survivor is now known to the other side.
        let survivor = c.pieces[winner.index()];
        if survivor.side == self.an.me && !survivor.known_to_opp {
            c.pos += self.an.reveal_cost(survivor.kind.expect("own"));
            c.pieces[winner.index()].known_to_opp = true;
        }
        if outcome == Outcome::Win {
            c.cells[mv.to.index()] = a.0;
            let p = &mut c.pieces[a.index()];
            p.sq = mv.to.index() as u8;
            p.moved = true;
        }
        c
    }

    /// Moves of `side` for `ply` (1 = the root move) inside the search area and the
    /// variable-depth filter; the passive move is added by the caller.
    fn generate(&self, b: &SBoard, side: Side, ply: u32, out: &mut Vec<Move>) {
        out.clear();
        b.steps(side, out);
        let area = self.area;
        // `bit`, not `1 << index`: a variable u128 shift is a library call in wasm32.
        out.retain(|m| area & (bit(m.from.index()) | bit(m.to.index())) != 0);
        let Some(n) = self.cfg.normal_plies else { return };
        if ply <= n {
            return;
        }
        let last = b.last_moved[side.index()];
        let capture = |m: &Move| b.cells[m.to.index()] != EMPTY;
        let last_piece = |m: &Move| b.cells[m.from.index()] == last;
        let exposes = |m: &Move| {
            m.to.neighbours()
                .any(|n| b.at(n.index()).is_some_and(|(_, q)| q.side != side && SBoard::can_move(q) && n != m.from))
        };
        if ply == n + 1 {
            out.retain(|m| capture(m) || last_piece(m) || exposes(m));
        } else if ply <= n + 4 {
            out.retain(|m| capture(m) || last_piece(m));
        } else {
            out.retain(capture);
        }
    }

    /// Value of one move (`None` = passive) of `side` made at `ply`, with everything below.
    fn child(&mut self, b: &SBoard, mv: Option<Move>, side: Side, ply: u32, alpha: f64, beta: f64) -> Pair {
        let next = side.opponent();
        let Some(m) = mv.filter(|m| b.cells[m.to.index()] != EMPTY) else {
            let c = self.step(b, mv, side);
            return self.node(&c, ply, next, alpha, beta);
        };
        let a = PieceId(b.cells[m.from.index()]);
        let d = PieceId(b.cells[m.to.index()]);
        let (p_own, p_opp, fail_passive) = self.an.attack(b, a, d);
        match self.cfg.algorithm {
            Algorithm::Minimax | Algorithm::MinimaxExpected => {
                // The most probable outcome, as the side making the attack sees it.
                let outcome = if p_own > 0.5 { Outcome::Win } else { Outcome::Lose };
                let expected = (self.cfg.algorithm == Algorithm::MinimaxExpected).then_some(p_own);
                let c = self.attack(b, m, side, ply, outcome, expected);
                self.node(&c, ply, next, alpha, beta)
            }
            Algorithm::Expectimax | Algorithm::PeMinimax => {
                let pe = self.cfg.algorithm == Algorithm::PeMinimax;
                let (pw, pl) = if pe { (p_own.max(p_opp), p_own.min(p_opp)) } else { (p_own, p_own) };
                let win = if pw > 0.0 {
                    let c = self.attack(b, m, side, ply, Outcome::Win, None);
                    self.node(&c, ply, next, f64::NEG_INFINITY, f64::INFINITY)
                } else {
                    [0.0; 2]
                };
                let lose = if pl < 1.0 {
                    if pe && fail_passive && self.cfg.fail_as_passive {
                        let c = self.step(b, None, side);
                        self.node(&c, ply, next, f64::NEG_INFINITY, f64::INFINITY)
                    } else {
                        let c = self.attack(b, m, side, ply, Outcome::Lose, None);
                        self.node(&c, ply, next, f64::NEG_INFINITY, f64::INFINITY)
                    }
                } else {
                    [0.0; 2]
                };
                let q = if pe { p_opp } else { p_own };
                [win[0] * p_own + lose[0] * (1.0 - p_own), win[1] * q + lose[1] * (1.0 - q)]
            }
        }
    }

    /// The value of the position after `ply_done` plies with `side` to move.
    fn node(&mut self, b: &SBoard, ply_done: u32, side: Side, mut alpha: f64, mut beta: f64) -> Pair {
        self.meter.visit();
        if ply_done >= self.max_ply || self.meter.aborted {
            return self.leaf(b);
        }
        let ply = ply_done + 1;
        let mut moves = self.moves.pop().unwrap_or_default();
        self.generate(b, side, ply, &mut moves);
        self.branching.0 += 1;
        self.branching.1 += moves.len() as u64 + 1;
        let maximise = side == self.an.me;
        let pe = self.cfg.algorithm == Algorithm::PeMinimax;
        let prune =
            self.cfg.alpha_beta && matches!(self.cfg.algorithm, Algorithm::Minimax | Algorithm::MinimaxExpected);
        let mut values: Vec<Pair> = Vec::with_capacity(moves.len() + 1);
        let mut best: Pair = if maximise { [f64::NEG_INFINITY; 2] } else { [f64::INFINITY; 2] };
        // The passive move first: it is always there and a good first bound.
        for mv in std::iter::once(None).chain(moves.iter().copied().map(Some)) {
            let v = self.child(b, mv, side, ply, alpha, beta);
            if maximise {
                best = [best[0].max(v[0]), best[1].max(v[1])];
                alpha = alpha.max(v[0]);
            } else {
                // Min nodes choose by the opponent's value (p-e), or the only value.
                let key = if pe { 1 } else { 0 };
                if v[key] < best[key] {
                    best = v;
                }
                beta = beta.min(v[0]);
                values.push(v);
            }
            if (prune && alpha >= beta) || self.meter.aborted {
                break;
            }
        }
        if !maximise && let Some(t) = self.cfg.smoothing {
            let key = if pe { 1 } else { 0 };
            let close: Vec<&Pair> = values.iter().filter(|v| v[key] <= best[key] + t).collect();
            let n = close.len() as f64;
            best = [close.iter().map(|v| v[0]).sum::<f64>() / n, close.iter().map(|v| v[1]).sum::<f64>() / n];
        }
        self.moves.push(moves);
        best
    }

    /// The root value of `mv` for the bot (component 0 for p-e, as the thesis's root does).
    fn root_value(&mut self, b: &SBoard, mv: Move) -> f64 {
        let me = self.an.me;
        let target = b.cells[mv.to.index()] != EMPTY;
        if !target || !matches!(self.cfg.algorithm, Algorithm::Expectimax | Algorithm::PeMinimax) {
            return self.child(b, Some(mv), me, 1, f64::NEG_INFINITY, f64::INFINITY)[0];
        }
        let a = PieceId(b.cells[mv.from.index()]);
        let d = PieceId(b.cells[mv.to.index()]);
        let (p, _, fail_passive) = self.an.attack(b, a, d);
        let win = if p > 0.0 {
            let c = self.attack(b, mv, me, 1, Outcome::Win, None);
            self.node(&c, 1, me.opponent(), f64::NEG_INFINITY, f64::INFINITY)[0]
        } else {
            0.0
        };
        let lose = if p < 1.0 {
            let c = if self.cfg.algorithm == Algorithm::PeMinimax && fail_passive && self.cfg.fail_as_passive {
                self.step(b, None, me)
            } else {
                self.attack(b, mv, me, 1, Outcome::Lose, None)
            };
            self.node(&c, 1, me.opponent(), f64::NEG_INFINITY, f64::INFINITY)[0]
        } else {
            0.0
        };
        win * p + lose * (1.0 - p)
    }

    /// Scores every root move to `depth` plies: its value minus the value of the passive move
    /// in its own search area (when the comparison search is on). `None` when the budget ran
    /// out before the last move was scored.
    pub fn score_root(&mut self, b: &SBoard, moves: &[Move], depth: u32) -> Option<Vec<f64>> {
        self.max_ply = depth;
        let mut out = Vec::with_capacity(moves.len());
        for &mv in moves {
            self.area = search_area(mv, self.cfg.radius);
            let v = self.root_value(b, mv);
            let passive = if self.cfg.comparison {
                let c = self.step(b, None, self.an.me);
                self.node(&c, 1, self.an.me.opponent(), f64::NEG_INFINITY, f64::INFINITY)[0]
            } else {
                0.0
            };
            if self.meter.aborted {
                self.meter.flush();
                return None;
            }
            out.push(v - passive);
        }
        self.meter.flush();
        Some(out)
    }

    /// Average children per interior node below the root so far (passive move included).
    pub fn average_branching(&self) -> f64 {
        if self.branching.0 == 0 { 0.0 } else { self.branching.1 as f64 / self.branching.0 as f64 }
    }
}
