//! The evaluation of the `strategist` bot (docs/bots/strategist.md, "Evaluation"): a score in
//! points of a full (sampled) position, from one side's point of view, zero-sum.
//!
//! Terms, each chosen for a reason the doc states:
//! - material with dynamic piece values ([`Values::for_armies`]): the base values of
//!   [`crate::ai::eval::material::piece_value`], adjusted once per search root for what is left on the
//!   board (a Spy is worth little once the enemy Marshal is gone; the Marshal is worth more
//!   once the enemy Spy is gone; the last Miners are worth more while enemy Bombs stand; the
//!   side's strongest movable piece, if the enemy has nothing as strong, is worth more);
//! - the value of staying unknown: a piece the opponent has not seen in battle counts a share
//!   of its value extra ([`HIDDEN_SHARE`]), so the search attacks with known or cheap pieces and
//!   values finding out what an enemy piece is;
//! - flag danger: movable pieces near the enemy's Flag score for their side, more the nearer
//!   they stand (the Flag square is taken from the sampled position, so over many samples this
//!   is weighted by the belief of where the Flag is);
//! - advance: one point per row a movable piece stands ahead, only to break ties towards
//!   contact (a search that sees no capture otherwise shuffles until the no-attack draw).
//!
//! - the Bombs' secret (natively only, off by default: [`Values::set_bomb_secret`]): a Bomb
//!   the opponent has not seen counts extra points for its side;
//! - the no-attack clock (only with [`Evaluator::with_contempt`]): over the last
//!   [`CLOCK_RAMP`] plies before the draw by the no-attack limit, the score is pulled towards
//!   the value the searching side gives that draw (a contempt: less than nothing for it),
//!   linearly, reaching it at the limit.
//!
//! Invariant: `evaluate(pos, s) == -evaluate(pos, s.opponent())`, and its absolute value stays
//! far below [`crate::ai::eval::material::WIN`] - [`crate::ai::eval::material::MAX_PLY`].

use crate::ai::eval::material::piece_value;
use crate::ai::plans::manhattan;
use crate::rules::{Army, Battle, BySide, Move, PieceId, PieceKind, Position, Side, Square, battle};

/// Share of a movable piece's value it is worth extra while the opponent has not seen it in
/// battle, in 1/64ths (12/64, about 19 %). Why: revealing the Marshal or a General lets the
/// enemy Spy and bigger pieces plan against it; cheap pieces lose little by being seen.
pub const HIDDEN_SHARE: i32 = 12;

/// Points per unit of nearness to the enemy Flag (a piece `d` squares away, Manhattan, adds
/// `FLAG_NEAR * (FLAG_RADIUS - d)` when `d < FLAG_RADIUS`). 6 rather than session 1's 3:
/// the bot wins by taking the Flag, and the doubled pull scored best of the session-2 versions
/// (22-0-18 against `invincible` at 100,000 nodes, v4 19-2-19; within the noise, see the
/// log in docs/bots/strategist.md).
pub const FLAG_NEAR: i32 = 6;

/// How far (Manhattan) the flag-danger term reaches.
pub const FLAG_RADIUS: i32 = 6;

/// Most flag-danger points one side can collect (so that piling pieces up around a sampled
/// Flag never outweighs a strong piece of material).
pub const FLAG_CAP: i32 = 90;

/// How near (Manhattan) to its own Flag a piece stands guard ([`Evaluator::with_guard`]).
pub const GUARD_RADIUS: i32 = 2;

/// Points the guarded side loses while the nearest enemy Miner stands `d` Miner moves from its
/// Flag (index `d`, through the guarded side's Bombs, Scouts and Spies, which a Miner takes;
/// [`Evaluator::with_danger`] scales them). Beyond the last index: nothing.
pub const DANGER: [i32; 6] = [0, 200, 150, 100, 60, 30];

/// Points of the Miner danger per square (Manhattan, beyond the first, at most
/// [`CHASE_SQUARES`]) between that Miner and the guarded side's nearest piece that beats it.
/// Why: a Miner that waits next to the Bombs costs the same wherever our pieces stand, so
/// nothing pulled a defender towards it (session 15: a known Miner sat beside our bombed-in
/// Flag for 50 plies while our General stood five squares away and the bot led by 1,000
/// points, then took a Bomb and the Flag).
pub const CHASE: i32 = 10;

/// Squares beyond which the chase counts no more ([`CHASE`]).
pub const CHASE_SQUARES: i32 = 6;

/// Plies before the no-attack limit from which the score is pulled towards the draw's value
/// ([`Evaluator::with_contempt`]): half the ISF limit of 200, so that a side ahead has many
/// moves in which an attack pays for itself before the draw, which the search's few plies
/// never see coming otherwise.
pub const CLOCK_RAMP: u32 = 100;

/// Reach of the march ([`Evaluator::with_march`]): a piece `d` squares (Manhattan) from the
/// enemy Flag earns `march * (MARCH_REACH - d)`, so every square of the board pulls (the
/// farthest two squares of a 10 x 10 board lie 18 apart).
pub const MARCH_REACH: i32 = 19;

/// How far from the other side's known Marshal a Spy's hunt pays ([`Evaluator::with_spy_hunt`]).
pub const HUNT_RADIUS: i32 = 6;

/// How far (Manhattan) from a known enemy officer in a side's half the officers' hunt pays
/// ([`Evaluator::with_hunt`]): a depth-5 search sees a capture two or three squares off; the
/// hunt pulls from farther.
pub const HUNT_REACH: i32 = 8;

/// How far (Manhattan) from a seen enemy Major or stronger a boxed piece it beats counts as
/// trapped ([`Evaluator::with_trap`]).
pub const TRAP_REACH: i32 = 3;

/// Per-kind values of both sides, fixed for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Values {
    /// `by_side[side][kind.index()]` in points.
    pub by_side: BySide<[i32; 12]>,
    /// Points an unrevealed Bomb counts for its side on top of its value ([`Values::set_bomb_secret`]);
    /// 0: off (session 26).
    pub bomb_secret: i32,
}

impl Values {
    /// Values for the armies on the board (`alive[side]` = that side's pieces by kind).
    pub fn for_armies(alive: &BySide<Army>) -> Values {
        let mut by_side = BySide::from_fn(|_| {
            let mut v = [0; 12];
            for k in PieceKind::ALL {
                v[k.index()] = piece_value(k);
            }
            v
        });
        for side in [Side::Red, Side::Blue] {
            let (own, enemy) = (&alive[side], &alive[side.opponent()]);
            let v = &mut by_side[side];
            if enemy[PieceKind::Marshal] == 0 {
                // The Spy only ever beats the Marshal.
                v[PieceKind::Spy.index()] = 15;
            }
            if enemy[PieceKind::Spy] == 0 {
                v[PieceKind::Marshal.index()] += 60;
            }
            let miners = own[PieceKind::Miner] as i32;
            if enemy[PieceKind::Bomb] > 0 && miners <= 2 {
                // The last Miners are the only way to a bombed-in Flag.
                v[PieceKind::Miner.index()] += 25 * (3 - miners);
            }
            // The strongest movable piece with no equal or stronger enemy dominates the board.
            let top = |a: &Army| PieceKind::ALL.iter().rev().find(|k| k.is_movable() && a[**k] > 0).copied();
            if let Some(t) = top(own)
                && top(enemy).is_none_or(|e| e < t)
            {
                v[t.index()] += v[t.index()] / 4;
            }
        }
        Values { by_side, bomb_secret: 0 }
    }

    /// Sets what every Bomb the other side has not seen counts for its side on top of its value
    /// (session 26; 0: nothing), so that finding one pays: it is what our top pieces would
    /// otherwise find by dying on it.
    /// Why: with every enemy Bomb told (an oracle diagnostic, never in the bot) the search
    /// scored about 96 % against `invincible` where it scores about 80 %, and a Bomb the search
    /// finds with a Scout is worth nothing in the table. The search calls it natively only,
    /// while it is measured.
    pub fn set_bomb_secret(&mut self, points: i32) {
        self.bomb_secret = points;
    }

    /// What a piece of `side` of this `kind` counts on top of its value while the other side
    /// has not seen it: a movable piece its hidden share ([`HIDDEN_SHARE`]), a Bomb the
    /// secret ([`Values::set_bomb_secret`]; natively only), the Flag nothing. The evaluation
    /// and the search's chance leaves both count it from here.
    pub fn unseen_extra(&self, side: Side, kind: PieceKind) -> i32 {
        if kind.is_movable() {
            self.by_side[side][kind.index()] * HIDDEN_SHARE / 64
        } else if kind == PieceKind::Bomb && !cfg!(target_arch = "wasm32") {
            self.bomb_secret
        } else {
            0
        }
    }

    /// Every movable piece of both sides counts `points` more (session 25: a flat base, so that
    /// the low pieces weigh more against the high ones; the game is lost when the last movable
    /// piece is gone). The search calls it natively only, while it is measured.
    pub fn add_base(&mut self, points: i32) {
        for side in Side::BOTH {
            for k in PieceKind::ALL.iter().filter(|k| k.is_movable()) {
                self.by_side[side][k.index()] += points;
            }
        }
    }

    /// The Marshal of both sides counts `points` more (session 50: what the Marshal is worth
    /// to the result, above the table's 400, while it is measured). The search calls it
    /// natively only.
    pub fn add_marshal(&mut self, points: i32) {
        for side in Side::BOTH {
            self.by_side[side][PieceKind::Marshal.index()] += points;
        }
    }

    /// Every Spy counts `points` more while the other side's Marshal stands in `pos` (session
    /// 62: the Spy is the one piece that takes a Marshal, and 60 points, a Captain's, let the
    /// search give it up for a Captain's gain). The search calls it natively only, while it is
    /// measured.
    ///
    /// With `only` set, that side's Spy alone (the evaluation stays zero-sum: each side's
    /// score counts its own pieces by its own values).
    pub fn add_spy(&mut self, points: i32, pos: &Position, only: Option<Side>) {
        for side in Side::BOTH.into_iter().filter(|&s| only.is_none_or(|o| o == s)) {
            let marshal = pos.pieces_of(side.opponent()).any(|id| pos.piece(id).kind == PieceKind::Marshal);
            if marshal {
                self.by_side[side][PieceKind::Spy.index()] += points;
            }
        }
    }

    /// Values for the armies standing in `pos`.
    pub fn of_position(pos: &Position) -> Values {
        let alive = BySide::from_fn(|s| {
            let mut a = Army([0; 12]);
            for id in pos.pieces_of(s) {
                a.add(pos.piece(id).kind);
            }
            a
        });
        Values::for_armies(&alive)
    }
}

/// The evaluator of one search root: values and the Flag squares of the sampled position.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Piece values ([`Evaluator::values`]; changed only through the evaluator, which keeps
    /// [`Evaluator::worth`] in step).
    values: Values,
    /// Per side and kind, what a piece counts in material: `[kind][0]` once the other side has
    /// seen it, `[kind][1]` while it has not ([`Values::unseen_extra`] on top). Derived from
    /// [`Evaluator::values`], rebuilt whenever they change.
    worth: BySide<[[i32; 2]; 12]>,
    /// Per side and square, what a movable piece of that side adds there besides its
    /// material: its advance and its flag danger before the cap ([`Evaluator::placement`]).
    /// Derived from [`Evaluator::flag`], which never changes.
    place: BySide<[(i8, i8); 100]>,
    /// Where each side's Flag stands (Flags never move), if it is on the board.
    pub flag: BySide<Option<Square>>,
    /// The side that values a draw at less than nothing, and by how much (points); `None`: a
    /// draw is worth 0 to both ([`Evaluator::with_contempt`]).
    pub contempt: Option<(Side, i32)>,
    /// Points of the Miner guard ([`Evaluator::with_guard`]); 0: off.
    pub guard: i32,
    /// Per side, its Miners at the root ([`Position::alive_mask`]'s bits): the Miner danger
    /// looks at these pieces only, where it looked at every piece at every node (session 53).
    miners: BySide<u64>,
    /// The side whose Flag the Miner danger watches, and its scale in percent of [`DANGER`]
    /// ([`Evaluator::with_danger`]); `None`: off.
    pub danger: Option<(Side, i32)>,
    /// Whether the Miner danger's path avoids the squares next to the guarded side's pieces
    /// that beat a Miner ([`Evaluator::with_cover`]).
    pub cover: bool,
    /// Points per square of the march ([`Evaluator::with_march`]); 0: off.
    pub march: i32,
    /// The side whose Flag's doors the sentinels watch, and the points per watched door
    /// ([`Evaluator::with_sentinels`]); `None`: off.
    pub sentinels: Option<(Side, i32)>,
    /// The intrusion danger's scale in percent of [`DANGER`], for the Miner danger's side
    /// ([`Evaluator::with_intrusion`]); 0: off.
    pub intrude: i32,
    /// What the Miner danger's chase measures our defender's way to
    /// ([`Evaluator::with_door_chase`]): 0 the Miner, 1 the door of the Miner's shortest way
    /// found first, 2 the worst watched door of all its shortest ways.
    pub door_chase: u8,
    /// Points per square of the Spy's hunt ([`Evaluator::with_spy_hunt`]); 0: off.
    pub spy_hunt: i32,
    /// Points per square and 100 points of the prey of the officers' hunt
    /// ([`Evaluator::with_hunt`]); 0: off.
    pub hunt: i32,
    /// The one side that hunts ([`Evaluator::with_hunter`]); `None`: both.
    pub hunter: Option<Side>,
    /// Whether the hunt's prey includes a seen enemy Marshal, for our Marshal (1), or is only
    /// that Marshal (2) ([`Evaluator::with_marshal_duel`]); 0: off.
    pub duel: u8,
    /// The one side that marches ([`Evaluator::with_marcher`]); `None`: both.
    pub marcher: Option<Side>,
    /// Percent of a trapped piece's value the trap costs its side ([`Evaluator::with_trap`]);
    /// 0: off.
    pub trap: i32,
    /// The one side whose pieces the trap counts ([`Evaluator::with_trapped`]); `None`: both.
    pub trapped: Option<Side>,
}

/// A breadth-first walk over the board from one square, nearest squares first, going on from
/// none at `reach` steps or more: the Miner danger's and the intrusion danger's ways to a Flag.
struct Walk {
    dist: [u8; 100],
    queue: [Square; 100],
    head: usize,
    tail: usize,
    reach: i32,
}

impl Walk {
    fn from(start: Square, reach: i32) -> Walk {
        let mut dist = [u8::MAX; 100];
        dist[start.index()] = 0;
        Walk { dist, queue: [start; 100], head: 0, tail: 1, reach }
    }

    /// The next square to go on from, and its distance.
    fn next(&mut self) -> Option<(Square, i32)> {
        while self.head < self.tail {
            let sq = self.queue[self.head];
            self.head += 1;
            let d = i32::from(self.dist[sq.index()]);
            if d < self.reach {
                return Some((sq, d));
            }
        }
        None
    }

    /// Whether `sq` has been entered (or is the start).
    fn reached(&self, sq: Square) -> bool {
        self.dist[sq.index()] != u8::MAX
    }

    /// Enters `sq` at distance `d`.
    fn enter(&mut self, sq: Square, d: i32) {
        self.dist[sq.index()] = d as u8;
        self.queue[self.tail] = sq;
        self.tail += 1;
    }
}

/// The chase to the door's mode 2 ([`Evaluator::with_door_chase`]): of the doors of the Flag on
/// `f` that the Miner on `miner`, `d` moves from them, reaches by a shortest way (a walk back
/// over the squares it can `cross`), the largest `defended` count; the Miner's own square when
/// it stands beside the Flag (`d` 0).
fn worst_door(
    f: Square,
    miner: Square,
    d: i32,
    defended: &impl Fn(Square) -> i32,
    cross: &impl Fn(Square) -> bool,
) -> i32 {
    if d == 0 {
        return defended(miner);
    }
    let mut back = Walk::from(miner, d);
    let mut worst = 0;
    while let Some((b, e)) = back.next() {
        for m in b.neighbours() {
            if back.reached(m) || !cross(m) {
                continue;
            }
            back.enter(m, e + 1);
            if e + 1 == d && manhattan(m, f) == 1 {
                worst = worst.max(defended(m));
            }
        }
    }
    worst
}

/// `side`'s prey for the officers' hunt ([`Evaluator::with_hunt`]) in `pos`, each as its kind
/// and square: the enemy's Majors, Colonels and Generals `side` has seen, in `side`'s half of
/// the board (its five rows nearest its back row); with `duel` 1 its Marshal too, with 2 its
/// Marshal alone ([`Evaluator::with_marshal_duel`]).
fn prey(pos: &Position, side: Side, duel: u8) -> impl Iterator<Item = (PieceKind, Square)> + '_ {
    seen_in_half(pos, side, None, move |k| match k {
        PieceKind::Major | PieceKind::Colonel | PieceKind::General => duel < 2,
        PieceKind::Marshal => duel > 0,
        _ => false,
    })
}

/// The enemy's pieces that can trap `side`'s ([`Evaluator::with_trap`]): its seen Majors,
/// Colonels, Generals and Marshal in `side`'s half, each with its square once the quiet move
/// `mv` (from, to) is played, if one is given.
fn trappers(
    pos: &Position,
    side: Side,
    mv: Option<(Square, Square)>,
) -> impl Iterator<Item = (PieceKind, Square)> + '_ {
    seen_in_half(pos, side, mv, |k| {
        matches!(k, PieceKind::Major | PieceKind::Colonel | PieceKind::General | PieceKind::Marshal)
    })
}

/// Where the piece on `square` stands after the quiet move `mv` (from, to), if one is given.
fn moved(square: Square, mv: Option<(Square, Square)>) -> Square {
    match mv {
        Some((from, to)) if square == from => to,
        _ => square,
    }
}

/// The enemy's pieces of the kinds `kind` accepts that `side` has seen, in `side`'s half of
/// the board (its five rows nearest its back row), each as its kind and its square once the
/// quiet move `mv` (from, to) is played, if one is given: the hunt's prey and the trap's
/// hunters.
fn seen_in_half<'a>(
    pos: &'a Position,
    side: Side,
    mv: Option<(Square, Square)>,
    kind: impl Fn(PieceKind) -> bool + 'a,
) -> impl Iterator<Item = (PieceKind, Square)> + 'a {
    pos.pieces_of(side.opponent()).map(|id| pos.piece(id)).filter_map(move |e| {
        let square = moved(e.square, mv);
        let home = if side == Side::Red { square.row() <= 4 } else { square.row() >= 5 };
        (e.revealed && home && kind(e.kind)).then_some((e.kind, square))
    })
}

/// Whether `kind` wins when a Miner attacks it or it attacks a Miner: a Sergeant or stronger.
fn beats_miner(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Sergeant
            | PieceKind::Lieutenant
            | PieceKind::Captain
            | PieceKind::Major
            | PieceKind::Colonel
            | PieceKind::General
            | PieceKind::Marshal
    )
}

/// 1 for the kinds that move, 0 for the Bomb and the Flag, by [`PieceKind::index`].
const MOVABLE: [i32; 12] = {
    let mut m = [0; 12];
    let mut i = 0;
    while i < 12 {
        m[i] = PieceKind::ALL[i].is_movable() as i32;
        i += 1;
    }
    m
};

/// [`Evaluator::worth`] of `values`.
fn worth_of(values: &Values) -> BySide<[[i32; 2]; 12]> {
    BySide::from_fn(|side| {
        PieceKind::ALL.map(|k| {
            let v = values.by_side[side][k.index()];
            [v, v + values.unseen_extra(side, k)]
        })
    })
}

/// Per side, the piece terms of `Evaluator::side_score` summed over its pieces on the board,
/// from the evaluator's tables: `base`, material (the hidden bonus included) and advance;
/// `near`, the flag danger before its cap ([`FLAG_CAP`]). A search keeps them move by move
/// ([`Evaluator::play_with`]) rather than summing 40 pieces at every node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    base: [i32; 2],
    near: [i32; 2],
}

impl Sums {
    /// Adds `sign` times the terms of piece `id` (its state in `pos`).
    #[inline]
    fn add(&mut self, ev: &Evaluator, pos: &Position, id: PieceId, sign: i32) {
        let (b, n) = ev.piece_terms(pos, id);
        let s = id.side().index();
        self.base[s] += sign * b;
        self.near[s] += sign * n;
    }

    /// `side`'s flag-danger points before the cap: [`Evaluator::flag_near`].
    #[inline]
    pub fn near(&self, side: Side) -> i32 {
        self.near[side.index()]
    }

    /// `side`'s score from the tables: [`Evaluator::side_score`] without the guard and the
    /// march.
    #[inline]
    fn score(&self, side: Side) -> i32 {
        let s = side.index();
        self.base[s] + self.near[s].min(FLAG_CAP)
    }
}

impl Evaluator {
    /// The evaluator for searches below `pos` (a full position: a sample or the real one).
    pub fn new(pos: &Position) -> Evaluator {
        let flag = BySide::from_fn(|s| {
            pos.pieces_of(s).map(|id| pos.piece(id)).find(|p| p.kind == PieceKind::Flag).map(|p| p.square)
        });
        let values = Values::of_position(pos);
        let miners = BySide::from_fn(|s| {
            pos.pieces_of(s)
                .filter(|&id| pos.piece(id).kind == PieceKind::Miner)
                .fold(0u64, |m, id| m | 1 << id.local())
        });
        let place = BySide::from_fn(|side| {
            let mut t = [(0i8, 0i8); 100];
            for (i, slot) in t.iter_mut().enumerate() {
                let sq = Square::from_index_unchecked(i);
                let row = sq.row() as i32;
                let advance = if side == Side::Red { row } else { 9 - row };
                let near = flag[side.opponent()].map_or(0, |f| FLAG_NEAR * (FLAG_RADIUS - manhattan(sq, f)).max(0));
                // At most 9 and FLAG_NEAR * FLAG_RADIUS (36).
                *slot = (advance as i8, near as i8);
            }
            t
        });
        Evaluator {
            worth: worth_of(&values),
            values,
            place,
            flag,
            contempt: None,
            guard: 0,
            miners,
            danger: None,
            cover: false,
            march: 0,
            sentinels: None,
            intrude: 0,
            door_chase: 0,
            spy_hunt: 0,
            hunt: 0,
            hunter: None,
            duel: 0,
            marcher: None,
            trap: 0,
            trapped: None,
        }
    }

    /// The march, `points` > 0: each side earns `points * (MARCH_REACH - d)` for its nearest
    /// Miner standing `d` squares (Manhattan) from the enemy Flag, or, with no Miner left, for
    /// its nearest movable piece. Why: most games drawn at the no-attack limit against the
    /// Perspecto bots (10 of 14 against `perspecto-flat` in session 18) ended with our Miners
    /// alive, in most of them with the enemy Flag among a few unmoved pieces, and nothing
    /// pulled a Miner standing beyond the flag danger's [`FLAG_RADIUS`] and the search's plies
    /// across the board. The search turns it on when the game stalls (no attack for a
    /// while at the root). Exact for whole positions; the chance leaves' placement leaves it
    /// out (an accepted error), and the horizon bounds are not used with it.
    pub fn with_march(mut self, points: i32) -> Self {
        self.march = points.max(0);
        self
    }

    /// Only `side` marches ([`Evaluator::with_march`]), and only with its Miners (no other
    /// piece takes over when none is left); the other side's term is left out. Why (session
    /// 58): in an endgame we lead, the enemy's last Scout two squares from our Flag, walled in
    /// by Bombs, earned the enemy a march our Miner could take away by chasing it, so the Miner
    /// chased the Scout instead of walking to the enemy's Flag; and with the nearest piece
    /// taking over, our Marshal beside the enemy's Flag made the loss of our last, distant
    /// Miner pay (game 138 of seed 2431 at 120,000 nodes: it stepped beside a known Captain).
    pub fn with_marcher(mut self, side: Side) -> Self {
        self.marcher = Some(side);
        self
    }

    /// The Miner guard, `points` > 0: a side scores `points` while one of its pieces that beats
    /// a Miner (a Sergeant or stronger) stands within [`GUARD_RADIUS`] of its own Flag and the
    /// opponent has Miners, and `points / 4` per unit of nearness (`FLAG_RADIUS - d`) for each
    /// of its Miners within [`FLAG_RADIUS`] of the enemy Flag. Why: against the Perspecto bots
    /// 24 of v11's 27 losses (perspecto-minimax, 200 games, session 14) were its Flag, bombed
    /// in, taken by a Miner that walked in from three squares away in seven plies: the Miner
    /// takes a Bomb and the Flag within two of its moves, and our nearest piece that beats it
    /// stood too far to come back in time, because the five plies never see the threat until
    /// the Miner stands next to the Bombs. The guard keeps a defender by the Flag before the
    /// Miner comes; the Miner's nearness makes every sample in which the approaching piece is
    /// a Miner count the danger. Exact for whole positions; the chance leaves' placement
    /// leaves it out (an accepted error), and the horizon bounds are not used with it.
    pub fn with_guard(mut self, points: i32) -> Self {
        self.guard = points.max(0);
        self
    }

    /// The Miner danger: `side` loses `DANGER[d] * percent / 100` points while the nearest
    /// enemy Miner stands `d` Miner moves from its Flag, counting a move through each of
    /// `side`'s Bombs, Scouts and Spies on the way (a Miner takes them) and through enemy
    /// pieces (they can step aside), never through `side`'s other pieces (a Miner loses to
    /// them) or the lakes. Only `side`'s own Flag: its square is certain, the enemy's is a
    /// sample's guess. Zero-sum (the enemy gains what `side` loses). While a Miner is within
    /// reach, [`CHASE`] points more per square between it and `side`'s nearest piece that
    /// beats it.
    ///
    /// Why: against the Perspecto bots 24 of v11's 27 losses (perspecto-minimax, 200 games,
    /// session 14) were its bombed-in Flag taken by a Miner, and the five plies see a Miner
    /// three moves from the Flag too late: it takes a Bomb and the Flag in its next two moves,
    /// and our nearest piece that beats it stands too far to come back. The danger makes every
    /// sample in which an approaching piece is a Miner pay for it at the horizon, so the search
    /// goes out to meet it, or stands in its way, while there is time. Exact for whole
    /// positions; the chance leaves' placement leaves it out (an accepted error), and the
    /// horizon bounds are not used while an enemy Miner stands near the Flag.
    pub fn with_danger(mut self, side: Side, percent: i32) -> Self {
        self.danger = (percent > 0).then_some((side, percent));
        self
    }

    /// The Miner danger's cover: the Miner's path to the Flag may not cross a square next to
    /// one of the guarded side's pieces that beat a Miner (other than the Miner's own square),
    /// so the danger counts the Miner's moves around them, or nothing if they close every way.
    ///
    /// Why: most Flags still lost to Miners in session 15 were taken two plies after the Miner
    /// took the last Bomb beside the Flag, with none of our pieces next to that Bomb to take
    /// the Miner back; five plies see that too late, and the danger (a count of the Miner's
    /// moves) cost the same wherever our defenders stood, the chase pulling them only towards
    /// the Miner itself. A defender next to the Bomb on the Miner's way closes that way: the
    /// Miner that takes the Bomb is taken before it reaches the Flag.
    pub fn with_cover(mut self, on: bool) -> Self {
        self.cover = on;
        self
    }

    /// The chase to the door: the Miner danger's chase ([`CHASE`]) counts the squares between
    /// the guarded side's nearest piece that beats a Miner and a door of the Miner's
    /// shortest way (the square next to the Flag by which that way enters, mostly one of its
    /// Bombs; the Miner's own square once it stands next to the Flag), not the Miner itself.
    /// `mode` 1: the door of the shortest way the walk from the Flag finds first; 2: every
    /// door some shortest way of the Miner enters by, the one whose nearest defender stands
    /// farthest counting (a Miner with two ways in takes the one left open); 0: off.
    ///
    /// Why: the chase paid for nearness to the Miner, so a defender that followed a known
    /// Miner one step behind had nothing left to gain, and followed it all the way to the
    /// Flag (session 29: `perspecto-forward` game 118, session 25's game 13 against
    /// `invincible`; 8 of the 18 Flags lost to Miners in session 29's runs went to Miners
    /// already known). A defender beside the door takes the Miner back after it takes the Bomb.
    pub fn with_door_chase(mut self, mode: u8) -> Self {
        self.door_chase = mode;
        self
    }

    /// The Spy's hunt, `points` > 0: each side scores `points * (HUNT_RADIUS - d)` while its
    /// Spy, unseen by the other side, stands `d` squares (Manhattan) from the other side's
    /// Marshal, seen by it. Zero-sum like every term.
    ///
    /// Why (session 33): in v14's 200 games against `invincible` at 100 ms, the enemy's known
    /// Marshal took 1.4 of our unmoved pieces a game in the first 150 plies of the games lost
    /// (1.1 in those won) with our Spy alive and nothing else of ours able to take it; inside
    /// each sample the Marshal sees our Spy and takes it if it comes next to it, so the search
    /// keeps the Spy away, where the real enemy cannot tell it from any other unknown piece.
    /// Exact for whole positions; the chance leaves' placement leaves it out (an accepted
    /// error), and the horizon bounds are not used with it.
    pub fn with_spy_hunt(mut self, points: i32) -> Self {
        self.spy_hunt = points.max(0);
        self
    }

    /// `side`'s Spy hunt points ([`Evaluator::with_spy_hunt`]) in `pos`.
    fn hunt_points(&self, pos: &Position, side: Side) -> i32 {
        let marshal = pos.pieces_of(side.opponent()).map(|id| pos.piece(id)).find(|p| p.kind == PieceKind::Marshal);
        let Some(m) = marshal.filter(|m| m.revealed) else { return 0 };
        let spy = pos.pieces_of(side).map(|id| pos.piece(id)).find(|p| p.kind == PieceKind::Spy);
        spy.filter(|s| !s.revealed).map_or(0, |s| self.spy_hunt * (HUNT_RADIUS - manhattan(s.square, m.square)).max(0))
    }

    /// The officers' hunt, `points` > 0: for each enemy Major, Colonel or General that `side`
    /// has seen and that stands in `side`'s half of the board (the five rows nearest its back
    /// row), `side` scores `points * value / 100 * (HUNT_REACH - d)`, where `value` is the
    /// prey's value and `d` the distance (Manhattan) from it to `side`'s nearest movable piece
    /// that beats it. Zero-sum like every term (both sides hunt).
    ///
    /// Why (session 57): in session 55's 200 games against `invincible` (seed 2381) the
    /// enemy's known officers took our pieces while we had a piece that beats them: its known
    /// General 128 points a game in the games lost and 114 in the draws, 55 in the games won
    /// (Colonels 56-80, Majors 49-65). In game 180 its General, known from ply 5, took eleven
    /// of our pieces in our half (both Colonels, the Spy) over 65 plies while our Marshal
    /// lived; nothing pulls a piece towards prey the search's five plies do not reach.
    /// Exact for whole positions; the chance leaves' placement leaves it out (an accepted
    /// error), and the horizon bounds are not used with it.
    ///
    /// [`Evaluator::with_marshal_duel`] adds a seen enemy Marshal to the prey.
    pub fn with_hunt(mut self, points: i32) -> Self {
        self.hunt = points.max(0);
        self
    }

    /// Only `side` hunts ([`Evaluator::with_hunt`]); the other side's term is left out.
    pub fn with_hunter(mut self, side: Side) -> Self {
        self.hunter = Some(side);
        self
    }

    /// Whether `hunters` (or either side, `None`) have prey for the officers' hunt in `pos`
    /// ([`Evaluator::with_hunt`]): a seen enemy Major, Colonel or General in its half, or with
    /// `duel` its Marshal too or alone ([`Evaluator::with_marshal_duel`]).
    pub fn hunt_prey(pos: &Position, hunters: Option<Side>, duel: u8) -> bool {
        Side::BOTH
            .iter()
            .filter(|&&s| hunters.is_none_or(|h| h == s))
            .any(|&side| prey(pos, side, duel).next().is_some())
    }

    /// The Marshals' duel, with the officers' hunt on ([`Evaluator::with_hunt`]): `mode` 1, a
    /// seen enemy Marshal in a side's half is prey too, for that side's Marshal alone (the two
    /// trade); 2, it is the only prey; 0, off.
    ///
    /// Why (session 60): in v20's games against `invincible` at 120,000 nodes the enemy's
    /// Marshal, seen early in our half, took our boxed officers one after another while our
    /// own Marshal stood five or more squares off (game 26 of seed 2471: a Captain, a Major
    /// and a Colonel in five plies); the Spy's hunt (session 33), the other way to stop it,
    /// shows our Spy and scored worse.
    pub fn with_marshal_duel(mut self, mode: u8) -> Self {
        self.duel = mode;
        self
    }

    /// `side`'s points of the officers' hunt ([`Evaluator::with_hunt`]) in `pos`.
    fn officer_hunt(&self, pos: &Position, side: Side) -> i32 {
        if self.hunter.is_some_and(|h| h != side) {
            return 0;
        }
        let values = &self.values.by_side[side.opponent()];
        prey(pos, side, self.duel)
            .map(|(kind, square)| {
                let d = pos
                    .pieces_of(side)
                    .map(|h| pos.piece(h))
                    .filter(|h| {
                        h.kind.is_movable()
                            && match kind {
                                PieceKind::Marshal => h.kind == PieceKind::Marshal,
                                _ => battle(h.kind, kind) == Battle::AttackerWins,
                            }
                    })
                    .map(|h| manhattan(h.square, square))
                    .min()
                    .unwrap_or(HUNT_REACH);
                self.hunt * values[kind.index()] * (HUNT_REACH - d).max(0) / 100
            })
            .sum()
    }

    /// The trap, `percent` > 0: a side loses `percent * value / 100 * (TRAP_REACH + 1 - d) /
    /// TRAP_REACH` for each of its movable pieces worth 50 points or more that is boxed in (no
    /// empty square beside it: its own pieces, the enemy's, the lakes and the edge all around)
    /// while a seen enemy Major or stronger that beats it stands in that side's half, `d`
    /// squares (Manhattan, at most [`TRAP_REACH`]) from it; the nearest such enemy counts.
    /// Zero-sum like every term.
    ///
    /// Why (session 60): in v20's games against `invincible` at 120,000 nodes (seeds 2471 and
    /// 2481) a quarter of the games saw the enemy's known Marshal or General take two or more
    /// of our Captains or better in the first 80 plies, and they scored about 62 % against 84 %
    /// for the rest. In the games read, the piece taken was boxed in by its unmoved neighbours
    /// and a lake: freeing it takes two of our moves (a neighbour steps aside, then the piece),
    /// which the five plies see only when the enemy is already next to it. Exact for whole
    /// positions; the chance leaves leave it out (an accepted error). The horizon bounds add
    /// its change to a quiet move's ([`Evaluator::trap_net`] after the move, known before it
    /// is played), so they stay exact with it (session 61).
    pub fn with_trap(mut self, percent: i32) -> Self {
        self.trap = percent.max(0);
        self
    }

    /// The trap counts only `side`'s pieces ([`Evaluator::with_trap`]): the other side's
    /// boxed pieces cost it nothing (to measure which half of the term plays).
    pub fn with_trapped(mut self, side: Side) -> Self {
        self.trapped = Some(side);
        self
    }

    /// Whether the other side has a seen Major or stronger in the half of `trapped` (or of
    /// either side, `None`): the trap's hunters ([`Evaluator::with_trap`]).
    pub fn trap_hunters(pos: &Position, trapped: Option<Side>) -> bool {
        Side::BOTH
            .iter()
            .filter(|&&s| trapped.is_none_or(|t| t == s))
            .any(|&side| trappers(pos, side, None).next().is_some())
    }

    /// The trap's part of `evaluate(pos, side)` ([`Evaluator::with_trap`]), once the quiet
    /// move `mv` (from, to: an empty square) is played, if one is given.
    pub fn trap_net(&self, pos: &Position, side: Side, mv: Option<(Square, Square)>) -> i32 {
        self.trap_points(pos, side.opponent(), mv) - self.trap_points(pos, side, mv)
    }

    /// What `side` loses to the trap ([`Evaluator::with_trap`]) in `pos`, once the quiet move
    /// `mv` (from, to: an empty square) is played, if one is given.
    fn trap_points(&self, pos: &Position, side: Side, mv: Option<(Square, Square)>) -> i32 {
        if self.trapped.is_some_and(|t| t != side) {
            return 0;
        }
        // Seven trappers at most in a full army; a study's army may have up to 40 pieces.
        let mut hunters = [(Square::from_index_unchecked(0), PieceKind::Flag); 40];
        let mut n = 0;
        for (kind, square) in trappers(pos, side, mv).take(hunters.len()) {
            hunters[n] = (square, kind);
            n += 1;
        }
        if n == 0 {
            return 0;
        }
        let values = &self.values.by_side[side];
        let mut lost = 0;
        let occupied = |sq: Square| match mv {
            Some((from, _)) if sq == from => false,
            Some((_, to)) if sq == to => true,
            _ => pos.occupant(sq).is_some(),
        };
        for q in pos.pieces_of(side).map(|id| pos.piece(id)) {
            let v = values[q.kind.index()];
            if !q.kind.is_movable() || v < 50 {
                continue;
            }
            let at = moved(q.square, mv);
            let d = hunters[..n]
                .iter()
                .filter(|&&(_, k)| battle(k, q.kind) == Battle::AttackerWins)
                .map(|&(sq, _)| manhattan(sq, at))
                .min()
                .unwrap_or(i32::MAX);
            if d <= TRAP_REACH && at.neighbours().all(occupied) {
                lost += self.trap * v / 100 * (TRAP_REACH + 1 - d) / TRAP_REACH;
            }
        }
        lost
    }

    /// The sentinels: `side` scores `points` for each door of its Flag (a Bomb of its own next
    /// to it) with one of its pieces that beat a Miner (a Sergeant or stronger) on a square
    /// next to that Bomb (the Flag's square aside), while the opponent has Miners. Only
    /// `side`'s own Flag, whose square is certain. Zero-sum like every term.
    ///
    /// Why: the Flags lost to the Perspecto bots are taken by a Miner two plies after it took
    /// one of those Bombs (7 of 8 Flags v12 lost against `perspecto-minimax` on seed 3001,
    /// session 24), with no piece of ours next to that Bomb to take it back. Session 14's
    /// guard counted a defender within two squares of the Flag, which stood inside the shell as
    /// often as outside it; the Miner danger's cover (session 16) made the danger nothing once
    /// the way was covered, which also ended its chase of the Miner. A sentinel is paid where
    /// it takes the Miner back, and the danger and its chase stay as they are.
    pub fn with_sentinels(mut self, side: Side, points: i32) -> Self {
        self.sentinels = (points > 0).then_some((side, points));
        self
    }

    /// The doors of `side`'s Flag that a sentinel watches ([`Evaluator::with_sentinels`]).
    pub fn watched_doors(&self, pos: &Position, side: Side) -> i32 {
        let Some(f) = self.flag[side] else { return 0 };
        let mut n = 0;
        for door in f.neighbours().filter(|&b| pos.occupant(b) == Some((side, PieceKind::Bomb))) {
            let watched = door
                .neighbours()
                .any(|g| g != f && matches!(pos.occupant(g), Some((s, k)) if s == side && beats_miner(k)));
            n += i32::from(watched);
        }
        n
    }

    /// The guarded side, its Flag's square and the danger's percent, if an enemy Miner stands
    /// within `reach` (Manhattan) of that Flag.
    fn miner_near(&self, pos: &Position, reach: i32) -> Option<(Side, Square, i32)> {
        let (side, pct) = self.danger?;
        let f = self.flag[side]?;
        let enemy = side.opponent();
        // Only the pieces that were Miners at the root: a piece's kind never changes in a game.
        let mut miners = pos.alive_mask(enemy) & self.miners[enemy];
        while miners != 0 {
            let p = pos.piece(PieceId::new(enemy, miners.trailing_zeros() as usize));
            miners &= miners - 1;
            if p.kind == PieceKind::Miner && manhattan(p.square, f) <= reach {
                return Some((side, f, pct));
            }
        }
        None
    }

    /// Whether a quiet move can change the Miner danger (an enemy Miner within one step of its
    /// reach): the search's horizon bounds do not count it.
    pub fn danger_near(&self, pos: &Position) -> bool {
        self.miner_near(pos, DANGER.len() as i32).is_some()
    }

    /// The guarded side's loss to the Miner danger in `pos` (0 when off or no Miner is near).
    pub fn danger_points(&self, pos: &Position) -> i32 {
        let reach = DANGER.len() as i32 - 1;
        let Some((side, f, pct)) = self.miner_near(pos, reach) else { return 0 };
        // The squares next to our pieces that beat a Miner (with the cover; a switch that is off,
        // left out of the page's module, which has no room under its size line for it).
        let mut covered = 0u128;
        if self.cover && !cfg!(target_arch = "wasm32") {
            for p in pos.pieces_of(side).map(|id| pos.piece(id)).filter(|p| beats_miner(p.kind)) {
                for n in p.square.neighbours() {
                    covered |= 1u128 << n.index();
                }
            }
        }
        // Breadth-first from the Flag over the squares a Miner can cross, with the door (the
        // square next to the Flag) of the way to each square.
        let mut walk = Walk::from(f, reach);
        let mut door = [f; 100];
        let door_chase = if cfg!(target_arch = "wasm32") { 0 } else { self.door_chase };
        // Squares (at most [`CHASE_SQUARES`]) between `target` and our nearest piece that
        // beats a Miner, less one.
        let defended = |target: Square| {
            pos.pieces_of(side)
                .map(|id| pos.piece(id))
                .filter(|p| beats_miner(p.kind))
                .map(|p| (manhattan(p.square, target) - 1).max(0))
                .min()
                .unwrap_or(CHASE_SQUARES)
                .min(CHASE_SQUARES)
        };
        // Whether a Miner of the enemy's can cross `n` (on its way, not its own square).
        let crossable = |n: Square| {
            (match pos.occupant(n) {
                Some((s, k)) if s == side => matches!(k, PieceKind::Bomb | PieceKind::Scout | PieceKind::Spy),
                _ => true,
            }) && covered & (1u128 << n.index()) == 0
        };
        while let Some((sq, d)) = walk.next() {
            for n in sq.neighbours() {
                if walk.reached(n) {
                    continue;
                }
                let entry = if sq == f { n } else { door[sq.index()] };
                if matches!(pos.occupant(n), Some((s, PieceKind::Miner)) if s != side) {
                    let chase = match door_chase {
                        0 => defended(n),
                        1 => defended(entry),
                        _ => worst_door(f, n, d, &defended, &crossable),
                    };
                    return (DANGER[(d + 1) as usize] + CHASE * chase) * pct / 100;
                }
                if crossable(n) {
                    // Only mode 1 reads the doors.
                    if door_chase == 1 {
                        door[n.index()] = entry;
                    }
                    walk.enter(n, d + 1);
                }
            }
        }
        0
    }

    /// `side` values a draw at `-points` (its opponent at `+points`), and the score is pulled
    /// towards that over the last [`CLOCK_RAMP`] plies before the no-attack limit. Why: a bot
    /// that expects to beat its opponent loses by a draw, and the limit lies far beyond the
    /// search's horizon: without the pull, a side ahead in material shuffles for 200 plies
    /// (session 13 counted draws at the limit with our Marshal against two enemy pieces, and
    /// with full armies after 97 plies). The pull makes an attack, which resets the count,
    /// worth up to `points` more than a quiet move when the limit nears; a side far behind
    /// is pulled up towards the draw's value and plays for it.
    pub fn with_contempt(mut self, side: Side, points: i32) -> Self {
        self.contempt = Some((side, points));
        self
    }

    /// What a drawn game is worth to `side` (0 without a contempt).
    pub fn draw_value(&self, side: Side) -> i32 {
        match self.contempt {
            Some((s, c)) if s == side => -c,
            Some((_, c)) => c,
            None => 0,
        }
    }

    /// Whether the no-attack clock can change the score within the next ply (the search then
    /// cannot bound a quiet move by [`Evaluator::quiet_change`] alone).
    pub fn clock_running(&self, pos: &Position) -> bool {
        self.ramp(pos).is_some_and(|(start, _)| pos.plies_since_attack() + 1 > start)
    }

    /// With a contempt and a no-attack limit: the count from which the pull starts, and the
    /// limit.
    fn ramp(&self, pos: &Position) -> Option<(u32, u32)> {
        if cfg!(target_arch = "wasm32") {
            return None; // Off by default: kept out of the page's module.
        }
        self.contempt?;
        let limit = pos.rules().max_plies_without_attack?;
        Some((limit.saturating_sub(CLOCK_RAMP), limit))
    }

    /// What `side` has: material, hidden bonus, flag danger to the enemy, advance; `sums` are
    /// [`Evaluator::sums`] of `pos` (read only where the tables serve).
    fn side_score(&self, pos: &Position, side: Side, sums: &Sums) -> i32 {
        // The guard is off until asked for and kept out of the page's module; the march (the
        // endgame's, session 58) is in it since session 59, added to the tables' sums, so that
        // the module needs no copy of the whole sum for it (one at 721 bytes gzipped did not
        // fit under its size line).
        if cfg!(target_arch = "wasm32") || self.guard == 0 {
            return sums.score(side) + self.march_points(pos, side);
        }
        self.side_score_full(pos, side)
    }

    /// `side`'s points of the march ([`Evaluator::with_march`], [`Evaluator::with_marcher`]) in
    /// `pos`: `march * (MARCH_REACH - d)`, `d` the distance (Manhattan) from its nearest Miner
    /// to the enemy Flag (with no Miner left, its nearest movable piece, unless one side alone
    /// marches); 0 when off, for the other side, or with no enemy Flag.
    fn march_points(&self, pos: &Position, side: Side) -> i32 {
        if self.march == 0 || self.marcher.is_some_and(|m| m != side) {
            return 0;
        }
        let Some(f) = self.flag[side.opponent()] else { return 0 };
        let (mut miner_d, mut piece_d) = (i32::MAX, i32::MAX);
        for p in pos.pieces_of(side).map(|id| pos.piece(id)).filter(|p| p.kind.is_movable()) {
            let d = manhattan(p.square, f);
            piece_d = piece_d.min(d);
            if p.kind == PieceKind::Miner {
                miner_d = miner_d.min(d);
            }
        }
        // The endgame's march (one side) pulls Miners alone: were the nearest piece to take over
        // when the last Miner falls, losing it could pay.
        let marcher = if miner_d < i32::MAX || self.marcher.is_some() { miner_d } else { piece_d };
        if marcher < MARCH_REACH { self.march * (MARCH_REACH - marcher) } else { 0 }
    }

    /// What piece `id` adds to its side's [`Sums`]: `(material and advance, flag danger)`, from
    /// the tables ([`Evaluator::worth`], [`Evaluator::place`]) with no branch on its kind;
    /// nothing once it is off the board. Why the tables: summing the terms with a branch per
    /// piece at every node was 41 % of the search's time (perf, session 38).
    #[inline]
    fn piece_terms(&self, pos: &Position, id: PieceId) -> (i32, i32) {
        let p = pos.piece(id);
        if !p.alive {
            return (0, 0);
        }
        let side = id.side();
        let k = p.kind.index();
        let (a, n) = self.place[side][p.square.index()];
        (self.worth[side][k][usize::from(!p.revealed)] + MOVABLE[k] * i32::from(a), MOVABLE[k] * i32::from(n))
    }

    /// The [`Sums`] of `pos`, piece by piece.
    pub fn sums(&self, pos: &Position) -> Sums {
        let mut sums = Sums::default();
        for side in Side::BOTH {
            for id in pos.pieces_of(side) {
                sums.add(self, pos, id, 1);
            }
        }
        sums
    }

    /// Plays `mv` (legal in `pos`) by `play`, keeping `sums` (those of `pos`) in step: the
    /// terms of the two pieces a move can touch, the mover and the piece on its target square,
    /// taken out before and put back after; no other piece's terms change with a move. Why
    /// (session 53): summing the tables over every piece at every node was a quarter of the
    /// search's time (perf, session 52), where a move changes at most two pieces.
    #[inline]
    pub fn play_with<R>(
        &self,
        sums: &mut Sums,
        pos: &mut Position,
        mv: Move,
        play: impl FnOnce(&mut Position) -> R,
    ) -> R {
        let (a, d) = (pos.piece_at(mv.from), pos.piece_at(mv.to));
        for id in [a, d].into_iter().flatten() {
            sums.add(self, pos, id, -1);
        }
        let r = play(pos);
        for id in [a, d].into_iter().flatten() {
            sums.add(self, pos, id, 1);
        }
        r
    }

    /// [`Evaluator::side_score`] term by term, the guard and the march included.
    fn side_score_full(&self, pos: &Position, side: Side) -> i32 {
        let vals = &self.values.by_side[side];
        let enemy_flag = self.flag[side.opponent()];
        let (mut material, mut near, mut advance) = (0, 0, 0);
        let (mut miner_near, mut guarded) = (0, false);
        // The guard is kept out of the page's module.
        let guard_points = if cfg!(target_arch = "wasm32") { 0 } else { self.guard };
        let own_flag = if guard_points > 0 && self.miners_against(side) { self.flag[side] } else { None };
        for id in pos.pieces_of(side) {
            let p = pos.piece(id);
            let v = vals[p.kind.index()];
            material += v;
            if !p.revealed {
                material += self.values.unseen_extra(side, p.kind);
            }
            if !p.kind.is_movable() {
                continue;
            }
            let row = p.square.row() as i32;
            advance += if side == Side::Red { row } else { 9 - row };
            if let Some(f) = enemy_flag {
                let d = manhattan(p.square, f);
                if d < FLAG_RADIUS {
                    near += FLAG_NEAR * (FLAG_RADIUS - d);
                    if guard_points > 0 && p.kind == PieceKind::Miner {
                        miner_near += FLAG_RADIUS - d;
                    }
                }
            }
            if let Some(f) = own_flag
                && !guarded
                && beats_miner(p.kind)
            {
                guarded = manhattan(p.square, f) <= GUARD_RADIUS;
            }
        }
        let guard = if guarded { guard_points } else { 0 } + miner_near * guard_points / 4;
        material + near.min(FLAG_CAP) + advance + guard + self.march_points(pos, side)
    }

    /// The intrusion danger, `percent` > 0 (with the Miner danger on, for its side): that side
    /// loses `DANGER[d] * percent / 100` points while an enemy piece other than a Miner stands
    /// `d` moves from its Flag along empty squares (a Scout in a straight line of empty
    /// squares counts as one move away from the square it would reach), never through a piece
    /// of either side. It can count only once a side of the Flag is open: a shell of Bombs and
    /// other pieces keeps the intruders out, and then it costs one check of the Flag's
    /// neighbours. Miners are the Miner danger's: they cross Bombs, and both would count them.
    ///
    /// Why: in v12's 200 games against `perspecto-flat` of session 29, four of its eight lost
    /// Flags were taken by a Scout, a Colonel and two Majors after a Miner had opened the
    /// shell 40 to 250 plies before; while the shell stood open nothing in the evaluation
    /// asked for the hole to be closed or watched, and the near threat (three squares) is too
    /// short for a Scout down an open file. Exact for whole positions; the chance leaves'
    /// placement leaves it out (an accepted error), and the horizon bounds are not used while
    /// the shell is open.
    pub fn with_intrusion(mut self, percent: i32) -> Self {
        self.intrude = percent.max(0);
        self
    }

    /// Whether the intrusion danger is on and a side of the guarded Flag is open (a square
    /// next to it that holds no piece of the Flag's side).
    pub fn intrusion_open(&self, pos: &Position) -> bool {
        self.open_flag(pos).is_some()
    }

    /// The guarded side and its Flag's square, while the intrusion danger is on and a side of
    /// that Flag is open.
    fn open_flag(&self, pos: &Position) -> Option<(Side, Square)> {
        if self.intrude <= 0 || cfg!(target_arch = "wasm32") {
            return None;
        }
        let (side, _) = self.danger?;
        let f = self.flag[side]?;
        f.neighbours().any(|n| !matches!(pos.occupant(n), Some((s, _)) if s == side)).then_some((side, f))
    }

    /// The guarded side's loss to the intrusion danger in `pos` (0 when off, when the Flag's
    /// shell is closed, or when no intruder is within reach).
    pub fn intrusion_points(&self, pos: &Position) -> i32 {
        let Some((side, f)) = self.open_flag(pos) else { return 0 };
        let reach = DANGER.len() as i32 - 1;
        let intruder = |sq: Square| match pos.occupant(sq) {
            Some((s, k)) if s != side => k.is_movable() && k != PieceKind::Miner,
            _ => false,
        };
        let mut walk = Walk::from(f, reach);
        while let Some((sq, d)) = walk.next() {
            // A Scout down a straight line of empty squares reaches `sq` in one move.
            for dir in crate::rules::Direction::ALL {
                let mut at = sq;
                let mut run = 0;
                while let Some(n) = at.step(dir).filter(|n| !n.is_lake()) {
                    match pos.occupant(n) {
                        None => {
                            at = n;
                            run += 1;
                        }
                        Some((s, PieceKind::Scout)) if s != side && run > 0 => {
                            return DANGER[(d + 1) as usize] * self.intrude / 100;
                        }
                        _ => break,
                    }
                }
            }
            for n in sq.neighbours() {
                if walk.reached(n) {
                    continue;
                }
                if intruder(n) {
                    return DANGER[(d + 1) as usize] * self.intrude / 100;
                }
                if pos.occupant(n).is_none() {
                    walk.enter(n, d + 1);
                }
            }
        }
        0
    }

    /// What a movable piece of `side` on `sq` adds to `side`'s score besides its material: its
    /// advance and its flag danger (before [`FLAG_CAP`]). For the search's chance leaves, which
    /// value a battle without playing it.
    pub fn placement(&self, side: Side, sq: Square) -> i32 {
        let (advance, near) = self.place[side][sq.index()];
        i32::from(advance) + i32::from(near)
    }

    /// The piece values of this search.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// [`Values::add_base`] on this evaluator's values.
    pub fn add_base(&mut self, points: i32) {
        self.values.add_base(points);
        self.worth = worth_of(&self.values);
    }

    /// [`Values::add_marshal`] on this evaluator's values.
    pub fn add_marshal(&mut self, points: i32) {
        self.values.add_marshal(points);
        self.worth = worth_of(&self.values);
    }

    /// [`Values::add_spy`] on this evaluator's values.
    pub fn add_spy(&mut self, points: i32, pos: &Position, only: Option<Side>) {
        self.values.add_spy(points, pos, only);
        self.worth = worth_of(&self.values);
    }

    /// [`Values::set_bomb_secret`] on this evaluator's values.
    pub fn set_bomb_secret(&mut self, points: i32) {
        self.values.set_bomb_secret(points);
        self.worth = worth_of(&self.values);
    }

    /// The score of `pos` for `side` (zero-sum).
    pub fn evaluate(&self, pos: &Position, side: Side) -> i32 {
        self.evaluate_with(pos, side, &self.sums(pos))
    }

    /// [`Evaluator::evaluate`] given the [`Sums`] of `pos` (kept by the search move by move,
    /// [`Evaluator::play_with`]).
    pub fn evaluate_with(&self, pos: &Position, side: Side, sums: &Sums) -> i32 {
        debug_assert_eq!(*sums, self.sums(pos), "the sums kept by the moves are the position's");
        let mut v = self.side_score(pos, side, sums) - self.side_score(pos, side.opponent(), sums);
        if let Some((guarded, _)) = self.danger {
            let d = self.danger_points(pos) + self.intrusion_points(pos);
            v += if side == guarded { -d } else { d };
        }
        // Natively only while it is measured (the page's module has no room for a switch).
        if let Some((watcher, points)) = self.sentinels
            && !cfg!(target_arch = "wasm32")
            && self.miners_against(watcher)
        {
            let w = points * self.watched_doors(pos, watcher);
            v += if side == watcher { w } else { -w };
        }
        // Natively only while it is measured (session 33).
        if self.spy_hunt > 0 && !cfg!(target_arch = "wasm32") {
            let h = self.hunt_points(pos, Side::Red) - self.hunt_points(pos, Side::Blue);
            v += if side == Side::Red { h } else { -h };
        }
        // Natively only while it is measured (session 57).
        if self.hunt > 0 && !cfg!(target_arch = "wasm32") {
            let h = self.officer_hunt(pos, Side::Red) - self.officer_hunt(pos, Side::Blue);
            v += if side == Side::Red { h } else { -h };
        }
        // Natively only while it is measured (session 60).
        if self.trap > 0 && !cfg!(target_arch = "wasm32") {
            v += self.trap_net(pos, side, None);
        }
        let Some((start, limit)) = self.ramp(pos) else { return v };
        let n = pos.plies_since_attack().min(limit);
        if n <= start {
            return v;
        }
        // Truncation towards zero keeps the score zero-sum.
        let (k, span) = (i64::from(n - start), i64::from(limit - start));
        (i64::from(v) + (i64::from(self.draw_value(side)) - i64::from(v)) * k / span) as i32
    }

    /// `side`'s flag-danger points before the cap ([`FLAG_CAP`]): what [`Evaluator::quiet_change`]
    /// needs of the position before the move.
    pub fn flag_near(&self, pos: &Position, side: Side) -> i32 {
        self.sums(pos).near(side)
    }

    /// Whether `side`'s opponent had Miners at the root (a guard is worth nothing without).
    pub fn miners_against(&self, side: Side) -> bool {
        self.miners[side.opponent()] != 0
    }

    /// The exact change of `evaluate(pos, side)` when `side` moves a piece from `from` to an
    /// empty square `to` (no battle), given `near` = [`Evaluator::flag_near`] of `side` before
    /// the move: only the mover's advance and flag danger change (material, the hidden bonus
    /// and the enemy's terms stay). Lets the search bound a quiet move's value at the horizon
    /// without playing it (`search::determinized`).
    pub fn quiet_change(&self, side: Side, from: Square, to: Square, near: i32) -> i32 {
        let ((a_from, n_from), (a_to, n_to)) = (self.place[side][from.index()], self.place[side][to.index()]);
        let after = near - i32::from(n_from) + i32::from(n_to);
        i32::from(a_to) - i32::from(a_from) + after.min(FLAG_CAP) - near.min(FLAG_CAP)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::material::{MAX_PLY, WIN};
    use crate::ai::{rng_from_seed, setupgen::random::random_setup};
    use crate::rules::position::placed;
    use crate::rules::{Rules, Variant};
    use rand::Rng;

    #[test]
    fn zero_sum_and_bounded_along_random_games() {
        let mut rng = rng_from_seed(21);
        for variant in [Variant::Classic, Variant::Barrage] {
            let (a, b) = (random_setup(variant, &mut rng), random_setup(variant, &mut rng));
            let mut pos = Position::new(Rules::for_variant(variant), &a, &b);
            let ev = Evaluator::new(&pos);
            assert_eq!(ev.evaluate(&pos, Side::Red), -ev.evaluate(&pos, Side::Blue));
            for _ in 0..400 {
                if pos.outcome().is_some() {
                    break;
                }
                let moves = pos.legal_moves();
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                let e = ev.evaluate(&pos, Side::Red);
                assert_eq!(e, -ev.evaluate(&pos, Side::Blue));
                assert!(e.abs() < WIN - MAX_PLY);
            }
        }
    }

    #[test]
    fn the_miner_guard_pays_a_defender_by_the_flag_and_a_miner_near_the_enemy_flag() {
        use PieceKind::*;
        // Red: Flag d1 bombed in (c1, e1, d2), a Sergeant on `sergeant`. Blue: Flag j10, a
        // Miner on `miner`, a Marshal far away.
        let at = |sergeant: &str, miner: &str| {
            placed(&[
                ("d1", Side::Red, Flag),
                ("c1", Side::Red, Bomb),
                ("e1", Side::Red, Bomb),
                ("d2", Side::Red, Bomb),
                (sergeant, Side::Red, Sergeant),
                ("j10", Side::Blue, Flag),
                (miner, Side::Blue, Miner),
                ("a10", Side::Blue, Marshal),
            ])
        };
        let gain = |pos: &Position| {
            let ev = Evaluator::new(pos);
            let with = ev.clone().with_guard(40);
            assert_eq!(with.evaluate(pos, Side::Red), -with.evaluate(pos, Side::Blue), "not zero-sum");
            with.evaluate(pos, Side::Red) - ev.evaluate(pos, Side::Red)
        };
        // The Sergeant two squares from the Flag guards it; the Miner is far from d1.
        assert_eq!(gain(&at("e2", "h7")), 40);
        // Three squares away it does not.
        assert_eq!(gain(&at("f2", "h7")), 0);
        // The Miner three squares from the Flag (e4: |4-1| + 0 = 3) counts 40 / 4 per unit of
        // nearness (6 - 3) for Blue.
        assert_eq!(gain(&at("e2", "d4")), 40 - 10 * 3);
        assert_eq!(gain(&at("f2", "d4")), -10 * 3);
        // Without Miners on the other side no guard is paid.
        let no_miner = placed(&[
            ("d1", Side::Red, Flag),
            ("e2", Side::Red, Sergeant),
            ("j10", Side::Blue, Flag),
            ("a10", Side::Blue, Marshal),
        ]);
        assert_eq!(gain(&no_miner), 0);
        // A Scout does not guard (a Miner beats it).
        let scout = placed(&[
            ("d1", Side::Red, Flag),
            ("e2", Side::Red, Scout),
            ("j10", Side::Blue, Flag),
            ("h7", Side::Blue, Miner),
        ]);
        assert_eq!(gain(&scout), 0);
    }

    #[test]
    fn a_sentinel_is_paid_for_each_door_of_the_flag_it_watches() {
        use PieceKind::*;
        // Red: Flag a1 behind Bombs a2 and b1, pieces `red`. Blue: Flag j10 and `blue`.
        let at = |red: &[(&str, PieceKind)], blue: PieceKind| {
            let mut all = vec![("a1", Side::Red, Flag), ("a2", Side::Red, Bomb), ("b1", Side::Red, Bomb)];
            all.extend(red.iter().map(|&(sq, k)| (sq, Side::Red, k)));
            all.extend([("j10", Side::Blue, Flag), ("h7", Side::Blue, blue)]);
            placed(&all)
        };
        let gain = |pos: &Position| {
            let ev = Evaluator::new(pos);
            let with = ev.clone().with_sentinels(Side::Red, 30);
            assert_eq!(with.evaluate(pos, Side::Red), -with.evaluate(pos, Side::Blue), "not zero-sum");
            with.evaluate(pos, Side::Red) - ev.evaluate(pos, Side::Red)
        };
        // b2 is next to both doors, a3 to a2 only, c1 to b1 only, c2 to neither.
        assert_eq!(gain(&at(&[("b2", Sergeant)], Miner)), 60);
        assert_eq!(gain(&at(&[("a3", Major)], Miner)), 30);
        assert_eq!(gain(&at(&[("a3", Captain), ("c1", Lieutenant)], Miner)), 60);
        assert_eq!(gain(&at(&[("c2", Marshal)], Miner)), 0);
        // A Scout or a Miner of ours does not watch (a Miner takes them or ties).
        assert_eq!(gain(&at(&[("b2", Scout), ("a3", Miner)], Miner)), 0);
        // Without enemy Miners nothing is paid.
        assert_eq!(gain(&at(&[("b2", Sergeant)], Marshal)), 0);
        // A door taken is no door: with a2 gone, b2 watches b1 alone.
        let open = placed(&[
            ("a1", Side::Red, Flag),
            ("b1", Side::Red, Bomb),
            ("b2", Side::Red, Sergeant),
            ("j10", Side::Blue, Flag),
            ("h7", Side::Blue, Miner),
        ]);
        assert_eq!(gain(&open), 30);
        // Blue's sentinels do not watch Red's doors (and Red has no Miner against Blue).
        let pos = at(&[("b2", Sergeant)], Miner);
        let blue_side = Evaluator::new(&pos).with_sentinels(Side::Blue, 30);
        assert_eq!(blue_side.evaluate(&pos, Side::Red), Evaluator::new(&pos).evaluate(&pos, Side::Red));
    }

    #[test]
    fn the_march_pulls_the_nearest_miner_across_the_board_or_the_nearest_piece_without_miners() {
        use PieceKind::*;
        // Blue: Flag j10 bombed in (i10, j9), a Miner on a10 (9 squares from Red's Flag a1:
        // 4 * (19 - 9) = 40 for Blue). Red: Flag a1 and `red`.
        let at = |red: &[(&str, PieceKind)]| {
            let mut pieces = vec![
                ("a1", Side::Red, Flag),
                ("j10", Side::Blue, Flag),
                ("i10", Side::Blue, Bomb),
                ("j9", Side::Blue, Bomb),
                ("a10", Side::Blue, Miner),
            ];
            pieces.extend(red.iter().map(|&(sq, k)| (sq, Side::Red, k)));
            placed(&pieces)
        };
        let gain = |pos: &Position| {
            let ev = Evaluator::new(pos);
            let with = ev.clone().with_march(4);
            assert_eq!(with.evaluate(pos, Side::Red), -with.evaluate(pos, Side::Blue), "not zero-sum");
            assert_eq!(ev.clone().with_march(0).evaluate(pos, Side::Red), ev.evaluate(pos, Side::Red));
            with.evaluate(pos, Side::Red) - ev.evaluate(pos, Side::Red)
        };
        // Only the nearest Miner counts (e8: 5 + 2 = 7 squares from j10), not the one on b2 (16)
        // nor the Marshal on j5 or j3 (5 and 7, but a Miner is left).
        assert_eq!(gain(&at(&[("b2", Miner), ("e8", Miner), ("j5", Marshal)])), 4 * (19 - 7) - 40);
        assert_eq!(gain(&at(&[("b2", Miner), ("j3", Marshal)])), 4 * (19 - 16) - 40);
        // With no Miner left, the nearest movable piece marches.
        assert_eq!(gain(&at(&[("j3", Marshal), ("a2", Sergeant)])), 4 * (19 - 7) - 40);
        // One step nearer is worth the points of one square.
        let (far, near) = (at(&[("b2", Miner)]), at(&[("b3", Miner)]));
        assert_eq!(gain(&near) - gain(&far), 4);
        // One side alone (the endgame's march): Red's march counts, Blue's 40 does not, and
        // the other way round.
        let pos = at(&[("e8", Miner)]);
        let ev = Evaluator::new(&pos);
        let alone = |side: Side| {
            ev.clone().with_march(4).with_marcher(side).evaluate(&pos, Side::Red) - ev.evaluate(&pos, Side::Red)
        };
        assert_eq!(alone(Side::Red), 4 * (19 - 7));
        assert_eq!(alone(Side::Blue), -40);
        // And with Miners alone: with no Miner left Red's Marshal on j8 (2 squares from Blue's
        // Flag) earns nothing, where the march of both sides pays it.
        let pos = at(&[("j8", Marshal)]);
        let ev = Evaluator::new(&pos);
        let gain = |e: Evaluator| e.evaluate(&pos, Side::Red) - ev.evaluate(&pos, Side::Red);
        assert_eq!(gain(ev.clone().with_march(4).with_marcher(Side::Red)), 0);
        assert_eq!(gain(ev.clone().with_march(4)), 4 * (19 - 2) - 40);
    }

    #[test]
    fn the_miner_danger_counts_the_nearest_enemy_miners_moves_through_our_bombs() {
        use PieceKind::*;
        // Red: Flag a1, Bombs b1 and a2, and `extra`. Blue: a Miner on a4 (Red's Flag three
        // Miner moves away: a3, a2 taking the Bomb, a1), its Flag far away.
        let at = |extra: &[(&str, Side, PieceKind)]| {
            let mut pieces = vec![
                ("a1", Side::Red, Flag),
                ("b1", Side::Red, Bomb),
                ("a2", Side::Red, Bomb),
                ("a4", Side::Blue, Miner),
                ("j10", Side::Blue, Flag),
            ];
            pieces.extend_from_slice(extra);
            placed(&pieces)
        };
        let danger = |pos: &Position, percent: i32| {
            let plain = Evaluator::new(pos);
            let ev = plain.clone().with_danger(Side::Red, percent);
            assert_eq!(ev.evaluate(pos, Side::Red), -ev.evaluate(pos, Side::Blue), "not zero-sum");
            assert_eq!(ev.evaluate(pos, Side::Red) - plain.evaluate(pos, Side::Red), -ev.danger_points(pos));
            ev.danger_points(pos)
        };
        // No Red piece beats the Miner: the chase counts in full.
        let far = CHASE * CHASE_SQUARES;
        assert_eq!(danger(&at(&[]), 100), DANGER[3] + far);
        assert_eq!(danger(&at(&[]), 50), (DANGER[3] + far) / 2);
        // A Red Captain on e4, four squares from the Miner: three squares of chase.
        assert_eq!(danger(&at(&[("e4", Side::Red, Captain)]), 100), DANGER[3] + 3 * CHASE);
        // A Red Sergeant on a3 blocks the file (round by b4, b3, b2 and a Bomb: five moves)
        // and stands next to the Miner: no chase.
        assert_eq!(danger(&at(&[("a3", Side::Red, Sergeant)]), 100), DANGER[5]);
        // With b3 blocked too the way is longer than the table reaches.
        assert_eq!(danger(&at(&[("a3", Side::Red, Sergeant), ("b3", Side::Red, Captain)]), 100), 0);
        // A Red Scout on a3 neither blocks (the Miner takes it) nor chases; a Blue piece does
        // neither.
        assert_eq!(danger(&at(&[("a3", Side::Red, Scout)]), 100), DANGER[3] + far);
        assert_eq!(danger(&at(&[("a3", Side::Blue, Marshal)]), 100), DANGER[3] + far);
        // Blue's danger is not watched; with Red's Miners near Blue's Flag nothing changes.
        let mut ev = Evaluator::new(&at(&[])).with_danger(Side::Blue, 100);
        assert_eq!(ev.danger_points(&at(&[])), 0);
        ev = ev.with_danger(Side::Red, 0);
        assert_eq!(ev.danger, None);
    }

    #[test]
    fn the_chase_to_the_door_measures_the_defenders_way_to_the_bomb_the_miner_takes() {
        use PieceKind::*;
        // Red: Flag a1, Bombs b1 and a2 (unless `extra` puts a piece there), and `extra`; Blue:
        // its Flag far away and `extra`. The danger in `mode`, checked zero-sum and equal to
        // what the evaluation loses.
        let danger = |extra: &[(&str, Side, PieceKind)], mode: u8| {
            let mut pieces = vec![("a1", Side::Red, Flag), ("j10", Side::Blue, Flag)];
            for door in ["b1", "a2"] {
                if !extra.iter().any(|e| e.0 == door) {
                    pieces.push((door, Side::Red, Bomb));
                }
            }
            pieces.extend_from_slice(extra);
            let pos = placed(&pieces);
            let plain = Evaluator::new(&pos);
            let ev = plain.clone().with_danger(Side::Red, 100).with_door_chase(mode);
            assert_eq!(ev.evaluate(&pos, Side::Red), -ev.evaluate(&pos, Side::Blue), "not zero-sum");
            assert_eq!(ev.evaluate(&pos, Side::Red) - plain.evaluate(&pos, Side::Red), -ev.danger_points(&pos));
            ev.danger_points(&pos)
        };
        let miner = ("a4", Side::Blue, Miner);
        // The Miner on a4 has one shortest way (a3, the Bomb a2, a1), by the door a2. A
        // Captain on a5, one step behind it: no chase to the Miner, three squares (a5 to a2,
        // less one) to the door, whichever door mode.
        let behind = [miner, ("a5", Side::Red, Captain)];
        assert_eq!(danger(&behind, 0), DANGER[3]);
        assert_eq!(danger(&behind, 1), DANGER[3] + 2 * CHASE);
        assert_eq!(danger(&behind, 2), DANGER[3] + 2 * CHASE);
        // A Captain on b2, beside the door, is two squares from the Miner.
        let beside = [miner, ("b2", Side::Red, Captain)];
        assert_eq!(danger(&beside, 0), DANGER[3] + 2 * CHASE);
        assert_eq!(danger(&beside, 1), DANGER[3]);
        assert_eq!(danger(&beside, 2), DANGER[3]);
        // With a2 held by a Sergeant the way goes round by b2 to the door b1 (b4 or a3, b3,
        // b2, b1, a1: five moves): a Captain on c1 stands beside that door, and the Sergeant
        // two squares from the Miner.
        let round = [miner, ("a2", Side::Red, Sergeant), ("c1", Side::Red, Captain)];
        assert_eq!(danger(&round, 0), DANGER[5] + CHASE);
        assert_eq!(danger(&round, 1), DANGER[5]);
        assert_eq!(danger(&round, 2), DANGER[5]);
        // A Miner next to the Flag is its own door: the chase is to the Miner again.
        let next = [("a2", Side::Blue, Miner), ("a5", Side::Red, Captain)];
        assert_eq!(danger(&next, 1), DANGER[1] + 2 * CHASE);
        assert_eq!(danger(&next, 2), DANGER[1] + 2 * CHASE);
        // A Miner on c3 has shortest ways (four moves) by both doors. A Captain on a4 stands
        // one square from a2 less one, three from b1, two from the Miner: the worst watched
        // door counts three.
        let two = ("c3", Side::Blue, Miner);
        assert_eq!(danger(&[two, ("a4", Side::Red, Captain)], 0), DANGER[4] + 2 * CHASE);
        assert_eq!(danger(&[two, ("a4", Side::Red, Captain)], 2), DANGER[4] + 3 * CHASE);
        // A Sergeant on d1 watches b1 from one square: both doors one square off, though
        // each defender is two from the Miner.
        let both = [two, ("a4", Side::Red, Captain), ("d1", Side::Red, Sergeant)];
        assert_eq!(danger(&both, 0), DANGER[4] + 2 * CHASE);
        assert_eq!(danger(&both, 2), DANGER[4] + CHASE);
    }

    #[test]
    fn the_intrusion_danger_counts_the_nearest_intruder_through_an_open_side_of_the_flag() {
        use PieceKind::*;
        // Red: Flag a1, Bomb b1, a2 open (its Bomb taken), and `extra`. Blue: its Flag far
        // away and `extra`.
        let at = |extra: &[(&str, Side, PieceKind)]| {
            let mut pieces = vec![("a1", Side::Red, Flag), ("b1", Side::Red, Bomb), ("j10", Side::Blue, Flag)];
            pieces.extend_from_slice(extra);
            placed(&pieces)
        };
        let intrusion = |pos: &Position, percent: i32| {
            let plain = Evaluator::new(pos).with_danger(Side::Red, 100);
            let ev = plain.clone().with_intrusion(percent);
            assert_eq!(ev.evaluate(pos, Side::Red), -ev.evaluate(pos, Side::Blue), "not zero-sum");
            assert_eq!(ev.evaluate(pos, Side::Red) - plain.evaluate(pos, Side::Red), -ev.intrusion_points(pos));
            ev.intrusion_points(pos)
        };
        let major = ("a4", Side::Blue, Major);
        // A Major three steps away (a3, a2, a1).
        assert_eq!(intrusion(&at(&[major]), 100), DANGER[3]);
        assert_eq!(intrusion(&at(&[major]), 50), DANGER[3] / 2);
        // Any piece of Red's in the hole closes the shell, a Bomb or a Scout.
        assert_eq!(intrusion(&at(&[major, ("a2", Side::Red, Bomb)]), 100), 0);
        assert_eq!(intrusion(&at(&[major, ("a2", Side::Red, Scout)]), 100), 0);
        // A Red piece on the way does not close the shell but lengthens the way (round by b4,
        // b3, b2, a2: five steps); two close it.
        assert_eq!(intrusion(&at(&[major, ("a3", Side::Red, Sergeant)]), 100), DANGER[5]);
        assert_eq!(intrusion(&at(&[major, ("a3", Side::Red, Sergeant), ("b2", Side::Red, Sergeant)]), 100), 0);
        // A Miner is the Miner danger's; beyond reach nothing counts.
        assert_eq!(intrusion(&at(&[("a4", Side::Blue, Miner)]), 100), 0);
        assert_eq!(intrusion(&at(&[("a6", Side::Blue, Major)]), 100), DANGER[5]);
        assert_eq!(intrusion(&at(&[("a7", Side::Blue, Major)]), 100), 0);
        // A Scout down the open a-file reaches the Flag in one move; on the b-file it is one
        // move from b2, two steps from the Flag.
        assert_eq!(intrusion(&at(&[("a9", Side::Blue, Scout)]), 100), DANGER[1]);
        assert_eq!(intrusion(&at(&[("b9", Side::Blue, Scout)]), 100), DANGER[3]);
        // ...unless a piece stands in its line (the way round takes a step and two lines,
        // which the danger does not count).
        assert_eq!(intrusion(&at(&[("a9", Side::Blue, Scout), ("a6", Side::Blue, Bomb)]), 100), 0);
        assert_eq!(
            intrusion(&at(&[("a9", Side::Blue, Scout), ("a6", Side::Blue, Bomb), ("b8", Side::Blue, Scout)]), 100),
            DANGER[3]
        );
        // Off, or without the Miner danger, or for the other side's Flag: nothing.
        let pos = at(&[major]);
        assert_eq!(Evaluator::new(&pos).with_danger(Side::Red, 100).intrusion_points(&pos), 0);
        assert_eq!(Evaluator::new(&pos).with_intrusion(100).intrusion_points(&pos), 0);
        assert_eq!(Evaluator::new(&pos).with_danger(Side::Blue, 100).with_intrusion(100).intrusion_points(&pos), 0);
        assert!(
            !Evaluator::new(&pos)
                .with_danger(Side::Red, 100)
                .with_intrusion(100)
                .intrusion_open(&at(&[major, ("a2", Side::Red, Bomb)]))
        );
    }

    #[test]
    fn the_miner_dangers_cover_closes_the_ways_next_to_our_defenders() {
        use PieceKind::*;
        // Red: Flag a1, Bombs b1 and a2, a Sergeant on `sergeant`. Blue: a Miner on a4 (three
        // Miner moves by a3 and the Bomb a2), its Flag far away.
        let at = |sergeant: &str| {
            placed(&[
                ("a1", Side::Red, Flag),
                ("b1", Side::Red, Bomb),
                ("a2", Side::Red, Bomb),
                (sergeant, Side::Red, Sergeant),
                ("a4", Side::Blue, Miner),
                ("j10", Side::Blue, Flag),
            ])
        };
        let danger = |sergeant: &str, cover: bool| {
            let pos = at(sergeant);
            let ev = Evaluator::new(&pos).with_danger(Side::Red, 100).with_cover(cover);
            assert_eq!(ev.evaluate(&pos, Side::Red), -ev.evaluate(&pos, Side::Blue), "not zero-sum");
            ev.danger_points(&pos)
        };
        // Next to both Bombs (b2 touches a2 and b1): every way in is closed with the cover;
        // without it the Miner's three moves count, and the chase two squares (b2 to a4).
        assert_eq!(danger("b2", true), 0);
        assert_eq!(danger("b2", false), DANGER[3] + 2 * CHASE);
        // On b3 it covers a3, b2 and b4: the Miner's ways by a3 and round by b2 are closed and
        // the way by c1 is longer than the table reaches.
        assert_eq!(danger("b3", true), 0);
        assert_eq!(danger("b3", false), DANGER[3] + CHASE);
        // On c2 it covers b2, c1, c3 and d2, none of them on the Miner's way by a3: no change.
        assert_eq!(danger("c2", true), DANGER[3] + 3 * CHASE);
        assert_eq!(danger("c2", false), DANGER[3] + 3 * CHASE);
        // On b4 (next to the Miner, covering a4's neighbours b3, b5 and c4 but not a3): the
        // Miner's own square does not close its way.
        assert_eq!(danger("b4", true), DANGER[3]);
    }

    /// Along random games from `seed` (one list of `variants`, four games each, up to `plies`
    /// plies), every quiet move's change of the evaluation with the trap at `trap` percent is
    /// [`Evaluator::quiet_change`] plus the change of [`Evaluator::trap_net`] computed before
    /// the move is played; returns the quiet moves checked and those that changed the trap.
    fn check_quiet_changes(seed: u64, variants: &[Variant], plies: usize, trap: i32) -> (usize, usize) {
        let mut rng = rng_from_seed(seed);
        let (mut checked, mut changed) = (0, 0);
        for &variant in variants {
            for _ in 0..4 {
                let (a, b) = (random_setup(variant, &mut rng), random_setup(variant, &mut rng));
                let mut pos = Position::new(Rules::for_variant(variant), &a, &b);
                let ev = Evaluator::new(&pos).with_trap(trap);
                for _ in 0..plies {
                    if pos.outcome().is_some() {
                        break;
                    }
                    let side = pos.to_move();
                    let before = ev.evaluate(&pos, side);
                    let near = ev.flag_near(&pos, side);
                    let net = ev.trap_net(&pos, side, None);
                    let quiet: Vec<_> =
                        pos.legal_moves().iter().copied().filter(|m| pos.piece_at(m.to).is_none()).collect();
                    for mv in quiet {
                        let after = ev.trap_net(&pos, side, Some((mv.from, mv.to)));
                        pos.play_unchecked(mv);
                        assert_eq!(ev.trap_net(&pos, side, None), after, "{mv}\n{pos:?}");
                        let change = ev.quiet_change(side, mv.from, mv.to, near) + after - net;
                        assert_eq!(ev.evaluate(&pos, side), before + change, "{mv}\n{pos:?}");
                        pos.undo();
                        checked += 1;
                        changed += usize::from(after != net);
                    }
                    let moves = pos.legal_moves();
                    pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        (checked, changed)
    }

    #[test]
    fn quiet_change_is_the_change_of_the_evaluation() {
        let (checked, _) = check_quiet_changes(22, &[Variant::Classic, Variant::Barrage], 300, 0);
        assert!(checked > 10_000, "{checked}");
    }

    /// With the trap on, a quiet move changes the evaluation by [`Evaluator::quiet_change`]
    /// plus the change of [`Evaluator::trap_net`] computed before the move is played: what the
    /// search's horizon bounds add (`search::determinized`), so they stay exact with it.
    #[test]
    fn the_trap_s_change_of_a_quiet_move_is_known_before_it_is_played() {
        let variants = [Variant::Classic, Variant::Barrage, Variant::Classic];
        let (checked, changed) = check_quiet_changes(24, &variants, 400, 30);
        assert!(checked > 10_000 && changed > 200, "{checked} quiet moves, {changed} changed the trap");
    }

    #[test]
    fn the_clock_pulls_the_score_towards_the_draw_value_before_the_no_attack_limit() {
        // Quiet random moves under a no-attack limit of 40 (so the ramp starts at ply 0 of the
        // count and spans 40): with a contempt of 70 for Red the score moves linearly from the
        // plain score to -70 for Red (+70 for Blue), stays zero-sum, and is the plain score
        // without a contempt or before the ramp.
        let mut rng = rng_from_seed(23);
        for (limit, start) in [(40, 0), (150, 50)] {
            let rules = Rules { max_plies_without_attack: Some(limit), ..Rules::for_variant(Variant::Classic) };
            let (a, b) = (random_setup(Variant::Classic, &mut rng), random_setup(Variant::Classic, &mut rng));
            let mut pos = Position::new(rules, &a, &b);
            let plain = Evaluator::new(&pos);
            let ev = Evaluator::new(&pos).with_contempt(Side::Red, 70);
            let mut pulled = 0;
            while pos.outcome().is_none() {
                let n = pos.plies_since_attack();
                let v = plain.evaluate(&pos, Side::Red);
                let e = ev.evaluate(&pos, Side::Red);
                assert_eq!(e, -ev.evaluate(&pos, Side::Blue), "zero-sum at {n}");
                if n <= start {
                    assert_eq!(e, v, "no pull before the ramp ({n})");
                } else {
                    let want = i64::from(v) + (-70 - i64::from(v)) * i64::from(n - start) / i64::from(limit - start);
                    assert_eq!(i64::from(e), want, "linear pull at {n}");
                    pulled += 1;
                }
                let quiet: Vec<_> =
                    pos.legal_moves().iter().copied().filter(|m| pos.piece_at(m.to).is_none()).collect();
                if quiet.is_empty() {
                    break;
                }
                pos.play_unchecked(quiet[rng.random_range(0..quiet.len())]);
            }
            assert_eq!(pos.plies_since_attack(), limit, "the quiet game ran to the limit");
            assert!(pulled >= 39, "{pulled}");
            assert_eq!(ev.draw_value(Side::Red), -70);
            assert_eq!(ev.draw_value(Side::Blue), 70);
            assert_eq!(plain.draw_value(Side::Red), 0);
        }
    }

    #[test]
    fn spy_is_cheap_without_an_enemy_marshal_and_marshal_dearer_without_an_enemy_spy() {
        let full = Variant::Classic.army();
        let mut no_marshal = full;
        no_marshal.remove(PieceKind::Marshal);
        let mut no_spy = full;
        no_spy.remove(PieceKind::Spy);
        let base = Values::for_armies(&BySide::from_fn(|_| full));
        let v = Values::for_armies(&BySide::from_fn(|s| if s == Side::Blue { no_marshal } else { full }));
        assert!(v.by_side[Side::Red][PieceKind::Spy.index()] < base.by_side[Side::Red][PieceKind::Spy.index()]);
        let v = Values::for_armies(&BySide::from_fn(|s| if s == Side::Blue { no_spy } else { full }));
        assert!(v.by_side[Side::Red][PieceKind::Marshal.index()] > base.by_side[Side::Red][PieceKind::Marshal.index()]);
    }

    #[test]
    fn a_dearer_spy_counts_only_while_the_other_side_s_marshal_stands() {
        use PieceKind::*;
        // Both Marshals stand: both Spies count 40 more, and their hidden share with them.
        let all = [
            ("a1", Side::Red, Flag),
            ("b1", Side::Red, Spy),
            ("c1", Side::Red, Marshal),
            ("a10", Side::Blue, Flag),
            ("b10", Side::Blue, Spy),
            ("c10", Side::Blue, Marshal),
        ];
        // The position without the piece on `gone`.
        let without = |gone: &str| placed(&all.iter().copied().filter(|p| p.0 != gone).collect::<Vec<_>>());
        let both = placed(&all);
        let plain = Values::of_position(&both);
        let mut dear = plain;
        dear.add_spy(40, &both, None);
        for side in Side::BOTH {
            assert_eq!(dear.by_side[side][Spy.index()], plain.by_side[side][Spy.index()] + 40);
            assert_eq!(dear.unseen_extra(side, Spy), (plain.by_side[side][Spy.index()] + 40) * HIDDEN_SHARE / 64);
            assert_eq!(dear.by_side[side][Marshal.index()], plain.by_side[side][Marshal.index()]);
        }
        // Red's Spy alone.
        let mut ours = plain;
        ours.add_spy(40, &both, Some(Side::Red));
        assert_eq!(ours.by_side[Side::Red][Spy.index()], plain.by_side[Side::Red][Spy.index()] + 40);
        assert_eq!(ours.by_side[Side::Blue][Spy.index()], plain.by_side[Side::Blue][Spy.index()]);
        // Blue's Marshal gone: Red's Spy (cheap already) gains nothing, Blue's still does.
        let one = without("c10");
        let plain = Values::of_position(&one);
        let mut dear = plain;
        dear.add_spy(40, &one, None);
        assert_eq!(dear.by_side[Side::Red][Spy.index()], plain.by_side[Side::Red][Spy.index()]);
        assert_eq!(dear.by_side[Side::Blue][Spy.index()], plain.by_side[Side::Blue][Spy.index()] + 40);
        // The evaluator's scores move by the same points: Red's Spy taken costs Red 40 more.
        let mut e = Evaluator::new(&both);
        let before = e.evaluate(&both, Side::Red);
        e.add_spy(40, &both, None);
        assert_eq!(e.evaluate(&both, Side::Red), before, "zero-sum: both Spies gained alike");
        let no_red_spy = without("b1");
        let plain_e = Evaluator::new(&both);
        let drop = |ev: &Evaluator| ev.evaluate(&both, Side::Red) - ev.evaluate(&no_red_spy, Side::Red);
        let spy = Values::of_position(&both).by_side[Side::Red][Spy.index()];
        assert_eq!(drop(&e) - drop(&plain_e), 40 + (spy + 40) * HIDDEN_SHARE / 64 - spy * HIDDEN_SHARE / 64);
    }

    #[test]
    fn the_base_adds_to_every_movable_piece_of_both_sides() {
        let movable =
            |pos: &Position, side: Side| pos.pieces_of(side).filter(|&id| pos.piece(id).kind.is_movable()).count();
        // A position of random play in which the sides have lost different numbers of pieces.
        let pos = (0..)
            .filter_map(|seed| {
                crate::ai::setupgen::random::random_position(Variant::Classic, 60..120, &mut rng_from_seed(seed))
            })
            .find(|pos| movable(pos, Side::Red) != movable(pos, Side::Blue))
            .unwrap();
        let plain = Evaluator::new(&pos);
        let mut based = Evaluator::new(&pos);
        based.add_base(20);
        // Each movable piece adds the base and, while unseen, its hidden share of the base.
        let added = |side: Side| -> i32 {
            pos.pieces_of(side)
                .map(|id| pos.piece(id))
                .filter(|p| p.kind.is_movable())
                .map(|p| {
                    let v = plain.values.by_side[side][p.kind.index()];
                    20 + if p.revealed { 0 } else { (v + 20) * HIDDEN_SHARE / 64 - v * HIDDEN_SHARE / 64 }
                })
                .sum()
        };
        for side in Side::BOTH {
            for k in PieceKind::ALL {
                let add = if k.is_movable() { 20 } else { 0 };
                assert_eq!(based.values.by_side[side][k.index()], plain.values.by_side[side][k.index()] + add);
            }
            let want = added(side) - added(side.opponent());
            assert_ne!(want, 0, "the armies differ in movable pieces");
            assert_eq!(based.evaluate(&pos, side) - plain.evaluate(&pos, side), want);
        }
    }

    #[test]
    fn an_unseen_bomb_counts_its_secret_for_its_side_until_it_is_found() {
        use crate::rules::Move;
        use PieceKind::*;
        // Red: Flag a1, Bombs c2 and e2, a Sergeant on j1. Blue: Flag j10, a Scout on c4, a
        // Marshal on a10.
        let mut pos = placed(&[
            ("a1", Side::Red, Flag),
            ("c2", Side::Red, Bomb),
            ("e2", Side::Red, Bomb),
            ("j1", Side::Red, Sergeant),
            ("j10", Side::Blue, Flag),
            ("c4", Side::Blue, Scout),
            ("a10", Side::Blue, Marshal),
        ]);
        let gain = |pos: &Position| {
            let plain = Evaluator::new(pos);
            let mut with = plain.clone();
            with.set_bomb_secret(50);
            assert_eq!(with.evaluate(pos, Side::Red), -with.evaluate(pos, Side::Blue), "not zero-sum");
            with.evaluate(pos, Side::Red) - plain.evaluate(pos, Side::Red)
        };
        assert_eq!(gain(&pos), 2 * 50, "two unseen Bombs");
        // The Scout runs into the Bomb on c2: that Bomb is seen, its secret is gone.
        pos.play_unchecked(Move::parse("j1-j2").unwrap());
        pos.play_unchecked(Move::parse("c4xc2").unwrap());
        assert!(pos.piece(pos.piece_at(Square::parse("c2").unwrap()).unwrap()).revealed);
        assert_eq!(gain(&pos), 50, "one unseen Bomb left");
    }

    #[test]
    fn the_spy_hunt_pays_an_unseen_spy_near_the_enemys_known_marshal() {
        use crate::rules::Move;
        use PieceKind::*;
        // Red: Flag a1, a Spy on `spy`, a Scout on e5 and a Sergeant on j1. Blue: Flag j10, a
        // Marshal on e6 and a Spy on a10.
        let at = |spy: &str| {
            placed(&[
                ("a1", Side::Red, Flag),
                (spy, Side::Red, Spy),
                ("e5", Side::Red, Scout),
                ("j1", Side::Red, Sergeant),
                ("j10", Side::Blue, Flag),
                ("e6", Side::Blue, Marshal),
                ("a10", Side::Blue, Spy),
            ])
        };
        let hunt = |pos: &Position| {
            let plain = Evaluator::new(pos);
            let with = plain.clone().with_spy_hunt(10);
            assert_eq!(with.evaluate(pos, Side::Red), -with.evaluate(pos, Side::Blue), "not zero-sum");
            with.evaluate(pos, Side::Red) - plain.evaluate(pos, Side::Red)
        };
        // The Marshal not yet seen: nothing.
        let mut pos = at("c4");
        assert_eq!(hunt(&pos), 0);
        // The Scout runs into it: now seen, four squares from the Spy on c4.
        pos.play_unchecked(Move::parse("e5xe6").unwrap());
        assert_eq!(hunt(&pos), 10 * (HUNT_RADIUS - 4));
        let mut near = at("f6");
        near.play_unchecked(Move::parse("e5xe6").unwrap());
        assert_eq!(hunt(&near), 10 * (HUNT_RADIUS - 1));
        let mut far = at("a1");
        far.play_unchecked(Move::parse("e5xe6").unwrap());
        assert_eq!(hunt(&far), 0, "beyond the radius");
        // A Spy the enemy has seen hunts nothing: the Spy on f6 strikes and is seen...
        near.play_unchecked(Move::parse("a10-a9").unwrap());
        let mut struck = near.clone();
        struck.play_unchecked(Move::parse("f6xe6").unwrap());
        assert_eq!(hunt(&struck), 0, "no Marshal left");
        // ...and Blue's Spy beside a seen Red Marshal counts for Blue.
        let mut blue = placed(&[
            ("a1", Side::Red, Flag),
            ("e5", Side::Red, Marshal),
            ("j10", Side::Blue, Flag),
            ("e6", Side::Blue, Scout),
            ("f5", Side::Blue, Spy),
            ("j9", Side::Blue, Sergeant),
        ]);
        blue.play_unchecked(Move::parse("e5xe6").unwrap());
        assert_eq!(hunt(&blue), -10 * (HUNT_RADIUS - 2), "the Marshal on e6 now, the Spy two squares off");
    }

    #[test]
    fn the_trap_costs_a_boxed_piece_near_a_seen_enemy_that_beats_it() {
        use crate::rules::Move;
        use PieceKind::*;
        // Red: a General on g2 boxed in by a Sergeant (f2), a Scout (h2), a Bomb (g1) and a
        // Lieutenant (g3); a Scout on i4 and one on a2 to pass with; the Flag on a1. Blue: a
        // Marshal on i5 not yet seen, a Colonel on b6, the Flag on j10.
        // The boxed General and its neighbours, with a Red Scout on `scout` and Blue's pieces.
        let boxed = |scout: &str, blue: &[(&str, PieceKind)]| {
            let mut pieces = vec![
                ("a1", Side::Red, Flag),
                ("a2", Side::Red, Scout),
                ("g2", Side::Red, General),
                ("f2", Side::Red, Sergeant),
                ("h2", Side::Red, Scout),
                ("g1", Side::Red, Bomb),
                ("g3", Side::Red, Lieutenant),
                (scout, Side::Red, Scout),
                ("j10", Side::Blue, Flag),
            ];
            pieces.extend(blue.iter().map(|&(sq, k)| (sq, Side::Blue, k)));
            placed(&pieces)
        };
        let mut pos = boxed("i4", &[("i5", Marshal), ("b6", Colonel)]);
        let trap = |pos: &Position| {
            let plain = Evaluator::new(pos);
            let with = plain.clone().with_trap(30);
            assert_eq!(with.evaluate(pos, Side::Red), -with.evaluate(pos, Side::Blue), "not zero-sum");
            with.evaluate(pos, Side::Red) - plain.evaluate(pos, Side::Red)
        };
        let general = Evaluator::new(&pos).values().by_side[Side::Red][General.index()];
        // The Marshal not yet seen: nothing.
        assert!(!Evaluator::trap_hunters(&pos, None));
        assert_eq!(trap(&pos), 0);
        // It takes the Scout on i4: seen, in Red's half, four squares from g2: beyond the reach.
        pos.play_unchecked(Move::parse("a2-a3").unwrap());
        pos.play_unchecked(Move::parse("i5xi4").unwrap());
        assert!(Evaluator::trap_hunters(&pos, None));
        assert_eq!(trap(&pos), 0, "four squares off");
        // Three squares, then two: the nearer, the dearer.
        pos.play_unchecked(Move::parse("a3-a4").unwrap());
        pos.play_unchecked(Move::parse("i4-h4").unwrap());
        assert_eq!(trap(&pos), -(30 * general / 100) / TRAP_REACH, "h4 to g2: three squares");
        pos.play_unchecked(Move::parse("a4-a5").unwrap());
        pos.play_unchecked(Move::parse("h4-i4").unwrap());
        pos.play_unchecked(Move::parse("a5-a6").unwrap());
        pos.play_unchecked(Move::parse("i4-i3").unwrap());
        assert_eq!(trap(&pos), -(30 * general / 100) / TRAP_REACH, "i3 to g2: three squares");
        let mut near = pos.clone();
        near.play_unchecked(Move::parse("a6-a7").unwrap());
        near.play_unchecked(Move::parse("i3-i2").unwrap());
        assert_eq!(trap(&near), -(30 * general / 100) * 2 / TRAP_REACH, "i2 to g2: two squares");
        // Counting one side's pieces alone: Red's boxed General costs Red, Blue's count nothing.
        let only = |side: Side| {
            let plain = Evaluator::new(&near);
            let with = plain.clone().with_trap(30).with_trapped(side);
            assert_eq!(with.evaluate(&near, Side::Red), -with.evaluate(&near, Side::Blue), "not zero-sum");
            with.evaluate(&near, Side::Red) - plain.evaluate(&near, Side::Red)
        };
        assert_eq!(only(Side::Red), trap(&near));
        assert_eq!(only(Side::Blue), 0);
        // A way out (the Sergeant steps aside from f2): nothing.
        near.play_unchecked(Move::parse("f2-e2").unwrap());
        assert_eq!(trap(&near), 0, "f2 empty");
        // Only a piece that beats it: a seen Colonel beside a boxed General costs nothing.
        let mut colonel = boxed("h3", &[("h4", Colonel)]);
        colonel.play_unchecked(Move::parse("a2-a3").unwrap());
        colonel.play_unchecked(Move::parse("h4xh3").unwrap());
        assert!(Evaluator::trap_hunters(&colonel, None));
        assert_eq!(trap(&colonel), 0, "a Colonel does not beat a General");
        // Blue's pieces are trapped the same way, with the sign turned.
        let mut blue = placed(&[
            ("a1", Side::Red, Flag),
            ("e6", Side::Red, General),
            ("j10", Side::Blue, Flag),
            ("e7", Side::Blue, Scout),
            ("e9", Side::Blue, Colonel),
            ("d9", Side::Blue, Sergeant),
            ("f9", Side::Blue, Sergeant),
            ("e10", Side::Blue, Bomb),
            ("e8", Side::Blue, Scout),
        ]);
        blue.play_unchecked(Move::parse("e6xe7").unwrap());
        let blue_colonel = Evaluator::new(&blue).values().by_side[Side::Blue][Colonel.index()];
        assert_eq!(trap(&blue), 30 * blue_colonel / 100 * 2 / TRAP_REACH, "e7 to e9: two squares");
        // Counting Red's pieces alone leaves Blue's boxed Colonel out; Blue's alone keeps it.
        let plain = Evaluator::new(&blue);
        let red_only = plain.clone().with_trap(30).with_trapped(Side::Red);
        assert_eq!(red_only.evaluate(&blue, Side::Red), plain.evaluate(&blue, Side::Red));
        let blue_only = plain.clone().with_trap(30).with_trapped(Side::Blue);
        assert_eq!(blue_only.evaluate(&blue, Side::Red) - plain.evaluate(&blue, Side::Red), trap(&blue));
        assert!(Evaluator::trap_hunters(&blue, Some(Side::Blue)) && !Evaluator::trap_hunters(&blue, Some(Side::Red)));
    }

    #[test]
    fn the_marshals_duel_pulls_our_marshal_to_a_seen_enemy_marshal_in_our_half() {
        use crate::rules::Move;
        use PieceKind::*;
        // Red: Flag a1, Marshal h1, Spy e2 (beats a Marshal, but not a hunter here), Scout e4.
        // Blue: Flag j10, Marshal e5, Sergeant j9.
        let mut pos = placed(&[
            ("a1", Side::Red, Flag),
            ("h1", Side::Red, Marshal),
            ("e2", Side::Red, Spy),
            ("e4", Side::Red, Scout),
            ("j10", Side::Blue, Flag),
            ("e5", Side::Blue, Marshal),
            ("j9", Side::Blue, Sergeant),
        ]);
        let hunt = |pos: &Position, duel: u8| {
            let plain = Evaluator::new(pos);
            let with = plain.clone().with_hunt(10).with_marshal_duel(duel);
            assert_eq!(with.evaluate(pos, Side::Red), -with.evaluate(pos, Side::Blue), "not zero-sum");
            with.evaluate(pos, Side::Red) - plain.evaluate(pos, Side::Red)
        };
        pos.play_unchecked(Move::parse("h1-h2").unwrap());
        pos.play_unchecked(Move::parse("e5xe4").unwrap());
        let marshal = Evaluator::new(&pos).values().by_side[Side::Blue][Marshal.index()];
        assert!(!Evaluator::hunt_prey(&pos, None, 0), "no Major, Colonel or General");
        assert!(Evaluator::hunt_prey(&pos, None, 1) && Evaluator::hunt_prey(&pos, None, 2));
        assert_eq!(hunt(&pos, 0), 0);
        // h2 to e4: five squares (the Spy on e2, two squares off, does not count).
        assert_eq!(hunt(&pos, 1), 10 * marshal * (HUNT_REACH - 5) / 100);
        assert_eq!(hunt(&pos, 2), 10 * marshal * (HUNT_REACH - 5) / 100);
        // Without our Marshal, nothing pulls: the reach's end.
        let mut alone = placed(&[
            ("a1", Side::Red, Flag),
            ("h1", Side::Red, Sergeant),
            ("e4", Side::Red, Scout),
            ("j10", Side::Blue, Flag),
            ("e5", Side::Blue, Marshal),
        ]);
        alone.play_unchecked(Move::parse("h1-h2").unwrap());
        alone.play_unchecked(Move::parse("e5xe4").unwrap());
        assert_eq!(hunt(&alone, 1), 0);
        // The Marshal alone as prey: a seen General in our half is left to the plain hunt.
        let mut general = placed(&[
            ("a1", Side::Red, Flag),
            ("h1", Side::Red, Marshal),
            ("e4", Side::Red, Scout),
            ("j10", Side::Blue, Flag),
            ("e5", Side::Blue, General),
        ]);
        general.play_unchecked(Move::parse("h1-h2").unwrap());
        general.play_unchecked(Move::parse("e5xe4").unwrap());
        assert!(hunt(&general, 1) > 0);
        assert_eq!(hunt(&general, 2), 0);
    }

    #[test]
    fn the_officers_hunt_pulls_the_nearest_piece_that_beats_a_known_intruder() {
        use crate::rules::Move;
        use PieceKind::*;
        // Red: Flag a1, a Marshal on `marshal`, a Colonel on e2 (does not beat a General), a
        // Scout on e4. Blue: Flag j10, a General on e5, a Major on a10, a Sergeant on j9.
        let at = |marshal: &str| {
            placed(&[
                ("a1", Side::Red, Flag),
                (marshal, Side::Red, Marshal),
                ("e2", Side::Red, Colonel),
                ("e4", Side::Red, Scout),
                ("j10", Side::Blue, Flag),
                ("e5", Side::Blue, General),
                ("a10", Side::Blue, Major),
                ("j9", Side::Blue, Sergeant),
            ])
        };
        let hunt = |pos: &Position| {
            let plain = Evaluator::new(pos);
            let with = plain.clone().with_hunt(10);
            assert_eq!(with.evaluate(pos, Side::Red), -with.evaluate(pos, Side::Blue), "not zero-sum");
            with.evaluate(pos, Side::Red) - plain.evaluate(pos, Side::Red)
        };
        let general = |pos: &Position| Evaluator::new(pos).values().by_side[Side::Blue][General.index()];
        // The General not yet seen: nothing, and no prey.
        let mut pos = at("h1");
        assert!(!Evaluator::hunt_prey(&pos, None, 0));
        assert_eq!(hunt(&pos), 0);
        // Red passes with the Marshal, the General takes the Scout on e4: seen, in Red's half,
        // six squares from the Marshal on h1 (the Colonel two squares off does not count).
        pos.play_unchecked(Move::parse("h1-h2").unwrap());
        pos.play_unchecked(Move::parse("e5xe4").unwrap());
        assert!(Evaluator::hunt_prey(&pos, None, 0));
        assert!(Evaluator::hunt_prey(&pos, Some(Side::Red), 0) && !Evaluator::hunt_prey(&pos, Some(Side::Blue), 0));
        assert_eq!(hunt(&pos), 10 * general(&pos) * (HUNT_REACH - 5) / 100, "h2 to e4: five squares");
        // Nearer pays more; beyond the reach nothing.
        let mut near = at("f2");
        near.play_unchecked(Move::parse("f2-f3").unwrap());
        near.play_unchecked(Move::parse("e5xe4").unwrap());
        assert_eq!(hunt(&near), 10 * general(&near) * (HUNT_REACH - 2) / 100, "f3 to e4: two squares");
        let mut far = at("j1");
        far.play_unchecked(Move::parse("j1-i1").unwrap());
        far.play_unchecked(Move::parse("e5xe4").unwrap());
        assert_eq!(hunt(&far), 10 * general(&far) * (HUNT_REACH - 7) / 100);
        // The General back in its own half (e6): no prey.
        near.play_unchecked(Move::parse("f3-f2").unwrap());
        near.play_unchecked(Move::parse("e4-e5").unwrap());
        assert!(Evaluator::hunt_prey(&near, None, 0), "e5 is the fifth row of Red's half");
        near.play_unchecked(Move::parse("f2-f3").unwrap());
        near.play_unchecked(Move::parse("e5-e6").unwrap());
        assert!(!Evaluator::hunt_prey(&near, None, 0));
        assert_eq!(hunt(&near), 0);
        // Blue hunts too: Red's Colonel seen in Blue's half, Blue's General two squares off.
        let mut blue = placed(&[
            ("a1", Side::Red, Flag),
            ("e6", Side::Red, Colonel),
            ("j10", Side::Blue, Flag),
            ("e7", Side::Blue, Scout),
            ("g7", Side::Blue, General),
            ("a9", Side::Blue, Sergeant),
        ]);
        blue.play_unchecked(Move::parse("e6xe7").unwrap());
        let colonel = Evaluator::new(&blue).values().by_side[Side::Red][Colonel.index()];
        assert_eq!(hunt(&blue), -10 * colonel * (HUNT_REACH - 2) / 100, "the Colonel on e7, the General on g7");
        // Red alone hunting: Blue's hunt is left out.
        let red_only = Evaluator::new(&blue).with_hunt(10).with_hunter(Side::Red);
        assert_eq!(red_only.evaluate(&blue, Side::Red), Evaluator::new(&blue).evaluate(&blue, Side::Red));
    }

    #[test]
    fn the_tables_score_every_position_as_the_terms_do() {
        // Positions of random play (pieces seen and unseen, Flags taken or standing), with the
        // values as built and as the base and the Bombs' secret change them: the tables' sum
        // is the term-by-term one, and a placement is its advance and flag danger.
        let mut checked = 0;
        for seed in 0..60 {
            let mut rng = rng_from_seed(900 + seed);
            let Some(pos) = crate::ai::setupgen::random::random_position(Variant::Classic, 0..300, &mut rng) else {
                continue;
            };
            let mut evs = vec![Evaluator::new(&pos)];
            let mut based = Evaluator::new(&pos);
            based.add_base(35);
            based.set_bomb_secret(45);
            evs.push(based);
            for ev in &evs {
                for side in Side::BOTH {
                    assert_eq!(ev.sums(&pos).score(side), ev.side_score_full(&pos, side), "seed {seed}");
                    for i in 0..100 {
                        let sq = Square::from_index(i).unwrap();
                        let advance = if side == Side::Red { sq.row() as i32 } else { 9 - sq.row() as i32 };
                        let near =
                            ev.flag[side.opponent()].map_or(0, |f| FLAG_NEAR * (FLAG_RADIUS - manhattan(sq, f)).max(0));
                        assert_eq!(ev.placement(side, sq), advance + near);
                    }
                }
                checked += 1;
            }
        }
        assert!(checked >= 100, "{checked} evaluators checked");
    }
}
