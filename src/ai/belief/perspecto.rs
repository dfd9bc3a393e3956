//! Perspecto's combinatorial knowledge (seed 000, thesis sections 7.3, 7.5 and 9.1-9.3): the
//! attack-success probabilities of the five cases, the flag suspicions, and the psychological
//! model (the three fear variables, rebuilt from the public reports).
//!
//! Probabilities are the *attacker's* chance of success. A double kill gets no outcome of its
//! own (the thesis gives it probability 0 in the search) and counts as half a success instead
//! ("half of the pieces that would cause a double kill" join the success set V).
//!
//! A [`Pool`] is what an observer does not know about one side: how many pieces of each kind
//! hide among that side's unknown pieces, and how many of those unknown pieces have moved.
//! The same formulas serve both perspectives: the bot's own (the pool of unknown enemy
//! pieces) and the opponent's as the bot estimates it (the pool of the bot's own pieces the
//! opponent has not identified).

use crate::rules::{Army, Battle, PieceId, PieceKind, PlayerView, Side, Square, battle};

/// Success of `a` attacking `d` as the thesis counts it: 1 win, 1/2 double kill, 0 loss.
pub fn success(a: PieceKind, d: PieceKind) -> f64 {
    match battle(a, d) {
        Battle::AttackerWins => 1.0,
        Battle::BothRemoved => 0.5,
        Battle::DefenderWins => 0.0,
    }
}

/// What an observer does not know about one side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Pool {
    /// Kinds hiding among the unknown pieces.
    pub kinds: Army,
    /// Unknown pieces that have moved (so are movable): the thesis's `m`.
    pub moved: u32,
}

impl Pool {
    /// `|O(X, r > 1)|`: unknown pieces of movable kinds.
    pub fn movable(&self) -> f64 {
        PieceKind::ALL.iter().filter(|k| k.is_movable()).map(|&k| self.kinds[k] as f64).sum()
    }

    /// `|O(X, r >= 0)|`: all unknown pieces.
    pub fn all(&self) -> f64 {
        self.kinds.total() as f64
    }

    /// `|V|` over the movable kinds: how many of them the attacker `a` beats (half for equals).
    fn beaten_movable(&self, a: PieceKind) -> f64 {
        PieceKind::ALL.iter().filter(|k| k.is_movable()).map(|&d| self.kinds[d] as f64 * success(a, d)).sum()
    }

    /// The stationary pieces `a` beats: the Flag always, the Bombs too for a Miner.
    fn beaten_stationary(&self, a: PieceKind) -> f64 {
        [PieceKind::Flag, PieceKind::Bomb].iter().map(|&d| self.kinds[d] as f64 * success(a, d)).sum()
    }
}

/// A ratio whose denominator may be zero only for a view that contradicts itself (no unknown
/// piece of the kind asked for): then nothing is known and the answer is even odds.
fn ratio(num: f64, den: f64) -> f64 {
    if den > 0.0 { (num / den).clamp(0.0, 1.0) } else { 0.5 }
}

/// Case 1, unknown attacker against a known defender of kind `k`: the attacker must be
/// movable, so `P = |V(A,k)| / |O(A, r>1)|`.
pub fn unknown_vs_known(attackers: &Pool, k: PieceKind) -> f64 {
    let v: f64 =
        PieceKind::ALL.iter().filter(|a| a.is_movable()).map(|&a| attackers.kinds[a] as f64 * success(a, k)).sum();
    ratio(v, attackers.movable())
}

/// Case 2, known attacker `a` against an unknown defender that has moved:
/// `P = |V(D,a)| / |O(D, r>1)|`.
pub fn known_vs_moved(a: PieceKind, defenders: &Pool) -> f64 {
    ratio(defenders.beaten_movable(a), defenders.movable())
}

/// Case 3, known attacker `a` against an unknown defender that has not moved: the expected
/// number of beatable movable pieces among the unmoved ones, `s = |V(D,a)| (|O(D,r>1)| - m) /
/// |O(D,r>1)|`, plus the stationary pieces `a` beats (Bombs and Flag for a Miner, the Flag
/// otherwise), over the unmoved unknown pieces `|O(D, r>=0)| - m`.
pub fn known_vs_unmoved(a: PieceKind, defenders: &Pool) -> f64 {
    let movable = defenders.movable();
    let m = defenders.moved as f64;
    let s = if movable > 0.0 { defenders.beaten_movable(a) * (movable - m).max(0.0) / movable } else { 0.0 };
    ratio(s + defenders.beaten_stationary(a), defenders.all() - m)
}

/// Cases 2 and 3 by whether the defender has moved.
pub fn known_vs_unknown(a: PieceKind, defenders: &Pool, defender_moved: bool) -> f64 {
    if defender_moved { known_vs_moved(a, defenders) } else { known_vs_unmoved(a, defenders) }
}

/// Cases 4 (defender moved) and 5 (not moved), unknown against unknown: case 2 or 3 summed
/// over what the (movable) attacker can be, each weighted by its share of the attacker's
/// movable unknown pieces.
pub fn unknown_vs_unknown(attackers: &Pool, defenders: &Pool, defender_moved: bool) -> f64 {
    let movable = attackers.movable();
    if movable <= 0.0 {
        return 0.5;
    }
    PieceKind::ALL
        .iter()
        .filter(|a| a.is_movable() && attackers.kinds[**a] > 0)
        .map(|&a| attackers.kinds[a] as f64 / movable * known_vs_unknown(a, defenders, defender_moved))
        .sum()
}

/// The thesis's psychological correction of a known piece's chance to win against an unknown
/// piece that moved towards it after it became known (section 9.3): `Py = P - P psy`.
pub fn with_fear(p_known_wins: f64, psy: f64) -> f64 {
    p_known_wins - p_known_wins * psy
}

/// Flag suspicions of section 7.5: every unknown, never-moved enemy piece on the enemy's back
/// row gets one; every unknown never-moved enemy piece next to a known enemy Bomb gets one
/// (the two add up). Moved pieces cannot be the Flag and get none. Indexed by piece id.
pub fn flag_suspicions(view: &PlayerView) -> [u8; PieceId::COUNT] {
    let enemy = view.side().opponent();
    let back_row = if enemy == Side::Red { 0 } else { 9 };
    let mut out = [0u8; PieceId::COUNT];
    for id in view.unknown_enemies() {
        let p = view.piece(id);
        if p.moved {
            continue;
        }
        let mut s = u8::from(p.square.row() == back_row);
        if p.square.neighbours().any(|n| bomb_at(view, n, enemy)) {
            s += 1;
        }
        out[id.index()] = s;
    }
    out
}

fn bomb_at(view: &PlayerView, sq: Square, side: Side) -> bool {
    view.piece_at(sq).is_some_and(|id| id.side() == side && view.kind(id) == Some(PieceKind::Bomb))
}

/// Each enemy piece's probability of being the Flag: its suspicions over the total. With no
/// suspect at all (the thesis does not say) the Flag is spread evenly over the unknown
/// never-moved pieces.
pub fn flag_probabilities(view: &PlayerView) -> [f64; PieceId::COUNT] {
    let s = flag_suspicions(view);
    let total: f64 = s.iter().map(|&x| x as f64).sum();
    let mut out = [0.0; PieceId::COUNT];
    if view.enemy_unassigned()[PieceKind::Flag] == 0 {
        return out;
    }
    if total > 0.0 {
        for (o, &x) in out.iter_mut().zip(s.iter()) {
            *o = x as f64 / total;
        }
    } else {
        let unmoved: Vec<PieceId> = view.unknown_enemies().filter(|&id| !view.piece(id).moved).collect();
        for id in &unmoved {
            out[id.index()] = 1.0 / unmoved.len() as f64;
        }
    }
    out
}

/// The three fear variables of section 9.1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fears {
    /// The bot's own caution: applied to its known pieces against approaching unknown ones.
    pub own: f64,
    /// The estimate of the opponent's caution.
    pub est_opp: f64,
    /// The estimate of the opponent's estimate of `own`.
    pub est_own: f64,
}

impl Fears {
    /// All three zero: the purely combinatorial model (the thesis's "No variables").
    pub const NONE: Fears = Fears { own: 0.0, est_opp: 0.0, est_own: 0.0 };

    /// `estOwnFear` midway between `ownFear` and `estOppFear`, as the standard variant sets it.
    pub fn standard(own: f64, est_opp: f64) -> Fears {
        Fears { own, est_opp, est_own: (own + est_opp) / 2.0 }
    }
}

/// Where `estOppFear` starts each game.
pub const EST_OPP_FEAR_START: f64 = 0.3;
/// The range `ownFear` is drawn from, redrawn every move.
pub const OWN_FEAR_RANGE: (f64, f64) = (0.2, 0.5);

/// Steps of the move analysis (section 9.3): the opponent attacks an unknown moved piece with
/// a known piece above Lieutenant; the bot attacks a known piece with an unknown moved one;
/// the opponent leaves such an attack undone (once per pair of pieces).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisSteps {
    /// Subtracted when the opponent attacks.
    pub opp_attacks: f64,
    /// Subtracted when the bot attacks with an unknown moved piece.
    pub own_attacks: f64,
    /// Added when the opponent refrains.
    pub opp_refrains: f64,
}

impl AnalysisSteps {
    /// The thesis's standard steps.
    pub const STANDARD: AnalysisSteps = AnalysisSteps { opp_attacks: 0.04, own_attacks: 0.02, opp_refrains: 0.04 };
}

/// What the move analysis finds in a game's public history: `estOppFear` after it, and which
/// unknown pieces approached which known pieces after those became known (the only
/// confrontations the psychological model touches).
#[derive(Clone, Debug)]
pub struct MoveAnalysis {
    /// The estimate of the opponent's caution after the history, in [0, 1].
    pub est_opp_fear: f64,
    /// `approached[u * 80 + k]`: piece `u`, while unknown to `k`'s owner, stepped closer to
    /// piece `k` after `k` had been revealed.
    approached: Vec<bool>,
}

impl MoveAnalysis {
    /// Whether `unknown` approached `known` after `known` became known.
    pub fn approached(&self, unknown: PieceId, known: PieceId) -> bool {
        self.approached[unknown.index() * PieceId::COUNT + known.index()]
    }

    /// Replays `view`'s reports. Each side's pieces are "known to the other side" from the
    /// battle that revealed them (or the multi-square move that showed a Scout).
    pub fn of(view: &PlayerView, steps: AnalysisSteps) -> MoveAnalysis {
        const N: usize = PieceId::COUNT;
        let me = view.side();
        let mut sq: [Option<Square>; N] = [None; N];
        let mut board: [Option<PieceId>; 100] = [None; 100];
        let mut alive = [false; N];
        for i in 0..N {
            let id = PieceId(i as u8);
            let p = view.piece(id);
            // Ids past the army size are neither alive nor ever revealed (a removed piece
            // always was, in the battle that removed it).
            if p.alive || p.revealed {
                sq[i] = Some(p.start);
                board[p.start.index()] = Some(id);
                alive[i] = true;
            }
        }
        let mut known = [false; N];
        let mut moved = [false; N];
        let mut approached = vec![false; N * N];
        let mut refrained = vec![false; N * N];
        let mut fear = EST_OPP_FEAR_START;
        let above_lieutenant = |k: PieceKind| k.strength().is_some_and(|s| s > 5);
        let dist = |a: Square, b: Square| a.col().abs_diff(b.col()) as u32 + a.row().abs_diff(b.row()) as u32;
        for r in view.reports() {
            let i = r.piece.index();
            if i >= N || !alive[i] {
                continue;
            }
            // The opponent had a known piece above Lieutenant next to an unknown moved piece of
            // ours and did something else: +step, once per pair.
            if r.side != me {
                for e in 0..N {
                    let eid = PieceId(e as u8);
                    if eid.side() == me
                        || !alive[e]
                        || !known[e]
                        || view.piece(eid).kind.is_none_or(|k| !above_lieutenant(k))
                    {
                        continue;
                    }
                    let Some(es) = sq[e] else { continue };
                    for n in es.neighbours() {
                        if let Some(o) = board[n.index()] {
                            let oi = o.index();
                            let target = r.battle.map(|b| b.defender);
                            if o.side() == me
                                && !known[oi]
                                && moved[oi]
                                && !(i == e && target == Some(o))
                                && !refrained[e * N + oi]
                            {
                                refrained[e * N + oi] = true;
                                fear += steps.opp_refrains;
                            }
                        }
                    }
                }
            }
            let from = r.from;
            let to = r.to;
            if let Some(b) = r.battle {
                let d = b.defender.index();
                if r.side != me && known[i] && above_lieutenant(b.attacker_kind) && !known[d] && moved[d] {
                    fear -= steps.opp_attacks;
                }
                if r.side == me && !known[i] && moved[i] && known[d] {
                    fear -= steps.own_attacks;
                }
                known[i] = true;
                known[d] = true;
                board[from.index()] = None;
                match b.result {
                    Battle::AttackerWins => {
                        alive[d] = false;
                        sq[d] = None;
                        board[to.index()] = Some(r.piece);
                        sq[i] = Some(to);
                    }
                    Battle::DefenderWins => {
                        alive[i] = false;
                        sq[i] = None;
                    }
                    Battle::BothRemoved => {
                        alive[i] = false;
                        alive[d] = false;
                        sq[i] = None;
                        sq[d] = None;
                        board[to.index()] = None;
                    }
                }
            } else {
                if !known[i] {
                    // Every known piece of the other side this unknown piece stepped closer to.
                    for k in 0..N {
                        let kid = PieceId(k as u8);
                        if kid.side() != r.side
                            && alive[k]
                            && known[k]
                            && let Some(ks) = sq[k]
                            && dist(to, ks) < dist(from, ks)
                        {
                            approached[i * N + k] = true;
                        }
                    }
                }
                if from.line_distance(to) > 1 {
                    known[i] = true; // a Scout, shown by its move
                }
                board[from.index()] = None;
                board[to.index()] = Some(r.piece);
                sq[i] = Some(to);
            }
            moved[i] = true;
            fear = fear.clamp(0.0, 1.0);
        }
        MoveAnalysis { est_opp_fear: fear, approached }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn success_counts_double_kill_as_half() {
        assert_eq!(success(PieceKind::Spy, PieceKind::Marshal), 1.0);
        assert_eq!(success(PieceKind::Marshal, PieceKind::Spy), 1.0);
        assert_eq!(success(PieceKind::Major, PieceKind::Major), 0.5);
        assert_eq!(success(PieceKind::Captain, PieceKind::Bomb), 0.0);
        assert_eq!(success(PieceKind::Miner, PieceKind::Bomb), 1.0);
    }
}
