//! StrategoAI (seed 002: a 2018 bachelor thesis from Universitatea "Ovidius" Constanța, a
//! condensed adaptation of Invincible): nine plans score every legal move, the highest sum is
//! played, no lookahead; Invincible's piece values with factor 1.55, flag 2, spy = marshal / 2,
//! bomb 0.5; reveal penalty 25/100; Marshal-vs-Spy threshold 30/100; a semi-random setup with
//! the flag on the back row (not a corner) and bombs left, right and in front of it.
//!
//! Plans (thesis chapter 5; T = tactical, S = strategic, G = general):
//! T1 [`ImmediateCapture`], T2 [`TacticalDefense`], T3 [`TacticalAttack`],
//! T4 [`BombDefusal`], T5 [`MarshalDefense`], S1 [`StrategicAttack`],
//! S2 [`StrategicDefense`], G1 the random plan (in the bot: it draws from the context's
//! generator), G2 [`MovePenalty`].
//!
//! The thesis does not say how it guesses unknown pieces; we use the minimal model its text
//! implies: uniform counting over the consistent assignments (moved pieces are no Bomb or Flag,
//! long movers are Scouts), [`crate::ai::belief::Unknowns::marginals`]. Scores use the same
//! scale as Invincible (piece values x 100) so that, as the thesis requires, tactical values
//! dominate strategic ones (0.5..2) which dominate the random plan (0..1). Every choice where
//! the thesis is vague is listed in docs/bots/strategoai.md.
//!
//! Invariants: returns one of `view.legal_moves()`; reads only the view; randomness only from
//! the context's generator; one node per move scored, stopping early on the budget.

use super::values::{FlagValue, RevealPenalty, ValueRules};
use super::{Board, Ctx, Plan, in_clear_line, is_lane, manhattan};
use crate::rules::{Battle, Move, PieceId, PieceKind, Side, Square, battle};

/// Reveal penalty (§3.2.1).
pub(crate) const REVEAL_PENALTY: f64 = 0.25;
/// Marshal-vs-Spy danger threshold (§5.4.5).
pub(crate) const SPY_THRESHOLD: f64 = 0.30;
/// The danger window of tactical defence and attack: "a safe target within the next 4 moves"
/// (§5.4.2).
pub const DANGER_WINDOW: i32 = 4;

impl ValueRules {
    /// StrategoAI, thesis §3.1.2 (Listing 3.1).
    pub const STRATEGOAI: ValueRules = ValueRules {
        base: 0.02,
        factor: 1.55,
        equal_kind_factor: None,
        scale_top_to_one: false,
        marshal_vs_spy: None,
        rare_specialists: false,
        per_piece_bonus: false,
        spy_needs_enemy_marshal: false,
        bomb: 0.5,
        flag: FlagValue::Fixed(2.0),
        reveal: RevealPenalty::Constant(REVEAL_PENALTY),
    };
}

fn rank(k: PieceKind) -> i32 {
    k.strength().map_or(0, |s| s as i32)
}

/// T1 (§5.4.1): expected profit of an attack. Win: the defender's value, minus 25% of the
/// attacker's value if the attacker was unknown; loss: minus the attacker's value; equal: both.
/// The value of information is earned only by pieces below the Captain, and only when the
/// defender turns out at least two ranks higher (§3.2.1, our reading: 25% of that piece's
/// value). A known defender yields no information.
pub struct ImmediateCapture;

impl ImmediateCapture {
    /// Expected scaled profit of own `a` attacking enemy `e`.
    pub fn expected(ctx: &Ctx, a: PieceId, e: PieceId) -> f64 {
        let ka = ctx.own_kind(a);
        let own_reveal = if ctx.public[a.index()] { 0.0 } else { REVEAL_PENALTY * ctx.v(ctx.me, ka) };
        let enemy_unknown = !ctx.public[e.index()];
        let sacrifice = rank(ka) < rank(PieceKind::Captain);
        ctx.expectation(e, |k| {
            let info = if enemy_unknown && sacrifice && k.is_movable() && rank(k) >= rank(ka) + 2 {
                REVEAL_PENALTY * ctx.v(ctx.opp, k)
            } else {
                0.0
            };
            let won = ctx.v(ctx.opp, k) - own_reveal;
            let lost = info - ctx.v(ctx.me, ka);
            match battle(ka, k) {
                Battle::AttackerWins => won,
                Battle::DefenderWins => lost,
                Battle::BothRemoved => ctx.v(ctx.opp, k) - ctx.v(ctx.me, ka),
            }
        })
    }
}

impl Plan for ImmediateCapture {
    fn name(&self) -> &'static str {
        "T1 ImmediateCapture"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        ctx.attack(mv).map_or(0.0, |(a, e)| ImmediateCapture::expected(ctx, a, e))
    }
}

/// The known enemy pieces in line with `x` with a clear path (T2 and T3's "line"), within
/// [`DANGER_WINDOW`], with their weight: 1 next to `x`, falling by a quarter per square.
fn known_in_line<'c>(ctx: &'c Ctx, board: &'c Board, x: Square) -> impl Iterator<Item = (PieceKind, f64)> + 'c {
    ctx.enemies().filter_map(move |e| {
        let ke = ctx.view.kind(e)?;
        let es = ctx.view.piece(e).square;
        let d = manhattan(es, x);
        (d <= DANGER_WINDOW && in_clear_line(board, es, x))
            .then(|| (ke, (DANGER_WINDOW + 1 - d) as f64 / DANGER_WINDOW as f64))
    })
}

/// Danger to an own piece of kind `km` on `x`: the highest weight of a known enemy piece in
/// line ([`known_in_line`]) that beats it.
fn line_danger(ctx: &Ctx, board: &Board, km: PieceKind, x: Square) -> f64 {
    known_in_line(ctx, board, x)
        .filter(|&(ke, _)| ke.is_movable() && battle(ke, km) == Battle::AttackerWins)
        .map(|(_, w)| w)
        .fold(0.0, f64::max)
}

/// T2 (§5.4.2): step 1, a move next to a known stronger enemy piece costs the mover's value;
/// steps 2 and 3, a move that takes an own moved or known piece out of a known stronger
/// piece's line (or blocks the line) is worth half the piece's value times the danger removed.
pub struct TacticalDefense {
    before: f64,
    cared: Vec<PieceId>,
}

impl TacticalDefense {
    /// Recalc.
    pub fn new(ctx: &Ctx) -> TacticalDefense {
        let cared: Vec<PieceId> = ctx
            .owns()
            .filter(|&id| {
                let p = ctx.view.piece(id);
                ctx.own_kind(id).is_movable() && (p.moved || p.revealed)
            })
            .collect();
        let mut t = TacticalDefense { before: 0.0, cared };
        t.before = t.total(ctx, &ctx.board, None);
        t
    }

    fn total(&self, ctx: &Ctx, board: &Board, moved: Option<(PieceId, Square)>) -> f64 {
        let mut sum = 0.0;
        for &m in &self.cared {
            let x = ctx.square_given(m, moved);
            let km = ctx.own_kind(m);
            sum += 0.5 * ctx.v(ctx.me, km) * line_danger(ctx, board, km, x);
        }
        sum
    }
}

impl Plan for TacticalDefense {
    fn name(&self) -> &'static str {
        "T2 TacticalDefense"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(id) = ctx.quiet_mover(mv) else { return 0.0 };
        let km = ctx.own_kind(id);
        let mut s = 0.0;
        let next_to_stronger = mv.to.neighbours().filter_map(|n| ctx.board[n]).any(|e| {
            e.side() == ctx.opp
                && ctx.view.kind(e).is_some_and(|ke| ke.is_movable() && battle(ke, km) == Battle::AttackerWins)
        });
        if next_to_stronger {
            s -= ctx.v(ctx.me, km);
        }
        let after = ctx.board_after(mv);
        s + self.before - self.total(ctx, &after, Some((id, mv.to)))
    }
}

/// T3 (§5.4.3): the mirror of T2: a step bringing an own piece into the line of a known enemy
/// piece it beats, within the danger window, is worth half the prey's value times the gain
/// in (5 - distance) / 4.
pub struct TacticalAttack;

/// Half the value of the best known enemy piece in line ([`known_in_line`]) that own `ka`
/// on `x` beats, times its weight.
fn line_prey(ctx: &Ctx, board: &Board, ka: PieceKind, x: Square) -> f64 {
    known_in_line(ctx, board, x)
        .filter(|&(ke, _)| battle(ka, ke) == Battle::AttackerWins)
        .map(|(ke, w)| 0.5 * ctx.v(ctx.opp, ke) * w)
        .fold(0.0, f64::max)
}

impl Plan for TacticalAttack {
    fn name(&self) -> &'static str {
        "T3 TacticalAttack"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(a) = ctx.quiet_mover(mv) else { return 0.0 };
        let ka = ctx.own_kind(a);
        line_prey(ctx, &ctx.board_after(mv), ka, mv.to) - line_prey(ctx, &ctx.board, ka, mv.from)
    }
}

/// T4 (§5.4.4): active only when an enemy Bomb is known and StrategoAI is ahead (sum of own
/// piece values over the enemy's, our reading of "knows it holds an advantage"); a Miner step
/// closer (by free path) to a known Bomb is worth a tenth of the Bomb's value per square gained,
/// more the closer it gets.
pub struct BombDefusal {
    targets: Vec<Square>,
}

impl BombDefusal {
    /// Recalc.
    pub fn new(ctx: &Ctx) -> BombDefusal {
        let sum = |s: Side| -> f64 {
            PieceKind::ALL
                .iter()
                .filter(|&&k| k != PieceKind::Flag)
                .map(|&k| ctx.alive[s][k] as f64 * ctx.values.of(s, k))
                .sum()
        };
        let ahead = sum(ctx.me) > sum(ctx.opp);
        let mut targets = Vec::new();
        if ahead {
            for e in ctx.enemies() {
                if ctx.view.kind(e) == Some(PieceKind::Bomb) {
                    targets.extend(ctx.view.piece(e).square.neighbours());
                }
            }
        }
        BombDefusal { targets }
    }
}

impl Plan for BombDefusal {
    fn name(&self) -> &'static str {
        "T4 BombDefusal"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(a) = ctx.quiet_mover(mv) else { return 0.0 };
        if self.targets.is_empty() {
            return 0.0;
        }
        if ctx.own_kind(a) != PieceKind::Miner {
            return 0.0;
        }
        // Target squares free once the Miner has left its square.
        let free: Vec<Square> =
            self.targets.iter().copied().filter(|&s| ctx.board[s].is_none() || s == mv.from).collect();
        if free.is_empty() {
            return 0.0;
        }
        let Some((b, a2)) = ctx.path_distances(mv, &free) else { return 0.0 };
        0.1 * ctx.v(ctx.opp, PieceKind::Bomb) * (b as f64 - a2 as f64) / (1.0 + a2 as f64)
    }
}

/// T5 (§5.4.5): a Marshal move whose destination has the enemy Spy next to it with probability
/// over 30/100 costs the Marshal's value (only while the enemy Spy lives).
pub struct MarshalDefense;

impl Plan for MarshalDefense {
    fn name(&self) -> &'static str {
        "T5 MarshalDefense"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(a) = ctx.quiet_mover(mv) else { return 0.0 };
        if ctx.alive[ctx.opp][PieceKind::Spy] == 0 {
            return 0.0;
        }
        if ctx.own_kind(a) != PieceKind::Marshal {
            return 0.0;
        }
        let mut none = 1.0;
        for n in mv.to.neighbours() {
            if let Some(e) = ctx.board[n]
                && e.side() == ctx.opp
            {
                none *= 1.0 - ctx.dist[e.index()][PieceKind::Spy];
            }
        }
        if 1.0 - none > SPY_THRESHOLD { -ctx.v(ctx.me, PieceKind::Marshal) } else { 0.0 }
    }
}

/// S1 (§5.5.1): +2 for a step onto a lane square, +1 for a step into the enemy's half (the
/// thesis: "small" and "even smaller"; our numbers).
pub struct StrategicAttack;

impl Plan for StrategicAttack {
    fn name(&self) -> &'static str {
        "S1 StrategicAttack"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        if ctx.is_attack(mv) {
            return 0.0;
        }
        let enemy_half = |s: Square| if ctx.me == Side::Red { s.row() >= 5 } else { s.row() <= 4 };
        let mut s = 0.0;
        if is_lane(mv.to) && !is_lane(mv.from) {
            s += 2.0;
        }
        if enemy_half(mv.to) && !enemy_half(mv.from) {
            s += 1.0;
        }
        s
    }
}

/// S2 (§5.5.2): for own weak or middle pieces (Spy to Major) known to the opponent, a step
/// that brings a higher own piece closer, ending within 2 squares, is worth 1.5 / distance.
pub struct StrategicDefense {
    exposed: Vec<(PieceId, Square)>,
}

impl StrategicDefense {
    /// Recalc.
    pub fn new(ctx: &Ctx) -> StrategicDefense {
        let exposed = ctx
            .owns()
            .filter(|&id| {
                let k = ctx.own_kind(id);
                ctx.view.piece(id).revealed && k.is_movable() && rank(k) <= rank(PieceKind::Major)
            })
            .map(|id| (id, ctx.view.piece(id).square))
            .collect();
        StrategicDefense { exposed }
    }
}

impl Plan for StrategicDefense {
    fn name(&self) -> &'static str {
        "S2 StrategicDefense"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(a) = ctx.quiet_mover(mv) else { return 0.0 };
        if self.exposed.is_empty() {
            return 0.0;
        }
        let ka = ctx.own_kind(a);
        let mut best: f64 = 0.0;
        for &(x, xs) in &self.exposed {
            if x == a || rank(ka) <= rank(ctx.own_kind(x)) {
                continue;
            }
            let (d0, d1) = (manhattan(mv.from, xs), manhattan(mv.to, xs));
            if d1 < d0 && d1 <= 2 {
                best = best.max(1.5 / d1 as f64);
            }
        }
        best
    }
}

/// G2 (§5.6.2): a move of a piece that has not moved yet costs N, the number of own pieces on
/// the board that have moved (literal: attacks are not exempt, long moves not charged extra).
pub struct MovePenalty;

impl Plan for MovePenalty {
    fn name(&self) -> &'static str {
        "G2 MovePenalty"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let a = ctx.mover(mv);
        if ctx.view.piece(a).moved { 0.0 } else { -(ctx.own_moved as f64) }
    }
}

/// StrategoAI's plans for this position (G1, the random plan, is added by the bot).
pub(crate) fn strategoai_plans(ctx: &Ctx) -> Vec<Box<dyn Plan>> {
    vec![
        Box::new(ImmediateCapture),
        Box::new(TacticalDefense::new(ctx)),
        Box::new(TacticalAttack),
        Box::new(BombDefusal::new(ctx)),
        Box::new(MarshalDefense),
        Box::new(StrategicAttack),
        Box::new(StrategicDefense::new(ctx)),
        Box::new(MovePenalty),
    ]
}
