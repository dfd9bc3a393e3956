//! StrategoAI's setup generator (seed 002, thesis §4.3; docs/bots/strategoai.md).

use crate::ai::BotRng;
use crate::rules::{PieceKind, Setup, Variant};
use rand::Rng;
use rand::seq::SliceRandom;

/// The thesis's setup (§4.3, Listing 4.1): the flag on a random back-row square that is not a
/// corner, bombs right, left and in front of it, the other bombs on random squares, every other
/// piece on a random free square. For an army with fewer than three bombs (Barrage) the bomb
/// goes in front first, then left, then right.
pub(crate) fn strategoai_setup(variant: Variant, rng: &mut BotRng) -> Setup {
    let army = variant.army();
    let mut slots: [Option<PieceKind>; 40] = [None; 40];
    let f = rng.random_range(1..9usize);
    if army[PieceKind::Flag] > 0 {
        slots[f] = Some(PieceKind::Flag);
    }
    let mut bombs = army[PieceKind::Bomb] as usize;
    for s in [f + 10, f - 1, f + 1] {
        if bombs == 0 {
            break;
        }
        slots[s] = Some(PieceKind::Bomb);
        bombs -= 1;
    }
    let mut free: Vec<usize> = (0..40).filter(|&i| slots[i].is_none()).collect();
    free.shuffle(rng);
    let mut rest: Vec<PieceKind> = std::iter::repeat_n(PieceKind::Bomb, bombs).collect();
    for k in PieceKind::ALL {
        if k != PieceKind::Flag && k != PieceKind::Bomb {
            rest.extend(std::iter::repeat_n(k, army[k] as usize));
        }
    }
    for (i, k) in free.into_iter().zip(rest) {
        slots[i] = Some(k);
    }
    Setup::from_slots(slots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng_from_seed;

    #[test]
    fn setups_follow_the_thesis() {
        let mut rng = rng_from_seed(3);
        for _ in 0..200 {
            let s = strategoai_setup(Variant::Classic, &mut rng);
            assert_eq!(s.check(Variant::Classic), Ok(()));
            let f = (0..40).find(|&i| s.get(i) == Some(PieceKind::Flag)).unwrap();
            assert!((1..9).contains(&f), "flag on {f}: back row, not a corner");
            for b in [f - 1, f + 1, f + 10] {
                assert_eq!(s.get(b), Some(PieceKind::Bomb), "no bomb on {b} next to the flag on {f}");
            }
            let b = strategoai_setup(Variant::Barrage, &mut rng);
            assert_eq!(b.check(Variant::Barrage), Ok(()));
            let f = (0..40).find(|&i| b.get(i) == Some(PieceKind::Flag)).unwrap();
            assert_eq!(b.get(f + 10), Some(PieceKind::Bomb));
        }
    }
}
