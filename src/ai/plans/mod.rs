//! Plan-based move choosers (one ply, every legal move scored by every plan): the framework
//! here ([`Ctx`], what every plan sees; the [`Plan`] trait; [`choose_by_plans`] and
//! [`explain`]; board helpers), the dynamic piece values both plan sets read ([`values`]),
//! and the two plan sets, each with its own constants: Invincible's ([`invincible`], seed
//! 001) and StrategoAI's ([`strategoai`], seed 002).
//!
//! [`Ctx`] is the thesis's §5.2.2 list (seed 001): the board from the view, the own kinds,
//! the rank guesses of the enemy pieces, the opponent's guesses of the own pieces (from the
//! same public model), the dynamic piece values, the reveal penalties and the game state.
//! Scale: piece values in 0..1 times [`SCALE`] = 100, so that tactical values dominate
//! strategic ones (0.5..5) which dominate the random plan (0..1).

pub mod invincible;
pub mod perspecto;
pub mod strategoai;
pub mod values;

use crate::ai::SearchContext;
use crate::ai::belief::matrix::PublicReplay;
use crate::ai::ranking;
use crate::rules::{
    Army, Battle, ByKind, BySide, BySquare, Move, PieceId, PieceKind, PlayerView, Side, Square, battle,
};
use rand::Rng;
use values::{PieceValues, ValueRules, movers, piece_values};

/// Which piece stands on each square: the board the plans read and alter for "after the move".
pub type Board = BySquare<Option<PieceId>>;

/// Piece values (0..1) are multiplied by this in move scores.
pub const SCALE: f64 = 100.0;

/// Manhattan distance.
#[inline]
pub(crate) fn manhattan(a: Square, b: Square) -> i32 {
    (a.row() as i32 - b.row() as i32).abs() + (a.col() as i32 - b.col() as i32).abs()
}

/// The lane squares (rows 5-6, columns a-b, e-f, i-j).
pub(crate) fn is_lane(s: Square) -> bool {
    (s.row() == 4 || s.row() == 5) && matches!(s.col(), 0 | 1 | 4 | 5 | 8 | 9)
}

/// What every plan sees.
pub struct Ctx<'a> {
    /// The view.
    pub view: &'a PlayerView,
    /// This side.
    pub me: Side,
    /// The opponent.
    pub opp: Side,
    /// Which piece stands where.
    pub board: Board,
    /// Kind guesses: own pieces one-hot (true kinds); enemy pieces from the belief model.
    pub dist: Vec<ByKind<f64>>,
    /// The opponent's guesses about the own pieces (public model; one-hot if public).
    pub public_own: Vec<ByKind<f64>>,
    /// Whether the kind of a piece is public (battle, or a Scout's long move).
    pub public: [bool; 80],
    /// Lotto pieces (attacked an unmoved unknown piece, §5.4.4).
    pub lotto: [bool; 80],
    /// Piece values.
    pub values: PieceValues,
    /// Reveal penalty for a piece of each side.
    pub reveal: BySide<f64>,
    /// Own pieces that have moved and are still on the board.
    pub own_moved: u32,
    /// The own flag's square.
    pub flag: Option<Square>,
    /// Pieces still on the board, by kind.
    pub alive: BySide<Army>,
    /// Plies in a row without an attack (for [`Impatience`](invincible::Impatience)).
    pub quiet_plies: u32,
}

impl<'a> Ctx<'a> {
    /// The context with the belief matrix of a public replay (Invincible).
    pub fn with_replay(view: &'a PlayerView, replay: &PublicReplay, rules: &ValueRules) -> Ctx<'a> {
        let me = view.side();
        let enemy = replay.matrix(me.opponent());
        let own = replay.matrix(me);
        let mut ctx = Ctx::bare(view, rules);
        for id in view.pieces_of(me.opponent()) {
            ctx.dist[id.index()] = ByKind(enemy.probabilities(id));
            ctx.lotto[id.index()] = replay.is_lotto(id);
        }
        for id in view.pieces_of(me) {
            ctx.public_own[id.index()] = ByKind(own.probabilities(id));
        }
        for id in view.pieces_of(me.opponent()).chain(view.pieces_of(me)) {
            ctx.public[id.index()] = replay.public_kind(id).is_some();
        }
        ctx
    }

    /// The context with uniform beliefs (the marginals of [`crate::ai::belief::Unknowns`]);
    /// the own public guesses are the same uniform counting seen from the other side.
    pub fn uniform(view: &'a PlayerView, rules: &ValueRules) -> Ctx<'a> {
        let me = view.side();
        let mut ctx = Ctx::bare(view, rules);
        if let Ok(m) = crate::ai::belief::Unknowns::of(view).marginals() {
            for (id, p) in m {
                ctx.dist[id.index()] = ByKind(p);
            }
        }
        for id in view.pieces_of(me) {
            let p = view.piece(id);
            ctx.public[id.index()] = p.revealed || p.scout_known;
        }
        for id in view.pieces_of(me.opponent()) {
            ctx.public[id.index()] = view.kind(id).is_some() || view.piece(id).scout_known;
        }
        ctx
    }

    fn bare(view: &'a PlayerView, rules: &ValueRules) -> Ctx<'a> {
        let me = view.side();
        let opp = me.opponent();
        let mut board = Board::filled(None);
        let mut dist = vec![ByKind::default(); 80];
        let mut public_own = vec![ByKind::default(); 80];
        let mut alive = BySide::<Army>::default();
        alive[opp] = view.enemy_remaining();
        let mut own_moved = 0;
        let mut flag = None;
        for id in view.pieces_of(me).chain(view.pieces_of(opp)) {
            let p = view.piece(id);
            board[p.square] = Some(id);
            if id.side() == me {
                let k = p.kind.expect("own kinds are known");
                alive[me].add(k);
                let r = one_hot(k);
                dist[id.index()] = r;
                public_own[id.index()] = r;
                own_moved += p.moved as u32;
                if k == PieceKind::Flag {
                    flag = Some(p.square);
                }
            } else if let Some(k) = p.kind {
                dist[id.index()] = one_hot(k);
            }
        }
        let values = piece_values(rules, &alive);
        let reveal = BySide::from_fn(|s| rules.reveal.for_opponent_movers(movers(&alive[s.opponent()])));
        Ctx {
            view,
            me,
            opp,
            board,
            dist,
            public_own,
            public: [false; 80],
            lotto: [false; 80],
            values,
            reveal,
            own_moved,
            flag,
            alive,
            quiet_plies: view.plies_since_attack(),
        }
    }

    /// Scaled value of `side`'s piece of `kind`.
    #[inline]
    pub fn v(&self, side: Side, kind: PieceKind) -> f64 {
        self.values.of(side, kind) * SCALE
    }

    /// Expected scaled value of a piece from its guesses.
    pub(crate) fn expected_value(&self, id: PieceId) -> f64 {
        let d = &self.dist[id.index()];
        PieceKind::ALL.iter().map(|&k| d[k] * self.v(id.side(), k)).sum()
    }

    /// The own piece's kind.
    pub(crate) fn own_kind(&self, id: PieceId) -> PieceKind {
        self.view.kind(id).expect("own kinds are known")
    }

    /// Probability that own `kind` wins attacking enemy `e`.
    pub(crate) fn p_win(&self, kind: PieceKind, e: PieceId) -> f64 {
        let d = &self.dist[e.index()];
        PieceKind::ALL.iter().filter(|&&k| battle(kind, k) == Battle::AttackerWins).map(|&k| d[k]).sum()
    }

    /// Probability that enemy `e` wins attacking an own piece of `kind`.
    pub(crate) fn p_threat(&self, e: PieceId, kind: PieceKind) -> f64 {
        let d = &self.dist[e.index()];
        PieceKind::ALL
            .iter()
            .filter(|&&k| k.is_movable() && battle(k, kind) == Battle::AttackerWins)
            .map(|&k| d[k])
            .sum()
    }

    /// How likely the opponent believes own piece `m` beats its piece `e` (the enemy knows its
    /// own kind; we average over our guess of it).
    pub(crate) fn opponent_fears(&self, m: PieceId, e: PieceId) -> f64 {
        let pe = &self.dist[e.index()];
        let pm = &self.public_own[m.index()];
        let mut f = 0.0;
        for ke in PieceKind::ALL.into_iter().filter(|k| k.is_movable()) {
            if pe[ke] == 0.0 {
                continue;
            }
            let beats: f64 = PieceKind::ALL
                .iter()
                .filter(|&&km| km.is_movable() && battle(km, ke) != Battle::DefenderWins)
                .map(|&km| pm[km])
                .sum();
            f += pe[ke] * beats;
        }
        f
    }

    /// Whether a move attacks.
    #[inline]
    pub(crate) fn is_attack(&self, mv: Move) -> bool {
        self.board[mv.to].is_some_and(|id| id.side() == self.opp)
    }

    /// The attacker and the defender of `mv`, if it attacks.
    #[inline]
    pub fn attack(&self, mv: Move) -> Option<(PieceId, PieceId)> {
        if self.is_attack(mv) { Some((self.mover(mv), self.board[mv.to]?)) } else { None }
    }

    /// The own piece that makes `mv` (a legal move of the view).
    #[inline]
    pub fn mover(&self, mv: Move) -> PieceId {
        self.board[mv.from].expect("a piece moves")
    }

    /// The piece that makes `mv` if the move attacks nothing; `None` for an attack. Most
    /// plans score only such quiet moves (§5.3: attacks are [`invincible::ImmediateCapture`]'s
    /// and StrategoAI's T1's business).
    #[inline]
    pub(crate) fn quiet_mover(&self, mv: Move) -> Option<PieceId> {
        if self.is_attack(mv) { None } else { Some(self.mover(mv)) }
    }

    /// Where piece `id` stands when `moved` (an own piece and its new square) has moved.
    #[inline]
    pub(crate) fn square_given(&self, id: PieceId, moved: Option<(PieceId, Square)>) -> Square {
        match moved {
            Some((m, to)) if m == id => to,
            _ => self.view.piece(id).square,
        }
    }

    /// The expectation over enemy `e`'s kind guesses of `value(kind)` (kinds of probability 0
    /// skipped).
    pub fn expectation(&self, e: PieceId, mut value: impl FnMut(PieceKind) -> f64) -> f64 {
        let d = &self.dist[e.index()];
        let mut total = 0.0;
        for k in PieceKind::ALL {
            let p = d[k];
            if p == 0.0 {
                continue;
            }
            total += p * value(k);
        }
        total
    }

    /// Free-path distances ([`bfs`]) to `targets` from the two squares of `mv`, with the mover
    /// lifted off the board; `None` if either square cannot reach them.
    pub(crate) fn path_distances(&self, mv: Move, targets: &[Square]) -> Option<(u8, u8)> {
        let mut board = self.board;
        board[mv.from] = None;
        let d = bfs(&board, targets);
        let (from, to) = (d[mv.from], d[mv.to]);
        (from != u8::MAX && to != u8::MAX).then_some((from, to))
    }

    /// Alive enemy pieces.
    pub fn enemies(&self) -> impl Iterator<Item = PieceId> + '_ {
        self.view.pieces_of(self.opp)
    }

    /// Alive own pieces.
    pub fn owns(&self) -> impl Iterator<Item = PieceId> + '_ {
        self.view.pieces_of(self.me)
    }

    /// Square of a piece on the board after `mv` (None if it is not on the board).
    pub(crate) fn square_after(&self, id: PieceId, mv: Move) -> Square {
        let sq = self.view.piece(id).square;
        if sq == mv.from { mv.to } else { sq }
    }

    /// The board after a non-attacking move.
    pub(crate) fn board_after(&self, mv: Move) -> Board {
        let mut b = self.board;
        b[mv.to] = b[mv.from];
        b[mv.from] = None;
        b
    }

    /// Whether an enemy piece could be movable.
    pub(crate) fn p_movable(&self, e: PieceId) -> f64 {
        let d = &self.dist[e.index()];
        1.0 - d[PieceKind::Bomb] - d[PieceKind::Flag]
    }
}

/// Certainty of `kind`: probability 1 for it, 0 for every other kind.
fn one_hot(kind: PieceKind) -> ByKind<f64> {
    let mut r = ByKind::default();
    r[kind] = 1.0;
    r
}

/// Whether every square strictly between `a` and `b` (same row or column) is empty and no lake.
pub fn clear_line(board: &Board, a: Square, b: Square) -> bool {
    if !a.in_line(b) || a == b {
        return false;
    }
    let (dr, dc) = ((b.row() as i32 - a.row() as i32).signum(), (b.col() as i32 - a.col() as i32).signum());
    let (mut r, mut c) = (a.row() as i32 + dr, a.col() as i32 + dc);
    while (r, c) != (b.row() as i32, b.col() as i32) {
        let s = Square::new(c as u8, r as u8).expect("between two squares");
        if s.is_lake() || board[s].is_some() {
            return false;
        }
        r += dr;
        c += dc;
    }
    true
}

/// Whether `a` and `b` stand in one row or column with nothing between them: next to each
/// other, or [`clear_line`].
pub(crate) fn in_clear_line(board: &Board, a: Square, b: Square) -> bool {
    a.in_line(b) && (manhattan(a, b) == 1 || clear_line(board, a, b))
}

/// Breadth-first distances from `sources` over squares that are not lakes and not occupied
/// (sources excepted); `u8::MAX` where unreachable.
pub fn bfs(board: &Board, sources: &[Square]) -> BySquare<u8> {
    let mut d = BySquare::filled(u8::MAX);
    let mut queue = std::collections::VecDeque::new();
    for &s in sources {
        d[s] = 0;
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        for n in s.neighbours() {
            if d[n] == u8::MAX && board[n].is_none() {
                d[n] = d[s] + 1;
                queue.push_back(n);
            }
        }
    }
    d
}

/// A plan: a value for every legal move (thesis Fig. 5.1; `recalc` is the constructor).
pub trait Plan {
    /// Display name (the thesis's class name).
    fn name(&self) -> &'static str;
    /// The value of `mv` for this plan.
    fn score(&self, ctx: &Ctx, mv: Move) -> f64;
}

/// Scores `moves` with `plans` (plus U(0,1) per move when `random`), stopping early on the
/// budget, and returns the best move and its score. Ties are broken uniformly with the rng.
///
/// # Panics
/// If `moves` is empty (the bot contract never asks for a move then).
pub fn choose_by_plans(
    pctx: &Ctx,
    plans: &[Box<dyn Plan>],
    moves: &[Move],
    random: bool,
    ctx: &mut SearchContext,
) -> (Move, f64) {
    assert!(!moves.is_empty(), "asked to move without a legal move");
    let mut best: Option<(Move, f64)> = None;
    let mut ties = 0u32;
    let mut scored = Vec::with_capacity(moves.len());
    for &mv in moves {
        let mut s: f64 = plans.iter().map(|p| p.score(pctx, mv)).sum();
        if random {
            s += ctx.rng.random::<f64>();
        }
        scored.push((mv, s));
        ctx.add_nodes(1);
        match best {
            None => {
                best = Some((mv, s));
                ties = 1;
            }
            Some((_, b)) if s > b => {
                best = Some((mv, s));
                ties = 1;
            }
            Some((_, b)) if s == b => {
                ties += 1;
                if ctx.rng.random_range(0..ties) == 0 {
                    best = Some((mv, s));
                }
            }
            _ => {}
        }
        if ctx.out_of_budget() {
            break;
        }
    }
    // Candidates for the engine: every move scored, highest sum first (a stable sort keeps
    // the generation order among equal sums).
    ranking::sort_by_key128(&mut scored, |s| ranking::desc_f64(s.1));
    ctx.set_candidates(scored);
    best.expect("at least one move scored")
}

/// Every plan's value for every legal move (no random plan): the debug table of the thesis's
/// Table 8.1, used by the tests and the docs.
pub fn explain(pctx: &Ctx, plans: &[Box<dyn Plan>], moves: &[Move]) -> Vec<(Move, Vec<(&'static str, f64)>)> {
    moves.iter().map(|&mv| (mv, plans.iter().map(|p| (p.name(), p.score(pctx, mv))).collect())).collect()
}
