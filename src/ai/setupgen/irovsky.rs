//! The thesis's automatic setup (`GameSetup/PieceSetup.py`, Sections 2.4 and 6.1): the Flag
//! in the back row, in a random column, surrounded by Bombs; every other piece on a random
//! home square.
//!
//! "Surrounded" follows the tactic of Section 2.4 and Fig. 7.1: the Flag's free neighbours
//! (two in a corner, three elsewhere on the back row) each get a Bomb. Bombs left over are
//! scattered with the rest. With fewer Bombs than neighbours (Barrage has one), the Bombs go
//! in front of the Flag first, then beside it.
//!
//! Invariant: the result always passes [`Setup::check`] for the variant asked.

use crate::ai::BotRng;
use crate::rules::{PieceKind, Setup, Variant};
use rand::Rng;
use rand::seq::SliceRandom;

/// The Flag on a random back-row square and a Bomb on each of its free neighbours, in front
/// first (it blocks the approach Scouts use), then left and right, as far as `army` has Bombs;
/// both are taken from `army`. Shared with Perspecto's semi-random setup, which walls its Flag
/// in the same way.
pub(crate) fn place_flag_with_bombs(
    army: &mut crate::rules::Army,
    slots: &mut [Option<PieceKind>; 40],
    rng: &mut BotRng,
) {
    // Setup index i: row i / 10 from the back, column i % 10 from the owner's left.
    let col = rng.random_range(0..10usize);
    slots[col] = Some(PieceKind::Flag);
    army.remove(PieceKind::Flag);
    let mut guards = vec![10 + col];
    if col > 0 {
        guards.push(col - 1);
    }
    if col < 9 {
        guards.push(col + 1);
    }
    for g in guards {
        if army[PieceKind::Bomb] == 0 {
            break;
        }
        slots[g] = Some(PieceKind::Bomb);
        army.remove(PieceKind::Bomb);
    }
}

/// A setup by the thesis's automatic scheme.
pub fn generate(variant: Variant, rng: &mut BotRng) -> Setup {
    let mut army = variant.army();
    let mut slots: [Option<PieceKind>; 40] = [None; 40];
    // Setup index i: row i / 10 from the back, column i % 10 from the owner's left.
    place_flag_with_bombs(&mut army, &mut slots, rng);
    let mut rest: Vec<Option<PieceKind>> = Vec::with_capacity(40);
    for k in PieceKind::ALL {
        rest.extend(std::iter::repeat_n(Some(k), army[k] as usize));
    }
    let free: Vec<usize> = (0..40).filter(|&i| slots[i].is_none()).collect();
    rest.resize(free.len(), None);
    rest.shuffle(rng);
    for (i, k) in free.into_iter().zip(rest) {
        slots[i] = k;
    }
    Setup::from_slots(slots)
}
