//! Determinized alpha-beta: the search of the `strategist` bot (docs/bots/strategist.md,
//! "Search"). Several full positions are sampled from the view's belief; each is searched by
//! iterative-deepening alpha-beta (negamax, fail-soft) with a transposition table, move ordering
//! (table move, winning captures, killers, history) and a quiescence search over captures that
//! do not lose the attacker; the root values of every move are summed over the samples and the
//! highest sum is played.
//!
//! Why determinized alpha-beta rather than IS-MCTS: the seed-003 bots measured in
//! `docs/ladder.md` show random-playout MCTS far below alpha-beta on this game, and a sampled
//! search with a good evaluation is what the strongest published engines rest on (Arts 2010,
//! determinized expectimax-style search). The doc records the choice and its measurement.
//!
//! Root values: the first root move of a sample is searched with the full window; the others
//! with the window `(best - ROOT_MARGIN, +inf)`, so a move that fails low gets only an upper
//! bound as its value (fail-soft, at most `best - ROOT_MARGIN`). Such a move is that far below
//! this sample's best; its sum over the samples is then somewhat optimistic, which only matters
//! when other samples favour it strongly. The exact values of all moves would cost a full
//! window each.
//!
//! Budget: nodes are counted into the [`SearchContext`] on every node; the clock is read every
//! [`CLOCK_EVERY`] nodes. An iteration stopped by the budget is discarded per sample: each
//! sample contributes the values of its deepest finished iteration.
//!
//! Invariants: the searched positions come only from the caller's samples (the view's
//! belief); every position is left as it was found (play / undo in pairs); with a node budget
//! the result depends only on the samples, the order given and the budget.

use crate::ai::SearchContext;
use crate::ai::eval::material::{MAX_PLY, WIN, terminal_score_if};
use crate::ai::eval::strategist::{Evaluator, HIDDEN_SHARE, Sums};
use crate::ai::ranking;
use crate::rules::{Battle, MAX_MOVES, Move, MoveList, PieceId, PieceKind, Position, Side, Square, battle};
use arrayvec::ArrayVec;

/// Orders `moves` by `key` (of a move's place in the list and the move) highest first, ties in the list's order, in place. The
/// search's hot path (every node's move ordering and every quiescence node's captures). Each
/// key is packed with the move's place in the list and the move itself into one `i64` that no
/// other move shares, so an unstable sort of plain integers on the stack gives the stable
/// order and the move back; why (session 53): the stable sort of `(key, move)` pairs in a
/// vector allocated at every node was a tenth of the search's time (perf, session 52).
#[inline]
fn order_by(moves: &mut [Move], mut key: impl FnMut(usize, Move) -> i32) {
    const PLACE: i64 = 1 << 16;
    const SLOT: i64 = 1 << 26;
    debug_assert!(moves.len() <= 1 << 10);
    let mut packed: ArrayVec<i64, MAX_MOVES> = ArrayVec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let place = (1 << 10) - 1 - i as i64;
        packed.push(i64::from(key(i, mv)) * SLOT + place * PLACE + i64::from(move_bits(mv)));
    }
    packed.sort_unstable_by(|a, b| b.cmp(a));
    for (slot, p) in moves.iter_mut().zip(packed.iter()) {
        *slot = bits_move(p.rem_euclid(PLACE) as u16);
    }
}

/// A move in 16 bits, its from-square's index above its to-square's (what [`order_by`]'s keys
/// and the table's slots carry); [`bits_move`] reads it back.
#[inline(always)]
fn move_bits(mv: Move) -> u16 {
    (mv.from.index() as u16) << 8 | mv.to.index() as u16
}

/// The move [`move_bits`] wrote.
#[inline(always)]
fn bits_move(bits: u16) -> Move {
    Move::new(
        Square::from_index_unchecked(usize::from(bits >> 8)),
        Square::from_index_unchecked(usize::from(bits & 0xff)),
    )
}

/// Larger than any score.
pub const INF: i32 = WIN + 1;

/// How often (in nodes) the clock is read (a reading costs tens of nanoseconds natively; on a
/// loaded machine 1,024 nodes took several milliseconds of wall time, which showed as moves
/// 10-20 ms over a 100 ms budget in the arena).
pub const CLOCK_EVERY: u64 = 256;

/// Below the best root value of a sample, root moves are only bounded (see the module doc).
pub const ROOT_MARGIN: i32 = 60;

/// Deepest quiescence line (plies of captures after the horizon).
pub const QS_DEPTH: u32 = 6;

/// Deepest plies tracked for killers.
const MAX_PLIES: usize = 128;

/// One slot of the [`Table`], sixteen bytes (session 54: it was 24 with an `Option<Move>`, and
/// the table of 2^16 slots did not fit a core's megabyte of second-level cache).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    /// The best move packed by [`Entry::pack`]; 0 (a move from a square to itself) for none.
    best: u16,
    depth: u8,
    bound: u8, // 0 exact, 1 lower, 2 upper
}

impl Entry {
    fn pack(mv: Option<Move>) -> u16 {
        mv.map_or(0, move_bits)
    }

    fn best(&self) -> Option<Move> {
        Some(bits_move(self.best)).filter(|m| m.from != m.to)
    }
}

/// A transposition table, always-replace, indexed by the kind hash of the position (which
/// includes the side to move, so the same table serves every sample: different hidden kinds
/// hash differently).
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table { entries: vec![Entry::default(); n], mask: n - 1 }
    }

    /// Asks the processor to bring `key`'s slot into its cache while the node generates its
    /// moves (a hint: no effect on what [`Table::get`] finds). Why: the probe's load was a
    /// third of the internal nodes' time (perf, session 54); the table (a megabyte) shares the
    /// core's second-level cache with the rest of the search.
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const Entry = &self.entries[key as usize & self.mask];
            // SAFETY: a prefetch is a hint that never faults; `slot` is an element's address.
            unsafe { core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    fn get(&self, key: u64) -> Option<&Entry> {
        let e = &self.entries[key as usize & self.mask];
        (e.key == key).then_some(e)
    }

    fn put(&mut self, key: u64, e: Entry) {
        self.entries[key as usize & self.mask] = Entry { key, ..e };
    }
}

/// What a node one ply above the horizon knows to bound its quiet moves without playing them.
///
/// Below such a node every move leads to a quiescence search, which returns at least its stand
/// pat (the static evaluation) unless the game has ended there. A move to an empty square
/// changes the evaluation by exactly [`Evaluator::quiet_change`] (plus, with the trap on, the
/// change of [`Evaluator::trap_net`], counted before the move is played), so its value is at most
/// `stand + change`; when that is at most alpha the move fails low whatever its quiescence
/// finds, and `stand + change` is the fail-soft bound the search would have returned (the
/// quiescence's own stand pat). Only when the game cannot end after the move: no draw limit
/// within one ply, and an enemy move that no rule can forbid (see [`Horizon::witnesses`]).
/// Exact values are unchanged: the pruned moves are ones that fail low.
struct Horizon {
    /// The static evaluation for the side to move.
    stand: i32,
    /// Its flag-danger points before the cap.
    near: i32,
    /// The trap's part of the static evaluation (0 with the trap off).
    trap: i32,
    /// Enemy moves that stay legal after our quiet move unless it interferes, found lazily.
    witnesses: Option<Witnesses>,
}

/// Up to [`Witnesses::MAX`] one-step enemy moves, each `(to, attack)`: an attack on a piece of
/// ours (stays legal unless that piece is the one that moves away) or a step to an empty square
/// next to none of our pieces (stays legal unless our piece steps onto it or next to it).
#[derive(Default)]
struct Witnesses {
    moves: [Option<(Square, bool)>; Witnesses::MAX],
    len: usize,
}

impl Witnesses {
    const MAX: usize = 6;
}

impl Horizon {
    #[cfg(test)]
    fn new(eval: &Evaluator, pos: &Position) -> Option<Horizon> {
        Horizon::with_sums(eval, pos, &eval.sums(pos))
    }

    /// [`Horizon::new`] given the evaluation's [`Sums`] of `pos`.
    fn with_sums(eval: &Evaluator, pos: &Position, sums: &Sums) -> Option<Horizon> {
        let r = pos.rules();
        // A draw by a limit right after the move would be a game end, not a stand pat; and
        // once the no-attack clock moves the score, a quiet move changes more than its mover.
        if r.max_plies.is_some_and(|m| pos.ply() + 1 >= m)
            || r.max_plies_without_attack.is_some_and(|m| pos.plies_since_attack() + 1 >= m)
            || eval.clock_running(pos)
            || eval.guard != 0
            || eval.march != 0
            || eval.spy_hunt != 0
            || eval.hunt != 0
            || eval.danger_near(pos)
            || eval.intrusion_open(pos)
        {
            return None;
        }
        let us = pos.to_move();
        // The trap is native only (the page's module has no room for it).
        let trap = if eval.trap != 0 && !cfg!(target_arch = "wasm32") { eval.trap_net(pos, us, None) } else { 0 };
        Some(Horizon { stand: eval.evaluate_with(pos, us, sums), near: sums.near(us), trap, witnesses: None })
    }

    /// The enemy's moves that no repetition rule can forbid after a quiet move of ours: steps
    /// of a piece other than the one that made the enemy's last move (only that piece can be
    /// held by the two-squares rule on its next turn), which attack (the more-squares rule never
    /// forbids an attack) or end next to none of our pieces (not a threat, so not a chasing
    /// move). If one stands after our move, the enemy can move and the game goes on.
    fn witnesses(pos: &Position) -> Witnesses {
        let us = pos.to_move();
        let last = pos.history().last().map(|h| h.report.piece);
        let mut w = Witnesses::default();
        'pieces: for id in pos.pieces_of(us.opponent()) {
            let p = pos.piece(id);
            if !p.kind.is_movable() || Some(id) == last {
                continue;
            }
            for t in p.square.neighbours() {
                let ok = match pos.occupant(t) {
                    Some((s, _)) if s == us => Some(true),
                    Some(_) => None,
                    None => (!t.neighbours().any(|u| pos.occupant(u).is_some_and(|(s, _)| s == us))).then_some(false),
                };
                if let Some(attack) = ok {
                    w.moves[w.len] = Some((t, attack));
                    w.len += 1;
                    if w.len == Witnesses::MAX {
                        break 'pieces;
                    }
                    // One move per piece: witnesses of different pieces survive more of our moves.
                    continue 'pieces;
                }
            }
        }
        w
    }

    /// The bound on a quiet move's value if it is at most `alpha` and the game goes on after
    /// it; `None` (search it) otherwise.
    fn quiet_bound(&mut self, eval: &Evaluator, pos: &Position, mv: Move, alpha: i32) -> Option<i32> {
        if pos.piece_at(mv.to).is_some() {
            return None;
        }
        let us = pos.to_move();
        let mut bound = self.stand + eval.quiet_change(us, mv.from, mv.to, self.near);
        // The trap (natively only) changes with the boxes beside the move's two squares and
        // the mover's distances: counted after the move, as the quiescence's stand pat would.
        if eval.trap != 0 && !cfg!(target_arch = "wasm32") {
            bound += eval.trap_net(pos, us, Some((mv.from, mv.to))) - self.trap;
        }
        if bound > alpha {
            return None;
        }
        let w = self.witnesses.get_or_insert_with(|| Horizon::witnesses(pos));
        let stays = |&(t, attack): &(Square, bool)| {
            if attack { t != mv.from } else { t != mv.to && !t.is_adjacent(mv.to) }
        };
        w.moves[..w.len].iter().flatten().any(stays).then_some(bound)
    }
}

/// The values of each root move in one sample.
#[derive(Clone, Debug, PartialEq)]
pub struct RootValues {
    /// Depth of the finished iteration these come from (0: none).
    pub depth: u32,
    /// Value per root move (same indexing as the root move list).
    pub values: Vec<i32>,
}

/// One sample's search state.
pub struct Searcher<'t, 'c, 'a> {
    ctx: &'c mut SearchContext<'a>,
    table: &'t mut Table,
    eval: Evaluator,
    /// The evaluation's piece sums of the position being searched, kept move by move
    /// ([`Searcher::play`]); set from the position where a search starts ([`Searcher::root`],
    /// [`Searcher::search`]), as the evaluator may change between [`Searcher::new`] and then
    /// (`new` sets them too, for a leaf read at the position it was built from).
    sums: Sums,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<u32>,
    /// Set once the budget is spent; every result after it is garbage and is discarded.
    pub aborted: bool,
    since_clock: u64,
    deadline_ms: Option<f64>,
    /// The side whose Flag the enemy can only guess at, and the enemy's probability that the
    /// piece is its Flag (see [`Searcher::with_flag_guess`]).
    flag_guess: Option<(Side, f64)>,
    /// Enemy pieces (bit = [`PieceId::index`]) that stood near the guarded Flag at the root:
    /// their capture of it is a certain loss, not a guess ([`Searcher::with_flag_threat`]).
    threats: u128,
    /// At a quiescence node where the guarded side is to move and an enemy piece stands next
    /// to its Flag, no stand pat ([`Searcher::with_flag_check`]).
    flag_check: bool,
    /// What this searcher did (for `stratagem depth`; a few counters, no effect on the search).
    pub counters: Counters,
    /// Principal-variation search and the horizon's bounds on quiet moves
    /// ([`Settings::lean`]); on unless [`Searcher::with_lean`] turns them off.
    lean: bool,
    /// The horizon's bounds on quiet moves without principal-variation search
    /// ([`Settings::bounds`], [`Searcher::with_bounds`]).
    bounds: bool,
    /// The searching side's belief about the enemy's hidden pieces: below the root, its
    /// attacks on them are chance leaves ([`Searcher::with_unknowns`]).
    unknowns: Option<Unknowns>,
    /// The enemy's belief about our pieces it has not seen: its attacks on them are chosen by
    /// that belief and valued by the sample ([`Searcher::with_enemy_belief`]).
    enemy_belief: Option<Unknowns>,
}

/// What the searching side believes of each enemy piece whose kind it does not know, for the
/// chance leaves below the root ([`Searcher::with_unknowns`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Unknowns {
    /// The searching side.
    pub us: Side,
    /// Per piece id ([`PieceId::index`]): the probability of each kind (by [`PieceKind::index`],
    /// normalised), all zero for a piece whose kind is known.
    pub probs: Vec<[f32; 12]>,
    /// Extra cost of an attack lost on a Bomb, in percent of the attacker's value
    /// ([`RootChance::bomb_cost`]).
    pub bomb_cost: u32,
    /// The attacker's table value from which [`Unknowns::bomb_cost`] counts (0: every
    /// attacker; [`Unknowns::bomb_cost_for`]).
    pub bomb_cost_from: i32,
    /// The Flag's odds in an attack by anything but a Miner, in percent of the belief's
    /// ([`Unknowns::flag_factor`]; 100: the belief's own).
    pub flag_odds: u32,
}

impl Unknowns {
    /// No enemy piece unknown yet (fill [`Unknowns::probs`]).
    pub fn new(us: Side) -> Unknowns {
        Unknowns { us, probs: vec![[0.0; 12]; PieceId::COUNT], bomb_cost: 0, bomb_cost_from: 0, flag_odds: 100 }
    }

    /// The factor on the belief's Flag odds in an attack by `attacker`: [`Unknowns::flag_odds`]
    /// percent for anything but a Miner, 1 for a Miner.
    ///
    /// Why (docs/bots/strategist.md, session 35): the belief's Flag odds of the pieces the
    /// search chose to attack were about three times what the attacks found, except for the
    /// Miners', which were right; the other weights are left as they are, so the odds taken
    /// from the Flag go to every other kind in proportion.
    pub fn flag_factor(&self, attacker: PieceKind) -> f32 {
        if attacker == PieceKind::Miner { 1.0 } else { self.flag_odds as f32 / 100.0 }
    }

    /// The Bomb's extra cost for `attacker`, in percent of its value: [`Unknowns::bomb_cost`] if its
    /// table value reaches [`Unknowns::bomb_cost_from`], else 0.
    pub fn bomb_cost_for(&self, attacker: PieceKind) -> u32 {
        if crate::ai::eval::material::piece_value(attacker) >= self.bomb_cost_from { self.bomb_cost } else { 0 }
    }

    /// Sets the belief about `id` (any non-negative weights; normalised here; all zero or not
    /// finite leaves the piece out).
    pub fn set(&mut self, id: PieceId, weights: [f64; 12]) {
        let total: f64 = weights.iter().map(|w| w.max(0.0)).sum();
        if !(total > 0.0 && total.is_finite()) {
            return;
        }
        for (p, w) in self.probs[id.index()].iter_mut().zip(weights) {
            *p = (w.max(0.0) / total) as f32;
        }
    }
}

/// Counts of one search's work ([`Searcher::counters`], summed in [`SearchStats`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// Quiescence nodes (the horizon's and those below it).
    pub qs_nodes: u64,
    /// Of those, the horizon's (the leaves of the full-width search).
    pub qs_horizon: u64,
    /// Quiescence nodes that stood pat at or above beta.
    pub qs_stand_cuts: u64,
    /// Table look-ups at inner nodes.
    pub tt_probes: u64,
    /// Look-ups that found the position.
    pub tt_hits: u64,
    /// Look-ups whose stored value ended the node.
    pub tt_cutoffs: u64,
    /// Nodes under root moves searched first, found within the margin, and below it.
    pub root_nodes: [u64; 3],
    /// Root moves found within the margin (exact values) and below it (bounds), first excluded.
    pub root_moves: [u64; 2],
    /// Quiet moves one ply above the horizon bounded without being played (`Horizon`).
    pub horizon_skips: u64,
    /// Inner nodes that failed high (a move reached beta).
    pub beta_cutoffs: u64,
    /// Those where it was the first move searched (how good the ordering is).
    pub first_move_cutoffs: u64,
}

impl Counters {
    fn add(&mut self, o: &Counters) {
        self.qs_nodes += o.qs_nodes;
        self.qs_horizon += o.qs_horizon;
        self.qs_stand_cuts += o.qs_stand_cuts;
        self.tt_probes += o.tt_probes;
        self.tt_hits += o.tt_hits;
        self.tt_cutoffs += o.tt_cutoffs;
        self.beta_cutoffs += o.beta_cutoffs;
        self.horizon_skips += o.horizon_skips;
        for i in 0..3 {
            self.root_nodes[i] += o.root_nodes[i];
        }
        for i in 0..2 {
            self.root_moves[i] += o.root_moves[i];
        }
        self.first_move_cutoffs += o.first_move_cutoffs;
    }
}

/// What a [`search_samples`] call did: the measurement of `stratagem depth`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes spent by iteration (index `d - 1` for depth `d`), over all samples; the last entry
    /// is the iteration the budget cut, if it did.
    pub iteration_nodes: Vec<u64>,
    /// The deepest finished iteration of each sample (0: none).
    pub sample_depths: Vec<u32>,
    /// The searchers' counters, summed.
    pub counters: Counters,
}

/// The guarded side's Flag taken at `ply` below the root by a piece the enemy only guessed at
/// ([`Searcher::with_flag_guess`]): with probability `q` a lost game, otherwise the position
/// `stands` (its static value for the guarded side). On the sums' scale ([`summed`]), not a
/// mate score: the table may reuse it at another ply, off by q * PLY_COST a ply, which is
/// accepted (like any evaluation).
fn guessed_loss(q: f64, ply: u32, stands: i32) -> i32 {
    let lost = -(WIN_SUM - PLY_COST * ply as i64).max(WIN_SUM / 2) as f64;
    (q * lost + (1.0 - q) * f64::from(stands)).round() as i32
}

/// When a search with a time budget of `t` ms stops: [`SAFETY_SHARE`] of the budget (at least
/// one millisecond) early, so that the move is back before the caller's hard limit (the page's
/// worker) even after the last clock reading and the unwinding of the search.
pub fn deadline(t: f64) -> f64 {
    t - (t * SAFETY_SHARE).max(1.0)
}

/// Share of a time budget kept as a safety margin (see [`deadline`]).
pub const SAFETY_SHARE: f64 = 0.05;

fn attack_rank(pos: &Position, mv: Move) -> Option<i32> {
    let (_, a) = pos.occupant(mv.from)?;
    let (_, d) = pos.occupant(mv.to)?;
    let dv = crate::ai::eval::material::piece_value(d);
    let av = crate::ai::eval::material::piece_value(a);
    Some(match battle(a, d) {
        Battle::AttackerWins => 20_000 + dv * 8 - av / 8,
        Battle::BothRemoved => 10_000 + dv,
        Battle::DefenderWins => -av,
    })
}

impl<'t, 'c, 'a> Searcher<'t, 'c, 'a> {
    /// A searcher of `pos` (whose evaluator is built from it) counting into `ctx`.
    pub fn new(ctx: &'c mut SearchContext<'a>, table: &'t mut Table, pos: &Position) -> Self {
        let ctx_deadline = ctx.budget.time_ms.map(deadline);
        let eval = Evaluator::new(pos);
        Searcher {
            ctx,
            table,
            sums: eval.sums(pos),
            eval,
            killers: vec![[None; 2]; MAX_PLIES],
            history: vec![0; 100 * 100],
            aborted: false,
            since_clock: 0,
            deadline_ms: ctx_deadline,
            flag_guess: None,
            threats: 0,
            flag_check: false,
            counters: Counters::default(),
            lean: true,
            bounds: false,
            unknowns: None,
            enemy_belief: None,
        }
    }

    /// Below the root, the searching side's attacks on enemy pieces it does not know are chance
    /// leaves: valued by the static evaluation plus the expected change of the battle over
    /// `unknowns` (restricted as the search goes: no Bomb or Flag once a piece moved), not by
    /// the sample's kind, and not searched further.
    ///
    /// Why: inside a sample our pieces see every enemy piece, so after one capture the search's
    /// Marshal walked on through the enemy's back rows taking exactly the pieces it beats and
    /// stepping around the Bombs, and the root valued the first attack by that rampage
    /// (measured, session 7: in 40 games at 125,000 nodes our Marshal, General, Colonel or
    /// Major attacked a Bomb 74 times, the Marshal 13 times).
    pub fn with_unknowns(mut self, unknowns: Unknowns) -> Self {
        self.unknowns = Some(unknowns);
        self
    }

    /// The enemy chooses its attacks on our pieces it has not seen by `belief` (its belief
    /// about each of our pieces, from the public facts: `belief.us` is the enemy), valued as a
    /// chance leaf over that belief, not by the sample's kind; the value of the move it plays
    /// is still the sample's (searched on). Its other moves are searched as before.
    ///
    /// Why: inside a sample the enemy sees our whole army, so it never attacks our Bombs or an
    /// unseen Marshal, and always takes a weak piece it cannot know is weak; the search then
    /// cannot lure, bluff or leave an unmoved piece where the enemy would fear a Bomb
    /// (docs/bots/strategist.md, "Session 12": an opponent-model search, where the session-8
    /// leaf returned the enemy's expectation as the value).
    pub fn with_enemy_belief(mut self, belief: Unknowns) -> Self {
        self.enemy_belief = Some(belief);
        self
    }

    /// The value (for the side to move) of `mv` as a chance leaf, if it is an attack of the
    /// searching side on an enemy piece it does not know ([`Searcher::with_unknowns`]).
    #[inline]
    fn chance_leaf(&self, pos: &Position, mv: Move, stand: &mut Option<i32>) -> Option<i32> {
        self.belief_leaf(self.unknowns.as_ref()?, pos, mv, stand)
    }

    /// The enemy's choice among its attacks on our pieces it has not seen
    /// ([`Searcher::with_enemy_belief`]), evaluated by its belief: the highest believed value
    /// (for the enemy, the side to move), its move, and every other move (in `moves` order);
    /// `None` at our nodes, without the belief, or when the enemy has no such attack.
    fn enemy_choice(&self, pos: &Position, moves: &[Move]) -> Option<(i32, Move, MoveList)> {
        // Natively only: the model is an experiment that measured worse and stays off (no page
        // can turn it on), and the page's module is held under 250 KB gzipped (issue 10): in
        // WebAssembly this returns at once, and the model's code is left out of the module.
        if cfg!(target_arch = "wasm32") {
            return None;
        }
        let u = self.enemy_belief.as_ref()?;
        if pos.to_move() != u.us {
            return None;
        }
        let mut stand = None;
        let mut best: Option<(i32, Move)> = None;
        let mut others = MoveList::new();
        for &mv in moves {
            match self.belief_leaf(u, pos, mv, &mut stand) {
                Some(v) => {
                    if best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, mv));
                    }
                }
                None => others.push(mv),
            }
        }
        best.map(|(v, mv)| (v, mv, others))
    }

    /// The value (for `u.us`, which must be the side to move) of `mv` as a chance leaf over
    /// `u`, if it attacks a piece of the other side that `u.us` has not seen.
    #[inline]
    fn belief_leaf(&self, u: &Unknowns, pos: &Position, mv: Move, stand: &mut Option<i32>) -> Option<i32> {
        if pos.to_move() != u.us {
            return None;
        }
        let def = pos.piece_at(mv.to)?;
        let d = pos.piece(def);
        if def.side() == u.us || d.revealed {
            return None;
        }
        let row = &u.probs[def.index()];
        let a = pos.piece(pos.piece_at(mv.from)?);
        let ours = &self.eval.values().by_side[u.us];
        let theirs = &self.eval.values().by_side[u.us.opponent()];
        let va = ours[a.kind.index()];
        let values = self.eval.values();
        let ha = if a.revealed { 0 } else { values.unseen_extra(u.us, a.kind) };
        let stand = *stand.get_or_insert_with(|| self.eval.evaluate_with(pos, u.us, &self.sums));
        // Our attacker's placement terms, where it stands and where it would stand.
        let (p_from, p_to) = (self.eval.placement(u.us, mv.from), self.eval.placement(u.us, mv.to));
        let (mut total, mut value) = (0.0f32, 0.0f32);
        for k in PieceKind::ALL {
            let mut p = row[k.index()];
            if p <= 0.0 || (d.moved && !k.is_movable()) || (d.scout_known && k != PieceKind::Scout) {
                continue;
            }
            if d.scout_known {
                p = 1.0;
            }
            if k == PieceKind::Flag {
                p *= u.flag_factor(a.kind);
            }
            let vd = theirs[k.index()];
            let hd = values.unseen_extra(u.us.opponent(), k);
            // The defender's placement terms leave with it (only movable pieces have them).
            let pd = if k.is_movable() { self.eval.placement(u.us.opponent(), mv.to) } else { 0 };
            let v = if k == PieceKind::Flag {
                (WIN_SUM as i32).max(stand)
            } else {
                match battle(a.kind, k) {
                    Battle::AttackerWins => stand + vd + hd + pd - ha + p_to - p_from,
                    Battle::BothRemoved => stand + vd + hd + pd - va - ha - p_from,
                    Battle::DefenderWins => {
                        // The Bomb's cost is off by default: kept out of the page's module.
                        let bomb = if k == PieceKind::Bomb && !cfg!(target_arch = "wasm32") {
                            va * u.bomb_cost_for(a.kind) as i32 / 100
                        } else {
                            0
                        };
                        stand - va - ha - p_from + hd - bomb
                    }
                }
            };
            total += p;
            value += p * v as f32;
        }
        (total > 0.0).then(|| (value / total).round() as i32)
    }

    /// Values a capture of `side`'s Flag below the root as the enemy's guess rather than a
    /// certain loss: with probability `q` (the enemy's belief, from the public facts, that
    /// the attacked piece is the Flag) the game is lost, otherwise the position after the
    /// attack stands (evaluated statically).
    ///
    /// Why: inside a sample both sides see every piece, so the enemy walks straight to our
    /// Flag; from 5 plies on the search sees such walks from 2-3 squares away in every sample,
    /// values every root move as a loss (measured: moves at 250,000 nodes where every move
    /// scored -1,080 and the game went on for hundreds of plies), and then picks moves by the
    /// delay of a loss that the real enemy, who does not know where our Flag is, is not
    /// playing for. More time meant deeper search and more of these phantom losses.
    pub fn with_flag_guess(mut self, side: Side, q: f64) -> Self {
        self.flag_guess = Some((side, q.clamp(0.0, 1.0)));
        self
    }

    /// Enemy pieces within `radius` (Manhattan) of the guarded Flag in `pos` (the root) take it
    /// below the root as a certain loss, not by the enemy's guess ([`Searcher::with_flag_guess`],
    /// which must come first; without it every capture is a certain loss anyway).
    ///
    /// Why: the guess is there for phantom walks, pieces that in a sample head for a Flag the
    /// real enemy cannot know. A piece that already stands next to the Bombs around our Flag is
    /// no phantom: against the Perspecto bots 24 of v11's 27 losses (perspecto-minimax, 200
    /// games, session 14) were the Flag taken by a Miner, 10 of them by a Miner known for 20
    /// plies or more, some while the bot led by 800 points. With the guess a Flag capture
    /// counted `q * lost + (1 - q) * stand`: at q = 0.3 and such a lead, above zero.
    pub fn with_flag_threat(mut self, pos: &Position, radius: i32) -> Self {
        let Some((side, _)) = self.flag_guess else { return self };
        let Some(f) = self.eval.flag[side] else { return self };
        for id in pos.pieces_of(side.opponent()) {
            if crate::ai::plans::manhattan(pos.piece(id).square, f) <= radius {
                self.threats |= 1u128 << id.index();
            }
        }
        self
    }

    /// Whether `side`'s Flag was taken by a piece [`Searcher::with_flag_threat`] marked.
    fn taken_by_threat(&self, pos: &Position, side: Side) -> bool {
        self.threats != 0 && self.eval.flag[side].and_then(|f| pos.piece_at(f)).is_some_and(|id| self.marked(id))
    }

    /// Whether [`Searcher::with_flag_threat`] marked `id` (an enemy piece near the Flag at the root).
    fn marked(&self, id: PieceId) -> bool {
        self.threats & (1u128 << id.index()) != 0
    }

    /// The Flag check: at a quiescence node where the guarded side ([`Searcher::with_flag_guess`],
    /// which must come first) is to move and an enemy movable piece stands next to its Flag,
    /// that side cannot stand pat: its stand is at most what the Flag's capture on the next
    /// ply is worth (a certain loss for a piece [`Searcher::with_flag_threat`] marked, else the
    /// enemy's guess), so only a capture that removes the attacker saves it.
    ///
    /// Why: the quiescence searches captures, and a Miner that takes a Bomb next to our Flag
    /// is one, but after it our side stood pat, as if the Flag were safe: the search saw a
    /// Miner's Bomb-and-Flag walk only when the Bomb fell in the full-width plies (a Miner at
    /// most two moves from the Flag at the fifth ply). Flags taken by Miners two plies after
    /// they took a Bomb are most of the losses against the Perspecto bots (docs/bots/
    /// strategist.md, session 24). It is the chess quiescence's "no stand pat in check".
    pub fn with_flag_check(mut self, on: bool) -> Self {
        self.flag_check = on;
        self
    }

    /// With the Flag check on and the guarded side to move: the value (for it) of its Flag
    /// taken on the next ply, if an enemy movable piece stands next to it (`stand`: the node's
    /// static value, the guess's "otherwise").
    fn flag_attack(&self, pos: &Position, ply: u32, stand: i32) -> Option<i32> {
        // Natively only while it is measured (the page's module has no room for a switch).
        if cfg!(target_arch = "wasm32") || !self.flag_check {
            return None;
        }
        let (side, q) = self.flag_guess?;
        if pos.to_move() != side {
            return None;
        }
        let f = self.eval.flag[side]?;
        let attacker = f
            .neighbours()
            .filter_map(|n| pos.piece_at(n))
            .find(|&id| id.side() != side && pos.piece(id).kind.is_movable())?;
        // As [`Searcher::terminal`] values the capture one ply on.
        let next = ply + 1;
        Some(if self.marked(attacker) {
            -(WIN - next.min(MAX_PLY as u32) as i32)
        } else {
            guessed_loss(q, next, stand)
        })
    }

    /// The horizon's bounds on quiet moves (`Horizon`) even with `lean` off
    /// ([`Settings::bounds`]): the same values as without them, as they bound only moves that
    /// fail low by exactly what their quiescence would return, at fewer nodes.
    pub fn with_bounds(mut self, on: bool) -> Self {
        self.bounds = on;
        self
    }

    /// With `lean` false: plain fail-soft alpha-beta as before session 5 (no null windows, every
    /// move one ply above the horizon played), for comparisons ([`Settings::lean`]).
    pub fn with_lean(mut self, lean: bool) -> Self {
        self.lean = lean;
        self
    }

    /// The game end at this node ([`terminal_score_if`]), with a captured Flag of the guarded
    /// side valued by the enemy's guess ([`Searcher::with_flag_guess`]).
    #[inline]
    fn terminal(&self, pos: &Position, moves: &MoveList, ply: u32) -> Option<i32> {
        self.terminal_if(pos, !moves.is_empty(), ply)
    }

    /// [`Searcher::terminal`] knowing only whether the side to move has a legal move.
    #[inline]
    fn terminal_if(&self, pos: &Position, has_legal_move: bool, ply: u32) -> Option<i32> {
        let t = terminal_score_if(pos, has_legal_move, ply)?;
        match self.flag_guess {
            Some((side, q)) if pos.flag_captured() == Some(side) && !self.taken_by_threat(pos, side) => {
                let v = guessed_loss(q, ply, self.eval.evaluate_with(pos, side, &self.sums));
                Some(if pos.to_move() == side { v } else { -v })
            }
            // Only a draw scores 0 (a decided game is worth WIN less at most MAX_PLY).
            _ if t == 0 => Some(self.eval.draw_value(pos.to_move())),
            _ => Some(t),
        }
    }

    /// The side to move at the root values a draw at `-points` and the score is pulled towards
    /// it as the no-attack limit nears ([`Evaluator::with_contempt`]; [`Settings::contempt`]).
    pub fn with_contempt(mut self, side: Side, points: i32) -> Self {
        self.eval = self.eval.with_contempt(side, points);
        self
    }

    /// The Miner guard of `points` in the evaluation ([`Evaluator::with_guard`];
    /// [`Settings::guard`]).
    pub fn with_guard(mut self, points: i32) -> Self {
        self.eval = self.eval.with_guard(points);
        self
    }

    /// Plays `mv` (legal in `pos`), keeping the sums in step; returns the sums before it, for
    /// [`Searcher::unplay`].
    #[inline]
    fn play(&mut self, pos: &mut Position, mv: Move) -> Sums {
        let before = self.sums;
        self.eval.play_with(&mut self.sums, pos, mv, |pos| {
            pos.play_unchecked(mv);
        });
        before
    }

    /// Takes back the last move, whose [`Searcher::play`] returned `before`.
    #[inline]
    fn unplay(&mut self, pos: &mut Position, before: Sums) {
        pos.undo();
        self.sums = before;
    }

    /// Sets the sums from `pos`, where a search starts.
    fn sync(&mut self, pos: &Position) {
        self.sums = self.eval.sums(pos);
    }

    #[inline]
    fn tick(&mut self) {
        self.ctx.add_nodes(1);
        self.since_clock += 1;
        let b = self.ctx.budget;
        if b.nodes.is_some_and(|n| self.ctx.nodes() >= n)
            || (self.since_clock >= CLOCK_EVERY
                && self.deadline_ms.is_some_and(|d| {
                    self.since_clock = 0;
                    self.ctx.elapsed_ms() >= d
                }))
        {
            self.aborted = true;
        }
    }

    fn order(&self, pos: &Position, moves: &mut MoveList, tt_move: Option<Move>, ply: usize) {
        let k = self.killers.get(ply).copied().unwrap_or([None; 2]);
        order_by(moves, |_, mv| {
            if Some(mv) == tt_move {
                1_000_000
            } else if let Some(r) = attack_rank(pos, mv) {
                if r >= 0 { 100_000 + r } else { r - 50_000 }
            } else if Some(mv) == k[0] {
                90_000
            } else if Some(mv) == k[1] {
                89_000
            } else {
                (self.history[mv.from.index() * 100 + mv.to.index()] as i32).min(80_000)
            }
        });
    }

    /// Quiescence: stand pat, then captures that do not lose the attacker (and every attack on
    /// a Flag), best first.
    fn qs(&mut self, pos: &mut Position, ply: u32, qdepth: u32, alpha: i32, beta: i32) -> i32 {
        self.tick();
        self.counters.qs_nodes += 1;
        self.counters.qs_horizon += u64::from(qdepth == QS_DEPTH);
        // Only attacks are looked at below (chance leaves, the enemy's believed attacks,
        // captures): the other moves only tell whether the side to move can move at all.
        // Natively only: the page's module is at its 250,000-byte line (issue 10), and the
        // page's level reaches its depth cap long before its seconds run out, where the
        // matches' 100 ms do not (docs/bots/strategist.md, session 32). The play is the same.
        let mut moves = MoveList::new();
        if cfg!(target_arch = "wasm32") {
            pos.generate_legal(&mut moves);
        } else {
            pos.generate_legal_attacks(&mut moves);
        }
        if let Some(t) = self.terminal_if(pos, !moves.is_empty() || pos.has_legal_move(), ply) {
            return t;
        }
        let stand = self.eval.evaluate_with(pos, pos.to_move(), &self.sums);
        if qdepth == 0 || self.aborted {
            return stand;
        }
        // In the Flag check ([`Searcher::with_flag_check`]): no stand pat above the Flag's loss,
        // and the captures are played in the sample (the chance leaves' static values would
        // stand pat after them).
        let (stand, chance) = match self.flag_attack(pos, ply, stand) {
            Some(t) => (stand.min(t), false),
            None => (stand, true),
        };
        // The enemy's attacks on our pieces it has not seen are chosen by its belief
        // ([`Searcher::with_enemy_belief`]); one it believes better than standing pat is
        // played unless a capture beats it.
        let modelled = self.enemy_choice(pos, &moves);
        let (list, chosen): (&[Move], _) = match &modelled {
            Some((b, atk, others)) => (others, (*b > stand).then_some((*b, *atk))),
            None => (&moves, None),
        };
        let Some((believed, attack)) = chosen else {
            self.counters.qs_stand_cuts += u64::from(stand >= beta);
            if stand >= beta {
                return stand;
            }
            return self.quiesce_list(pos, list, ply, qdepth, stand, alpha.max(stand), beta, stand, chance);
        };
        let r =
            self.quiesce_list(pos, list, ply, qdepth, -INF, alpha.max(believed), beta.max(believed + 1), stand, chance);
        if self.aborted || r > believed {
            return r;
        }
        let before = self.play(pos, attack);
        let v = -self.qs(pos, ply + 1, qdepth - 1, -beta, -alpha);
        self.unplay(pos, before);
        v
    }

    /// The quiescence's choice among `moves` (all legal moves but the enemy's believed
    /// attacks): `best` (the stand pat, or -INF) or better, the chance leaves of our attacks on
    /// unknown pieces (unless `chance` is false: then those are captures in the sample too),
    /// and the captures that do not lose the attacker, best first.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_list(
        &mut self,
        pos: &mut Position,
        moves: &[Move],
        ply: u32,
        qdepth: u32,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
        stand: i32,
        chance: bool,
    ) -> i32 {
        // The captures and their ranks, side by side (each rank found once).
        let mut caps: ArrayVec<Move, MAX_MOVES> = ArrayVec::new();
        let mut ranks: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        let mut stand_once = Some(stand);
        for &mv in moves.iter() {
            if let Some(v) = if chance { self.chance_leaf(pos, mv, &mut stand_once) } else { None } {
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if v >= beta {
                            return best;
                        }
                    }
                }
            } else if let Some(r) = attack_rank(pos, mv).filter(|&r| r >= 0) {
                caps.push(mv);
                ranks.push(r);
            }
        }
        order_by(&mut caps, |i, _| ranks[i]);
        for &mv in caps.iter() {
            let before = self.play(pos, mv);
            let v = -self.qs(pos, ply + 1, qdepth - 1, -beta, -alpha);
            self.unplay(pos, before);
            if self.aborted {
                return best;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Alpha-beta (negamax, fail-soft) to `depth` plies, then quiescence: a search that starts
    /// at `pos`.
    pub fn search(&mut self, pos: &mut Position, depth: u32, ply: u32, alpha: i32, beta: i32) -> i32 {
        self.sync(pos);
        self.node(pos, depth, ply, alpha, beta)
    }

    /// The quiescence of a search that starts at `pos` (for the tests' reference searches).
    #[cfg(test)]
    fn quiesce(&mut self, pos: &mut Position, ply: u32, qdepth: u32, alpha: i32, beta: i32) -> i32 {
        self.sync(pos);
        self.qs(pos, ply, qdepth, alpha, beta)
    }

    /// [`Searcher::search`] below its start (the sums in step with `pos`).
    fn node(&mut self, pos: &mut Position, depth: u32, ply: u32, mut alpha: i32, mut beta: i32) -> i32 {
        if depth == 0 {
            return self.qs(pos, ply, QS_DEPTH, alpha, beta);
        }
        self.tick();
        let key = pos.hash();
        self.table.prefetch(key);
        let mut moves = pos.legal_moves();
        if let Some(t) = self.terminal(pos, &moves, ply) {
            return t;
        }
        let mut tt_move = None;
        self.counters.tt_probes += 1;
        if let Some(e) = self.table.get(key) {
            self.counters.tt_hits += 1;
            tt_move = e.best();
            // Mate scores depend on the ply they were stored at; only reuse non-decisive ones.
            if e.depth as u32 >= depth && e.score.abs() < WIN - MAX_PLY {
                match e.bound {
                    0 => {
                        self.counters.tt_cutoffs += 1;
                        return e.score;
                    }
                    1 => alpha = alpha.max(e.score),
                    _ => beta = beta.min(e.score),
                }
                if alpha >= beta {
                    self.counters.tt_cutoffs += 1;
                    return e.score;
                }
            }
        }
        let alpha0 = alpha;
        self.order(pos, &mut moves, tt_move, ply as usize);
        let (best, best_move) = match self.enemy_choice(pos, &moves) {
            None => self.search_list(pos, &moves, depth, ply, alpha, beta),
            Some((believed, attack, others)) => {
                self.modelled(pos, (believed, attack), &others, depth, ply, alpha, beta)
            }
        };
        if self.aborted {
            return best;
        }
        let bound = if best >= beta {
            1
        } else if best <= alpha0 {
            2
        } else {
            0
        };
        self.table
            .put(key, Entry { key, best: Entry::pack(best_move), score: best, depth: depth.min(255) as u8, bound });
        best
    }

    /// The enemy's node when it has attacks on our pieces it has not seen
    /// ([`Searcher::with_enemy_belief`]): it plays `attack`, its best such attack by its belief
    /// (`believed`, for the enemy), unless one of the `others` (searched in the sample) is
    /// worth more to it; the node's value is the sample's value of the move it plays. Fail-soft
    /// within `(alpha, beta)` like [`Searcher::search_list`].
    #[allow(clippy::too_many_arguments)]
    fn modelled(
        &mut self,
        pos: &mut Position,
        (believed, attack): (i32, Move),
        others: &[Move],
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let play = |s: &mut Self, pos: &mut Position, a: i32, b: i32| {
            let before = s.play(pos, attack);
            let v = -s.node(pos, depth - 1, ply + 1, -b, -a);
            s.unplay(pos, before);
            (v, Some(attack))
        };
        if believed >= alpha {
            // Only whether some other move beats the attack matters below it.
            let (r, m) = self.search_list(pos, others, depth, ply, believed, beta.max(believed + 1));
            if self.aborted || r > believed {
                return (r, m);
            }
            return play(self, pos, alpha, beta);
        }
        let (r, m) = self.search_list(pos, others, depth, ply, alpha, beta);
        if self.aborted || r > alpha {
            // Above alpha, so above what the attack is believed worth: the enemy plays it.
            return (r, m);
        }
        let (v, am) = play(self, pos, alpha, beta);
        if self.aborted || v <= alpha {
            // Whichever the enemy plays, the node fails low.
            return if v > r { (v, am) } else { (r, m) };
        }
        // The attack is worth more than alpha; the enemy plays it unless another move beats
        // what it believes the attack worth.
        let (r2, _) = self.search_list(pos, others, depth, ply, believed, believed + 1);
        if self.aborted || r2 > believed { (r, m) } else { (v, am) }
    }

    /// The best of `moves` (ordered) for the side to move, searched to `depth` (fail-soft in
    /// `(alpha, beta)`: -INF for no move), with its move; killers and history updated on a
    /// cut. After an abort the value is garbage.
    fn search_list(
        &mut self,
        pos: &mut Position,
        moves: &[Move],
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let mut best = -INF;
        let mut best_move = None;
        // Not with the enemy's believed attacks ([`Searcher::with_enemy_belief`]) nor the Flag
        // check ([`Searcher::with_flag_check`]): either can make a quiescence node worth less to
        // its side than its stand pat, and the bound then is none.
        let bounded = (self.lean || self.bounds) && self.enemy_belief.is_none() && !self.flag_check;
        let mut horizon = (depth == 1 && bounded).then(|| Horizon::with_sums(&self.eval, pos, &self.sums)).flatten();
        let mut stand = None;
        for (n, &mv) in moves.iter().enumerate() {
            if let Some(h) = horizon.as_mut()
                && let Some(bound) = h.quiet_bound(&self.eval, pos, mv, alpha)
            {
                // The move's value is at most `bound` <= alpha: a fail-low, and this is the
                // bound the search of its quiescence would have started from.
                self.counters.horizon_skips += 1;
                if bound > best {
                    best = bound;
                    best_move = Some(mv);
                }
                continue;
            }
            if let Some(v) = self.chance_leaf(pos, mv, &mut stand) {
                if v > best {
                    best = v;
                    best_move = Some(mv);
                    if v > alpha {
                        alpha = v;
                        if v >= beta {
                            self.counters.beta_cutoffs += 1;
                            break;
                        }
                    }
                }
                continue;
            }
            let before = self.play(pos, mv);
            // Principal-variation search: after the first move, a null window only asks
            // whether the move beats alpha; only a move that does is searched again with the
            // whole window (fail-soft: the first answer is a bound on the same side).
            let mut v;
            if n == 0 || beta - alpha <= 1 || !self.lean {
                v = -self.node(pos, depth - 1, ply + 1, -beta, -alpha);
            } else {
                v = -self.node(pos, depth - 1, ply + 1, -alpha - 1, -alpha);
                if v > alpha && v < beta && !self.aborted {
                    v = -self.node(pos, depth - 1, ply + 1, -beta, -alpha);
                }
            }
            self.unplay(pos, before);
            if self.aborted {
                return (best.max(alpha), best_move);
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.counters.beta_cutoffs += 1;
                        self.counters.first_move_cutoffs += u64::from(n == 0);
                        if pos.piece_at(mv.to).is_none() {
                            let p = ply as usize;
                            if p < MAX_PLIES && self.killers[p][0] != Some(mv) {
                                self.killers[p][1] = self.killers[p][0];
                                self.killers[p][0] = Some(mv);
                            }
                            let h = &mut self.history[mv.from.index() * 100 + mv.to.index()];
                            *h = h.saturating_add(depth * depth);
                        }
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// Values of `moves` (the legal moves of `pos`) searched to `depth`, visiting them in
    /// `order` (indices into `moves`). `None` if the budget ran out before the end.
    pub fn root(&mut self, pos: &mut Position, moves: &[Move], order: &[usize], depth: u32) -> Option<Vec<i32>> {
        self.sync(pos);
        let mut values = vec![-INF; moves.len()];
        let mut best = -INF;
        for (n, &i) in order.iter().enumerate() {
            let alpha = if n == 0 { -INF } else { best.saturating_sub(ROOT_MARGIN).max(-INF) };
            let n0 = self.ctx.nodes();
            let before = self.play(pos, moves[i]);
            let v = -self.node(pos, depth - 1, 1, -INF, -alpha);
            self.unplay(pos, before);
            if self.aborted {
                return None;
            }
            let k = if n == 0 {
                0
            } else if v > alpha {
                1
            } else {
                2
            };
            self.counters.root_nodes[k] += self.ctx.nodes() - n0;
            if k > 0 {
                self.counters.root_moves[k - 1] += 1;
            }
            // A fail-low value is an upper bound (fail-soft: the tightest one this search found).
            values[i] = v;
            best = best.max(v);
        }
        Some(values)
    }
}

/// Settings of a determinized search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Deepest iteration.
    pub max_depth: u32,
    /// Transposition-table size, log2 of the entry count.
    pub table_bits: u32,
    /// Principal-variation search at inner nodes and the horizon's bounds on quiet moves
    /// (session 5: the same values where exact, deeper at the same nodes; docs/bots/strategist.md).
    pub lean: bool,
    /// The horizon's bounds on quiet moves alone, with `lean` off ([`Searcher::with_bounds`];
    /// session 53): the values of the search without them, at fewer nodes.
    pub bounds: bool,
    /// Once every sample has finished `max_depth` with budget left, draw more samples (from the
    /// caller's source) and search each to `max_depth`, rather than stopping (session 6:
    /// docs/bots/strategist.md, "Session 6").
    pub widen: bool,
    /// The share of the move's budget, in percent, after which `widen` draws no more samples
    /// (100: until the budget ends). Below 100 it leaves the rest of the move to the bot's
    /// second look (`bots::strategist::VERIFY`), which starts only early enough (session 54).
    pub widen_until: u32,
    /// Each sample also counts with the root values of its iteration before the deepest
    /// finished one, as a sample of its own, so the sums mix two neighbouring depths (v11,
    /// session 10: docs/bots/strategist.md; the bot's constant `BLEND` says why).
    pub blend: bool,
    /// What a draw is worth less than nothing to the searching side, in points, with the
    /// score pulled towards it before the no-attack limit ([`Evaluator::with_contempt`]); 0:
    /// off (session 13).
    pub contempt: i32,
    /// Points of the Miner guard in the evaluation ([`Evaluator::with_guard`]); 0: off
    /// (session 14).
    pub guard: i32,
    /// Enemy pieces within this distance (Manhattan) of our Flag at the root take it as a
    /// certain loss, not by the enemy's guess ([`Searcher::with_flag_threat`]); 0: off
    /// (session 15).
    pub threat: i32,
    /// The Miner danger to our Flag in the evaluation, in percent of
    /// [`crate::ai::eval::strategist::DANGER`] ([`Evaluator::with_danger`]); 0: off (session 15).
    pub danger: i32,
    /// The Miner danger's path avoids the squares next to our pieces that beat a Miner
    /// ([`Evaluator::with_cover`]; session 16).
    pub cover: bool,
    /// Points per square of the march in the evaluation ([`Evaluator::with_march`]), on when
    /// the root has gone [`Settings::march_after`] plies without an attack; 0: off (session 21).
    pub march: i32,
    /// Plies without an attack at the root from which the march is on.
    pub march_after: u32,
    /// Points per square of the march ([`Evaluator::with_march`]) in an endgame the side to
    /// move at the root leads: on while the enemy has at most
    /// [`Settings::endgame_march_pieces`] movable pieces and fewer than that side, for that
    /// side alone ([`Evaluator::with_marcher`]); 0: off (session 58). It takes the place of
    /// [`Settings::march`] there when it is larger.
    pub endgame_march: i32,
    /// The most movable pieces the enemy may have for [`Settings::endgame_march`].
    pub endgame_march_pieces: u32,
    /// No stand pat in the quiescence while an enemy piece stands next to our Flag
    /// ([`Searcher::with_flag_check`]; session 24).
    pub flag_check: bool,
    /// Points per door of our Flag watched by a sentinel in the evaluation
    /// ([`Evaluator::with_sentinels`]); 0: off (session 24).
    pub sentinels: i32,
    /// The root's appetite for risk over the sampled armies: each root move's sum gains the
    /// exponential certainty equivalent of its per-sample values at this temperature (points)
    /// above their mean, at most half the temperature a sample ([`risk_bonus`]); 0: off
    /// (session 25). Approximations: with [`Settings::blend`] every army counts at two depths,
    /// so a move's swing between them counts as spread too; the bonus is skipped while the
    /// Miner stratum weighs the samples, and the exposure ([`Exposure`]) is not taken out of
    /// the values first.
    pub risk: i32,
    /// Points every movable piece counts above its table value in the evaluation and the
    /// root's chance nodes ([`crate::ai::eval::strategist::Values::add_base`]); 0: off
    /// (session 25).
    pub base: i32,
    /// The root's utility of a value: the sums over samples and the outcomes of the root's
    /// chance nodes count [`Utility::apply`] of each value rather than the value ([`Utility`];
    /// off by default, session 26). Skipped while the Miner stratum weighs the samples; the
    /// exposure ([`Exposure`]) and the risk appetite are added to the shaped sums unshaped.
    pub utility: Utility,
    /// Points an unrevealed Bomb counts for its side in the evaluation, the chance leaves and
    /// the root's chance nodes ([`crate::ai::eval::strategist::Values::set_bomb_secret`]); 0:
    /// off (session 26).
    pub bomb_secret: i32,
    /// Points the Marshal of either side counts above its value in the evaluation and the
    /// root's chance nodes ([`crate::ai::eval::strategist::Values::add_marshal`]); 0: off
    /// (session 50, natively only while it is measured).
    pub marshal: i32,
    /// Points a side's Spy counts above its value while the other side's Marshal stands, in the
    /// evaluation and the root's chance nodes ([`crate::ai::eval::strategist::Values::add_spy`]);
    /// 0: off (session 62, natively only while it is measured).
    pub spy: i32,
    /// Whether only the root side's Spy counts [`Settings::spy`] (the other side's keeps its
    /// table value; natively `STRATEGIST_SPY_SIDE=1`).
    pub spy_ours: bool,
    /// The intrusion danger to our Flag in the evaluation, in percent of
    /// [`crate::ai::eval::strategist::DANGER`] ([`Evaluator::with_intrusion`]); only with the
    /// Miner danger on; 0: off (session 29).
    pub intrude: i32,
    /// What the Miner danger's chase measures our defender's way to: 0 the Miner, 1 the door
    /// of the Miner's shortest way to our Flag found first, 2 the worst watched door of all
    /// its shortest ways ([`Evaluator::with_door_chase`]; 0 by default, session 30).
    pub door: u8,
    /// Points per square of the Spy's hunt of the enemy's known Marshal in the evaluation
    /// ([`Evaluator::with_spy_hunt`]); 0: off (session 33).
    pub spy_hunt: i32,
    /// Points of the officers' hunt of the enemy's known officers in our half
    /// ([`Evaluator::with_hunt`]), on for a move's search when either side has such prey at
    /// the root ([`Evaluator::hunt_prey`]); 0: off (session 57).
    pub hunt: i32,
    /// Whether only the side to move at the root hunts ([`Evaluator::with_hunter`]); else both.
    pub hunt_alone: bool,
    /// Plies without an attack at the root from which the hunt is on (0: always).
    pub hunt_after: u32,
    /// Whether the hunt's prey includes a seen enemy Marshal, for our Marshal (1), or is that
    /// Marshal alone (2) (`Evaluator::with_marshal_duel`; 0 off, session 60).
    pub hunt_marshal: u8,
    /// Percent of a boxed piece's value the trap costs (`Evaluator::with_trap`), on for a
    /// move's search when a seen Major or stronger stands in the other side's half at the root
    /// (`Evaluator::trap_hunters`); 0: off (session 60).
    pub trap: i32,
    /// Whose pieces the trap counts: 0 both sides', 1 only the side to move at the root's, 2
    /// only the other side's (`Evaluator::with_trapped`; to measure which half plays).
    pub trap_side: u8,
}

/// A concave-convex utility of the root's values (session 26): `linear` percent of the value
/// itself plus the rest as a logistic curve of it, centred on `center` points with `scale`
/// points per unit of the logistic's argument and spanning [`WIN_SUM`] on each side, that is
/// `u(v) = a v + (1 - a) WIN_SUM tanh((v - center) / (2 scale))` less its value at 0.
/// `scale` 0: off (the value itself).
///
/// Why: the game is scored by its result, not by material, and the result is a logistic curve
/// of the material (a fit over 800 of session 25's games against `invincible`: 320 points per
/// unit, the 50 % point 450 points behind). A side far ahead gains little by a gamble that
/// wins a little material or, rarely, the Flag, and loses much when the gamble costs its
/// Marshal or General; a side far behind the reverse. Summed linearly, the root takes the same
/// gambles whatever the score: in those games our known Marshal, General and Colonels died on
/// Bombs of unmoved pieces 1.4 times a game in the games not won, 1.0 in the won ones.
/// Measured level against `invincible` at two shapes (docs/bots/strategist.md, session 26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Utility {
    /// Points per unit of the logistic's argument; 0: off.
    pub scale: i32,
    /// Where the logistic is steepest, in points of the root's value.
    pub center: i32,
    /// Percent of the value counted linearly (0-100).
    pub linear: i32,
}

impl Utility {
    /// Whether the utility is the value itself.
    pub fn is_off(&self) -> bool {
        // Natively only while it is measured: the page's module leaves the curve out.
        cfg!(target_arch = "wasm32") || self.scale <= 0 || self.linear >= 100
    }

    /// The utility of `v` (a value on the scale of [`summed`]).
    pub fn apply(&self, v: f64) -> f64 {
        if self.is_off() {
            return v;
        }
        let a = self.linear.clamp(0, 100) as f64 / 100.0;
        let w = WIN_SUM as f64;
        let (s, c) = (self.scale as f64, self.center as f64);
        let g = |x: f64| w * ((x - c) / (2.0 * s)).tanh();
        a * v + (1.0 - a) * (g(v) - g(0.0))
    }
}

/// The outcome of [`search_samples`].
#[derive(Debug, Clone, PartialEq)]
pub struct SampledResult {
    /// Index (into the root moves) of the highest sum.
    pub best: usize,
    /// Sum over the samples of each root move's value (indexed like the root moves), each
    /// sample contributing its deepest finished iteration (with [`Settings::blend`], also the
    /// one before it); samples with none contribute 0. With a [`MinerStratum`] the samples
    /// are weighed ([`MinerStratum::weights`]).
    pub sums: Vec<i64>,
    /// Samples that finished at least one iteration (with [`Settings::blend`], those that
    /// finished two count twice).
    pub counted: usize,
    /// Deepest iteration finished by every counted sample (0: none).
    pub depth: u32,
    /// What the search did.
    pub stats: SearchStats,
}

/// What the searching side knows beyond a sample, given to every sample's searcher.
#[derive(Debug, Clone, Copy, Default)]
pub struct Beliefs<'u> {
    /// The enemy's probability that our Flag is the Flag, to value its capture below the root
    /// as a guess ([`Searcher::with_flag_guess`]); `None`: a certain loss.
    pub flag_guess: Option<f64>,
    /// Our belief about the enemy's unknown pieces, for the chance leaves of our attacks on
    /// them below the root ([`Searcher::with_unknowns`]); `None`: played in the sample.
    pub unknowns: Option<&'u Unknowns>,
    /// The enemy's belief about our pieces it has not seen, by which it chooses its attacks on
    /// them ([`Searcher::with_enemy_belief`]); `None`: it sees our army.
    pub enemy: Option<&'u Unknowns>,
}

/// A searcher of one sample with the settings every sample gets (the lean switch, the
/// beliefs).
fn sample_searcher<'t, 'c, 'a>(
    ctx: &'c mut SearchContext<'a>,
    table: &'t mut Table,
    pos: &Position,
    settings: Settings,
    beliefs: Beliefs,
) -> Searcher<'t, 'c, 'a> {
    let mut s = Searcher::new(ctx, table, pos).with_lean(settings.lean).with_bounds(settings.bounds);
    if settings.contempt != 0 {
        s = s.with_contempt(pos.to_move(), settings.contempt);
    }
    if settings.guard != 0 {
        s = s.with_guard(settings.guard);
    }
    if settings.danger > 0 {
        s.eval = s.eval.with_danger(pos.to_move(), settings.danger).with_cover(settings.cover);
        // Natively only while it is measured (session 29).
        if settings.intrude > 0 && !cfg!(target_arch = "wasm32") {
            s.eval = s.eval.with_intrusion(settings.intrude);
        }
        // Natively only while it is measured (session 30).
        if settings.door > 0 && !cfg!(target_arch = "wasm32") {
            s.eval = s.eval.with_door_chase(settings.door);
        }
    }
    if settings.sentinels > 0 {
        s.eval = s.eval.with_sentinels(pos.to_move(), settings.sentinels);
    }
    // Natively only while it is measured (session 25).
    if settings.base != 0 && !cfg!(target_arch = "wasm32") {
        s.eval.add_base(settings.base);
    }
    // Natively only while it is measured (session 26).
    if settings.bomb_secret != 0 && !cfg!(target_arch = "wasm32") {
        s.eval.set_bomb_secret(settings.bomb_secret);
    }
    // Natively only while it is measured (session 50).
    if settings.marshal != 0 && !cfg!(target_arch = "wasm32") {
        s.eval.add_marshal(settings.marshal);
    }
    // Natively only while it is measured (session 62).
    if settings.spy != 0 && !cfg!(target_arch = "wasm32") {
        s.eval.add_spy(settings.spy, pos, settings.spy_ours.then(|| pos.to_move()));
    }
    // Natively only while it is measured (session 33).
    if settings.spy_hunt > 0 && !cfg!(target_arch = "wasm32") {
        s.eval = s.eval.with_spy_hunt(settings.spy_hunt);
    }
    // Natively only while it is measured (session 57).
    let hunters = settings.hunt_alone.then(|| pos.to_move());
    if settings.hunt > 0
        && !cfg!(target_arch = "wasm32")
        && pos.plies_since_attack() >= settings.hunt_after
        && Evaluator::hunt_prey(pos, hunters, settings.hunt_marshal)
    {
        s.eval = s.eval.with_hunt(settings.hunt).with_marshal_duel(settings.hunt_marshal);
        if let Some(h) = hunters {
            s.eval = s.eval.with_hunter(h);
        }
    }
    // Natively only while it is measured (session 60).
    let trapped = match settings.trap_side {
        1 => Some(pos.to_move()),
        2 => Some(pos.to_move().opponent()),
        _ => None,
    };
    if settings.trap > 0 && !cfg!(target_arch = "wasm32") && Evaluator::trap_hunters(pos, trapped) {
        s.eval = s.eval.with_trap(settings.trap);
        if let Some(t) = trapped {
            s.eval = s.eval.with_trapped(t);
        }
    }
    let march = if settings.march > 0 && pos.plies_since_attack() >= settings.march_after { settings.march } else { 0 };
    // In the page too since session 59 (it fits under the module's size line).
    if settings.endgame_march > march && endgame_lead(pos, settings.endgame_march_pieces) {
        // Only the side that leads marches: the enemy's last pieces earn nothing for nearing
        // our Flag, which would pay our pieces to chase them instead ([`Evaluator::with_marcher`]).
        s.eval = s.eval.with_march(settings.endgame_march).with_marcher(pos.to_move());
    } else if march > 0 {
        s.eval = s.eval.with_march(march);
    }
    if let Some(q) = beliefs.flag_guess {
        s = s.with_flag_guess(pos.to_move(), q);
        if settings.threat > 0 {
            s = s.with_flag_threat(pos, settings.threat);
        }
        s = s.with_flag_check(settings.flag_check);
    }
    if let Some(u) = beliefs.unknowns {
        s = s.with_unknowns(u.clone());
    }
    if let Some(e) = beliefs.enemy {
        s = s.with_enemy_belief(e.clone());
    }
    s
}

/// Whether the side to move in `pos` leads an endgame with a Miner to march: the enemy has at
/// most `most` movable pieces and fewer than it, and it has a Miner (`most` 0: never). The
/// counts are public (every capture is seen), so a sample answers as the view would.
///
/// Why (session 58): of v19's drawn games against `invincible`, a few a match ended at the
/// no-attack limit with the enemy down to a Scout or two and its Flag among a handful of
/// unmoved pieces (one of them behind known Bombs), our Miner standing across the board: no
/// term pulled it beyond the flag danger's five squares, and the search's five plies never
/// reached the Flag. Why a Miner: without one the march pulled the nearest movable piece to a
/// Flag it cannot reach through Bombs, away from the enemy's last pieces (on 200 games at
/// 120,000 nodes, seed 2431, three of the four wins it turned into draws were won by v19 on
/// "no movable pieces" with no Miner left).
fn endgame_lead(pos: &Position, most: u32) -> bool {
    if most == 0 {
        return false;
    }
    let movable = |side: Side| pos.pieces_of(side).filter(|&id| pos.piece(id).kind.is_movable()).count() as u32;
    let us = pos.to_move();
    let (ours, theirs) = (movable(us), movable(us.opponent()));
    theirs <= most && theirs < ours && pos.pieces_of(us).any(|id| pos.piece(id).kind == PieceKind::Miner)
}

/// Iterative deepening over `samples` (each a full position with `moves` as its legal moves):
/// depth 1 for every sample, then depth 2 for every sample, and so on until the budget or
/// `settings.max_depth`. Root moves are visited in `order` at first (the caller shuffles it
/// so that equal sums are broken at random), then by the previous iteration's sums.
///
/// `root` holds, per root move (or nothing), the root attacks on enemy pieces whose kind is
/// unknown, whose sums are a chance node over the belief ([`RootChance`]), and the moves that
/// leave a piece of ours known to the enemy next to pieces that may take it ([`Exposure`]; a
/// root attack can carry both, and the exposure's correction is then added to the chance
/// node's value).
/// `beliefs`: what every sample's searcher is given beyond the sample ([`Beliefs`]).
///
/// `more` draws one further sample (a full position with the same legal moves), for
/// `settings.widen`: once every sample has finished `settings.max_depth` within the budget,
/// further samples are drawn one at a time and each is searched to `max_depth` (iterative
/// deepening, for its move ordering) and counted only if it gets there; the budget, or `more`
/// answering `None`, ends it.
///
/// `settings.blend`: each of the first samples that finished two iterations or more also
/// counts with the values of the iteration before its deepest, as one more sample (the root's
/// chance nodes see its defender twice, so their class means are the two depths' average);
/// the widened samples count once.
#[allow(clippy::too_many_arguments)]
pub fn search_samples(
    samples: &mut [Position],
    moves: &[Move],
    order: &[usize],
    root: &RootTerms,
    beliefs: Beliefs,
    ctx: &mut SearchContext,
    settings: Settings,
    more: &mut dyn FnMut(&mut SearchContext) -> Option<Position>,
) -> SampledResult {
    let mut drawn: Vec<Drawn> = samples.iter().map(|pos| Drawn::of(pos, moves, root)).collect();
    let sum = |per_sample: &[RootValues], order: &[usize]| {
        summarize(per_sample, order, root, &drawn, settings.risk, settings.utility)
    };
    let mut table = Table::new(settings.table_bits);
    let mut per_sample: Vec<RootValues> =
        samples.iter().map(|_| RootValues { depth: 0, values: vec![0; moves.len()] }).collect();
    let mut order: Vec<usize> = order.to_vec();
    let mut result = SampledResult {
        best: order[0],
        sums: vec![0; moves.len()],
        counted: 0,
        depth: 0,
        stats: SearchStats::default(),
    };
    let mut stats = SearchStats::default();
    let mut before = per_sample.clone();
    'deepen: for depth in 1..=settings.max_depth.max(1) {
        let nodes0 = ctx.nodes();
        for ((pos, rv), bv) in samples.iter_mut().zip(per_sample.iter_mut()).zip(before.iter_mut()) {
            let mut s = sample_searcher(ctx, &mut table, pos, settings, beliefs);
            let r = s.root(pos, moves, &order, depth);
            stats.counters.add(&s.counters);
            match r {
                Some(v) => *bv = std::mem::replace(rv, RootValues { depth, values: v }),
                None => {
                    stats.iteration_nodes.push(ctx.nodes() - nodes0);
                    break 'deepen;
                }
            }
        }
        stats.iteration_nodes.push(ctx.nodes() - nodes0);
        result = sum(&per_sample, &order);
        result.depth = depth;
        ranking::sort_by_key128(&mut order, |&i| ranking::desc_i64(result.sums[i]));
        ctx.report(
            depth,
            Some(moves[result.best]),
            Some(result.sums[result.best] as f64 / result.counted.max(1) as f64),
        );
        // Every value decided by game ends in every sample: deeper cannot change anything.
        if per_sample.iter().all(|rv| rv.values.iter().all(|v| v.abs() >= WIN - MAX_PLY)) {
            break;
        }
    }
    let cap = settings.max_depth.max(1);
    if settings.widen && per_sample.iter().all(|rv| rv.depth == cap) {
        // Wider, not deeper: more samples at the same depth while the budget lasts.
        // (Natively only: the page's module has no room, and the page widens nowhere.)
        while !ctx.out_of_budget()
            && (cfg!(target_arch = "wasm32") || ctx.used_fraction() * 100.0 < f64::from(settings.widen_until))
        {
            let Some(mut pos) = more(ctx) else { break };
            let mut rv = RootValues { depth: 0, values: vec![0; moves.len()] };
            for depth in 1..=cap {
                let nodes0 = ctx.nodes();
                let mut s = sample_searcher(ctx, &mut table, &pos, settings, beliefs);
                let r = s.root(&mut pos, moves, &order, depth);
                stats.counters.add(&s.counters);
                if let Some(slot) = stats.iteration_nodes.get_mut(depth as usize - 1) {
                    *slot += ctx.nodes() - nodes0;
                }
                match r {
                    Some(v) => rv = RootValues { depth, values: v },
                    None => break,
                }
            }
            if rv.depth < cap {
                break;
            }
            drawn.push(Drawn::of(&pos, moves, root));
            per_sample.push(rv);
            result = summarize(&per_sample, &order, root, &drawn, settings.risk, settings.utility);
            result.depth = cap;
            ranking::sort_by_key128(&mut order, |&i| ranking::desc_i64(result.sums[i]));
        }
    }
    stats.sample_depths = per_sample.iter().map(|r| r.depth).collect();
    if settings.blend {
        for i in 0..before.len() {
            if before[i].depth > 0 {
                drawn.push(drawn[i].clone());
                per_sample.push(before[i].clone());
            }
        }
    }
    let last = summarize(&per_sample, &order, root, &drawn, settings.risk, settings.utility);
    SampledResult { depth: result.depth, stats, ..last }
}

/// What a won game counts in the sums over samples, in points (a lost one the same, negated).
pub const WIN_SUM: i64 = 1_200;

/// Points one ply of delay costs a decided game in the sums over samples.
pub const PLY_COST: i64 = 20;

/// A root value as it enters the sums over samples: material values as they are; a game end
/// counts [`WIN_SUM`] less [`PLY_COST`] per ply until it (a loss the same, negated).
///
/// Why not the search's own [`WIN`]: a win in one sample in eight (an unmoved piece that is
/// the Flag in that sample only) would then outweigh losing the General on a Bomb in the other
/// seven, and the bot throws its best pieces at unmoved pieces (measured: the first version
/// lost its General, Marshal and Majors on Bombs this way). 1,200 points is about half an
/// army: a won game is worth much more than any piece, but a one-in-eight guess at the Flag
/// is not worth a General. Why the ply cost: in the search's scale a quicker win is only a
/// point better than a slower one, so a sum over samples would trade a win three plies away
/// for one five plies away on the smallest material difference in another sample, and a bot
/// that always sees its win "two more moves away" never takes it.
pub fn summed(v: i32) -> i64 {
    let d = WIN - v.abs();
    if d <= MAX_PLY {
        let x = (WIN_SUM - PLY_COST * d as i64).max(WIN_SUM / 2);
        if v > 0 { x } else { -x }
    } else {
        v as i64
    }
}

/// A root attack by our `attacker` on an enemy piece whose kind is unknown, with the belief's
/// probability of each defender kind (by [`PieceKind::index`]).
///
/// Why: a handful of samples gives the Flag (or a Bomb) under an unmoved piece either 0, 1/4 or
/// 1/2 of the weight, whatever its real probability, and a Flag found in one sample of four
/// outweighs the General lost on a Bomb in the other three (measured: v4 attacked unmoved
/// pieces with its General and Marshal and lost them on Bombs in most lost games). So the
/// value of such a move is a chance node: the outcomes (Flag taken, attack won, both removed,
/// attack lost) are weighted by the belief's probabilities, each valued by the mean of the
/// samples in which it happened or, when no sample drew it, by a static estimate from the
/// samples' best values (see `chance_value`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootChance {
    /// Our attacking piece.
    pub attacker: PieceKind,
    /// Probability of each kind of the defender (need not be normalised).
    pub probs: [f64; 12],
    /// Extra cost of losing the attacker on a Bomb, in percent of its value (0: the value
    /// alone).
    pub bomb_cost: u32,
    /// Points every movable piece counts above its table value, as in the evaluation
    /// ([`Settings::base`]).
    pub base: i32,
    /// Points an unrevealed Bomb counts, as in the evaluation ([`Settings::bomb_secret`]).
    pub bomb_secret: i32,
    /// Points the Marshal counts above its table value, as in the evaluation
    /// ([`Settings::marshal`]).
    pub marshal: i32,
    /// Points our attacking Spy and the enemy's defending Spy count above their table value, as
    /// in the evaluation ([`Settings::spy`]: each while the other side's Marshal stands).
    pub spy: (i32, i32),
}

/// The four outcomes of an attack, the Flag apart.
fn outcome_class(attacker: PieceKind, defender: PieceKind) -> usize {
    if defender == PieceKind::Flag {
        return 0;
    }
    match battle(attacker, defender) {
        Battle::AttackerWins => 1,
        Battle::BothRemoved => 2,
        Battle::DefenderWins => 3,
    }
}

/// What an attack by the node's attacker on a piece of kind `defender` changes in material at
/// once (the piece values of [`crate::ai::eval::material::piece_value`], each movable piece's
/// plus the node's [`RootChance::base`] as in the evaluation, and the defender's hidden share,
/// [`HIDDEN_SHARE`], or for a Bomb the node's [`RootChance::bomb_secret`]; the attacker is
/// revealed in every outcome, so its own share cancels out between outcomes and is left out).
/// For the root's chance nodes.
fn battle_change(rc: &RootChance, defender: PieceKind) -> f64 {
    let attacker = rc.attacker;
    let value = |k: PieceKind| {
        let base = if k.is_movable() { rc.base } else { 0 };
        let marshal = if k == PieceKind::Marshal && !cfg!(target_arch = "wasm32") { rc.marshal } else { 0 };
        (crate::ai::eval::material::piece_value(k) + base + marshal) as f64
    };
    // The Spies' extra (natively only, while it is measured): ours as the attacker, theirs as
    // the defender.
    let (spy_ours, spy_theirs) =
        if cfg!(target_arch = "wasm32") { (0.0, 0.0) } else { (rc.spy.0 as f64, rc.spy.1 as f64) };
    let spy = |k: PieceKind, extra: f64| if k == PieceKind::Spy { extra } else { 0.0 };
    let (lost, taken) = (value(attacker) + spy(attacker, spy_ours), value(defender) + spy(defender, spy_theirs));
    let hidden = if defender.is_movable() {
        taken * HIDDEN_SHARE as f64 / 64.0
    } else if defender == PieceKind::Bomb && !cfg!(target_arch = "wasm32") {
        rc.bomb_secret as f64
    } else {
        0.0
    };
    match battle(attacker, defender) {
        Battle::AttackerWins => taken + hidden,
        Battle::BothRemoved => taken + hidden - lost,
        Battle::DefenderWins => hidden - lost,
    }
}

/// The value of a root attack on an unknown piece (in the units of [`summed`], per sample):
/// each outcome (Flag taken, attack won, both removed, attack lost) weighted by its belief
/// probability. A won Flag counts as the samples that drew it say (or a won game next ply).
/// Every other outcome is valued from the samples' own searches, corrected for the victim:
/// each sample's value `v`, less the material its drawn defender changed at once
/// ([`battle_change`]), plus the change the outcome brings on average over the belief's kinds
/// in it. A sample that drew the outcome counts alone for it; if none did, every sample does.
/// `drawn` holds each counted sample's defender kind and value; `baseline` (the mean of the
/// samples' best values) stands in only if every sample drew the Flag.
///
/// Why the correction: before session 7 an outcome no sample drew was valued from `baseline`,
/// the samples' best move, which is higher than the attack's own position (the best of thirty
/// noisy values), so a General's attack on an unmoved piece a Bomb with probability 0.28 came
/// out 35 points above the best quiet move (measured in a game of session 7's matches, where the
/// bot lost its Marshal or General on Bombs 24 times in 40 games).
///
/// Only the tests call it (the exact values of the unweighted node); the search calls
/// [`chance_value_shaped`], with weights of 1 unless the Miner stratum is on and the utility
/// off unless [`Settings::utility`] is set.
#[cfg(test)]
pub fn chance_value(rc: &RootChance, drawn: &[(PieceKind, i64)], baseline: f64) -> f64 {
    let weighed: Vec<(PieceKind, i64, f64)> = drawn.iter().map(|&(k, v)| (k, v, 1.0)).collect();
    chance_value_weighed(rc, &weighed, baseline)
}

/// `chance_value` with a weight for each sample (`drawn`: defender, value, weight): the
/// outcomes' means over the samples are weighted means. The weights are the Miner stratum's
/// ([`MinerStratum::weights`]), so that a chance node counts the samples as the plain moves'
/// sums do; with every weight 1 it is `chance_value` exactly.
pub fn chance_value_weighed(rc: &RootChance, drawn: &[(PieceKind, i64, f64)], baseline: f64) -> f64 {
    chance_value_shaped(rc, drawn, baseline, Utility::default())
}

/// [`chance_value_weighed`] with a [`Utility`]: each outcome's estimate is the mean of the
/// utility of its samples' corrected values (the utility of the estimate when no sample
/// counts), so that a chance node and a plain move's sum count the samples alike. With the
/// utility off it is [`chance_value_weighed`] exactly.
pub fn chance_value_shaped(rc: &RootChance, drawn: &[(PieceKind, i64, f64)], baseline: f64, u: Utility) -> f64 {
    let mut p = [0.0f64; 4];
    let mut change = [0.0f64; 4];
    for k in PieceKind::ALL {
        let w = rc.probs[k.index()].max(0.0);
        if w <= 0.0 {
            continue;
        }
        let c = outcome_class(rc.attacker, k);
        p[c] += w;
        if c > 0 {
            change[c] += w * battle_change(rc, k);
            if k == PieceKind::Bomb && c == 3 && !cfg!(target_arch = "wasm32") {
                let v = crate::ai::eval::material::piece_value(rc.attacker) as f64;
                change[c] -= w * v * rc.bomb_cost as f64 / 100.0;
            }
        }
    }
    // The weighted mean of `f` over `samples` (`None` when they weigh nothing).
    let mean = |samples: &[(PieceKind, i64, f64)], f: &dyn Fn(PieceKind, i64) -> f64| {
        let w: f64 = samples.iter().map(|d| d.2).sum();
        (w > 0.0).then(|| samples.iter().map(|&(k, v, x)| x * f(k, v)).sum::<f64>() / w)
    };
    let total: f64 = p.iter().sum();
    if !(total > 0.0 && total.is_finite()) {
        return mean(drawn, &|_, v| v as f64).unwrap_or(0.0);
    }
    // Each non-Flag sample's value with its own victim's change taken out.
    let base = |k: PieceKind, v: i64| v as f64 - battle_change(rc, k);
    let non_flag: Vec<(PieceKind, i64, f64)> = drawn.iter().copied().filter(|d| d.0 != PieceKind::Flag).collect();
    let mut value = 0.0;
    for c in 0..4 {
        if p[c] <= 0.0 {
            continue;
        }
        let in_class: Vec<(PieceKind, i64, f64)> =
            drawn.iter().copied().filter(|d| outcome_class(rc.attacker, d.0) == c).collect();
        let est = if c == 0 {
            if u.is_off() {
                mean(&in_class, &|_, v| v as f64).unwrap_or((WIN_SUM - PLY_COST) as f64)
            } else {
                mean(&in_class, &|_, v| u.apply(v as f64)).unwrap_or(u.apply((WIN_SUM - PLY_COST) as f64))
            }
        } else {
            let mean_change = change[c] / p[c];
            // The samples that drew the outcome, or every non-Flag sample when those weigh
            // nothing (none drew it); `baseline` only when no sample counts at all.
            if u.is_off() {
                let from = mean(&in_class, &base).or_else(|| mean(&non_flag, &base));
                from.unwrap_or(baseline) + mean_change
            } else {
                let shaped = |k: PieceKind, v: i64| u.apply(base(k, v) + mean_change);
                let from = mean(&in_class, &shaped).or_else(|| mean(&non_flag, &shaped));
                from.unwrap_or_else(|| u.apply(baseline + mean_change))
            }
        };
        value += p[c] / total * est;
    }
    value
}

/// What the root knows beyond the samples, per root move (each list empty, or one entry per
/// move): the attacks on unknown pieces ([`RootChance`]) and a known piece's exposure to the
/// enemy's unknown pieces that take it ([`Exposure`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RootTerms {
    /// Root attacks on enemy pieces whose kind is unknown.
    pub chance: Vec<Option<RootChance>>,
    /// Root moves after which a piece of ours known to the enemy stands next to pieces that may
    /// take it (the Marshal and the Spy, or the piece with the largest expected loss).
    pub exposure: Vec<Option<Exposure>>,
    /// Unknown enemy pieces near our bombed-in Flag that may be Miners: the samples are
    /// weighed by that event's probability ([`MinerStratum`]); `None`: every sample counts once.
    pub stratum: Option<MinerStratum>,
}

/// Unknown enemy pieces that stand near our Flag while Bombs shield it, and the belief's
/// probability `p` that one of them is a Miner (which can take a Bomb and then the Flag).
///
/// Why: a Miner two moves from a bombed-in Flag is a lost game unless a defender is in place,
/// and with a handful of samples an unknown piece that is a Miner with probability 0.1 is one
/// in none of them two times in three (then nothing is defended) and in one of four otherwise
/// (then it weighs 0.25). Weighing the samples that drew a Miner there by `p` in all, and the
/// others by `1 - p`, makes the threat count by its probability; the bot draws one such
/// sample when none did (`StrategistConfig::stratum`). Approximations: `p` treats the rows
/// as independent (the sampler keeps the counts exact), and the replaced sample leaves a
/// stratified set of armies no longer stratified. Measured: docs/bots/strategist.md,
/// session 22.
#[derive(Clone, Debug, PartialEq)]
pub struct MinerStratum {
    /// The squares of the unknown enemy pieces near our Flag that may be Miners.
    pub squares: Vec<Square>,
    /// The belief's probability that one of them (at least) is a Miner.
    pub p: f64,
}

impl MinerStratum {
    /// Whether `pos` (a sample) holds an enemy Miner on one of the squares.
    pub fn drawn_in(&self, pos: &Position) -> bool {
        self.squares.iter().any(|&sq| pos.occupant(sq).is_some_and(|(_, k)| k == PieceKind::Miner))
    }

    /// The weight of each counted sample (`miner`: whether it drew a Miner on the squares), so
    /// that the weights add up to the number of samples: `n p / k` for each of the `k` samples
    /// with a Miner, `n (1 - p) / (n - k)` for the others. All 1 when every sample or none
    /// drew one (nothing to weigh against).
    pub fn weights(&self, miner: &[bool]) -> Vec<f64> {
        let n = miner.len() as f64;
        let k = miner.iter().filter(|&&m| m).count() as f64;
        if k == 0.0 || k == n {
            return vec![1.0; miner.len()];
        }
        let p = self.p.clamp(0.0, 1.0);
        miner.iter().map(|&m| if m { n * p / k } else { n * (1.0 - p) / (n - k) }).collect()
    }
}

/// A root move after which a piece of ours known to the enemy (the bot picks which: our Marshal
/// for the Spy, or the piece with the largest expected loss) stands next to enemy pieces whose
/// kind we do not know while one of the kinds that take it (for the Marshal, the Spy) is among
/// them with probability `p` (the belief's).
///
/// Why: the enemy's Spy takes a known Marshal that stands next to it (the Spy's only capture),
/// and in a handful of samples the Spy stands next to our Marshal in none (or in one of four,
/// far more than its probability), so a search over samples does not weigh it by its
/// probability; and the moves it picks are those whose samples happened to draw no Spy nearby.
/// Measured (session 11, docs/bots/strategist.md): over 600 games of v9-v11 against
/// `invincible` at 100 ms our known Marshal stepped next to unknown pieces 6,209 times, one of
/// them was the Spy in 147, and the Spy took the Marshal in all 147; in 9 of the 27 games v11
/// lost by attrition its Marshal fell to the Spy. Weighing it cut those captures by a third and
/// did not score better, so the bot leaves it off (its constant `SPY_EXPOSURE` says why).
#[derive(Clone, Debug, PartialEq)]
pub struct Exposure {
    /// The squares of the unknown enemy pieces next to our piece after the move.
    pub squares: Vec<Square>,
    /// The belief's probability that one of them is of a kind in `takers`.
    pub p: f64,
    /// The enemy kinds (by [`PieceKind::index`]) that take our piece: a sample that drew one of
    /// them on `squares` is a sample of the strike.
    pub takers: [bool; 12],
    /// What the strike changes at once, in the units of [`summed`] (negative), for the side of
    /// the chance node no sample drew ([`strike_change`]).
    pub strike: f64,
}

/// What each sample drew where the root's terms look ([`RootTerms`]).
#[derive(Clone, Debug)]
struct Drawn {
    /// The defender's kind of each root attack on an unknown piece.
    defenders: Vec<Option<PieceKind>>,
    /// Whether a taker ([`Exposure::takers`]) stands on one of the exposed squares of each move.
    spied: Vec<bool>,
    /// Whether the sample drew a Miner on the squares of [`RootTerms::stratum`].
    miner: bool,
}

impl Drawn {
    fn of(pos: &Position, moves: &[Move], root: &RootTerms) -> Drawn {
        let defenders = (0..moves.len())
            .map(|i| root.chance.get(i).copied().flatten().and_then(|_| pos.occupant(moves[i].to)).map(|(_, k)| k))
            .collect();
        let spied = (0..moves.len())
            .map(|i| {
                root.exposure.get(i).and_then(|e| e.as_ref()).is_some_and(|e| {
                    e.squares.iter().any(|&sq| pos.occupant(sq).is_some_and(|(_, k)| e.takers[k.index()]))
                })
            })
            .collect();
        let miner = !cfg!(target_arch = "wasm32") && root.stratum.as_ref().is_some_and(|st| st.drawn_in(pos));
        Drawn { defenders, spied, miner }
    }
}

/// What the capture of our known `victim` by an unknown `taker` changes at once, in the units
/// of [`summed`]: the victim lost, less the taker's hidden share (it is revealed). The Spy on
/// our Marshal: `strike_change(Marshal, Spy)`.
pub fn strike_change(victim: PieceKind, taker: PieceKind) -> f64 {
    let value = |k: PieceKind| crate::ai::eval::material::piece_value(k) as f64;
    -value(victim) + value(taker) * HIDDEN_SHARE as f64 / 64.0
}

/// The correction, per sample, of a move's mean over the samples for its exposure
/// ([`Exposure`]): the mean of the samples weighted as a chance node, `p` for the samples
/// that drew a taker next to our piece (the Spy next to the Marshal) and `1 - p` for the
/// others, each side valued by its own samples or, if none drew it, by the other side's mean
/// moved by the strike ([`Exposure::strike`]); less the plain mean. `split` holds each counted
/// sample's draw (a taker next to our piece or not) and value.
pub fn exposure_correction(ex: &Exposure, split: &[(bool, i64)]) -> f64 {
    let mean = |spied: bool| {
        let (sum, n) = split.iter().filter(|s| s.0 == spied).fold((0.0, 0), |(t, n), s| (t + s.1 as f64, n + 1));
        (n > 0).then(|| sum / n as f64)
    };
    if split.is_empty() {
        return 0.0;
    }
    let all = split.iter().map(|s| s.1 as f64).sum::<f64>() / split.len() as f64;
    let (hit, miss) = match (mean(true), mean(false)) {
        (Some(h), Some(m)) => (h, m),
        (Some(h), None) => (h, h - ex.strike),
        (None, Some(m)) => (m + ex.strike, m),
        (None, None) => return 0.0,
    };
    let p = ex.p.clamp(0.0, 1.0);
    p * hit + (1.0 - p) * miss - all
}

/// The sums over the counted samples (and the sum of their best values) with each sample
/// weighed by [`MinerStratum::weights`], and the weights; `None` when every weight is 1. The
/// root's chance nodes take the same weights ([`chance_value_shaped`], since session 23);
/// the exposure ([`exposure_correction`], off in the bot) still counts every sample once.
fn stratum_sums(
    st: &MinerStratum,
    per_sample: &[RootValues],
    drawn: &[Drawn],
    n: usize,
) -> Option<(Vec<i64>, f64, Vec<f64>)> {
    let counted: Vec<(&RootValues, &Drawn)> = per_sample.iter().zip(drawn).filter(|(r, _)| r.depth > 0).collect();
    let miner: Vec<bool> = counted.iter().map(|(_, d)| d.miner).collect();
    let weights = st.weights(&miner);
    if weights.iter().all(|&w| w == 1.0) {
        return None;
    }
    let mut sums = vec![0.0f64; n];
    let mut baseline = 0.0;
    for ((rv, _), w) in counted.iter().zip(&weights) {
        for (s, &v) in sums.iter_mut().zip(&rv.values) {
            *s += w * summed(v) as f64;
        }
        baseline += w * rv.values.iter().map(|&v| summed(v)).max().unwrap_or(0) as f64;
    }
    Some((sums.iter().map(|s| s.round() as i64).collect(), baseline, weights))
}

/// How much the exponential certainty equivalent of `values` (one root move's values in the
/// samples) at temperature `t` lies above their mean, at most `t / 2`: `t ln(mean(exp(v / t)))`
/// less the mean, which is about the variance over `2t` for a small spread.
///
/// Why (session 25): inside a sample the enemy sees our pieces, so a move that leaves a piece
/// where only some of the drawn armies could take it counts that loss in those samples as a
/// certainty, though the real enemy has to guess. Averaging more armies played worse (sessions
/// 6 and 8: "the bot becomes careful"), which points the same way; the bonus prefers, among
/// moves of equal mean, the one whose outcome depends on what the enemy really holds. The
/// cap keeps a loss seen in one sample of four (our Flag, a Marshal) from being averaged away.
pub fn risk_bonus(values: &[f64], t: f64) -> f64 {
    if values.len() < 2 || t.is_nan() || t <= 0.0 {
        return 0.0;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let max = values.iter().copied().fold(f64::MIN, f64::max);
    let ce = max + t * (values.iter().map(|v| ((v - max) / t).exp()).sum::<f64>() / n).ln();
    (ce - mean).clamp(0.0, t / 2.0)
}

/// Sums of the samples' latest values, each through `utility` when it is on
/// ([`Settings::utility`]), plus the risk appetite's bonus when `risk` > 0
/// ([`Settings::risk`]) (root attacks on unknown pieces as chance nodes, see
/// [`RootChance`]; the samples weighed by a [`MinerStratum`] when there is one, and then the
/// utility is skipped); the best is the highest sum, the earliest in `order` among equals.
fn summarize(
    per_sample: &[RootValues],
    order: &[usize],
    root: &RootTerms,
    drawn: &[Drawn],
    risk: i32,
    utility: Utility,
) -> SampledResult {
    let chance = &root.chance;
    let n = per_sample.first().map_or(0, |r| r.values.len());
    let mut sums = vec![0i64; n];
    let mut counted = 0;
    let mut baseline = 0.0;
    let mut shaped = vec![0.0f64; if utility.is_off() { 0 } else { n }];
    for rv in per_sample.iter().filter(|r| r.depth > 0) {
        counted += 1;
        for (s, &v) in sums.iter_mut().zip(&rv.values) {
            *s += summed(v);
        }
        for (s, &v) in shaped.iter_mut().zip(&rv.values) {
            *s += utility.apply(summed(v) as f64);
        }
        baseline += rv.values.iter().map(|&v| summed(v)).max().unwrap_or(0) as f64;
    }

    // Natively only (the bot never draws a stratum up in WebAssembly): left out of the module.
    let mut weights = None;
    if !cfg!(target_arch = "wasm32")
        && let Some(st) = &root.stratum
        && let Some((weighted, weighted_baseline, w)) = stratum_sums(st, per_sample, drawn, n)
    {
        sums = weighted;
        baseline = weighted_baseline;
        weights = Some(w);
    }
    // The utility is skipped while the Miner stratum weighs the samples (both off in the bot).
    if !shaped.is_empty() && weights.is_none() {
        sums = shaped.iter().map(|s| s.round() as i64).collect();
    }
    if counted > 0 {
        baseline /= counted as f64;
        for (i, rc) in chance.iter().enumerate().take(n) {
            let Some(rc) = rc else { continue };
            let defenders: Vec<(PieceKind, i64, f64)> = per_sample
                .iter()
                .zip(drawn)
                .filter(|(r, _)| r.depth > 0)
                .enumerate()
                .filter_map(|(j, (r, d))| {
                    let w = weights.as_ref().and_then(|w| w.get(j)).copied().unwrap_or(1.0);
                    d.defenders.get(i).copied().flatten().map(|k| (k, summed(r.values[i]), w))
                })
                .collect();
            let u = if weights.is_none() { utility } else { Utility::default() };
            sums[i] = (chance_value_shaped(rc, &defenders, baseline, u) * counted as f64).round() as i64;
        }
        for (i, ex) in root.exposure.iter().enumerate().take(n) {
            let Some(ex) = ex else { continue };
            let split: Vec<(bool, i64)> = per_sample
                .iter()
                .zip(drawn)
                .filter(|(r, _)| r.depth > 0)
                .map(|(r, d)| (d.spied.get(i).copied().unwrap_or(false), summed(r.values[i])))
                .collect();
            sums[i] += (exposure_correction(ex, &split) * counted as f64).round() as i64;
        }
        // Natively only while it is measured (session 25).
        if !cfg!(target_arch = "wasm32") && risk > 0 && weights.is_none() {
            for (i, s) in sums.iter_mut().enumerate() {
                let chance = chance.get(i).copied().flatten();
                let values: Vec<f64> = per_sample
                    .iter()
                    .zip(drawn)
                    .filter(|(r, _)| r.depth > 0)
                    .filter_map(|(r, d)| {
                        let v = summed(r.values[i]) as f64;
                        match (chance, d.defenders.get(i).copied().flatten()) {
                            (Some(_), Some(PieceKind::Flag)) => None,
                            (Some(rc), Some(k)) => Some(v - battle_change(&rc, k)),
                            _ => Some(v),
                        }
                    })
                    .collect();
                *s += (risk_bonus(&values, risk as f64) * counted as f64).round() as i64;
            }
        }
    }
    let mut best = order.first().copied().unwrap_or(0);
    for &i in order {
        if sums[i] > sums[best] {
            best = i;
        }
    }
    SampledResult { best, sums, counted, depth: 0, stats: SearchStats::default() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::material::terminal_score;
    use crate::ai::setupgen::random::{random_position, random_setup};
    use crate::ai::{Budget, FrozenClock, rng_from_seed};
    use crate::rules::position::{placed, placed_under};
    use crate::rules::{Rules, Variant};
    use rand::Rng;

    /// Plain negamax with the same evaluation and quiescence, for checking the pruned search.
    fn plain(s: &mut Searcher, pos: &mut Position, depth: u32, ply: u32) -> i32 {
        if depth == 0 {
            return s.quiesce(pos, ply, QS_DEPTH, -INF, INF);
        }
        let moves = pos.legal_moves();
        if let Some(t) = terminal_score(pos, &moves, ply) {
            return t;
        }
        let mut best = -INF;
        for &mv in &moves {
            pos.play_unchecked(mv);
            best = best.max(-plain(s, pos, depth - 1, ply + 1));
            pos.undo();
        }
        best
    }

    #[test]
    fn pruned_search_equals_plain_negamax_on_small_positions() {
        let mut rng = rng_from_seed(4);
        let mut checked = 0;
        while checked < 12 {
            let Some(mut pos) = random_position(Variant::Barrage, 0..30, &mut rng) else { continue };
            let before = pos.hash();
            let clock = FrozenClock;
            let mut sink = |_: &crate::ai::Progress| {};
            let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
            for depth in 1..=3 {
                let mut table2 = Table::new(4);
                let mut s2 = Searcher::new(&mut ctx, &mut table2, &pos);
                let p = plain(&mut s2, &mut pos, depth, 0);
                for lean in [false, true] {
                    let mut table = Table::new(12);
                    let mut s = Searcher::new(&mut ctx, &mut table, &pos).with_lean(lean);
                    let pruned = s.search(&mut pos, depth, 0, -INF, INF);
                    assert_eq!(pruned, p, "depth {depth}, lean {lean}\n{pos:?}");
                }
            }
            assert_eq!(pos.hash(), before, "the search leaves the position as it found it");
            checked += 1;
        }
    }

    /// The horizon's bounds alone ([`Searcher::with_bounds`], lean off) give every root move
    /// the value the plain search gives it, the fail-soft bounds of the moves below the margin
    /// included, at fewer nodes: over random Classic positions, depths 1 to 4, with the Miner
    /// danger as the bot has it.
    #[test]
    fn the_horizon_bounds_alone_keep_the_root_values_at_fewer_nodes() {
        // With the trap on too (session 61), in positions where a seen officer stands in the
        // other side's half: the bounds add its change.
        let mut rng = rng_from_seed(6);
        let (mut checked, mut trapped, mut nodes) = (0, 0, [0u64; 2]);
        while checked < 10 || trapped < 4 {
            let Some(mut pos) = random_position(Variant::Classic, 0..150, &mut rng) else { continue };
            let moves = pos.legal_moves();
            let trap = Evaluator::trap_hunters(&pos, None);
            if moves.is_empty() || (checked >= 10 && !trap) {
                continue;
            }
            let order: Vec<usize> = (0..moves.len()).collect();
            for percent in if trap { vec![0, 30] } else { vec![0] } {
                let mut values = Vec::new();
                for (i, bounds) in [false, true].into_iter().enumerate() {
                    let clock = FrozenClock;
                    let mut sink = |_: &crate::ai::Progress| {};
                    let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
                    let mut table = Table::new(14);
                    let mut s = Searcher::new(&mut ctx, &mut table, &pos).with_lean(false).with_bounds(bounds);
                    s.eval = s.eval.with_danger(pos.to_move(), 200).with_trap(percent);
                    let v: Vec<Vec<i32>> =
                        (1..=4).map(|d| s.root(&mut pos, &moves, &order, d).expect("no budget")).collect();
                    drop(s);
                    nodes[i] += ctx.nodes();
                    values.push(v);
                }
                assert_eq!(values[0], values[1], "trap {percent}\n{pos:?}");
            }
            checked += 1;
            trapped += usize::from(trap);
        }
        assert!(nodes[1] < nodes[0], "bounded {} nodes, plain {}", nodes[1], nodes[0]);
    }

    /// Every quiet move the horizon bounds without playing it leaves a game that goes on, and
    /// its real value (the quiescence search after it) is at most the bound, along random
    /// games of both variants (Barrage: few pieces, where the enemy runs out of moves).
    #[test]
    fn horizon_bounds_are_upper_bounds_of_games_that_go_on() {
        let mut rng = rng_from_seed(5);
        let (mut bounded, mut alphas) = (0, 0);
        for variant in [Variant::Barrage, Variant::Classic, Variant::Barrage] {
            for _ in 0..6 {
                let (a, b) = (random_setup(variant, &mut rng), random_setup(variant, &mut rng));
                let mut pos = Position::new(Rules::for_variant(variant), &a, &b);
                let ev = Evaluator::new(&pos);
                for _ in 0..400 {
                    if pos.outcome().is_some() {
                        break;
                    }
                    if let Some(mut h) = Horizon::new(&ev, &pos) {
                        for alpha in [h.stand - 30, h.stand, h.stand + 200, WIN] {
                            alphas += 1;
                            let quiet: Vec<Move> = pos.legal_moves().iter().copied().collect();
                            for mv in quiet {
                                let Some(bound) = h.quiet_bound(&ev, &pos, mv, alpha) else { continue };
                                bounded += 1;
                                assert!(bound <= alpha);
                                pos.play_unchecked(mv);
                                assert!(pos.outcome().is_none(), "the game goes on after {mv}\n{pos:?}");
                                let clock = FrozenClock;
                                let mut sink = |_: &crate::ai::Progress| {};
                                let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
                                let mut table = Table::new(4);
                                let mut s = Searcher::new(&mut ctx, &mut table, &pos);
                                s.eval = ev.clone();
                                let v = -s.quiesce(&mut pos, 1, QS_DEPTH, -INF, INF);
                                assert!(v <= bound, "{mv}: value {v} above the bound {bound}");
                                pos.undo();
                            }
                        }
                    }
                    let m = pos.legal_moves();
                    pos.play_unchecked(m[rng.random_range(0..m.len())]);
                }
            }
        }
        assert!(bounded > 1_000 && alphas > 100, "{bounded} bounded moves");
    }

    /// Only the piece that made the enemy's last move can be held by the two-squares rule, so
    /// when it is the enemy's only movable piece no quiet move is bounded (the game might end
    /// after it); with a second movable enemy piece, stepping where no piece of ours stands
    /// near, the bound is given.
    #[test]
    fn horizon_needs_an_enemy_move_no_rule_can_forbid() {
        let sq = |name: &str| crate::rules::Square::parse(name).unwrap();
        let position = |extra: Option<(&str, PieceKind)>| {
            let mut placement = [None; 100];
            for (name, side, kind) in [
                ("a1", Side::Red, PieceKind::Flag),
                ("j1", Side::Red, PieceKind::Sergeant),
                ("j10", Side::Blue, PieceKind::Flag),
                ("a7", Side::Blue, PieceKind::Major),
            ] {
                placement[sq(name).index()] = Some((side, kind));
            }
            if let Some((name, kind)) = extra {
                placement[sq(name).index()] = Some((Side::Blue, kind));
            }
            let mut pos =
                Position::from_placement(Rules::for_variant(Variant::Classic), &placement, Side::Red).unwrap();
            for mv in ["j1-j2", "a7-a6"] {
                pos.play_unchecked(Move::parse(mv).unwrap());
            }
            pos
        };
        let quiet = Move::parse("j2-j3").unwrap();
        let alone = position(None);
        let ev = Evaluator::new(&alone);
        let mut h = Horizon::new(&ev, &alone).expect("no draw limit near");
        assert_eq!(h.quiet_bound(&ev, &alone, quiet, WIN), None, "the Major just moved: it may be the one held");
        let two = position(Some(("e10", PieceKind::Scout)));
        let ev = Evaluator::new(&two);
        let mut h = Horizon::new(&ev, &two).expect("no draw limit near");
        let bound = h.quiet_bound(&ev, &two, quiet, WIN).expect("the Scout can always step");
        assert_eq!(bound, h.stand + ev.quiet_change(Side::Red, quiet.from, quiet.to, h.near));
        assert_eq!(h.quiet_bound(&ev, &two, quiet, bound - 1), None, "above alpha: searched");
    }

    /// Red: Flag a1, a Sergeant far away on j1. Blue: a Major on a3, two steps from the Flag,
    /// and a Scout far away. Red cannot stop a3-a2, a2xa1: at depth 3 the Blue capture comes
    /// in its quiescence at ply 4.
    fn major_two_from_the_flag() -> Position {
        placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("j1", Side::Red, PieceKind::Sergeant),
            ("a3", Side::Blue, PieceKind::Major),
            ("j10", Side::Blue, PieceKind::Scout),
        ])
    }

    #[test]
    fn a_flag_capture_below_the_root_counts_by_the_enemy_guess() {
        let mut pos = major_two_from_the_flag();
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let mut value = |guess: Option<f64>| {
            let mut table = Table::new(12);
            let mut s = Searcher::new(&mut ctx, &mut table, &pos);
            if let Some(q) = guess {
                s = s.with_flag_guess(Side::Red, q);
            }
            s.search(&mut pos, 3, 0, -INF, INF)
        };
        let certain = value(None);
        assert!(certain <= -(WIN - MAX_PLY), "without the guess the Flag is a certain loss: {certain}");
        let sure = value(Some(1.0));
        assert_eq!(sure, -(WIN_SUM - 4 * PLY_COST) as i32, "a sure guess: a lost game at ply 4 on the sums' scale");
        let blind = value(Some(0.0));
        assert!(blind.abs() < 1_000, "an enemy that cannot know: the position stands ({blind})");
        let half = value(Some(0.5));
        assert!(sure < half && half < blind, "the value falls with the guess: {sure} < {half} < {blind}");
    }

    #[test]
    fn the_flag_check_allows_no_stand_pat_after_a_miner_takes_a_bomb_beside_the_flag() {
        // Red: Flag a1 behind Bombs a2 and b1, a Sergeant on c2. Blue: a Miner on a3, beside
        // the Bomb a2. After a Red move, Blue's quiescence takes a2 (a capture), and Red is to
        // move with the Miner beside its Flag. Standing pat there hides the loss; with the
        // check Red must take the Miner, which only a Sergeant on b2 can.
        let pos = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("a2", Side::Red, PieceKind::Bomb),
            ("b1", Side::Red, PieceKind::Bomb),
            ("c2", Side::Red, PieceKind::Sergeant),
            ("a3", Side::Blue, PieceKind::Miner),
            ("j10", Side::Blue, PieceKind::Flag),
            ("j9", Side::Blue, PieceKind::Scout),
        ]);
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let mut value = |mv: &str, check: bool| {
            let mut pos = pos.clone();
            let mv = pos.legal_moves().iter().copied().find(|m| m.to_string() == mv).unwrap();
            let mut table = Table::new(12);
            let mut s =
                Searcher::new(&mut ctx, &mut table, &pos).with_flag_guess(Side::Red, 1.0).with_flag_check(check);
            pos.play_unchecked(mv);
            -s.search(&mut pos, 0, 1, -INF, INF)
        };
        // Red stands pat at ply 2; the Flag's capture would come at ply 3.
        let lost = -(WIN_SUM - 3 * PLY_COST) as i32;
        for away in ["c2-c3", "c2-c1", "c2-d2"] {
            let blind = value(away, false);
            assert!(blind > lost / 2, "{away} without the check: the stand pat hides the loss ({blind})");
            assert_eq!(value(away, true), lost, "{away} with the check: the Flag falls");
        }
        let guarded = value("c2-b2", true);
        assert!(guarded > lost / 2, "c2-b2 covers the Bomb: the Sergeant takes the Miner ({guarded})");
    }

    #[test]
    fn a_flag_capture_by_a_piece_near_the_flag_at_the_root_is_a_certain_loss() {
        // As above: Blue's Major on a3 takes the Red Flag on a1 at ply 4 whatever Red does.
        // The enemy's guess is 0 (it cannot know the Flag), but the Major stands two squares
        // from it at the root: within a threat radius of 2 its capture is a lost game, within
        // 1 the guess stands. A Scout far away is no threat at any radius here.
        let mut pos = major_two_from_the_flag();
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let mut value = |radius: i32| {
            let mut table = Table::new(12);
            let s = Searcher::new(&mut ctx, &mut table, &pos).with_flag_guess(Side::Red, 0.0);
            let mut s = if radius > 0 { s.with_flag_threat(&pos, radius) } else { s };
            s.search(&mut pos, 3, 0, -INF, INF)
        };
        let blind = value(0);
        assert!(blind.abs() < 1_000, "the guess alone: the position stands ({blind})");
        assert_eq!(value(1), blind, "the Major is two squares away: no threat within 1");
        let near = value(2);
        assert!(near <= -(WIN - MAX_PLY), "within 2: a certain loss ({near})");
        assert_eq!(summed(near), -(WIN_SUM - 4 * PLY_COST), "lost at ply 4 on the sums' scale");
    }

    /// Blue's General (on e5) and Red's Scout (on e4), before (the first) and after (the
    /// second) Red passes with its Marshal (h1-h2) and the General takes the Scout: seen, in
    /// Red's half.
    fn general_seen_in_reds_half() -> (Position, Position) {
        let unseen = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("h1", Side::Red, PieceKind::Marshal),
            ("e4", Side::Red, PieceKind::Scout),
            ("j10", Side::Blue, PieceKind::Flag),
            ("e5", Side::Blue, PieceKind::General),
            ("a10", Side::Blue, PieceKind::Sergeant),
        ]);
        let mut seen = unseen.clone();
        for mv in ["h1-h2", "e5xe4"] {
            seen.play_unchecked(Move::parse(mv).unwrap());
        }
        (unseen, seen)
    }

    /// The evaluator a sample's search below `pos` gets with `settings`.
    fn root_evaluator(pos: &Position, settings: Settings) -> Evaluator {
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let mut table = Table::new(8);
        sample_searcher(&mut ctx, &mut table, pos, settings, Beliefs::default()).eval
    }

    #[test]
    fn the_hunt_is_on_with_prey_at_the_root_after_its_quiet_plies() {
        // The General seen in Red's half, then Red and Blue each make one quiet move.
        let (unseen, mut pos) = general_seen_in_reds_half();
        for mv in ["h2-h3", "a10-a9"] {
            pos.play_unchecked(Move::parse(mv).unwrap());
        }
        assert_eq!(pos.plies_since_attack(), 2);
        let base = crate::ai::bots::strategist::StrategistConfig::default().search;
        let hunt = |pos: &Position, points: i32, after: u32, alone: bool| {
            let e = root_evaluator(pos, Settings { hunt: points, hunt_after: after, hunt_alone: alone, ..base });
            (e.hunt, e.hunter)
        };
        assert_eq!(hunt(&pos, 4, 0, false), (4, None));
        assert_eq!(hunt(&pos, 4, 2, false), (4, None), "two quiet plies reach a start of 2");
        assert_eq!(hunt(&pos, 4, 3, false), (0, None), "not before its third quiet ply");
        assert_eq!(hunt(&pos, 0, 0, false), (0, None), "off");
        assert_eq!(hunt(&pos, 4, 0, true), (4, Some(Side::Red)), "Red to move hunts alone");
        assert_eq!(hunt(&unseen, 4, 0, false), (0, None), "no prey: the General not seen");
        // The horizon's bounds are not used while it is on (they leave it out).
        let ev = Evaluator::new(&pos);
        assert!(Horizon::new(&ev, &pos).is_some());
        assert!(Horizon::new(&ev.with_hunt(4), &pos).is_none());
    }

    #[test]
    fn the_trap_is_on_with_a_seen_officer_in_the_other_half_at_the_root() {
        let (unseen, pos) = general_seen_in_reds_half();
        let base = crate::ai::bots::strategist::StrategistConfig::default().search;
        let trap = |pos: &Position, percent: i32, side: u8| {
            let e = root_evaluator(pos, Settings { trap: percent, trap_side: side, ..base });
            (e.trap, e.trapped)
        };
        assert_eq!(trap(&pos, 30, 0), (30, None));
        assert_eq!(trap(&pos, 0, 0), (0, None), "off");
        assert_eq!(trap(&unseen, 30, 0), (0, None), "the General not seen");
        // Red to move: its own pieces alone (1), which Blue's seen General can trap; Blue's
        // alone (2), which no seen piece of Red's can: off.
        assert_eq!(trap(&pos, 30, 1), (30, Some(Side::Red)));
        assert_eq!(trap(&pos, 30, 2), (0, None), "no seen Red officer in Blue's half");
        // The horizon's bounds stay on with it (they add its change: session 61), their stand
        // pat the evaluation with the trap.
        let ev = Evaluator::new(&pos).with_trap(30);
        let h = Horizon::new(&ev, &pos).expect("the bounds stay on with the trap");
        assert_eq!(h.stand, ev.evaluate(&pos, pos.to_move()));
    }

    #[test]
    fn the_march_is_on_once_the_root_has_gone_its_plies_without_an_attack() {
        let mut pos = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("b2", Side::Red, PieceKind::Miner),
            ("j10", Side::Blue, PieceKind::Flag),
            ("a10", Side::Blue, PieceKind::Miner),
        ]);
        for mv in ["b2-b3", "a10-a9"] {
            pos.play_unchecked(Move::parse(mv).unwrap());
        }
        assert_eq!(pos.plies_since_attack(), 2);
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let base = crate::ai::bots::strategist::StrategistConfig::default().search;
        let mut march = |points: i32, after: u32| {
            let mut table = Table::new(8);
            let settings = Settings { march: points, march_after: after, ..base };
            sample_searcher(&mut ctx, &mut table, &pos, settings, Beliefs::default()).eval.march
        };
        assert_eq!(march(4, 2), 4, "two quiet plies reach a start of 2");
        assert_eq!(march(4, 0), 4);
        assert_eq!(march(4, 3), 0, "not before its third quiet ply");
        assert_eq!(march(0, 0), 0, "off");
        // The horizon's bounds are not used while it is on (they leave it out).
        let ev = Evaluator::new(&pos);
        assert!(Horizon::new(&ev, &pos).is_some());
        assert!(Horizon::new(&ev.with_march(4), &pos).is_none());
    }

    #[test]
    fn the_endgame_march_is_on_for_the_side_that_leads_against_few_movable_pieces() {
        // Red: Flag, Miner, Sergeant (two movable); Blue: Flag, Scout (one movable).
        let mut pos = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("b2", Side::Red, PieceKind::Miner),
            ("c2", Side::Red, PieceKind::Sergeant),
            ("j10", Side::Blue, PieceKind::Flag),
            ("a10", Side::Blue, PieceKind::Scout),
        ]);
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let base = crate::ai::bots::strategist::StrategistConfig::default().search;
        let base = Settings { march: 0, ..base };
        let mut march_with = |pos: &Position, settings: Settings| {
            let mut table = Table::new(8);
            let eval = sample_searcher(&mut ctx, &mut table, pos, settings, Beliefs::default()).eval;
            (eval.march, eval.marcher)
        };
        let march = |points: i32, most: u32| Settings { endgame_march: points, endgame_march_pieces: most, ..base };
        assert_eq!(march_with(&pos, march(6, 3)), (6, Some(Side::Red)), "Red leads, two movable pieces against one");
        assert_eq!(march_with(&pos, march(6, 1)), (6, Some(Side::Red)), "the enemy's one piece is within a limit of 1");
        assert_eq!(march_with(&pos, march(6, 0)), (0, None), "a limit of 0 is off");
        assert_eq!(march_with(&pos, march(0, 3)), (0, None), "no points, off");
        // Blue to move: Blue has fewer movable pieces than Red, so Blue does not lead.
        pos.play_unchecked(Move::parse("c2-c3").unwrap());
        assert_eq!(march_with(&pos, march(6, 3)), (0, None), "the side behind does not march");
        // With the stalled game's march on too, the larger of the two.
        let both = Settings { march: 2, march_after: 0, endgame_march: 6, endgame_march_pieces: 3, ..base };
        assert_eq!(march_with(&pos, both), (2, None), "Blue: the stall's march only, both sides");
        pos.play_unchecked(Move::parse("a10-a9").unwrap());
        assert_eq!(march_with(&pos, both), (6, Some(Side::Red)), "Red: the endgame's, the larger, Red's alone");
        // Two enemy pieces against a limit of 1: off.
        let pos2 = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("b2", Side::Red, PieceKind::Miner),
            ("c2", Side::Red, PieceKind::Sergeant),
            ("d2", Side::Red, PieceKind::Sergeant),
            ("j10", Side::Blue, PieceKind::Flag),
            ("a10", Side::Blue, PieceKind::Scout),
            ("b10", Side::Blue, PieceKind::Scout),
        ]);
        assert_eq!(march_with(&pos2, march(6, 1)), (0, None), "two enemy pieces against a limit of 1");
        assert_eq!(march_with(&pos2, march(6, 2)), (6, Some(Side::Red)));
        // No Miner to march: off.
        let pos3 = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("b2", Side::Red, PieceKind::Marshal),
            ("c2", Side::Red, PieceKind::Sergeant),
            ("j10", Side::Blue, PieceKind::Flag),
            ("a10", Side::Blue, PieceKind::Scout),
        ]);
        assert_eq!(march_with(&pos3, march(6, 3)), (0, None), "no Miner");
    }

    #[test]
    fn with_a_contempt_the_search_pays_for_an_attack_rather_than_draw_at_the_no_attack_limit() {
        // Equal armies but for a Red Scout on b2 and a Blue Sergeant on b8, the b-file open
        // between them; the no-attack limit is 2 plies away. Red's only attack (the Scout's
        // strike on the Sergeant) loses the Scout; any quiet move lets the game end drawn after
        // Blue's reply. Without a contempt Red takes the draw (0) over the lost Scout; valuing
        // the draw at -100 it strikes.
        let rules = Rules { max_plies_without_attack: Some(2), ..Rules::for_variant(Variant::Classic) };
        let pos = placed_under(
            rules,
            &[
                ("a1", Side::Red, PieceKind::Flag),
                ("b2", Side::Red, PieceKind::Scout),
                ("j1", Side::Red, PieceKind::Major),
                ("j10", Side::Blue, PieceKind::Flag),
                ("b8", Side::Blue, PieceKind::Sergeant),
                ("a10", Side::Blue, PieceKind::Major),
            ],
        );
        let strike = Move::parse("b2xb8").unwrap();
        let moves = pos.legal_moves();
        assert!(moves.contains(&strike));
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        // Each root move's value at depth 2 (one reply, then the quiescence or the draw).
        let mut values = |contempt: i32| -> Vec<(i32, Move)> {
            let mut table = Table::new(12);
            let mut s = Searcher::new(&mut ctx, &mut table, &pos);
            if contempt != 0 {
                s = s.with_contempt(Side::Red, contempt);
            }
            let mut pos = pos.clone();
            moves
                .iter()
                .map(|&mv| {
                    pos.play_unchecked(mv);
                    let v = -s.search(&mut pos, 1, 1, -INF, INF);
                    pos.undo();
                    (v, mv)
                })
                .collect()
        };
        let plain = values(0);
        let struck = plain.iter().find(|&&(_, m)| m == strike).unwrap().0;
        let best = plain.iter().max_by_key(|&&(v, _)| v).unwrap();
        assert_eq!(best.0, 0, "without a contempt the best is the draw: {best:?}");
        assert!(struck < 0, "the strike loses the Scout: {struck}");
        let held = values(100);
        let best = *held.iter().max_by_key(|&&(v, _)| v).unwrap();
        assert_eq!(best.1, strike, "with a contempt of 100 the strike: {held:?}");
        assert!(-100 < best.0 && best.0 < 0, "a lost Scout, the clock running again: {best:?}");
        assert!(
            held.iter().filter(|&&(_, m)| m != strike).all(|&(v, _)| v == -100),
            "every quiet move draws: {held:?}"
        );
    }

    #[test]
    fn our_attack_on_an_unknown_piece_below_the_root_is_valued_by_the_belief() {
        // Red's Major on b4 can take the piece on b5, a Sergeant in this sample. Without the
        // belief the search takes it; if Red believes the piece a Bomb, the attack is a lost
        // Major and a quiet move is better; believed a Sergeant, the value is the capture's.
        let sq = |name: &str| crate::rules::Square::parse(name).unwrap();
        let mut pos = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("b4", Side::Red, PieceKind::Major),
            ("j1", Side::Red, PieceKind::Sergeant),
            ("b5", Side::Blue, PieceKind::Sergeant),
            ("j10", Side::Blue, PieceKind::Flag),
            ("e10", Side::Blue, PieceKind::Scout),
        ]);
        let target = pos.piece_at(sq("b5")).unwrap();
        let stand = Evaluator::new(&pos).evaluate(&pos, Side::Red);
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let mut value = |belief: Option<[f64; 12]>| {
            let mut table = Table::new(12);
            let mut s = Searcher::new(&mut ctx, &mut table, &pos);
            if let Some(b) = belief {
                let mut u = Unknowns::new(Side::Red);
                u.set(target, b);
                s = s.with_unknowns(u);
            }
            s.search(&mut pos, 1, 1, -INF, INF)
        };
        let plain = value(None);
        assert!(plain > stand + 5, "the sample's Sergeant is taken: {plain} against {stand}");
        let sergeant = value(Some(probs(&[(PieceKind::Sergeant, 1.0)])));
        assert_eq!(sergeant, plain, "believed a Sergeant: the capture's value");
        let bomb = value(Some(probs(&[(PieceKind::Bomb, 1.0)])));
        assert!(bomb < plain && bomb <= stand + 5, "believed a Bomb: no attack ({bomb}, stand {stand})");
        let half = value(Some(probs(&[(PieceKind::Bomb, 0.5), (PieceKind::Sergeant, 0.5)])));
        assert!(bomb <= half && half < sergeant, "a half-Bomb lies between: {bomb} <= {half} < {sergeant}");
        // The leaf itself: a sure Bomb costs the Major, its hidden share and its placement.
        let mut table = Table::new(12);
        let mut u = Unknowns::new(Side::Red);
        u.set(target, probs(&[(PieceKind::Bomb, 1.0)]));
        let s = Searcher::new(&mut ctx, &mut table, &pos).with_unknowns(u.clone());
        let mv = Move { from: sq("b4"), to: sq("b5") };
        let major = s.eval.values().by_side[Side::Red][PieceKind::Major.index()];
        let placed = s.eval.placement(Side::Red, sq("b4"));
        let lost = stand - major - major * HIDDEN_SHARE / 64 - placed;
        assert_eq!(s.chance_leaf(&pos, mv, &mut None), Some(lost));
        // With the Bombs' secret the Bomb found pays it back (Blue has no other Bomb, so the
        // position before is worth the same).
        let mut s = Searcher::new(&mut ctx, &mut table, &pos).with_unknowns(u.clone());
        s.eval.set_bomb_secret(60);
        s.sync(&pos);
        assert_eq!(s.eval.evaluate(&pos, Side::Red), stand);
        assert_eq!(s.chance_leaf(&pos, mv, &mut None), Some(lost + 60));
        // With an extra cost of a lost attack on a Bomb, half the Major more.
        u.bomb_cost = 50;
        let s = Searcher::new(&mut ctx, &mut table, &pos).with_unknowns(u.clone());
        assert_eq!(s.chance_leaf(&pos, mv, &mut None), Some(lost - major / 2));
        // The cost counted from the General's table value up spares the Major; from the
        // Major's own value up it counts again.
        u.bomb_cost_from = crate::ai::eval::material::piece_value(PieceKind::General);
        assert_eq!(u.bomb_cost_for(PieceKind::Major), 0);
        assert_eq!(u.bomb_cost_for(PieceKind::Marshal), 50);
        let s = Searcher::new(&mut ctx, &mut table, &pos).with_unknowns(u.clone());
        assert_eq!(s.chance_leaf(&pos, mv, &mut None), Some(lost));
        u.bomb_cost_from = crate::ai::eval::material::piece_value(PieceKind::Major);
        let s = Searcher::new(&mut ctx, &mut table, &pos).with_unknowns(u);
        assert_eq!(s.chance_leaf(&pos, mv, &mut None), Some(lost - major / 2));
    }

    #[test]
    fn the_flag_odds_scale_the_flag_in_attacks_by_anything_but_a_miner() {
        // Red's Major on b4 and Miner on a5 can both take the piece on b5, believed the Flag or
        // a Sergeant at even odds. At the belief's own odds the Flag weighs half; at 50 % of
        // them a third (0.25 against 0.5); at 0 the leaf is a Sergeant's capture. The Miner's
        // attack keeps the belief's odds whatever the setting.
        let sq = |name: &str| crate::rules::Square::parse(name).unwrap();
        let pos = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("b4", Side::Red, PieceKind::Major),
            ("a5", Side::Red, PieceKind::Miner),
            ("b5", Side::Blue, PieceKind::Sergeant),
            ("j10", Side::Blue, PieceKind::Flag),
            ("e10", Side::Blue, PieceKind::Scout),
        ]);
        let target = pos.piece_at(sq("b5")).unwrap();
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let mut table = Table::new(12);
        let (major, miner) = (Move { from: sq("b4"), to: sq("b5") }, Move { from: sq("a5"), to: sq("b5") });
        let mut leaf = |odds: u32, belief: &[(PieceKind, f64)], mv: Move| {
            let mut u = Unknowns::new(Side::Red);
            u.flag_odds = odds;
            u.set(target, probs(belief));
            let s = Searcher::new(&mut ctx, &mut table, &pos).with_unknowns(u);
            s.chance_leaf(&pos, mv, &mut None).unwrap()
        };
        let even = [(PieceKind::Flag, 0.5), (PieceKind::Sergeant, 0.5)];
        let third = [(PieceKind::Flag, 1.0 / 3.0), (PieceKind::Sergeant, 2.0 / 3.0)];
        let sergeant = [(PieceKind::Sergeant, 1.0)];
        for mv in [major, miner] {
            let (whole, taken) = (leaf(100, &even, mv), leaf(100, &sergeant, mv));
            assert!(whole > taken + 100, "the Flag's odds are worth a lot: {whole} against {taken}");
            if mv == miner {
                assert_eq!(leaf(50, &even, mv), whole, "a Miner's attack keeps the belief's odds");
                assert_eq!(leaf(0, &even, mv), whole, "a Miner's attack keeps the belief's odds");
            } else {
                let half = leaf(50, &even, mv);
                assert!((half - leaf(100, &third, mv)).abs() <= 1, "half the odds: {half}");
                assert!(taken < half && half < whole, "{taken} < {half} < {whole}");
                assert_eq!(leaf(0, &even, mv), taken, "no odds: the Sergeant's capture");
            }
        }
        assert_eq!(Unknowns::new(Side::Red).flag_factor(PieceKind::Major), 1.0, "new keeps the belief's odds");
    }

    /// Plain negamax where the enemy chooses its attacks on our unseen pieces by its belief
    /// (no pruning, no table): the reference for the pruned search with
    /// [`Searcher::with_enemy_belief`].
    /// `depth` plies full width, then the quiescence's `qdepth` (as the search: [`QS_DEPTH`]).
    fn plain_modelled(s: &mut Searcher, pos: &mut Position, depth: u32, qdepth: u32, ply: u32) -> i32 {
        let moves = pos.legal_moves();
        if let Some(t) = terminal_score(pos, &moves, ply) {
            return t;
        }
        s.sync(pos);
        let stand = s.eval.evaluate(pos, pos.to_move());
        let quiet = depth == 0;
        if quiet && qdepth == 0 {
            return stand;
        }
        let (list, chosen) = match s.enemy_choice(pos, &moves) {
            Some((b, atk, others)) => (others, Some((b, atk))),
            None => (moves, None),
        };
        // The child's depths: full width one ply less (then the whole quiescence), or one
        // quiescence ply less.
        let (d, q) = if quiet { (0, qdepth - 1) } else { (depth - 1, QS_DEPTH) };
        // The best of the list: every move searched (quiescence: the captures that do not lose).
        let mut best = -INF;
        for &mv in &list {
            // The leaf reads the searcher's sums, which the last child's search left behind.
            s.sync(pos);
            if let Some(v) = s.chance_leaf(pos, mv, &mut None) {
                best = best.max(v);
            } else if !quiet || attack_rank(pos, mv).is_some_and(|r| r >= 0) {
                pos.play_unchecked(mv);
                best = best.max(-plain_modelled(s, pos, d, q, ply + 1));
                pos.undo();
            }
        }
        let chosen = chosen.filter(|&(b, _)| !quiet || b > stand);
        let best = if quiet && chosen.is_none() { best.max(stand) } else { best };
        match chosen {
            Some((b, atk)) if best <= b => {
                pos.play_unchecked(atk);
                let v = -plain_modelled(s, pos, d, q, ply + 1);
                pos.undo();
                v
            }
            _ => best,
        }
    }

    #[test]
    fn the_enemy_model_search_equals_its_plain_negamax_on_small_positions() {
        // Random Barrage positions, random beliefs of the enemy about our pieces (and of ours
        // about its pieces): the pruned search with the model gives the plain one's value.
        let mut rng = rng_from_seed(12);
        let mut checked = 0;
        let mut modelled_differs = 0;
        while checked < 16 {
            let Some(mut pos) = random_position(Variant::Barrage, 0..30, &mut rng) else { continue };
            let us = pos.to_move();
            let mut theirs = Unknowns::new(us.opponent());
            for id in pos.pieces_of(us) {
                theirs.set(id, std::array::from_fn(|_| rng.random_range(0.0..1.0)));
            }
            let mut ours = Unknowns::new(us);
            for id in pos.pieces_of(us.opponent()) {
                ours.set(id, std::array::from_fn(|_| rng.random_range(0.0..1.0)));
            }
            let before = pos.hash();
            let clock = FrozenClock;
            let mut sink = |_: &crate::ai::Progress| {};
            let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
            for depth in 1..=3 {
                for with_ours in [false, true] {
                    let mut table2 = Table::new(4);
                    let mut s2 = Searcher::new(&mut ctx, &mut table2, &pos).with_enemy_belief(theirs.clone());
                    if with_ours {
                        s2 = s2.with_unknowns(ours.clone());
                    }
                    let p = plain_modelled(&mut s2, &mut pos, depth, QS_DEPTH, 0);
                    let mut table = Table::new(12);
                    let mut s = Searcher::new(&mut ctx, &mut table, &pos).with_lean(false);
                    if with_ours {
                        s = s.with_unknowns(ours.clone());
                    }
                    let unmodelled = s.search(&mut pos, depth, 0, -INF, INF);
                    let mut table = Table::new(12);
                    let mut s =
                        Searcher::new(&mut ctx, &mut table, &pos).with_lean(false).with_enemy_belief(theirs.clone());
                    if with_ours {
                        s = s.with_unknowns(ours.clone());
                    }
                    let pruned = s.search(&mut pos, depth, 0, -INF, INF);
                    assert_eq!(pruned, p, "depth {depth}, our belief {with_ours}\n{pos:?}");
                    modelled_differs += usize::from(pruned != unmodelled);
                }
            }
            assert_eq!(pos.hash(), before, "the search leaves the position as it found it");
            checked += 1;
        }
        assert!(modelled_differs >= 5, "the enemy's belief changes the value somewhere: {modelled_differs} of 96");
    }

    #[test]
    fn the_enemy_attacks_what_it_believes_weak_and_spares_what_it_believes_a_bomb() {
        // Red (us) to move: an unmoved Bomb on e4 and an unmoved Captain on j4, Blue's General
        // on e5 and a Major on j5; Red's only other piece, a Lieutenant on a2, moves. In the
        // sample Blue sees everything: it never attacks the Bomb and its Major takes the
        // Captain. With its belief the search lets it attack the piece it believes weak and
        // leave the one it believes a Bomb.
        let sq = |name: &str| crate::rules::Square::parse(name).unwrap();
        let mut pos = placed(&[
            ("a1", Side::Red, PieceKind::Flag),
            ("a2", Side::Red, PieceKind::Lieutenant),
            ("e4", Side::Red, PieceKind::Bomb),
            ("j4", Side::Red, PieceKind::Captain),
            ("e5", Side::Blue, PieceKind::General),
            ("j5", Side::Blue, PieceKind::Major),
            ("j10", Side::Blue, PieceKind::Flag),
        ]);
        let (bomb, captain) = (pos.piece_at(sq("e4")).unwrap(), pos.piece_at(sq("j4")).unwrap());
        let clock = FrozenClock;
        let mut sink = |_: &crate::ai::Progress| {};
        let mut ctx = SearchContext::new(Budget::default(), &clock, 1, &mut sink);
        let general = Evaluator::new(&pos).values().by_side[Side::Blue][PieceKind::General.index()];
        for depth in [1, 2] {
            let mut value = |rows: &[(PieceId, [f64; 12])]| {
                let mut table = Table::new(12);
                let mut s = Searcher::new(&mut ctx, &mut table, &pos).with_lean(false);
                if !rows.is_empty() {
                    let mut u = Unknowns::new(Side::Blue);
                    for &(id, w) in rows {
                        u.set(id, w);
                    }
                    s = s.with_enemy_belief(u);
                }
                s.search(&mut pos, depth, 0, -INF, INF)
            };
            let sees = value(&[]);
            let sure = [(bomb, probs(&[(PieceKind::Bomb, 1.0)])), (captain, probs(&[(PieceKind::Captain, 1.0)]))];
            assert_eq!(value(&sure), sees, "depth {depth}: an enemy that believes the truth plays as in the sample");
            // It believes the Bomb a Colonel (and the Captain a Bomb): its General attacks the
            // Bomb and dies, and the Captain is spared.
            let wrong = [(bomb, probs(&[(PieceKind::Colonel, 1.0)])), (captain, probs(&[(PieceKind::Bomb, 1.0)]))];
            let lured = value(&wrong);
            assert!(
                lured > sees + general / 2,
                "depth {depth}: the General is lost on the Bomb: {lured} against {sees}"
            );
            // Both believed Bombs: it attacks neither, and the Captain is spared.
            let feared = [(bomb, probs(&[(PieceKind::Bomb, 1.0)])), (captain, probs(&[(PieceKind::Bomb, 1.0)]))];
            let spared = value(&feared);
            assert!(spared > sees && spared < lured, "depth {depth}: the Captain spared: {sees} < {spared} < {lured}");
        }
    }

    fn probs(pairs: &[(PieceKind, f64)]) -> [f64; 12] {
        let mut p = [0.0; 12];
        for &(k, w) in pairs {
            p[k.index()] = w;
        }
        p
    }

    #[test]
    fn chance_node_weighs_an_outcome_no_sample_drew_by_its_probability() {
        // A General attacks a piece that is a Bomb with probability 0.3 and a Sergeant
        // otherwise; all four samples drew the Sergeant (value 130 each, baseline 100).
        let rc = RootChance {
            attacker: PieceKind::General,
            probs: probs(&[(PieceKind::Bomb, 0.3), (PieceKind::Sergeant, 0.7)]),
            bomb_cost: 0,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let drawn = [(PieceKind::Sergeant, 130); 4];
        let v = chance_value(&rc, &drawn, 100.0);
        // The Bomb: the samples' position without the Sergeant taken, less the General; the
        // plain mean over the samples would say 130, the baseline 100 - 250.
        let value = |k: PieceKind| crate::ai::eval::material::piece_value(k) as f64;
        let sergeant = value(PieceKind::Sergeant) * (1.0 + HIDDEN_SHARE as f64 / 64.0);
        let bomb = 130.0 - sergeant - value(PieceKind::General);
        assert!((v - (0.7 * 130.0 + 0.3 * bomb)).abs() < 1e-9, "{v}");
        // An extra cost of 40 % on a lost attack on a Bomb: the Bomb outcome 40 % of a General
        // lower, and only it.
        let costly = RootChance { bomb_cost: 40, ..rc };
        let c = chance_value(&costly, &drawn, 100.0);
        assert!((c - (v - 0.3 * 0.4 * value(PieceKind::General))).abs() < 1e-9, "{c} against {v}");
        // With no Bomb in the belief the samples' mean stands.
        let safe = RootChance { probs: probs(&[(PieceKind::Sergeant, 1.0)]), ..rc };
        assert!((chance_value(&safe, &drawn, 100.0) - 130.0).abs() < 1e-9);
        // A Colonel half as likely as the Sergeant: the drawn Sergeants' value, corrected to
        // the class's mean victim.
        let mixed = RootChance { probs: probs(&[(PieceKind::Sergeant, 0.5), (PieceKind::Colonel, 0.5)]), ..rc };
        let colonel = value(PieceKind::Colonel) * (1.0 + HIDDEN_SHARE as f64 / 64.0);
        let expected = 130.0 - sergeant + (sergeant + colonel) / 2.0;
        assert!((chance_value(&mixed, &drawn, 100.0) - expected).abs() < 1e-9);
    }

    #[test]
    fn chance_node_gives_a_flag_drawn_once_its_belief_probability_not_a_sample_share() {
        // One sample of four drew the Flag (a won game, 1,180); the belief gives it 5 %.
        let rc = RootChance {
            attacker: PieceKind::Major,
            probs: probs(&[(PieceKind::Flag, 0.05), (PieceKind::Bomb, 0.25), (PieceKind::Scout, 0.7)]),
            bomb_cost: 0,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let drawn = [(PieceKind::Flag, 1_180), (PieceKind::Scout, 60), (PieceKind::Scout, 50), (PieceKind::Bomb, -90)];
        let v = chance_value(&rc, &drawn, 40.0);
        let expected = 0.05 * 1_180.0 + 0.7 * 55.0 + 0.25 * -90.0;
        assert!((v - expected).abs() < 1e-9, "{v} vs {expected}");
        let plain_mean = drawn.iter().map(|d| d.1 as f64).sum::<f64>() / 4.0;
        assert!(v < plain_mean / 2.0, "the sample share (1/4) would have counted the Flag five times over");
    }

    #[test]
    fn spy_exposure_weighs_the_strike_by_its_belief_probability_not_a_sample_share() {
        let strike = strike_change(PieceKind::Marshal, PieceKind::Spy);
        let mut takers = [false; 12];
        takers[PieceKind::Spy.index()] = true;
        let ex = Exposure { squares: vec![Square::new(4, 4).unwrap()], p: 0.05, takers, strike };
        assert!(strike < -300.0, "the Marshal's loss dominates: {strike}");
        // No sample drew the Spy beside the Marshal: the samples' mean, less 5 % of the strike.
        let none = [(false, 100), (false, 120), (false, 80), (false, 100)];
        let c = exposure_correction(&ex, &none);
        assert!((c - 0.05 * strike).abs() < 1e-9, "{c}");
        // One sample of four drew it (and lost the Marshal there): that sample counted 1/4,
        // the belief says 1/20, so the move's mean rises.
        let one = [(true, -300), (false, 100), (false, 100), (false, 100)];
        let c = exposure_correction(&ex, &one);
        let expected = 0.05 * -300.0 + 0.95 * 100.0 - 0.0;
        assert!((c - expected).abs() < 1e-9, "{c} vs {expected}");
        // Every sample drew it: the other side is the samples' mean without the strike.
        let all = [(true, -300), (true, -280)];
        let c = exposure_correction(&ex, &all);
        assert!((c - 0.95 * -strike).abs() < 1e-9, "{c}");
        // No probability, no sample with the Spy: nothing changes; no sample counted: nothing.
        let zero = Exposure { p: 0.0, ..ex.clone() };
        assert_eq!(exposure_correction(&zero, &none), 0.0);
        assert_eq!(exposure_correction(&ex, &[]), 0.0);
    }

    #[test]
    fn the_miner_stratum_weighs_the_samples_by_the_beliefs_probability() {
        let st = MinerStratum { squares: vec![Square::new(2, 0).unwrap()], p: 0.1 };
        // One sample of four drew the Miner: it counts 4 x 0.1 = 0.4, the others 4 x 0.9 / 3.
        let w = st.weights(&[false, true, false, false]);
        assert_eq!(w.len(), 4);
        assert!(
            (w[1] - 0.4).abs() < 1e-12 && w.iter().enumerate().all(|(i, &x)| i == 1 || (x - 1.2).abs() < 1e-12),
            "{w:?}"
        );
        assert!((w.iter().sum::<f64>() - 4.0).abs() < 1e-12, "the weights add up to the samples");
        // Two of five: 5 x 0.1 / 2 each, 5 x 0.9 / 3 each.
        let w = st.weights(&[true, false, true, false, false]);
        assert!((w[0] - 0.25).abs() < 1e-12 && (w[1] - 1.5).abs() < 1e-12, "{w:?}");
        // None or all drew it: nothing to weigh against, every sample counts once.
        assert_eq!(st.weights(&[false; 4]), vec![1.0; 4]);
        assert_eq!(st.weights(&[true; 3]), vec![1.0; 3]);
        assert!(st.weights(&[]).is_empty());

        // In the sums: two moves over four samples, the second sample the Miner's (where the
        // first move loses the game at ply 4, 1,200 - 4 x 20 = 1,120 in the sums' scale).
        let lost = -(WIN - 4);
        let per_sample = vec![
            RootValues { depth: 3, values: vec![40, 10] },
            RootValues { depth: 3, values: vec![lost, 10] },
            RootValues { depth: 3, values: vec![40, 10] },
            RootValues { depth: 0, values: vec![0, 0] },
        ];
        let drawn: Vec<Drawn> = [false, true, false, true]
            .iter()
            .map(|&miner| Drawn { defenders: vec![None, None], spied: vec![false, false], miner })
            .collect();
        let plain = summarize(&per_sample, &[0, 1], &RootTerms::default(), &drawn, 0, Utility::default());
        assert_eq!(plain.sums, vec![40 - 1_120 + 40, 30], "without the stratum every sample counts once");
        assert_eq!(plain.best, 1);
        let root = RootTerms { stratum: Some(st.clone()), ..RootTerms::default() };
        let r = summarize(&per_sample, &[0, 1], &root, &drawn, 0, Utility::default());
        // Three samples counted (the fourth finished no iteration): 3 x 0.1 for the Miner's,
        // 3 x 0.9 / 2 for each of the two others.
        let expected = (3.0 * 0.1 * -1_120.0 + 2.0 * 1.35 * 40.0f64).round() as i64;
        assert_eq!(r.sums, vec![expected, 30], "weighted: {:?}", r.sums);
        assert_eq!(r.counted, 3);
        assert_eq!(r.best, 1, "a lost game with probability 0.1 still outweighs 40 points");
        // With a smaller probability the first move's material wins over its risk.
        let low = RootTerms { stratum: Some(MinerStratum { p: 0.01, ..st }), ..RootTerms::default() };
        assert_eq!(summarize(&per_sample, &[0, 1], &low, &drawn, 0, Utility::default()).best, 0);
    }

    #[test]
    fn the_miner_stratum_weighs_a_root_chance_node_as_it_weighs_the_sums() {
        // Move 0 is our Marshal's attack on an unknown piece the belief holds a Sergeant (so
        // every sample's value is the attack's own outcome); in the second sample, the Miner's,
        // the game is lost at ply 4. Move 1 is quiet.
        let lost = -(WIN - 4);
        let per_sample = vec![
            RootValues { depth: 3, values: vec![40, -100] },
            RootValues { depth: 3, values: vec![lost, -100] },
            RootValues { depth: 3, values: vec![40, -100] },
        ];
        let drawn: Vec<Drawn> = [false, true, false]
            .iter()
            .map(|&miner| Drawn { defenders: vec![Some(PieceKind::Sergeant), None], spied: vec![false; 2], miner })
            .collect();
        let mut probs = [0.0; 12];
        probs[PieceKind::Sergeant.index()] = 1.0;
        let rc = RootChance {
            attacker: PieceKind::Marshal,
            probs,
            bomb_cost: 0,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let chance = vec![Some(rc), None];
        let plain = summarize(
            &per_sample,
            &[0, 1],
            &RootTerms { chance: chance.clone(), ..RootTerms::default() },
            &drawn,
            0,
            Utility::default(),
        );
        assert_eq!(plain.sums, vec![40 - 1_120 + 40, -300], "without the stratum every sample counts once");
        assert_eq!(plain.best, 1, "counted once, the Miner's lost game outweighs the quiet move's 100 points");
        let st = MinerStratum { squares: vec![Square::new(2, 0).unwrap()], p: 0.1 };
        let root = RootTerms { chance, stratum: Some(st), ..RootTerms::default() };
        let r = summarize(&per_sample, &[0, 1], &root, &drawn, 0, Utility::default());
        // 3 x 0.1 for the Miner's sample, 3 x 0.9 / 2 for each other, as for a quiet move: the
        // chance node must not count the Miner's sample once while the quiet moves count it
        // by its probability.
        let expected = (0.3 * -1_120.0 + 2.0 * 1.35 * 40.0f64).round() as i64;
        assert_eq!(r.sums[0], expected, "the chance node weighed: {:?}", r.sums);
        assert_eq!(r.best, 0, "weighed by p = 0.1, the attack's risk is smaller than the quiet move's loss");
        // (Weights of 1: `chance_value` is `chance_value_weighed` with ones; its exact values
        // are held by the chance-node tests above, written before the weights.)
        let d: Vec<(PieceKind, i64)> = vec![
            (PieceKind::Sergeant, 40),
            (PieceKind::Sergeant, 100),
            (PieceKind::Bomb, -300),
            (PieceKind::Flag, 1_180),
        ];
        let mut mixed = [0.0; 12];
        for (k, w) in
            [(PieceKind::Sergeant, 0.5), (PieceKind::Bomb, 0.3), (PieceKind::Flag, 0.05), (PieceKind::Spy, 0.15)]
        {
            mixed[k.index()] = w;
        }
        let rc = RootChance {
            attacker: PieceKind::Colonel,
            probs: mixed,
            bomb_cost: 20,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        // A weight moves an outcome's mean: the won attack's two samples (40 and 100) weighed
        // 1 and 3 average 85, not 70, and the won outcome has probability 0.65 (the Sergeant
        // and the Spy), so the node gains 0.65 x 15.
        let heavier: Vec<(PieceKind, i64, f64)> =
            d.iter().map(|&(k, v)| (k, v, if v == 100 { 3.0 } else { 1.0 })).collect();
        let gain = chance_value_weighed(&rc, &heavier, 55.0) - chance_value(&rc, &d, 55.0);
        assert!((gain - 0.65 * 15.0).abs() < 1e-9, "{gain}");
    }

    #[test]
    fn the_risk_appetite_prefers_the_move_whose_outcome_depends_on_the_army() {
        // The bonus: nothing for equal values, about the variance over 2t for a small spread,
        // at most t / 2 however large the spread (a lost game in one sample stays a loss).
        assert_eq!(risk_bonus(&[30.0; 4], 50.0), 0.0);
        assert_eq!(risk_bonus(&[10.0, 30.0], 0.0), 0.0, "off");
        assert_eq!(risk_bonus(&[10.0], 50.0), 0.0, "one sample has no spread");
        let small = risk_bonus(&[25.0, 35.0, 25.0, 35.0], 100.0);
        assert!((small - 25.0 / 200.0).abs() < 0.01, "{small}");
        assert_eq!(risk_bonus(&[-1_200.0, 0.0, 0.0, 0.0], 50.0), 25.0, "capped at t / 2");
        // Two moves of the same mean over four samples: the steady one is played first in
        // `order` and wins the tie without the appetite; with it, the one whose value depends on
        // the sampled army wins by the bonus, and a chance node's own outcomes do not count.
        let per_sample: Vec<RootValues> =
            [0, 40, 0, 40].iter().map(|&v| RootValues { depth: 3, values: vec![20, v, 20] }).collect();
        let drawn: Vec<Drawn> = (0..4)
            .map(|i| Drawn {
                defenders: vec![None, None, Some(if i % 2 == 0 { PieceKind::Scout } else { PieceKind::Bomb })],
                spied: vec![false; 3],
                miner: false,
            })
            .collect();
        let plain = summarize(&per_sample, &[0, 1, 2], &RootTerms::default(), &drawn, 0, Utility::default());
        assert_eq!((plain.sums[0], plain.sums[1], plain.best), (80, 80, 0));
        let risky = summarize(&per_sample, &[0, 1, 2], &RootTerms::default(), &drawn, 100, Utility::default());
        let bonus = (risk_bonus(&[0.0, 40.0, 0.0, 40.0], 100.0) * 4.0).round() as i64;
        assert!(bonus > 0);
        assert_eq!((risky.sums[0], risky.sums[1], risky.best), (80, 80 + bonus, 1));
        // The third move is our General's attack on an unknown piece, drawn a Scout in two
        // samples (the attack won), a Bomb in one (the General lost) and the Flag in one (a won
        // game). The battles' own spread is taken out and the Flag's sample left out before
        // the bonus, so the chance node gets only what its samples differ by beyond the
        // defender drawn: here nothing. Taken as they are, the same values would earn the cap.
        let probs = probs(&[(PieceKind::Scout, 0.45), (PieceKind::Bomb, 0.45), (PieceKind::Flag, 0.1)]);
        let rc = RootChance {
            attacker: PieceKind::General,
            probs,
            bomb_cost: 0,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let drawn: Vec<Drawn> = [PieceKind::Scout, PieceKind::Bomb, PieceKind::Scout, PieceKind::Flag]
            .iter()
            .map(|&k| Drawn { defenders: vec![None, None, Some(k)], spied: vec![false; 3], miner: false })
            .collect();
        let root = RootTerms { chance: vec![None, None, Some(rc)], ..RootTerms::default() };
        // The search's values of the third move in each sample (a won game two plies on where
        // the Flag was drawn), and as they enter the sums.
        let third: Vec<i32> = drawn
            .iter()
            .map(|d| match d.defenders[2] {
                Some(PieceKind::Flag) => WIN - 2,
                Some(k) => 20 + battle_change(&rc, k).round() as i32,
                None => unreachable!(),
            })
            .collect();
        let raw: Vec<f64> = third.iter().map(|&v| summed(v) as f64).collect();
        assert_eq!(risk_bonus(&raw, 100.0), 50.0, "the raw values spread far beyond the cap");
        let per_sample: Vec<RootValues> =
            third.iter().map(|&v| RootValues { depth: 3, values: vec![20, 20, v] }).collect();
        let plain = summarize(&per_sample, &[0, 1, 2], &root, &drawn, 0, Utility::default());
        let risky = summarize(&per_sample, &[0, 1, 2], &root, &drawn, 100, Utility::default());
        assert_eq!(risky.sums[2], plain.sums[2], "the defenders' spread is no risk taken");
    }

    #[test]
    fn a_chance_node_counts_the_base_of_the_movable_pieces() {
        // Our Captain attacks a piece that is a Sergeant or a Colonel, half and half; every
        // sample drew the Sergeant. The evaluation counts every movable piece 20 more, so a
        // sample's value after the won attack is the position before (100) plus the
        // Sergeant's 25 + 20 and its hidden share. The lost outcome, which no sample drew,
        // is estimated from those samples: it must come out as the position before less the
        // Captain's 60 + 20, plus the Colonel's hidden share.
        let b = 20;
        let hidden = |v: i32| f64::from(v) * f64::from(HIDDEN_SHARE) / 64.0;
        let won = (100.0 + 45.0 + hidden(45)).round() as i64;
        let lost = 100.0 - 80.0 + hidden(170);
        let rc = RootChance {
            attacker: PieceKind::Captain,
            probs: probs(&[(PieceKind::Sergeant, 0.5), (PieceKind::Colonel, 0.5)]),
            bomb_cost: 0,
            base: b,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let drawn = [(PieceKind::Sergeant, won); 4];
        let v = chance_value(&rc, &drawn, 0.0);
        let want = 0.5 * won as f64 + 0.5 * lost;
        assert!((v - want).abs() < 0.5, "{v} against {want}");
        // Without the base in the node the lost outcome would be 2 x 20 too high.
        let v0 = chance_value(&RootChance { base: 0, ..rc }, &drawn, 0.0);
        assert!((v0 - want - 20.0).abs() < 1.5, "{v0}");
    }

    #[test]
    fn the_utility_shuns_a_gamble_when_ahead_and_takes_it_when_behind() {
        let u = Utility { scale: 320, center: 0, linear: 50 };
        assert_eq!(Utility::default().apply(123.0), 123.0, "scale 0 is off");
        assert_eq!(Utility { linear: 100, ..u }.apply(123.0), 123.0, "all linear is off");
        assert_eq!(u.apply(0.0), 0.0);
        assert!((u.apply(-300.0) + u.apply(300.0)).abs() < 1e-9, "odd about a centre of 0");
        // Two root moves over four samples: a sure value, and a gamble whose mean is 5 points
        // higher (three samples gain 100, one loses 280). Summed plainly the gamble wins, ahead
        // or behind; with the utility the sure move wins 600 points ahead (the loss weighs
        // more than the gains there) and the gamble 600 points behind.
        let drawn: Vec<Drawn> =
            (0..4).map(|_| Drawn { defenders: vec![None, None], spied: vec![false; 2], miner: false }).collect();
        for (sure, gamble, shaped_best) in [(600, [700, 700, 700, 320], 0), (-600, [-500, -500, -500, -880], 1)] {
            let per_sample: Vec<RootValues> =
                gamble.iter().map(|&g| RootValues { depth: 3, values: vec![sure, g] }).collect();
            let plain = summarize(&per_sample, &[0, 1], &RootTerms::default(), &drawn, 0, Utility::default());
            assert_eq!((plain.sums[0], plain.sums[1], plain.best), (4 * i64::from(sure), 4 * i64::from(sure) + 20, 1));
            let shaped = summarize(&per_sample, &[0, 1], &RootTerms::default(), &drawn, 0, u);
            assert_eq!(shaped.best, shaped_best, "sure {sure}: {:?}", shaped.sums);
            let want: f64 = gamble.iter().map(|&g| u.apply(f64::from(g))).sum();
            assert_eq!(shaped.sums[1], want.round() as i64, "each sample's value shaped alone");
        }
    }

    #[test]
    fn a_chance_node_shapes_each_sample_as_a_plain_move_does() {
        // Our Major attacks a piece every sample drew, and the belief is sure of, as a Scout:
        // the chance node has one outcome, and with the utility on it must count the samples
        // as a plain move's sum does, the mean of each sample's utility (not the utility of
        // their mean, which differs when they spread).
        let u = Utility { scale: 200, center: 0, linear: 20 };
        let rc = RootChance {
            attacker: PieceKind::Major,
            probs: probs(&[(PieceKind::Scout, 1.0)]),
            bomb_cost: 0,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let values = [400i64, -300, 150, 900];
        let drawn: Vec<(PieceKind, i64, f64)> = values.iter().map(|&v| (PieceKind::Scout, v, 1.0)).collect();
        let shaped = chance_value_shaped(&rc, &drawn, 0.0, u);
        let want = values.iter().map(|&v| u.apply(v as f64)).sum::<f64>() / 4.0;
        assert!((shaped - want).abs() < 1e-6, "{shaped} against {want}");
        let of_mean = u.apply(values.iter().sum::<i64>() as f64 / 4.0);
        assert!((want - of_mean).abs() > 5.0, "the test needs samples that spread: {want} {of_mean}");
    }

    #[test]
    fn a_dearer_marshal_costs_more_where_it_dies_and_nothing_where_it_wins() {
        // Our Marshal attacks a piece that is a Bomb (it dies) or the General (it wins): with
        // 150 points more on the Marshal only the Bomb's outcome costs more, by exactly that.
        let rc = RootChance {
            attacker: PieceKind::Marshal,
            probs: probs(&[(PieceKind::Bomb, 0.5), (PieceKind::General, 0.5)]),
            bomb_cost: 0,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let dear = RootChance { marshal: 150, ..rc };
        assert_eq!(battle_change(&dear, PieceKind::Bomb) - battle_change(&rc, PieceKind::Bomb), -150.0);
        assert_eq!(battle_change(&dear, PieceKind::General), battle_change(&rc, PieceKind::General));
        // A General that attacks an unknown piece and meets the enemy Marshal loses the same
        // General; the extra counts only in what finding the Marshal reveals (its hidden share).
        let general = RootChance { attacker: PieceKind::General, ..dear };
        let plain = RootChance { attacker: PieceKind::General, ..rc };
        let found = battle_change(&general, PieceKind::Marshal) - battle_change(&plain, PieceKind::Marshal);
        assert!((found - 150.0 * f64::from(HIDDEN_SHARE) / 64.0).abs() < 1e-9, "{found}");
    }

    #[test]
    fn a_dearer_spy_costs_our_spy_where_it_dies_and_pays_for_theirs_where_it_is_taken() {
        // Our Spy attacks a piece that is the Marshal (won), a Scout (lost) or the Spy (both
        // removed); our General attacks one that may be their Spy.
        let rc = RootChance {
            attacker: PieceKind::Spy,
            probs: probs(&[(PieceKind::Marshal, 0.5), (PieceKind::Scout, 0.5)]),
            bomb_cost: 0,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let dear = RootChance { spy: (40, 30), ..rc };
        let diff = |k: PieceKind, a: &RootChance, b: &RootChance| battle_change(a, k) - battle_change(b, k);
        assert_eq!(diff(PieceKind::Marshal, &dear, &rc), 0.0, "a won strike loses nothing");
        assert_eq!(diff(PieceKind::Scout, &dear, &rc), -40.0, "our Spy lost at its dearer value");
        let both = diff(PieceKind::Spy, &dear, &rc);
        assert!((both - (30.0 + 30.0 * f64::from(HIDDEN_SHARE) / 64.0 - 40.0)).abs() < 1e-9, "{both}");
        let general = RootChance { attacker: PieceKind::General, ..dear };
        let plain = RootChance { attacker: PieceKind::General, ..rc };
        let found = diff(PieceKind::Spy, &general, &plain);
        assert!((found - (30.0 + 30.0 * f64::from(HIDDEN_SHARE) / 64.0)).abs() < 1e-9, "{found}");
        assert_eq!(diff(PieceKind::Scout, &general, &plain), 0.0);
    }

    #[test]
    fn a_probe_that_finds_a_bomb_earns_the_bomb_secret_at_the_root() {
        // Our Scout attacks a piece that is a Bomb or a Sergeant, half and half: the Scout is
        // lost either way, and with a secret of 50 the Bomb's outcome finds the Bomb.
        let rc = RootChance {
            attacker: PieceKind::Scout,
            probs: probs(&[(PieceKind::Bomb, 0.5), (PieceKind::Sergeant, 0.5)]),
            bomb_cost: 0,
            base: 0,
            bomb_secret: 0,
            marshal: 0,
            spy: (0, 0),
        };
        let secret = RootChance { bomb_secret: 50, ..rc };
        assert_eq!(battle_change(&secret, PieceKind::Bomb) - battle_change(&rc, PieceKind::Bomb), 50.0);
        assert_eq!(battle_change(&secret, PieceKind::Sergeant), battle_change(&rc, PieceKind::Sergeant));
        // Every sample drew the Sergeant, so the node's outcome is estimated from those
        // samples corrected by the battles' changes: with the secret it is worth the Bomb's
        // probability times the secret more, from the same sample values.
        let drawn = [(PieceKind::Sergeant, 10), (PieceKind::Sergeant, 30)];
        let gain = chance_value(&secret, &drawn, 0.0) - chance_value(&rc, &drawn, 0.0);
        assert!((gain - 25.0).abs() < 1e-9, "{gain}");
    }
}
