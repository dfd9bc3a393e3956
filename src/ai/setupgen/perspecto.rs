//! Perspecto's semi-random setup (seed 000, thesis sections 7.1 and 10.1-10.2): the Flag on
//! the back row walled in by Bombs; Miners, Scouts, Spy and the top pieces held back from the
//! front line; the middle ranks forward.
//!
//! The thesis gives the ingredients, not the algorithm; ours (docs/bots/perspecto.md):
//! 1. the Flag on a random back-row square, a Bomb on each of its free neighbours (in front
//!    first, with too few Bombs as in Barrage);
//! 2. the other Bombs on random squares of the three back rows;
//! 3. Marshal, General and Colonels on the second and third rows from the front ("rows 8 and
//!    9" for the side on rows 7-10);
//! 4. the Spy, then the Miners and Scouts on the back rows (the two back rows first);
//! 5. Sergeants, Lieutenants and Captains on the front row first;
//! 6. whatever is left (Majors, overflow) on the free squares.
//!
//! Invariant: the result passes [`Setup::check`] for the variant asked, and no Miner, Scout,
//! Spy, Bomb or top piece stands on the front row (there are always enough back squares).

use crate::ai::BotRng;
use crate::rules::{PieceKind, Setup, Variant};
use rand::seq::SliceRandom;

/// Setup row (0 = back row .. 3 = front row) of setup index `i`.
fn row(i: usize) -> usize {
    i / 10
}

fn place(slots: &mut [Option<PieceKind>; 40], kind: PieceKind, n: usize, rows: &[usize], rng: &mut BotRng) -> usize {
    let mut free: Vec<usize> = (0..40).filter(|&i| slots[i].is_none() && rows.contains(&row(i))).collect();
    free.shuffle(rng);
    let placed = n.min(free.len());
    for &i in &free[..placed] {
        slots[i] = Some(kind);
    }
    placed
}

/// A semi-random setup for `variant`.
pub fn generate(variant: Variant, rng: &mut BotRng) -> Setup {
    use PieceKind::*;
    let mut army = variant.army();
    let mut slots: [Option<PieceKind>; 40] = [None; 40];
    super::irovsky::place_flag_with_bombs(&mut army, &mut slots, rng);
    let left = |k: PieceKind| army[k] as usize;
    let bombs = left(Bomb);
    place(&mut slots, Bomb, bombs, &[0, 1, 2], rng);
    for k in [Marshal, General, Colonel] {
        let n = left(k);
        let done = place(&mut slots, k, n, &[1, 2], rng);
        place(&mut slots, k, n - done, &[0], rng);
    }
    let n = left(Spy);
    place(&mut slots, Spy, n, &[0, 1, 2], rng);
    // Miners and Scouts together, so neither kind takes all the back squares.
    let mut back: Vec<PieceKind> =
        std::iter::repeat_n(Miner, left(Miner)).chain(std::iter::repeat_n(Scout, left(Scout))).collect();
    back.shuffle(rng);
    for k in back {
        if place(&mut slots, k, 1, &[0, 1], rng) == 0 {
            place(&mut slots, k, 1, &[2], rng);
        }
    }
    let mut middle: Vec<PieceKind> =
        [Sergeant, Lieutenant, Captain].iter().flat_map(|&k| std::iter::repeat_n(k, left(k))).collect();
    middle.shuffle(rng);
    for k in middle {
        if place(&mut slots, k, 1, &[3], rng) == 0 {
            place(&mut slots, k, 1, &[0, 1, 2], rng);
        }
    }
    let n = left(Major);
    place(&mut slots, Major, n, &[0, 1, 2, 3], rng);
    Setup::from_slots(slots)
}
