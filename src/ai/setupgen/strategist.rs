//! Setups of the `strategist` bot (docs/bots/strategist.md, "Setups"): human-like and hard to
//! predict, with the Flag bombed in in every classic setup.
//!
//! Method: the semi-random generator of the Invincible thesis (pieces placed one by one from
//! the per-square and neighbour statistics of the 58,366 Gravon setups, `ai::setupgen::invincible`)
//! keeps the best of [`BEST_OF`] candidates by the thesis's heuristics (Invincible keeps the
//! best of 50, which pulls every setup towards the same few shapes); in classic games, with
//! probability [`ENCLOSE`] percent, its Flag is then bombed in (every neighbour a Bomb or the
//! board's edge) by swapping Bombs from elsewhere into its open neighbours ([`bomb_in`]). The result is mirrored left-right with probability 1/2
//! (the game is symmetric; the human statistics are not quite, so mirroring spreads the Flag
//! over both corners).
//!
//! Measured against `data/` (flag-square distribution, its entropy, bombed-in flags): see the
//! doc and `tests/strategist.rs`.

use crate::ai::BotRng;
pub use crate::ai::setupgen::invincible::flag_bombed_in;
use crate::ai::setupgen::invincible::generate;
use crate::rules::{PieceKind, Setup, Variant};
use rand::Rng;

/// Candidates per setup; the best by the Invincible heuristics is kept. 16 since session 7 (4
/// before): against `invincible` at 125,000 nodes a move 32-4-4 where the best of 4 scored
/// 31-2-7 with two more Flags lost (docs/bots/strategist.md, "Session 7").
/// `STRATEGIST_BEST_OF` overrides it natively, for tuning matches only.
pub const BEST_OF: usize = 16;

/// Percent of classic setups whose Flag is bombed in by choice (session 10; the rest keep the
/// best candidate whatever its Flag). Why: over 640 games of v9 against `invincible` and the
/// three Perspecto bots, the bot scored 83 % with its Flag bombed in and 69 % without (54 %
/// with two or more open sides of a back-row Flag), and lost its Flag in 9 % of the games with
/// it bombed in against 25 % without: the literature bots find a Flag by attacking unmoved
/// pieces, and an open side lets any piece in. "Bombed in" counts within the setup's four
/// rows: a Flag on the front row keeps its front open (rare: the Flag stands on the back row
/// in 94 % of the setups). Measured as a match:
/// docs/bots/strategist.md, "Session 10". People bomb their Flag in 45 % of the time; the
/// square of the Flag stays as spread as before (`tests/strategist.rs`).
/// `STRATEGIST_ENCLOSE` overrides it natively, for tuning matches only.
pub const ENCLOSE: u32 = 100;

/// Percent of classic setups taken whole from people's (session 42, `STRATEGIST_HUMAN`
/// overrides it natively for tuning matches): a setup drawn at random from [`HUMAN_SETUPS`]
/// people's setups with a bombed-in Flag ([`human_setup`]), mirrored with probability 1/2,
/// instead of the generator's. All of them natively since session 43 (v17): against
/// `invincible` at 100 ms people's setups scored 84.0 % over 500 games of three seeds where the
/// generator's (v16) scored 81.2 % on the same seeds, ahead on each (unpaired: likely better,
/// not proven; docs/bots/strategist.md, "Session 43"). Not in the page's module: the setups
/// are 43 KB gzipped and the module has no room left under its 250,000 line (BENCHMARKS.md,
/// "Session 43"), so there [`human_setup`] has none. The page draws from the same list itself
/// since session 45 (`www/js/people.js`: `pkg/people-setups.txt`, a copy of
/// [`HUMAN_SETUPS_PATH`], each line checked by the module, the same uniform draw and mirror);
/// the module's generator makes its setups only while that list is missing. The generator
/// also makes every Barrage setup, and natively the share of classic ones this leaves.
pub const HUMAN: u32 = 100;

/// How many of people's bombed-in classic setups the bot carries natively
/// ([`HUMAN_SETUPS_TEXT`]): 2,000 of the 18,387 distinct ones with the Flag off the front row
/// (82 KB, 38 KB gzipped as text); the page draws from the same file (see [`HUMAN`]).
pub const HUMAN_SETUPS: usize = 2_000;

/// [`HUMAN_SETUPS`] setups, one per line, chosen from `data/gravon-classic-setups.txt` by
/// [`select_bombed_in`] (natively only).
#[cfg(not(target_arch = "wasm32"))]
pub const HUMAN_SETUPS_TEXT: &str = include_str!("../../../data/derived/bombed-in-setups.txt");

/// Where [`HUMAN_SETUPS_TEXT`] lives in the repository (its test rewrites it on request).
pub const HUMAN_SETUPS_PATH: &str = "data/derived/bombed-in-setups.txt";

/// `n` of the distinct valid classic setups of `text` whose Flag is bombed in and off the front
/// row (a few people put it there, bombed in on three sides; every bot's setups keep it off,
/// `tests/level_setups.rs`), evenly spread over them in the order each first appears (the
/// `i`-th of `n` is the distinct setup number `i * distinct / n`): a fixed, reproducible choice
/// with no favourite shape (the most played setups would be a few players' own). All of them when there are `n` or fewer.
pub fn select_bombed_in(text: &str, n: usize) -> Vec<Setup> {
    let mut seen = std::collections::HashSet::new();
    let distinct: Vec<Setup> = crate::ai::belief::library::classic_setups(text)
        .filter(|s| flag_bombed_in(s) && flag_index(s).is_some_and(|f| f < 30))
        .filter(|s| seen.insert(s.to_letters()))
        .collect();
    if distinct.len() <= n {
        return distinct;
    }
    (0..n).map(|i| distinct[i * distinct.len() / n]).collect()
}

/// The embedded bombed-in setups (parsed once; natively only).
#[cfg(not(target_arch = "wasm32"))]
fn bombed_in_human_setups() -> &'static [Setup] {
    static SETUPS: std::sync::OnceLock<Vec<Setup>> = std::sync::OnceLock::new();
    SETUPS.get_or_init(|| crate::ai::belief::library::classic_setups(HUMAN_SETUPS_TEXT).collect())
}

/// A setup people played, with its Flag bombed in, drawn uniformly from the embedded
/// [`HUMAN_SETUPS`]; `None` in WebAssembly (see [`HUMAN`]).
pub fn human_setup(rng: &mut BotRng) -> Option<Setup> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let all = bombed_in_human_setups();
        (!all.is_empty()).then(|| all[rng.random_range(0..all.len())])
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = rng;
        None
    }
}

/// `setup` mirrored left-right (each row reversed), as seen by its owner.
pub fn mirrored(setup: &Setup) -> Setup {
    let mut m = *setup;
    let slots = m.slots_mut();
    for row in 0..4 {
        slots[row * 10..row * 10 + 10].reverse();
    }
    m
}

/// The setup indices next to index `i` (left, right, in front, behind; within the four rows).
/// `setupgen::invincible::neighbours` gives the same squares in another order; this order is
/// the one the measured v10/v11 setups were drawn in (the swaps follow it).
fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / 10, i % 10);
    [(c > 0).then(|| i - 1), (c < 9).then(|| i + 1), (r < 3).then(|| i + 10), (r > 0).then(|| i - 10)]
        .into_iter()
        .flatten()
}

/// Where the Flag stands in `setup`, if it has one.
fn flag_index(setup: &Setup) -> Option<usize> {
    (0..40).find(|&i| setup.get(i) == Some(PieceKind::Flag))
}

/// Bombs the Flag in where the army has the Bombs for it: each open neighbour of the Flag
/// swaps places with a Bomb, drawn uniformly, from elsewhere (not next to the Flag). The Flag's
/// square and every other piece's stay; only the swapped pieces move.
///
/// Why a swap rather than choosing among candidates with the Flag bombed in: that choice
/// pulls the Flag into the corners, where two Bombs suffice (measured over 1,500 setups: the
/// Flag's square at 2.98 bits against the people's 3.80 and the best of 16's 3.31), and makes
/// it easier to guess; the swap keeps the square's distribution of the best of 16.
pub fn bomb_in(setup: &mut Setup, rng: &mut BotRng) {
    let Some(f) = flag_index(setup) else { return };
    let near = neighbours(f).fold(0u64, |m, n| m | 1 << n);
    swap_bombs_into(setup, neighbours(f), near, rng);
}

/// Makes each of `targets` a Bomb, in turn, by swapping it with a Bomb drawn uniformly from
/// those outside the mask `keep` (a target that is a Bomb already is left alone); stops when
/// no such Bomb is left. Shared by [`bomb_in`] and the decoy, so that both draw their Bombs
/// the same way (the draw order is the one v10's measured setups were made with).
fn swap_bombs_into(setup: &mut Setup, targets: impl Iterator<Item = usize>, keep: u64, rng: &mut BotRng) {
    for n in targets {
        if setup.get(n) == Some(PieceKind::Bomb) {
            continue;
        }
        let (mut spare, mut count) = ([0usize; 40], 0);
        for j in 0..40 {
            if setup.get(j) == Some(PieceKind::Bomb) && keep & 1 << j == 0 {
                spare[count] = j;
                count += 1;
            }
        }
        if count == 0 {
            return;
        }
        setup.slots_mut().swap(n, spare[rng.random_range(0..count)]);
    }
}

/// Percent of classic setups given a decoy corner ([`decoy_corner`]; session 18, an
/// experiment, off). `STRATEGIST_DECOY` overrides it natively; the page's module leaves the
/// decoy out (it has no room under its size line for a switch that is off).
#[cfg(not(target_arch = "wasm32"))]
pub const DECOY: u32 = 0;

/// Builds a decoy of a bombed-in Flag in the back-row corner farther from the Flag: the corner,
/// its neighbour on the back row and the square in front of it become Bombs, each swapped in
/// from a Bomb elsewhere that does not touch the Flag (the Flag's own Bombs stay). Nothing
/// happens unless the Flag stands on the back row and enough such Bombs are free for the decoy's
/// squares that are not Bombs yet (a Flag in the middle of the back row, bombed in, leaves
/// exactly three; one in a corner leaves four; the decoy's corner is never next to a back-row
/// Flag, which is at least five columns away). The army and the Flag's square stay; only
/// swapped pieces move.
///
/// Why: against the Perspecto bots most of v12's losses are its bombed-in Flag taken by a
/// Miner that walks straight to it (25 of 32 against `perspecto-expectimax`, v12 in session 15): a
/// bombed-in Flag is the one cluster of unmoved pieces on the back row whose centre never
/// moves. A second such cluster, made of Bombs alone (which never move either), gives an enemy
/// that reads the shape two to choose from, and a Miner that goes to the decoy spends its
/// moves on Bombs in our half, known once it takes the first.
#[cfg(not(target_arch = "wasm32"))]
pub fn decoy_corner(setup: &mut Setup, rng: &mut BotRng) {
    let Some(f) = flag_index(setup) else { return };
    if f >= 10 {
        return;
    }
    let (corner, beside) = if f % 10 < 5 { (9, 8) } else { (0, 1) };
    let decoy = [corner, beside, corner + 10];
    let guard = neighbours(f).fold(1u64 << f, |m, n| m | 1 << n);
    debug_assert!(decoy.iter().all(|d| guard & 1 << d == 0), "the decoy touches the Flag");
    let keep = decoy.iter().fold(guard, |m, d| m | 1 << d);
    let is_bomb = |j: &usize| setup.get(*j) == Some(PieceKind::Bomb);
    let spare = (0..40).filter(|j| is_bomb(j) && keep & 1 << j == 0).count();
    if spare < decoy.iter().filter(|d| !is_bomb(d)).count() {
        return;
    }
    swap_bombs_into(setup, decoy.into_iter(), keep, rng);
}

/// One setup of `variant`.
pub fn generate_setup(variant: Variant, rng: &mut BotRng) -> Setup {
    // (Natively only: the page's module has no setups to draw from, and keeps v16's draws.)
    if variant == Variant::Classic && cfg!(not(target_arch = "wasm32")) {
        let share = crate::ai::bots::strategist::tuning::<u32>("STRATEGIST_HUMAN").unwrap_or(HUMAN);
        if share > 0
            && rng.random_range(0..100) < share
            && let Some(s) = human_setup(rng)
        {
            return if rng.random::<bool>() { mirrored(&s) } else { s };
        }
    }
    generated_setup(variant, rng)
}

/// One setup of `variant` from the generator alone (every setup of the page's module, and
/// natively those [`HUMAN`] leaves): the best of [`BEST_OF`], its Flag bombed in, mirrored
/// with probability 1/2.
pub fn generated_setup(variant: Variant, rng: &mut BotRng) -> Setup {
    let best_of = crate::ai::bots::strategist::tuning::<usize>("STRATEGIST_BEST_OF").unwrap_or(BEST_OF).max(1);
    let mut s = generate(variant, best_of, rng);
    let share = crate::ai::bots::strategist::tuning::<u32>("STRATEGIST_ENCLOSE").unwrap_or(ENCLOSE);
    if variant == Variant::Classic && rng.random_range(0..100) < share {
        bomb_in(&mut s, rng);
    }
    #[cfg(not(target_arch = "wasm32"))]
    if variant == Variant::Classic {
        let share = crate::ai::bots::strategist::tuning::<u32>("STRATEGIST_DECOY").unwrap_or(DECOY);
        if share > 0 && rng.random_range(0..100) < share {
            decoy_corner(&mut s, rng);
        }
    }
    if rng.random::<bool>() { mirrored(&s) } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bombed_in_means_every_neighbour_a_bomb_or_the_edge() {
        // Back-row corner Flag (slot 0) with Bombs on its two neighbours: bombed in.
        let mut slots = [Some(PieceKind::Scout); 40];
        slots[0] = Some(PieceKind::Flag);
        slots[1] = Some(PieceKind::Bomb);
        slots[10] = Some(PieceKind::Bomb);
        let mut s = Setup::from_slots(slots);
        assert!(flag_bombed_in(&s));
        s.slots_mut()[10] = Some(PieceKind::Sergeant);
        assert!(!flag_bombed_in(&s), "an open side in front");
        // A Flag in the middle of the back row needs three Bombs.
        let slots = s.slots_mut();
        *slots = [Some(PieceKind::Scout); 40];
        slots[4] = Some(PieceKind::Flag);
        slots[3] = Some(PieceKind::Bomb);
        slots[5] = Some(PieceKind::Bomb);
        assert!(!flag_bombed_in(&s));
        s.slots_mut()[14] = Some(PieceKind::Bomb);
        assert!(flag_bombed_in(&s));
        s.slots_mut()[4] = Some(PieceKind::Scout);
        assert!(!flag_bombed_in(&s), "no Flag");
    }

    #[test]
    fn bomb_in_swaps_bombs_into_the_open_sides_and_keeps_the_army_and_the_flag() {
        let mut rng = crate::ai::rng_from_seed(5);
        let mut enclosed_before = 0;
        for _ in 0..300 {
            let s = generate(Variant::Classic, 4, &mut rng);
            enclosed_before += flag_bombed_in(&s) as u32;
            let mut t = s;
            bomb_in(&mut t, &mut rng);
            assert!(flag_bombed_in(&t), "{s} -> {t}");
            assert_eq!(t.army(), s.army());
            assert_eq!(flag_index(&t), flag_index(&s));
            let moved = (0..40).filter(|&i| s.get(i) != t.get(i)).count();
            let open =
                neighbours(flag_index(&s).expect("a Flag")).filter(|&i| s.get(i) != Some(PieceKind::Bomb)).count();
            assert_eq!(moved, 2 * open, "only the swapped pieces move: {s} -> {t}");
        }
        assert!(enclosed_before < 250, "the generator alone bombs the Flag in {enclosed_before} times of 300");
        // Barrage has one Bomb: the Flag gets what there is, and nothing breaks.
        let mut b = generate(Variant::Barrage, 1, &mut rng);
        let army = b.army();
        bomb_in(&mut b, &mut rng);
        assert_eq!(b.army(), army);
    }
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn the_decoy_bombs_the_far_corner_and_keeps_the_army_the_flag_and_its_bombs() {
        // Fixed cases: the corner is the one across the board from the Flag.
        for (flag, decoy) in [(0, [9, 8, 19]), (4, [9, 8, 19]), (5, [0, 1, 10]), (9, [0, 1, 10])] {
            let mut slots = [Some(PieceKind::Scout); 40];
            slots[flag] = Some(PieceKind::Flag);
            for j in [20, 21, 22, 23, 24, 25] {
                slots[j] = Some(PieceKind::Bomb);
            }
            let mut s = Setup::from_slots(slots);
            decoy_corner(&mut s, &mut crate::ai::rng_from_seed(1));
            for d in decoy {
                assert_eq!(s.get(d), Some(PieceKind::Bomb), "Flag on slot {flag}: {s}");
            }
            assert_eq!((0..40).filter(|&i| s.get(i) == Some(PieceKind::Bomb)).count(), 6);
        }
        // Generated setups: every back-row Flag bombed in gets its decoy (six Bombs leave at
        // least three free); Flags farther forward get none.
        let mut rng = crate::ai::rng_from_seed(11);
        let (mut built, mut in_place, mut back_row) = (0, 0, 0);
        for _ in 0..300 {
            let mut s = generate(Variant::Classic, 4, &mut rng);
            bomb_in(&mut s, &mut rng);
            let mut t = s;
            decoy_corner(&mut t, &mut rng);
            let f = flag_index(&s).expect("a Flag");
            assert_eq!(t.army(), s.army());
            assert_eq!(flag_index(&t), Some(f));
            assert_eq!(flag_bombed_in(&t), flag_bombed_in(&s), "{s} -> {t}");
            let moved = (0..40).filter(|&i| s.get(i) != t.get(i)).count();
            if f >= 10 {
                assert_eq!(moved, 0, "a decoy for a Flag off the back row: {s} -> {t}");
                continue;
            }
            back_row += 1;
            let c = if f % 10 < 5 { 9 } else { 0 };
            assert!((c as i32 - (f % 10) as i32).abs() >= 5);
            let decoy = [c, if c == 0 { 1 } else { 8 }, c + 10];
            assert!(decoy.iter().all(|&d| t.get(d) == Some(PieceKind::Bomb)), "no decoy: {s} -> {t}");
            let filled = decoy.iter().filter(|&&d| s.get(d) != Some(PieceKind::Bomb)).count();
            assert_eq!(moved, 2 * filled, "only the swapped pieces move: {s} -> {t}");
            if filled == 0 {
                in_place += 1;
            } else {
                built += 1;
            }
        }
        assert_eq!(built + in_place, back_row);
        assert!(built > 0 && back_row > 200, "{built} decoys built, {back_row} back-row Flags of 300");
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn the_embedded_human_setups_are_the_selection_from_data() {
        let chosen = select_bombed_in(crate::ai::belief::library::CLASSIC_TEXT, HUMAN_SETUPS);
        assert_eq!(chosen.len(), HUMAN_SETUPS);
        let text: String = chosen.iter().map(|s| s.to_letters() + "\n").collect();
        if std::env::var_os("STRATAGEM_WRITE_DERIVED").is_some() {
            let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), HUMAN_SETUPS_PATH);
            std::fs::write(&path, &text).unwrap();
            eprintln!("wrote {path}: rebuild and run the test again without the variable");
            return;
        }
        assert!(
            HUMAN_SETUPS_TEXT == text,
            "{HUMAN_SETUPS_PATH} differs from select_bombed_in(data/gravon-classic-setups.txt): rerun \
             this test with STRATAGEM_WRITE_DERIVED=1 and rebuild"
        );
        // Every line a valid bombed-in setup, none twice.
        let parsed: Vec<Setup> = crate::ai::belief::library::classic_setups(HUMAN_SETUPS_TEXT).collect();
        assert_eq!(parsed.len(), HUMAN_SETUPS);
        assert!(parsed.iter().all(flag_bombed_in));
        let distinct: std::collections::HashSet<String> = parsed.iter().map(|s| s.to_letters()).collect();
        assert_eq!(distinct.len(), HUMAN_SETUPS);
    }

    #[test]
    fn select_bombed_in_spreads_over_the_distinct_ones_in_order() {
        // Six lines: two repeats, one open Flag, one not an army; three distinct bombed in.
        let a = "MBCDDDDDDDBDEEEEEFFFFGGGGHHHHIIIJJKLBBBB";
        let mut other = Setup::parse(a).unwrap();
        other.slots_mut().swap(33, 34);
        let b = other.to_letters();
        let open = "BMCDDDDDDDBDEEEEEFFFFGGGGHHHHIIIJJKLBBBB";
        let mut third = Setup::parse(a).unwrap();
        third.slots_mut().swap(34, 35);
        let c = third.to_letters();
        assert!(flag_bombed_in(&Setup::parse(a).unwrap()) && !flag_bombed_in(&Setup::parse(open).unwrap()));
        assert_ne!(b, c);
        let text = format!("{a}\n{a}\n{open}\nnot a setup\n{b}\n{c}\n{b}\n");
        let letters = |v: Vec<Setup>| v.iter().map(|s| s.to_letters()).collect::<Vec<_>>();
        assert_eq!(letters(select_bombed_in(&text, 10)), [a, &b, &c]);
        assert_eq!(letters(select_bombed_in(&text, 2)), [a, &b], "distinct numbers 0 and 3 / 2 = 1");
        assert_eq!(letters(select_bombed_in(&text, 1)), [a]);
    }

    #[test]
    fn a_human_setup_is_one_people_played_with_its_flag_bombed_in() {
        let played: std::collections::HashSet<&str> = crate::ai::belief::library::CLASSIC_TEXT.lines().collect();
        let mut rng = crate::ai::rng_from_seed(17);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let s = human_setup(&mut rng).expect("natively the library is there");
            assert!(s.check(Variant::Classic).is_ok());
            assert!(flag_bombed_in(&s), "{}", s.to_letters());
            assert!(played.contains(s.to_letters().as_str()), "{} is not in data/", s.to_letters());
            seen.insert(s.to_letters());
        }
        // Drawn from thousands, not one favourite: 200 draws give well over 150 setups.
        assert!(seen.len() > 150, "{} distinct setups in 200 draws", seen.len());
    }
}
