//! Perspecto's strategic search (seed 000, thesis section 9.2 and Appendix 1): the cheap global
//! layer under the tactical search. Every own piece kind is pulled towards (or pushed from)
//! enemy pieces by the 21 rules `[piece, target, force]`; a target at `L` steps (at least 4)
//! pulls with `force / (L t)`, `t` the enemy's pieces left over ten (at least 1). The pulls on
//! a piece are summed as x and y components, and a one-square move scores the sum's component
//! along its direction. Pieces that have moved get their pulls multiplied (Miners and Spy x2,
//! Colonel and up x2). Scouts have no rules; their moves score 0.1 a square travelled plus,
//! for the enemy piece they attack or line up with, one point per Flag suspicion or 0.1 per
//! move it has made. The search looks two own moves ahead (no reply): a move scores its own
//! value plus the best value of a second own move after it (or its own value again).
//!
//! Choices where the thesis is vague (docs/bots/perspecto.md): `L` is the Manhattan
//! distance; the pull points along the straight line to the target; captures are excluded
//! except Scout moves, whose rules are about the piece at the end of the line.

use crate::ai::belief::perspecto::{flag_probabilities, flag_suspicions};
use crate::rules::{BySquare, Move, PieceId, PieceKind, PlayerView, Side, Square};

/// Which strategic layer (the section 10.3.2 variants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrategicMode {
    /// All 21 rules, Scout scoring, two own moves ahead.
    Full,
    /// Miners follow "everyone wants forward" instead of their rules.
    NoMiners,
    /// No Scout scoring.
    NoScouts,
    /// One own move ahead instead of two.
    OneMove,
    /// "Everyone wants forward": one point per row a non-Scout advances, nothing else.
    Forward,
    /// No strategic layer at all.
    Off,
}

/// What a rule's target is.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// A known enemy piece of a kind the test admits.
    Known(fn(PieceKind) -> bool),
    /// Every unknown enemy piece.
    Unknown,
    /// Every unknown enemy piece, weighted by its chance of being a Bomb.
    BombChance,
    /// Every unknown enemy piece, weighted by its chance of being the Flag.
    FlagChance,
    /// As `FlagChance`, only pieces not walled in by enemy pieces that never moved.
    OpenFlagChance,
}

/// One rule of Appendix 1.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// Which own kinds it moves.
    piece: fn(PieceKind) -> bool,
    target: Target,
    /// The force (negative: repulsion).
    pub force: f64,
}

use PieceKind::*;
fn rank(k: PieceKind) -> u8 {
    // The thesis's old numbering: Marshal 1 .. Scout 9, Spy 10.
    match k.strength() {
        Some(1) => 10,
        Some(s) => 11 - s,
        None => 0,
    }
}

/// The 21 rules of Appendix 1, in its order (`f<5`: enemy ranked above 5, i.e. old rank
/// number below 5; `f>4`: below 4).
pub const RULES: [Rule; 21] = [
    Rule { piece: |k| k == Spy, target: Target::Known(|e| e == Marshal), force: 40.0 },
    Rule { piece: |k| k == Miner, target: Target::Known(|e| e == Bomb), force: 16.0 },
    Rule { piece: |k| k == Miner, target: Target::BombChance, force: 16.0 },
    Rule { piece: |k| k == Miner, target: Target::Unknown, force: -2.0 },
    Rule { piece: |k| k == Miner, target: Target::FlagChance, force: 80.0 },
    Rule { piece: |k| k == Sergeant, target: Target::Unknown, force: 1.0 },
    Rule { piece: |k| k == Lieutenant, target: Target::Unknown, force: 1.0 },
    Rule { piece: |k| k == Captain, target: Target::Unknown, force: 0.5 },
    Rule { piece: |k| k == Captain, target: Target::Known(|e| e.is_movable() && rank(e) < 5), force: -6.0 },
    Rule { piece: |k| k == Major, target: Target::Known(|e| e.is_movable() && rank(e) > 4), force: 8.0 },
    Rule { piece: |k| k == Major, target: Target::Known(|e| e.is_movable() && rank(e) < 4), force: -10.0 },
    Rule { piece: |k| k == Colonel, target: Target::Known(|e| e.is_movable() && rank(e) > 4), force: 8.0 },
    Rule { piece: |k| k == Colonel, target: Target::Known(|e| e == Major), force: 16.0 },
    Rule { piece: |k| k == Colonel, target: Target::Known(|e| e.is_movable() && rank(e) < 3), force: -16.0 },
    Rule { piece: |k| k == General, target: Target::Known(|e| e.is_movable() && rank(e) > 4), force: 4.0 },
    Rule { piece: |k| k == General, target: Target::Known(|e| e == Major || e == Colonel), force: 16.0 },
    Rule { piece: |k| k == General, target: Target::Known(|e| e == Marshal), force: -20.0 },
    Rule { piece: |k| k == Marshal, target: Target::Known(|e| e.is_movable() && rank(e) > 4), force: 4.0 },
    Rule { piece: |k| k == Marshal, target: Target::Known(|e| e == Major || e == Colonel), force: 16.0 },
    Rule { piece: |k| k == Marshal, target: Target::Known(|e| e == General), force: 32.0 },
    Rule { piece: |k| k.is_movable() && k != Spy && rank(k) < 8, target: Target::OpenFlagChance, force: 80.0 },
];

/// The multiplier for a piece that has moved.
pub fn moved_multiplier(k: PieceKind) -> f64 {
    match k {
        Miner | Spy | Colonel | General | Marshal => 2.0,
        _ => 1.0,
    }
}

/// A rule's pull at `steps` squares with `enemy_left` enemy pieces: `force / (L t)`.
pub fn pull(force: f64, steps: u32, enemy_left: u32) -> f64 {
    let l = steps.max(4) as f64;
    let t = (enemy_left as f64 / 10.0).max(1.0);
    force / (l * t)
}

/// One enemy piece as the rules see it.
#[derive(Clone, Copy, Debug)]
struct EnemyInfo {
    sq: Square,
    kind: Option<PieceKind>,
    p_bomb: f64,
    p_flag: f64,
    suspicions: u8,
    open: bool,
    moves_made: u32,
}

/// The strategic layer for one view.
pub struct Strategy {
    me: Side,
    mode: StrategicMode,
    enemies: Vec<EnemyInfo>,
    enemy_left: u32,
    /// Own pieces: kind and moved, by square index.
    own: BySquare<Option<(PieceKind, bool)>>,
    /// Enemy pieces by square index (index into `enemies`).
    enemy_at: BySquare<Option<u8>>,
}

fn manhattan(a: Square, b: Square) -> u32 {
    a.col().abs_diff(b.col()) as u32 + a.row().abs_diff(b.row()) as u32
}

impl Strategy {
    /// Reads `view`.
    pub fn new(view: &PlayerView, mode: StrategicMode) -> Strategy {
        let me = view.side();
        let enemy = me.opponent();
        let pf = flag_probabilities(view);
        let susp = flag_suspicions(view);
        let mut moves_made = [0u32; PieceId::COUNT];
        for r in view.reports() {
            if r.piece.index() < PieceId::COUNT {
                moves_made[r.piece.index()] += 1;
            }
        }
        let unmoved_unknown = view.unknown_enemies().filter(|&id| !view.piece(id).moved).count() as f64;
        let bombs_unknown = view.enemy_unassigned()[Bomb] as f64;
        let mut own = BySquare::filled(None);
        for id in view.pieces_of(me) {
            let p = view.piece(id);
            own[p.square] = Some((p.kind.expect("own"), p.moved));
        }
        let mut enemies = Vec::new();
        let mut enemy_at = BySquare::filled(None);
        for id in view.pieces_of(enemy) {
            let p = view.piece(id);
            let kind = p.kind.or(p.scout_known.then_some(Scout));
            let p_bomb =
                if kind.is_none() && !p.moved && unmoved_unknown > 0.0 { bombs_unknown / unmoved_unknown } else { 0.0 };
            let open = p.square.neighbours().any(|n| match view.piece_at(n) {
                None => true,
                Some(o) => o.side() == me || view.piece(o).moved,
            });
            enemy_at[p.square] = Some(enemies.len() as u8);
            enemies.push(EnemyInfo {
                sq: p.square,
                kind,
                p_bomb,
                p_flag: pf[id.index()],
                suspicions: susp[id.index()],
                open,
                moves_made: moves_made[id.index()],
            });
        }
        Strategy { me, mode, enemy_left: view.alive_count(enemy), enemies, own, enemy_at }
    }

    /// The summed pull (x, y) on an own `kind` standing on `sq`.
    pub fn force(&self, kind: PieceKind, moved: bool, sq: Square) -> (f64, f64) {
        let (mut fx, mut fy) = (0.0, 0.0);
        let mult = if moved { moved_multiplier(kind) } else { 1.0 };
        for rule in RULES.iter().enumerate().filter(|(_, r)| (r.piece)(kind)).map(|(i, r)| (i, *r)) {
            let (i, rule) = rule;
            if self.mode == StrategicMode::NoMiners && kind == Miner && i <= 4 {
                continue;
            }
            for e in &self.enemies {
                let weight = match rule.target {
                    Target::Known(test) => f64::from(u8::from(e.kind.is_some_and(test))),
                    Target::Unknown => f64::from(u8::from(e.kind.is_none())),
                    Target::BombChance => e.p_bomb,
                    Target::FlagChance => e.p_flag,
                    Target::OpenFlagChance => {
                        if e.open {
                            e.p_flag
                        } else {
                            0.0
                        }
                    }
                };
                if weight == 0.0 || e.sq == sq {
                    continue;
                }
                let f = mult * pull(rule.force * weight, manhattan(sq, e.sq), self.enemy_left);
                let (dx, dy) = (e.sq.col() as f64 - sq.col() as f64, e.sq.row() as f64 - sq.row() as f64);
                let len = (dx * dx + dy * dy).sqrt();
                fx += f * dx / len;
                fy += f * dy / len;
            }
        }
        (fx, fy)
    }

    fn forward(&self, mv: Move) -> f64 {
        let sign = if self.me == Side::Red { 1.0 } else { -1.0 };
        (mv.to.row() as f64 - mv.from.row() as f64) * sign
    }

    /// The score of one own move on the current board (`own`, `enemy_at`).
    fn score_on(&self, own: &BySquare<Option<(PieceKind, bool)>>, mv: Move) -> f64 {
        let Some((kind, moved)) = own[mv.from] else { return 0.0 };
        let capture = self.enemy_at[mv.to].is_some();
        if kind == Scout {
            if self.mode == StrategicMode::NoScouts || self.mode == StrategicMode::Forward {
                return 0.0;
            }
            let dist = mv.from.line_distance(mv.to) as f64;
            // The target: the attacked piece, or the first piece further along the line.
            let dir = (
                (mv.to.col() as i32 - mv.from.col() as i32).signum(),
                (mv.to.row() as i32 - mv.from.row() as i32).signum(),
            );
            let mut target = self.enemy_at[mv.to];
            let mut s = mv.to;
            while target.is_none() {
                let (c, r) = (s.col() as i32 + dir.0, s.row() as i32 + dir.1);
                let Some(n) = Square::new(c as u8, r as u8).filter(|_| (0..10).contains(&c) && (0..10).contains(&r))
                else {
                    break;
                };
                if n.is_lake() || own[n].is_some() {
                    break;
                }
                target = self.enemy_at[n];
                s = n;
            }
            let t = target.map_or(0.0, |i| {
                let e = &self.enemies[i as usize];
                if e.kind.is_none() && e.suspicions > 0 { e.suspicions as f64 } else { 0.1 * e.moves_made as f64 }
            });
            return 0.1 * dist + t;
        }
        if capture {
            return 0.0;
        }
        if self.mode == StrategicMode::Forward || (self.mode == StrategicMode::NoMiners && kind == Miner) {
            return if self.mode == StrategicMode::NoMiners { self.forward(mv) } else { 0.0 };
        }
        let (fx, fy) = self.force(kind, moved, mv.from);
        let (dx, dy) = (mv.to.col() as f64 - mv.from.col() as f64, mv.to.row() as f64 - mv.from.row() as f64);
        fx * dx + fy * dy
    }

    /// Own moves on a board where `own` stands (one-square steps and Scout lines; for the
    /// second move of the look-ahead).
    fn own_moves(&self, own: &BySquare<Option<(PieceKind, bool)>>) -> Vec<Move> {
        let mut out = Vec::new();
        for from in Square::all() {
            let Some((k, _)) = own[from] else { continue };
            if !k.is_movable() {
                continue;
            }
            for dir in crate::rules::Direction::ALL {
                let mut s = from;
                while let Some(n) = s.step(dir) {
                    if n.is_lake() || own[n].is_some() {
                        break;
                    }
                    out.push(Move::new(from, n));
                    if self.enemy_at[n].is_some() || k != Scout {
                        break;
                    }
                    s = n;
                }
            }
        }
        out
    }

    /// Strategic values of `moves` (the view's legal moves).
    pub fn scores(&self, moves: &[Move]) -> Vec<f64> {
        match self.mode {
            StrategicMode::Off => return vec![0.0; moves.len()],
            StrategicMode::Forward => {
                return moves
                    .iter()
                    .map(|&m| match self.own[m.from] {
                        Some((k, _)) if k != Scout => self.forward(m),
                        _ => 0.0,
                    })
                    .collect();
            }
            _ => {}
        }
        moves
            .iter()
            .map(|&m| {
                let first = self.score_on(&self.own, m);
                let capture = self.enemy_at[m.to].is_some();
                if self.mode == StrategicMode::OneMove || capture {
                    return first;
                }
                // Second own move after this one (no reply): the best of them, or this again.
                let mut own = self.own;
                let (k, _) = own[m.from].expect("own piece");
                own[m.from] = None;
                own[m.to] = Some((k, true));
                let best = self
                    .own_moves(&own)
                    .into_iter()
                    .filter(|m2| self.enemy_at[m2.to].is_none() || own[m2.from].is_some_and(|(k, _)| k == Scout))
                    .map(|m2| self.score_on(&own, m2))
                    .fold(first, f64::max);
                first + best
            })
            .collect()
    }
}
