//! Uniformly random setups: the `random` bot's, the `negamax` bot's (its tutorial has none),
//! and Invincible's "method 1".

use crate::ai::BotRng;
use crate::rules::{PieceKind, Setup, Variant};
use rand::seq::SliceRandom;

/// A uniformly random setup of `variant`'s army.
///
/// Classic: the 40 pieces shuffled over the 40 home squares, so every distinct arrangement is
/// equally likely (each arises from the same number of permutations of the multiset).
/// Barrage: the 8 pieces (padded with 32 empty slots) shuffled over the 40 home squares, which
/// likewise makes every distinct placement equally likely.
pub fn random_setup(variant: Variant, rng: &mut BotRng) -> Setup {
    let army = variant.army();
    let mut slots: Vec<Option<PieceKind>> = Vec::with_capacity(40);
    for k in PieceKind::ALL {
        slots.extend(std::iter::repeat_n(Some(k), army.count(k) as usize));
    }
    slots.resize(40, None);
    slots.shuffle(rng);
    let mut out = [None; 40];
    out.copy_from_slice(&slots);
    Setup::from_slots(out)
}

/// A position of `variant` a random number of plies (drawn from `plies`) in from two random
/// setups, the moves random too; `None` if the game ended on the way. For tests that need
/// positions off the start (small Barrage ones for exact searches, Classic ones for beliefs).
#[cfg(test)]
pub(crate) fn random_position(
    variant: Variant,
    plies: std::ops::Range<i32>,
    rng: &mut BotRng,
) -> Option<crate::rules::Position> {
    use rand::Rng;
    let (a, b) = (random_setup(variant, rng), random_setup(variant, rng));
    let mut pos = crate::rules::Position::new(crate::rules::Rules::for_variant(variant), &a, &b);
    for _ in 0..rng.random_range(plies) {
        if pos.outcome().is_some() {
            break;
        }
        let m = pos.legal_moves();
        pos.play_unchecked(m[rng.random_range(0..m.len())]);
    }
    pos.outcome().is_none().then_some(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng_from_seed;

    #[test]
    fn setups_are_legal_and_vary() {
        let mut rng = rng_from_seed(7);
        for variant in [Variant::Classic, Variant::Barrage] {
            let a = random_setup(variant, &mut rng);
            let b = random_setup(variant, &mut rng);
            assert_eq!(a.check(variant), Ok(()));
            assert_eq!(b.check(variant), Ok(()));
            assert_ne!(a, b, "two random {variant:?} setups in a row were equal");
        }
    }

    #[test]
    fn barrage_placement_uses_every_row() {
        // Uniform placement puts pieces on all four home rows over many draws; a generator
        // that only filled the first 8 slots would never reach row 4.
        let mut rng = rng_from_seed(1);
        let mut rows = [0u32; 4];
        for _ in 0..200 {
            let s = random_setup(Variant::Barrage, &mut rng);
            for i in 0..40 {
                if s.get(i).is_some() {
                    rows[i / 10] += 1;
                }
            }
        }
        assert!(rows.iter().all(|&n| n > 300), "{rows:?}");
    }
}
