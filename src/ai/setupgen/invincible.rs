//! Invincible's setup generation (de Boer 2007, thesis chapter 4 and section 7.2.5): semi-random
//! placement from statistics of human setups, the heuristic evaluation H1-H9, and best-of-N.
//!
//! # API (for the bots and the page)
//!
//! - [`generate`]`(variant, n, rng) -> Setup`: what a bot's `setup()` calls. Classic: the best
//!   of `n` semi-random setups by [`score`] (`n` = [`THESIS_N`] = 50 is the thesis's choice;
//!   `n` is the knob between strength, large `n`, and unpredictability, small `n`; `n = 0`
//!   counts as 1). Barrage: one semi-random setup from the Barrage statistics, `n` is ignored
//!   (H1-H9 are rules for the 40-piece army, see docs/bots/invincible-setup.md).
//! - [`generate_scored`]: the same, also returning the winner's [`SetupScore`].
//! - [`semi_random`]`(rng)` / [`semi_random_for`]`(variant, rng)`: one statistical setup
//!   (thesis Fig. 7.7). [`fully_random`]`(rng)`: every classic piece on a uniformly random
//!   empty square (the thesis's method 1).
//! - [`score`]`(&Setup) -> SetupScore { total, per_heuristic: [f64; 9] }`: the plain sum of
//!   H1-H9; `per_heuristic[0]` (H1) is always 0 because H1 is the auxiliary distance
//!   ([`distance_to_freedom`]) the others use. Each heuristic is its own function (`h2_..`-`h9_..`).
//! - [`best_of`]`(n, rng, make)`: the best of `n` setups from any generator.
//!
//! All randomness comes from the caller's [`BotRng`], so a seed gives the same setup on every
//! platform. Nothing here allocates per setup beyond fixed arrays, reads files or the clock:
//! the statistics are embedded ([`crate::ai::belief::setupstats`]).
//!
//! Invariants: every setup returned holds exactly `variant`'s army ([`Setup::check`] passes);
//! [`score`] is a pure function of the setup; `total` is the sum of `per_heuristic`.
//!
//! Board frame: setup index `i` = row `i / 10` (0 own back row .. 3 own front row), column
//! `i % 10` (0 = column a from the owner's seat). The lakes stand in front of columns c, d, g, h,
//! so the six "exits" (front-row squares with open ground ahead) are indices 30, 31, 34, 35, 38, 39.

use crate::ai::BotRng;
use crate::ai::belief::setupstats::{Direction, KINDS, SetupStats, army_counts};
use crate::rules::{ByKind, PieceKind, Setup, Variant};
use rand::Rng;
use std::sync::OnceLock;

/// The thesis's number of candidates ("I picked the arbitrary number of 50 setups").
pub const THESIS_N: usize = 50;

/// Distance to freedom of a piece that can never get out (walled in by bombs and the flag).
pub const TRAPPED: u8 = u8::MAX;

/// Front-row squares with open ground in front (not behind a lake): distance 0.
pub const EXITS: [usize; 6] = [30, 31, 34, 35, 38, 39];

/// Order of placement (thesis 4.3.2: "Starting with the flag, then bombs, marshal, general, spy
/// and then the lower pieces"); the lower pieces go in descending rank.
pub const PLACEMENT_ORDER: [PieceKind; 12] = [
    PieceKind::Flag,
    PieceKind::Bomb,
    PieceKind::Marshal,
    PieceKind::General,
    PieceKind::Spy,
    PieceKind::Colonel,
    PieceKind::Major,
    PieceKind::Captain,
    PieceKind::Lieutenant,
    PieceKind::Sergeant,
    PieceKind::Miner,
    PieceKind::Scout,
];

/// A setup's evaluation: the total and each heuristic's share (index 0 = H1 .. 8 = H9).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SetupScore {
    /// Sum of `per_heuristic`; higher is better.
    pub total: f64,
    /// H1..H9 (H1 is always 0: it is the auxiliary distance, not a score).
    pub per_heuristic: [f64; 9],
}

/// The generator's statistics for one variant: square probabilities and direction factors.
struct Model {
    /// `prob[i][k]`: share of human setups with kind `k` on setup index `i`.
    prob: [ByKind<f64>; 40],
    /// `rel[d][r][r2]`: observed/expected for kind `r2` in direction `d` of kind `r`
    /// (d: 0 in front, 1 beside, 2 behind).
    rel: [ByKind<ByKind<f64>>; 3],
}

impl Model {
    fn build(variant: Variant) -> Model {
        let stats: &SetupStats = SetupStats::embedded(variant);
        let army: [u32; KINDS] = army_counts(variant);
        let prob = std::array::from_fn(|i| ByKind::from_fn(|k| stats.square_prob(i, k.index())));
        let dirs = [Direction::InFront, Direction::Beside, Direction::Behind];
        let rel = std::array::from_fn(|d| {
            ByKind::from_fn(|r| ByKind::from_fn(|r2| stats.relation(dirs[d], r.index(), r2.index(), &army)))
        });
        Model { prob, rel }
    }

    fn get(variant: Variant) -> &'static Model {
        static CLASSIC: OnceLock<Model> = OnceLock::new();
        static BARRAGE: OnceLock<Model> = OnceLock::new();
        match variant {
            Variant::Classic => CLASSIC.get_or_init(|| Model::build(Variant::Classic)),
            Variant::Barrage => BARRAGE.get_or_init(|| Model::build(Variant::Barrage)),
        }
    }
}

/// The setup a bot plays: see the module documentation.
pub fn generate(variant: Variant, n: usize, rng: &mut BotRng) -> Setup {
    generate_scored(variant, n, rng).0
}

/// [`generate`], also returning the chosen setup's score (for Barrage: [`score`] of the setup,
/// which was not used to choose it).
pub fn generate_scored(variant: Variant, n: usize, rng: &mut BotRng) -> (Setup, SetupScore) {
    match variant {
        Variant::Classic => best_of(n, rng, semi_random),
        Variant::Barrage => {
            let s = semi_random_for(Variant::Barrage, rng);
            (s, score(&s))
        }
    }
}

/// The best of `n` setups made by `make` (at least one), by [`score`]; the first one wins ties.
pub fn best_of(n: usize, rng: &mut BotRng, mut make: impl FnMut(&mut BotRng) -> Setup) -> (Setup, SetupScore) {
    let first = make(rng);
    let mut best = (first, score(&first));
    for _ in 1..n.max(1) {
        let s = make(rng);
        let sc = score(&s);
        if sc.total > best.1.total {
            best = (s, sc);
        }
    }
    best
}

/// Method 1 of the thesis's Table 4.3: each classic piece on a uniformly random empty square.
pub fn fully_random(rng: &mut BotRng) -> Setup {
    crate::ai::setupgen::random::random_setup(Variant::Classic, rng)
}

/// One semi-random classic setup (thesis Fig. 7.7).
pub fn semi_random(rng: &mut BotRng) -> Setup {
    semi_random_for(Variant::Classic, rng)
}

/// One semi-random setup of `variant` (thesis Fig. 7.7), from that variant's human statistics.
///
/// Pieces are placed one by one in [`PLACEMENT_ORDER`]. A piece of kind `r` goes on an empty
/// square chosen by roulette wheel with weights `prob[s][r]` (normalised over the empty
/// squares: the pseudo code's "normalize probs"). Then the weights of its neighbours are
/// multiplied by the relation factors: beside squares by "r2 beside r", the square behind by
/// "r2 behind r", the square in front by "r2 in front of r", for every kind r2. If every empty
/// square has weight 0 for `r` (possible only after several zero factors), the square is chosen
/// uniformly among the empty ones. The Flag never goes on the front row (see `may_stand`).
pub fn semi_random_for(variant: Variant, rng: &mut BotRng) -> Setup {
    let model = Model::get(variant);
    let army = variant.army();
    let mut prob = model.prob;
    let mut slots: [Option<PieceKind>; 40] = [None; 40];
    for kind in PLACEMENT_ORDER {
        for _ in 0..army.count(kind) {
            let s = pick_square(&prob, &slots, kind, rng);
            slots[s] = Some(kind);
            let (row, col) = (s / 10, s % 10);
            let mut apply = |n: usize, d: usize| {
                for (w, f) in prob[n].0.iter_mut().zip(model.rel[d][kind].0.iter()) {
                    *w *= f;
                }
            };
            if row < 3 {
                apply(s + 10, 0);
            }
            if col > 0 {
                apply(s - 1, 1);
            }
            if col < 9 {
                apply(s + 1, 1);
            }
            if row > 0 {
                apply(s - 10, 2);
            }
        }
    }
    Setup::from_slots(slots)
}

/// Whether `kind` may stand on setup index `s`. The Flag never stands on the front row
/// (indices 30..40): some human setups do put it there (about 2% of the classic and 10% of the
/// Barrage setups in `data/`), but a bot that offers setups to beginners must not hand them a
/// Flag that any piece can walk into (issue 9: a game lost at ply 10, "Major takes Flag").
fn may_stand(s: usize, kind: PieceKind) -> bool {
    !(kind == PieceKind::Flag && s >= 30)
}

/// Roulette-wheel choice of an empty square for `kind` (never one [`may_stand`] forbids).
fn pick_square(prob: &[ByKind<f64>; 40], slots: &[Option<PieceKind>; 40], kind: PieceKind, rng: &mut BotRng) -> usize {
    let free = |s: usize| slots[s].is_none() && may_stand(s, kind);
    let weight = |s: usize| if free(s) { prob[s][kind].max(0.0) } else { 0.0 };
    let total: f64 = (0..40).map(weight).sum();
    if total > 0.0 && total.is_finite() {
        let mut x = rng.random::<f64>() * total;
        let mut last = None;
        for s in 0..40 {
            let w = weight(s);
            if w > 0.0 {
                if x < w {
                    return s;
                }
                x -= w;
                last = Some(s);
            }
        }
        // Rounding left x just above 0 after the last positive weight.
        if let Some(s) = last {
            return s;
        }
    }
    // Uniform among the allowed empty squares; the Flag is placed first, so the back rows are
    // free for it, and every other kind may stand anywhere (at most 40 pieces: one is empty).
    let empty = (0..40).filter(|&s| free(s)).count();
    let nth = rng.random_range(0..empty.max(1));
    (0..40).filter(|&s| free(s)).nth(nth).unwrap_or(0)
}

// ---------------------------------------------------------------------------------------------
// Evaluation H1-H9 (thesis 4.3.4)
// ---------------------------------------------------------------------------------------------

/// The setup squares orthogonally next to index `i` (no lakes inside the setup area).
pub fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (i / 10, i % 10);
    [(col > 0).then(|| i - 1), (col < 9).then(|| i + 1), (row > 0).then(|| i - 10), (row < 3).then(|| i + 10)]
        .into_iter()
        .flatten()
}

fn is_obstacle(k: Option<PieceKind>) -> bool {
    matches!(k, Some(PieceKind::Flag | PieceKind::Bomb))
}

/// H1, distance to freedom: "the number of pieces that have to be moved before this piece can
/// be moved". Exits ([`EXITS`]) have 0; any other square the fewest pieces standing on a path
/// from it to an exit (its own piece not counted, the exit's counted), the path leading through
/// neighbouring squares that hold no Bomb or Flag (the obstacles). [`TRAPPED`] when no path
/// exists. Bombs and the Flag get a distance the same way (H2 and H9 count them); empty
/// squares (Barrage) cost nothing to pass. With a full setup and no obstacles the largest
/// distance is 4 (c1, d1, g1, h1), as the thesis says.
pub fn distance_to_freedom(setup: &Setup) -> [u8; 40] {
    const INF: u16 = u16::MAX;
    let slots = setup.slots();
    let occ = |i: usize| slots[i].is_some() as u16;
    // cost[t] for passable t: fewest occupied squares on a path from t (inclusive) to an exit.
    let mut cost = [INF; 40];
    for &e in &EXITS {
        if !is_obstacle(slots[e]) {
            cost[e] = occ(e);
        }
    }
    loop {
        let mut changed = false;
        for t in 0..40 {
            if is_obstacle(slots[t]) {
                continue;
            }
            let best = neighbours(t).filter(|&u| cost[u] != INF).map(|u| cost[u] + occ(t)).min();
            if let Some(c) = best
                && c < cost[t]
            {
                cost[t] = c;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    std::array::from_fn(|s| {
        if EXITS.contains(&s) {
            return 0;
        }
        neighbours(s)
            .filter(|&t| !is_obstacle(slots[t]) && cost[t] != INF)
            .map(|t| cost[t])
            .min()
            .map_or(TRAPPED, |c| c.min(TRAPPED as u16 - 1) as u8)
    })
}

/// H2, pieces surrounded by bombs: every piece except Sergeant, Lieutenant and Flag that is
/// trapped ([`TRAPPED`]) gives -2; one whose finite distance exceeds 5 ("partially
/// surrounded") gives -1. Bombs count too (a bomb walled in by bombs is "rarely useful").
pub fn h2_surrounded_by_bombs(setup: &Setup, dist: &[u8; 40]) -> f64 {
    let mut v = 0.0;
    for (i, k) in setup.slots().iter().enumerate() {
        match k {
            None | Some(PieceKind::Sergeant | PieceKind::Lieutenant | PieceKind::Flag) => {}
            Some(_) if dist[i] == TRAPPED => v -= 2.0,
            Some(_) if dist[i] > 5 => v -= 1.0,
            Some(_) => {}
        }
    }
    v
}

/// Whether the Flag is bombed in: every square next to it that a piece could come from is a
/// Bomb. Next to a front-row flag stands either a lake (behind-lake columns, no attacker can
/// come from there) or open ground (never a bomb, so a flag on an exit is never bombed in).
pub fn flag_bombed_in(setup: &Setup) -> bool {
    let slots = setup.slots();
    let Some(f) = slots.iter().position(|k| *k == Some(PieceKind::Flag)) else {
        return false;
    };
    !EXITS.contains(&f) && neighbours(f).all(|n| slots[n] == Some(PieceKind::Bomb))
}

/// H3, flag bombed in ([`flag_bombed_in`]): +5.
pub fn h3_flag_bombed_in(setup: &Setup) -> f64 {
    if flag_bombed_in(setup) { 5.0 } else { 0.0 }
}

/// Side of the board by column (thesis Table 4.2): 0 left (a-c), 1 middle (d-g), 2 right (h-j).
pub fn board_side(col: usize) -> u8 {
    match col {
        0..=2 => 0,
        3..=6 => 1,
        _ => 2,
    }
}

/// The defensive fields of thesis Table 4.2: `DEFENSIVE_FIELDS[0]` is the front row (indices
/// 30-39), `[1]` the row behind it (20-29); each entry the side it defends ([`board_side`]
/// numbering) or `None` (e4 and f4, blank in the table: the middle lane's front squares).
pub const DEFENSIVE_FIELDS: [[Option<u8>; 10]; 2] = [
    [Some(0), Some(0), Some(0), Some(1), None, None, Some(1), Some(2), Some(2), Some(2)],
    [Some(0), Some(0), Some(0), Some(1), Some(1), Some(1), Some(1), Some(2), Some(2), Some(2)],
];

/// The setup indices of the defensive fields of `side` (0 left, 1 middle, 2 right).
pub(crate) fn defensive_fields(side: u8) -> impl Iterator<Item = usize> {
    (0..2).flat_map(move |r| {
        (0..10).filter(move |&c| DEFENSIVE_FIELDS[r][c] == Some(side)).map(move |c| (3 - r) * 10 + c)
    })
}

/// H4, flag defence: on the defensive fields of the flag's side, the Marshal gives +3 (if it is
/// not there, the General +2); any Major or Colonel +1 (once); more than 2 Scouts -2; and each
/// of Sergeant, Miner, Lieutenant with more than one piece there -1.
pub fn h4_flag_defense(setup: &Setup) -> f64 {
    let slots = setup.slots();
    let Some(f) = slots.iter().position(|k| *k == Some(PieceKind::Flag)) else {
        return 0.0;
    };
    let mut count = ByKind::<u32>::default();
    for i in defensive_fields(board_side(f % 10)) {
        if let Some(k) = slots[i] {
            count[k] += 1;
        }
    }
    let c = |k: PieceKind| count[k];
    let mut v = 0.0;
    if c(PieceKind::Marshal) > 0 {
        v += 3.0;
    } else if c(PieceKind::General) > 0 {
        v += 2.0;
    }
    if c(PieceKind::Major) + c(PieceKind::Colonel) > 0 {
        v += 1.0;
    }
    if c(PieceKind::Scout) > 2 {
        v -= 2.0;
    }
    for k in [PieceKind::Sergeant, PieceKind::Miner, PieceKind::Lieutenant] {
        if c(k) > 1 {
            v -= 1.0;
        }
    }
    v
}

fn strength(k: Option<PieceKind>) -> Option<u8> {
    k.and_then(PieceKind::strength)
}

/// H5, pieces blocked by the Spy: -1 for each piece of Major rank or higher next to the Spy
/// with a higher distance to freedom than the Spy.
pub fn h5_blocked_by_spy(setup: &Setup, dist: &[u8; 40]) -> f64 {
    let slots = setup.slots();
    let Some(sp) = slots.iter().position(|k| *k == Some(PieceKind::Spy)) else {
        return 0.0;
    };
    let major = PieceKind::Major.strength();
    -(neighbours(sp).filter(|&n| strength(slots[n]) >= major && dist[n] > dist[sp]).count() as f64)
}

/// H6, pieces blocked by a slightly lower piece: -1 for each movable piece with distance to
/// freedom 2 or more that stands next to a piece one or two ranks higher whose distance is
/// higher than its own (once per blocking piece, however many it blocks).
pub fn h6_blocked_by_lower(setup: &Setup, dist: &[u8; 40]) -> f64 {
    let slots = setup.slots();
    let mut v = 0.0;
    for i in 0..40 {
        let Some(p) = strength(slots[i]) else { continue };
        if dist[i] < 2 || dist[i] == TRAPPED {
            continue;
        }
        let blocks =
            neighbours(i).any(|j| strength(slots[j]).is_some_and(|q| q > p && q - p <= 2) && dist[j] > dist[i]);
        if blocks {
            v -= 1.0;
        }
    }
    v
}

/// H7, miners on the front row: -1 each.
pub fn h7_miners_front_row(setup: &Setup) -> f64 {
    -(setup.slots()[30..40].iter().filter(|k| **k == Some(PieceKind::Miner)).count() as f64)
}

/// H8, bomb protection: +2 for each Bomb with a Sergeant or Lieutenant next to it; -3 more for
/// each Bomb next to the Flag without one; -1 for each Scout or Spy standing next to a Bomb
/// (once per piece).
pub fn h8_bomb_protection(setup: &Setup) -> f64 {
    let slots = setup.slots();
    let mut v = 0.0;
    for i in 0..40 {
        match slots[i] {
            Some(PieceKind::Bomb) => {
                let guarded =
                    neighbours(i).any(|n| matches!(slots[n], Some(PieceKind::Sergeant | PieceKind::Lieutenant)));
                let by_flag = neighbours(i).any(|n| slots[n] == Some(PieceKind::Flag));
                if guarded {
                    v += 2.0;
                } else if by_flag {
                    v -= 3.0;
                }
            }
            Some(PieceKind::Scout | PieceKind::Spy) if neighbours(i).any(|n| slots[n] == Some(PieceKind::Bomb)) => {
                v -= 1.0;
            }
            _ => {}
        }
    }
    v
}

/// H9, starting pieces (distance to freedom 0 or 1): more than 2 Bombs -1 per extra Bomb;
/// more than 1 Miner -1 per extra Miner; both Colonels -1; the Flag -10; more than 2 Majors
/// and Colonels together -2; -2 for each of Sergeant, Lieutenant, Captain with more than 3
/// there; more than 5 Scouts -1.
pub fn h9_starting_pieces(setup: &Setup, dist: &[u8; 40]) -> f64 {
    let mut count = ByKind::<i32>::default();
    for (i, k) in setup.slots().iter().enumerate() {
        if let Some(k) = k
            && dist[i] <= 1
        {
            count[*k] += 1;
        }
    }
    let c = |k: PieceKind| count[k];
    let mut v = 0.0;
    v -= (c(PieceKind::Bomb) - 2).max(0) as f64;
    v -= (c(PieceKind::Miner) - 1).max(0) as f64;
    if c(PieceKind::Colonel) >= 2 {
        v -= 1.0;
    }
    if c(PieceKind::Flag) > 0 {
        v -= 10.0;
    }
    if c(PieceKind::Major) + c(PieceKind::Colonel) > 2 {
        v -= 2.0;
    }
    for k in [PieceKind::Sergeant, PieceKind::Lieutenant, PieceKind::Captain] {
        if c(k) > 3 {
            v -= 2.0;
        }
    }
    if c(PieceKind::Scout) > 5 {
        v -= 1.0;
    }
    v
}

/// The thesis's evaluation: the plain sum of H1-H9 (higher is better).
pub fn score(setup: &Setup) -> SetupScore {
    let dist = distance_to_freedom(setup);
    let per_heuristic = [
        0.0,
        h2_surrounded_by_bombs(setup, &dist),
        h3_flag_bombed_in(setup),
        h4_flag_defense(setup),
        h5_blocked_by_spy(setup, &dist),
        h6_blocked_by_lower(setup, &dist),
        h7_miners_front_row(setup),
        h8_bomb_protection(setup),
        h9_starting_pieces(setup, &dist),
    ];
    SetupScore { total: per_heuristic.iter().sum(), per_heuristic }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng_from_seed;

    #[test]
    fn distances_without_obstacles_reach_four() {
        // No Bomb or Flag at all is not an army, but the distance needs none: all Scouts.
        let s = Setup::parse(&"D".repeat(40)).unwrap();
        let d = distance_to_freedom(&s);
        let back: Vec<u8> = d[0..10].to_vec();
        assert_eq!(back, vec![3, 3, 4, 4, 3, 3, 4, 4, 3, 3]);
        assert_eq!(&d[30..40], &[0, 0, 1, 1, 0, 0, 1, 1, 0, 0]);
        assert_eq!(*d.iter().max().unwrap(), 4);
    }

    #[test]
    fn same_seed_same_setup() {
        for v in [Variant::Classic, Variant::Barrage] {
            let a = generate(v, 10, &mut rng_from_seed(3));
            let b = generate(v, 10, &mut rng_from_seed(3));
            assert_eq!(a, b);
            assert_eq!(a.check(v), Ok(()));
        }
    }
}
