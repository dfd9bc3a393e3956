//! The `random` bot: a uniformly random legal move, and a uniformly random legal setup.
//!
//! It is the floor of the ladder and the sparring partner of the invariant tests. Invariants:
//! every move it returns is one of `view.legal_moves()`, chosen uniformly with the context's
//! RNG (so the same view and seed give the same move); every setup it returns passes
//! [`Setup::check`] for the variant asked.

use super::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PieceKind, PlayerView, Setup, Variant};
use rand::Rng;
use rand::seq::SliceRandom;

/// Plays uniformly random legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot;

impl RandomBot {
    /// A new random bot (it has no state).
    pub fn new() -> RandomBot {
        RandomBot
    }
}

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

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    /// # Panics
    /// If the side has no legal move (the [`Bot`] contract says it is never asked then).
    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        let moves = view.legal_moves();
        assert!(!moves.is_empty(), "random bot asked to move without a legal move");
        ctx.add_nodes(1);
        let mv = moves[ctx.rng.random_range(0..moves.len())];
        ctx.report(1, Some(mv), None);
        mv
    }

    /// One setup drawn from the statistics of human setups (Invincible's semi-random placement,
    /// not its best-of-50): the Random level must still offer and play realistic setups, with
    /// the Flag behind the front row (issue 9), while its moves stay uniformly random.
    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        super::invincible::setup::semi_random_for(variant, rng)
    }
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
