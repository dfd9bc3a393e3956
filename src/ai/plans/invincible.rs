//! Invincible's plans (thesis chapter 5): each plan gives a value to every legal move, the bot
//! plays the move with the highest sum. No plan looks further than the one ply it scores.
//!
//! Every plan sees the framework's [`Ctx`] (in [`super`], shared with StrategoAI's plans),
//! built here from Invincible's belief matrix and [`ValueRules::INVINCIBLE`](super::values::ValueRules::INVINCIBLE).
//!
//! Scale (thesis §5.2.2: "piece values of approximately 10 to 100, strategic plans 2-5, flag
//! defense 200-300"): piece values in 0..1 times [`SCALE`](super::SCALE) = 100; strategic plans give 0.5..5;
//! the random plan 0..1; flag defence up to [`FLAG_DEFENSE`] = 250.
//!
//! Division of labour (§5.3: no two plans score the same goal): only [`ImmediateCapture`]
//! scores attacks, every other plan gives 0 to an attack move, except [`LottoDefense`], whose
//! thesis text asks it to raise the priority of capturing a lotto piece (documented choice).

use super::{Board, Ctx, Plan, in_clear_line, is_lane, manhattan};
use crate::ai::ranking;
use crate::rules::{Battle, BySquare, Move, PieceId, PieceKind, Square, battle};

/// Negative outcomes of an attack on an unknown piece weigh this much more (§5.4.1: "of a
/// pessimistic nature"; the factor is not given).
pub(crate) const PESSIMISM: f64 = 1.25;
/// Share of a piece's value a threat in line at distance 1 costs (Tactical defence).
pub(crate) const DEFENSE_FRACTION: f64 = 0.5;
/// Share of a prey's value an attacker in line at distance 1 is worth (Tactical attack).
pub(crate) const ATTACK_FRACTION: f64 = 0.4;
/// Share of a piece's value a lotto piece next to it costs (below the defence share, §5.4.4).
pub(crate) const LOTTO_FRACTION: f64 = 0.3;
/// Scale of the flag-defence plan (§5.2.2: 200-300).
pub const FLAG_DEFENSE: f64 = 250.0;
/// Enemy pieces within this Manhattan distance of the own flag threaten it.
pub const FLAG_THREAT_RADIUS: i32 = 4;

// ---------------------------------------------------------------------------------------------
// Tactical plans
// ---------------------------------------------------------------------------------------------

/// §5.4.1: the expected profit of an attack, value of information included; pessimistic
/// about unknown defenders. The only plan that scores attacks.
pub struct ImmediateCapture;

impl ImmediateCapture {
    /// Expected scaled profit of own `a` attacking enemy `e`.
    pub fn expected(ctx: &Ctx, a: PieceId, e: PieceId) -> f64 {
        let ka = ctx.own_kind(a);
        let own_reveal = if ctx.public[a.index()] { 0.0 } else { ctx.reveal[ctx.me] * ctx.v(ctx.me, ka) };
        let enemy_unknown = !ctx.public[e.index()];
        ctx.expectation(e, |k| {
            let enemy_reveal = if enemy_unknown { ctx.reveal[ctx.opp] * ctx.v(ctx.opp, k) } else { 0.0 };
            let won = ctx.v(ctx.opp, k) - own_reveal;
            let lost = enemy_reveal - ctx.v(ctx.me, ka);
            let mut out = match battle(ka, k) {
                Battle::AttackerWins => won,
                Battle::DefenderWins => lost,
                Battle::BothRemoved => won + lost,
            };
            if enemy_unknown && out < 0.0 {
                out *= PESSIMISM;
            }
            out
        })
    }
}

impl Plan for ImmediateCapture {
    fn name(&self) -> &'static str {
        "ImmediateCapture"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        ctx.attack(mv).map_or(0.0, |(a, e)| ImmediateCapture::expected(ctx, a, e))
    }
}

/// How dangerous enemy `e` on its square is to an own piece on `x` (thesis Fig. 5.4-5.6):
/// in line with a clear path ("D"), on a line next to the piece's line when the piece cannot
/// step onto the enemy's side ("d"), or anywhere within 3 steps of a piece with a single free
/// neighbour ("L"). Slightly less the further the enemy is. 0 when not threatening.
pub(crate) fn zone_weight(board: &Board, e_sq: Square, x: Square) -> f64 {
    let d = manhattan(e_sq, x);
    let far = 1.0 / (1.0 + 0.05 * (d - 1).max(0) as f64);
    if in_clear_line(board, e_sq, x) {
        return far;
    }
    let free: Vec<Square> = x.neighbours().filter(|&n| board[n].is_none()).collect();
    if free.len() <= 1 && d <= 3 {
        return 0.9 * far;
    }
    // "d" zone: the enemy is one row (column) off the piece's row (column) and the piece can
    // not move to the enemy's row (column) to answer symmetrically.
    let (dr, dc) = (e_sq.row() as i32 - x.row() as i32, e_sq.col() as i32 - x.col() as i32);
    let step = |r: i32, c: i32| -> bool {
        let (rr, cc) = (x.row() as i32 + r, x.col() as i32 + c);
        (0..10).contains(&rr)
            && (0..10).contains(&cc)
            && Square::new(cc as u8, rr as u8).is_some_and(|s| !s.is_lake() && board[s].is_none())
    };
    if dr.abs() == 1 && d <= 8 && !step(dr, 0) {
        return 0.7 * far;
    }
    if dc.abs() == 1 && d <= 8 && !step(0, dc) {
        return 0.7 * far;
    }
    0.0
}

/// §5.4.2: keeps moved or known own pieces (not the Marshal, which [`DefMarshalFromSpy`]
/// guards) out of the danger zones of enemy pieces that could beat them, the danger discounted
/// by how much the opponent believes the piece could beat his (bluff, §2.11). Unmoved
/// unknown pieces are not defended: they keep pretending to be bombs.
pub struct TacticalDefense {
    defended: Vec<PieceId>,
    before: f64,
}

impl TacticalDefense {
    /// Recalc: the pieces in its care and their current danger.
    pub fn new(ctx: &Ctx) -> TacticalDefense {
        let defended: Vec<PieceId> = ctx
            .owns()
            .filter(|&id| {
                let p = ctx.view.piece(id);
                let k = ctx.own_kind(id);
                k.is_movable() && k != PieceKind::Marshal && (p.moved || ctx.public[id.index()])
            })
            .collect();
        let mut t = TacticalDefense { defended, before: 0.0 };
        t.before = t.danger(ctx, &ctx.board, None);
        t
    }

    /// Total scaled danger over the defended pieces on `board` (`moved` = the own piece that
    /// moved and its new square).
    pub fn danger(&self, ctx: &Ctx, board: &Board, moved: Option<(PieceId, Square)>) -> f64 {
        let mut total = 0.0;
        for &m in &self.defended {
            let x = ctx.square_given(m, moved);
            let km = ctx.own_kind(m);
            let mut d = 0.0;
            for e in ctx.enemies() {
                let pt = ctx.p_threat(e, km);
                if pt < 0.02 {
                    continue;
                }
                let w = zone_weight(board, ctx.view.piece(e).square, x);
                if w > 0.0 {
                    d += pt * (1.0 - ctx.opponent_fears(m, e)) * w;
                }
            }
            total += d.min(1.0) * ctx.v(ctx.me, km);
        }
        total * DEFENSE_FRACTION
    }
}

impl Plan for TacticalDefense {
    fn name(&self) -> &'static str {
        "TacticalDefense"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(id) = ctx.quiet_mover(mv) else { return 0.0 };
        if self.defended.is_empty() {
            return 0.0;
        }
        let after = ctx.board_after(mv);
        // A first move of an unmoved piece puts it in this plan's care too.
        let extra = if self.defended.contains(&id) {
            0.0
        } else {
            let km = ctx.own_kind(id);
            if km == PieceKind::Marshal {
                0.0
            } else {
                let solo = TacticalDefense { defended: vec![id], before: 0.0 };
                solo.danger(ctx, &after, Some((id, mv.to)))
            }
        };
        -(self.danger(ctx, &after, Some((id, mv.to))) + extra - self.before)
    }
}

/// §5.4.3: the mirror of tactical defence: brings own pieces that beat an enemy piece (with
/// probability at least [`TacticalAttack::MIN_WIN`]) into its danger zone.
pub struct TacticalAttack;

impl TacticalAttack {
    /// Attackers must beat the prey this surely.
    pub const MIN_WIN: f64 = 0.8;

    /// Scaled attack potential of own `a` standing on `x` against all its prey on `board`.
    pub fn potential(ctx: &Ctx, board: &Board, a: PieceId, x: Square) -> f64 {
        let ka = ctx.own_kind(a);
        let mut total = 0.0;
        for e in ctx.enemies() {
            let p = ctx.p_win(ka, e);
            if p < Self::MIN_WIN {
                continue;
            }
            let gain = ImmediateCapture::expected(ctx, a, e);
            if gain <= 0.0 {
                continue;
            }
            let es = ctx.view.piece(e).square;
            let d = manhattan(es, x);
            let w = if in_clear_line(board, x, es) { 0.8f64.powi(d - 1) } else { 0.5 * 0.8f64.powi(d - 1) };
            total += gain * w;
        }
        total * ATTACK_FRACTION
    }
}

impl Plan for TacticalAttack {
    fn name(&self) -> &'static str {
        "TacticalAttack"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(a) = ctx.quiet_mover(mv) else { return 0.0 };
        let after = ctx.board_after(mv);
        TacticalAttack::potential(ctx, &after, a, mv.to) - TacticalAttack::potential(ctx, &ctx.board, a, mv.from)
    }
}

/// §5.4.4: a penalty for every unknown unmoved own piece next to an enemy piece that has hit
/// unmoved pieces before and would beat it (or is worth less than revealing it); relief for
/// moves that remove the lotto piece or the threatened piece.
pub struct LottoDefense {
    before: f64,
}

impl LottoDefense {
    /// Recalc.
    pub fn new(ctx: &Ctx) -> LottoDefense {
        LottoDefense { before: Self::penalty(ctx, &ctx.board, None) }
    }

    fn penalty(ctx: &Ctx, board: &Board, removed: Option<PieceId>) -> f64 {
        let mut total = 0.0;
        for s in Square::all() {
            let Some(m) = board[s] else { continue };
            if m.side() != ctx.me || ctx.view.piece(m).moved || ctx.public[m.index()] {
                continue;
            }
            let km = ctx.own_kind(m);
            for n in s.neighbours() {
                let Some(l) = board[n] else { continue };
                if l.side() != ctx.opp || !ctx.lotto[l.index()] || Some(l) == removed {
                    continue;
                }
                let Some(kl) = ctx.view.kind(l) else { continue };
                let loses = battle(kl, km) == Battle::AttackerWins;
                let reveal_cost = ctx.reveal[ctx.me] * ctx.v(ctx.me, km);
                let cost = if loses {
                    ctx.v(ctx.me, km)
                } else if reveal_cost > ctx.v(ctx.opp, kl) {
                    reveal_cost
                } else {
                    0.0
                };
                total += cost * LOTTO_FRACTION;
            }
        }
        total
    }
}

impl Plan for LottoDefense {
    fn name(&self) -> &'static str {
        "LottoDefense"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        if self.before == 0.0 {
            return 0.0;
        }
        if let Some((a, e)) = ctx.attack(mv) {
            if !ctx.lotto[e.index()] {
                return 0.0;
            }
            let p = ctx.p_win(ctx.own_kind(a), e);
            let after = Self::penalty(ctx, &ctx.board, Some(e));
            return p * (self.before - after);
        }
        self.before - Self::penalty(ctx, &ctx.board_after(mv), None)
    }
}

/// §5.4.5: after the move, the Marshal next to a piece that may be the enemy Spy costs
/// P(Spy) times the Marshal's value.
pub struct DefMarshalFromSpy;

impl Plan for DefMarshalFromSpy {
    fn name(&self) -> &'static str {
        "DefMarshalFromSpy"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        if ctx.alive[ctx.opp][PieceKind::Spy] == 0 || ctx.is_attack(mv) {
            return 0.0;
        }
        let Some(m) = ctx.owns().find(|&id| ctx.own_kind(id) == PieceKind::Marshal) else { return 0.0 };
        let x = ctx.square_after(m, mv);
        let after = ctx.board_after(mv);
        let mut p = 0.0;
        for n in x.neighbours() {
            if let Some(e) = after[n]
                && e.side() == ctx.opp
            {
                p += ctx.dist[e.index()][PieceKind::Spy];
            }
        }
        -p.min(1.0) * ctx.v(ctx.me, PieceKind::Marshal)
    }
}

// ---------------------------------------------------------------------------------------------
// Strategic plans
// ---------------------------------------------------------------------------------------------

/// §5.5.1 (details not given; ours): a low value, 0.5 to 2.5 by the piece's value, for a step
/// that brings a piece closer (by free path) to the nearest square next to an enemy piece it
/// can attack with profit, or, with no such prey in reach, to the lanes.
pub struct StrategicAttack;

impl StrategicAttack {
    fn targets(ctx: &Ctx, a: PieceId) -> Vec<Square> {
        let mut t: Vec<Square> = Vec::new();
        for e in ctx.enemies() {
            if ImmediateCapture::expected(ctx, a, e) > 0.0 {
                let es = ctx.view.piece(e).square;
                t.extend(es.neighbours().filter(|&n| ctx.board[n].is_none()));
            }
        }
        if t.is_empty() {
            t.extend(Square::all().filter(|&s| is_lane(s) && ctx.board[s].is_none()));
        }
        t
    }
}

impl Plan for StrategicAttack {
    fn name(&self) -> &'static str {
        "StrategicAttack"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(a) = ctx.quiet_mover(mv) else { return 0.0 };
        let targets = Self::targets(ctx, a);
        if targets.is_empty() {
            return 0.0;
        }
        let Some((before, after)) = ctx.path_distances(mv, &targets) else { return 0.0 };
        if after >= before {
            return 0.0;
        }
        let v01 = ctx.values.of(ctx.me, ctx.own_kind(a)).min(1.0);
        (0.5 + 2.0 * v01) * (before - after).min(2) as f64
    }
}

/// §5.5.2 (details not given; ours): penalises forks: an empty square next to two own moved or
/// known pieces that an enemy piece within 3 steps would beat both of (-3 per fork).
pub struct StrategicDefense {
    before: f64,
}

impl StrategicDefense {
    /// Recalc.
    pub fn new(ctx: &Ctx) -> StrategicDefense {
        StrategicDefense { before: Self::forks(ctx, &ctx.board, None) }
    }

    fn forks(ctx: &Ctx, board: &Board, moved: Option<(PieceId, Square)>) -> f64 {
        let exposed =
            |id: PieceId| ctx.view.piece(id).moved || ctx.public[id.index()] || moved.is_some_and(|m| m.0 == id);
        let mut total = 0.0;
        for s in Square::all() {
            if s.is_lake() || board[s].is_some() {
                continue;
            }
            let mine: Vec<PieceId> =
                s.neighbours().filter_map(|n| board[n]).filter(|&id| id.side() == ctx.me && exposed(id)).collect();
            if mine.len() < 2 {
                continue;
            }
            let forked = ctx.enemies().any(|e| {
                let es = ctx.view.piece(e).square;
                manhattan(es, s) <= 3
                    && ctx.p_movable(e) > 0.5
                    && mine.iter().filter(|&&m| ctx.p_threat(e, ctx.own_kind(m)) > 0.5).count() >= 2
            });
            if forked {
                total += 3.0;
            }
        }
        total
    }
}

impl Plan for StrategicDefense {
    fn name(&self) -> &'static str {
        "StrategicDefense"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(id) = ctx.quiet_mover(mv) else { return 0.0 };
        self.before - Self::forks(ctx, &ctx.board_after(mv), Some((id, mv.to)))
    }
}

/// Flag defence (named in §5.2.1 and §9 but not documented; ours): enemy pieces that may move
/// within [`FLAG_THREAT_RADIUS`] of the own flag threaten it (a bombed-in flag only by
/// Miners); each threat is covered by the best own piece that beats it and stands no further
/// from it than it stands from the flag. The move's value is [`FLAG_DEFENSE`] times the change
/// in uncovered threat.
pub struct FlagDefense {
    before: f64,
}

impl FlagDefense {
    /// Recalc.
    pub fn new(ctx: &Ctx) -> FlagDefense {
        FlagDefense { before: Self::uncovered(ctx, &ctx.board, None) }
    }

    /// Uncovered threat to the flag on `board` (`moved`: the own piece that moved and where).
    pub fn uncovered(ctx: &Ctx, board: &Board, moved: Option<(PieceId, Square)>) -> f64 {
        let Some(f) = ctx.flag else { return 0.0 };
        let bombed_in = f
            .neighbours()
            .all(|n| board[n].is_some_and(|id| id.side() == ctx.me && ctx.own_kind(id) == PieceKind::Bomb));
        let at = |id: PieceId| ctx.square_given(id, moved);
        let mut total = 0.0;
        for e in ctx.enemies() {
            let es = ctx.view.piece(e).square;
            let d = manhattan(es, f);
            if d > FLAG_THREAT_RADIUS {
                continue;
            }
            let dist = &ctx.dist[e.index()];
            let p = if bombed_in { dist[PieceKind::Miner] } else { ctx.p_movable(e) };
            let closeness = match d {
                0..=2 => 1.0,
                3 => 0.6,
                _ => 0.3,
            };
            let threat = p * closeness;
            if threat < 0.01 {
                continue;
            }
            let mut cover: f64 = 0.0;
            for a in ctx.owns() {
                let ka = ctx.own_kind(a);
                if !ka.is_movable() || board[at(a)] != Some(a) {
                    continue;
                }
                if manhattan(at(a), es) <= d {
                    cover = cover.max(ctx.p_win(ka, e));
                }
            }
            total += threat * (1.0 - cover);
        }
        total
    }
}

impl Plan for FlagDefense {
    fn name(&self) -> &'static str {
        "FlagDefense"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(id) = ctx.quiet_mover(mv) else { return 0.0 };
        if self.before == 0.0 {
            return 0.0;
        }
        FLAG_DEFENSE * (self.before - Self::uncovered(ctx, &ctx.board_after(mv), Some((id, mv.to))))
    }
}

/// §5.5.3: for each enemy piece that two own pieces can capture with profit, the freedom of
/// the target (squares it reaches before the trappers, Fig. 2.5's race with the trappers
/// expanding first); a step that reduces it scores, else a step bringing the second-closest
/// trapper closer scores less. Both in proportion to the target's expected value.
pub struct TrapPiece {
    targets: Vec<(PieceId, Vec<PieceId>, usize)>,
}

impl TrapPiece {
    /// Trappers must win this surely.
    pub const MIN_WIN: f64 = 0.7;
    /// Value per square of freedom taken, as a share of the target's value.
    pub(crate) const STEP1: f64 = 0.04;
    /// Value for the second trapper's approach, as a share of the target's value.
    pub(crate) const STEP2: f64 = 0.02;

    /// Recalc: the targets, their trappers and current freedom.
    pub fn new(ctx: &Ctx) -> TrapPiece {
        let mut targets = Vec::new();
        for e in ctx.enemies() {
            if ctx.p_movable(e) < 0.99 {
                continue;
            }
            let trappers: Vec<PieceId> = ctx
                .owns()
                .filter(|&a| {
                    let ka = ctx.own_kind(a);
                    ka.is_movable() && ctx.p_win(ka, e) >= Self::MIN_WIN && ImmediateCapture::expected(ctx, a, e) > 0.0
                })
                .collect();
            if trappers.len() >= 2 {
                let f = Self::freedom(ctx, &ctx.board, e, &trappers, None);
                targets.push((e, trappers, f));
            }
        }
        TrapPiece { targets }
    }

    /// Squares the target reaches strictly before any trapper (trappers expand first).
    pub fn freedom(
        ctx: &Ctx,
        board: &Board,
        e: PieceId,
        trappers: &[PieceId],
        moved: Option<(PieceId, Square)>,
    ) -> usize {
        let at = |id: PieceId| ctx.square_given(id, moved);
        let mut tr = BySquare::filled(u8::MAX);
        let mut en = BySquare::filled(u8::MAX);
        for &a in trappers {
            tr[at(a)] = 0;
        }
        en[ctx.view.piece(e).square] = 0;
        let mut run = 0u8;
        loop {
            let mut updated = false;
            for s in Square::all() {
                if tr[s] == run {
                    for n in s.neighbours() {
                        if board[n].is_none() && tr[n] > run + 1 {
                            tr[n] = run + 1;
                            updated = true;
                        }
                    }
                }
            }
            for s in Square::all() {
                if en[s] == run && tr[s] > run {
                    for n in s.neighbours() {
                        if board[n].is_none() && en[n] > run + 1 && tr[n] > run + 1 {
                            en[n] = run + 1;
                            updated = true;
                        }
                    }
                }
            }
            if !updated || run >= 60 {
                break;
            }
            run += 1;
        }
        en.iter().filter(|&(_, &d)| d != u8::MAX).count()
    }
}

impl Plan for TrapPiece {
    fn name(&self) -> &'static str {
        "TrapPiece"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(id) = ctx.quiet_mover(mv) else { return 0.0 };
        if self.targets.is_empty() {
            return 0.0;
        }
        let after = ctx.board_after(mv);
        let mut total = 0.0;
        for (e, trappers, before) in &self.targets {
            let value = ctx.expected_value(*e);
            if !trappers.contains(&id) {
                // A non-trapper may still close a gap.
                let f = Self::freedom(ctx, &after, *e, trappers, None);
                if f < *before {
                    total += Self::STEP1 * value * (*before - f) as f64;
                }
                continue;
            }
            let f = Self::freedom(ctx, &after, *e, trappers, Some((id, mv.to)));
            if f < *before {
                total += Self::STEP1 * value * (*before - f) as f64;
            } else if f == *before {
                let es = ctx.view.piece(*e).square;
                let mut ds: Vec<(i32, PieceId)> =
                    trappers.iter().map(|&a| (manhattan(ctx.view.piece(a).square, es), a)).collect();
                ranking::sort_by_key128(&mut ds, |&(d, a)| ranking::then(ranking::asc_i64(d.into()), a.0.into()));
                if ds.len() >= 2 && ds[1].1 == id && manhattan(mv.to, es) < ds[1].0 {
                    total += Self::STEP2 * value;
                }
            }
        }
        total
    }
}

/// Information gathering ("Intel" in Table 8.1, undocumented; ours, from the Game 1 analysis:
/// "a plan to find the location of the highest enemy piece"): a low piece (Scout, or worth
/// under a Captain) stepping towards the moved unknown enemy piece whose identity is worth the
/// most (sum of P(kind) x reveal value) scores up to 1.5.
pub struct Information;

impl Plan for Information {
    fn name(&self) -> &'static str {
        "Information"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(a) = ctx.quiet_mover(mv) else { return 0.0 };
        let ka = ctx.own_kind(a);
        if !(ka == PieceKind::Scout || ctx.values.of(ctx.me, ka) < ctx.values.of(ctx.me, PieceKind::Captain)) {
            return 0.0;
        }
        let info = |e: PieceId| -> f64 {
            let d = &ctx.dist[e.index()];
            PieceKind::ALL.iter().map(|&k| d[k] * ctx.reveal[ctx.opp] * ctx.v(ctx.opp, k)).sum()
        };
        let mut best: Option<(f64, Square)> = None;
        for e in ctx.enemies() {
            if ctx.public[e.index()] || !ctx.view.piece(e).moved {
                continue;
            }
            let i = info(e);
            if best.is_none_or(|b| i > b.0) {
                best = Some((i, ctx.view.piece(e).square));
            }
        }
        let Some((i, target)) = best else { return 0.0 };
        let (d0, d1) = (manhattan(mv.from, target), manhattan(mv.to, target));
        if d1 < d0 { (i / 10.0).min(1.5) } else { 0.0 }
    }
}

/// Miner plan (undocumented; ours, from Fig. 3.5 and the Game 5 remark on miners): when not
/// behind (game state at least 1), a Miner stepping towards the unmoved enemy piece most likely
/// to be the Flag or a Bomb next to it scores 3 x that probability.
pub struct MinerPlan;

impl Plan for MinerPlan {
    fn name(&self) -> &'static str {
        "MinerPlan"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(a) = ctx.quiet_mover(mv) else { return 0.0 };
        if ctx.values.state[ctx.me] < 1.0 {
            return 0.0;
        }
        if ctx.own_kind(a) != PieceKind::Miner {
            return 0.0;
        }
        let mut best: Option<(f64, Square)> = None;
        for e in ctx.enemies() {
            if ctx.view.piece(e).moved {
                continue;
            }
            let d = &ctx.dist[e.index()];
            let p = d[PieceKind::Flag] + 0.3 * d[PieceKind::Bomb];
            if best.is_none_or(|b| p > b.0) {
                best = Some((p, ctx.view.piece(e).square));
            }
        }
        let Some((p, target)) = best else { return 0.0 };
        if manhattan(mv.to, target) < manhattan(mv.from, target) { 3.0 * p.min(1.0) } else { 0.0 }
    }
}

// ---------------------------------------------------------------------------------------------
// General plans (the random plan lives in the bot: it needs the context's generator)
// ---------------------------------------------------------------------------------------------

/// §5.6.2: moving gives information away: the first move of an unmoved piece costs
/// `1 + moved/4` (more moved pieces, higher penalty), a multi-square step of a piece not yet
/// known as a Scout costs its reveal value on top. Attacks are exempt.
pub struct MovePenalty;

impl Plan for MovePenalty {
    fn name(&self) -> &'static str {
        "MovePenalty"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        let Some(id) = ctx.quiet_mover(mv) else { return 0.0 };
        let p = ctx.view.piece(id);
        let mut pen = 0.0;
        if !p.moved {
            pen += 1.0 + 0.25 * ctx.own_moved as f64;
        }
        if mv.from.line_distance(mv.to) > 1 && !p.scout_known && !p.revealed {
            pen += 1.0 + ctx.reveal[ctx.me] * ctx.v(ctx.me, PieceKind::Scout);
        }
        -pen
    }
}

/// Impatience (the thesis's own proposed fix, §8.3.5 and §9.1.4: "an artificial impatience,
/// letting him do less favorable attacks when nothing is happening while he should be
/// winning"; ours): when ahead (game state above 1) and nothing has been attacked for more
/// than [`Impatience::CALM`] plies, every attack gets a bonus growing linearly to
/// [`Impatience::BONUS`] over the next [`Impatience::RAMP`] plies. Like LottoDefense, an
/// explicit exception to "only ImmediateCapture scores attacks".
pub struct Impatience;

impl Impatience {
    /// Quiet plies tolerated.
    pub const CALM: u32 = 40;
    /// Plies over which the bonus reaches its full size.
    pub const RAMP: u32 = 100;
    /// Full bonus (a fifth of the top piece's value).
    pub const BONUS: f64 = 20.0;

    /// The bonus for an attack now.
    pub fn bonus(ctx: &Ctx) -> f64 {
        if ctx.values.state[ctx.me] <= 1.0 || ctx.quiet_plies <= Self::CALM {
            return 0.0;
        }
        let t = ((ctx.quiet_plies - Self::CALM) as f64 / Self::RAMP as f64).min(1.0);
        t * Self::BONUS
    }
}

impl Plan for Impatience {
    fn name(&self) -> &'static str {
        "Impatience"
    }
    fn score(&self, ctx: &Ctx, mv: Move) -> f64 {
        if ctx.is_attack(mv) { Self::bonus(ctx) } else { 0.0 }
    }
}

/// Every plan of the `invincible` bot, recalculated for this position (the random plan is
/// added by the bot).
pub(crate) fn invincible_plans(ctx: &Ctx) -> Vec<Box<dyn Plan>> {
    vec![
        Box::new(ImmediateCapture),
        Box::new(TacticalDefense::new(ctx)),
        Box::new(TacticalAttack),
        Box::new(LottoDefense::new(ctx)),
        Box::new(DefMarshalFromSpy),
        Box::new(StrategicAttack),
        Box::new(StrategicDefense::new(ctx)),
        Box::new(FlagDefense::new(ctx)),
        Box::new(TrapPiece::new(ctx)),
        Box::new(Information),
        Box::new(MinerPlan),
        Box::new(MovePenalty),
        Box::new(Impatience),
    ]
}
