//! Every bot's setup generator (and so every level of the page, whose "Smart setup" and whose
//! bot's own army come from it) keeps the Flag off the front row, in both variants (issue 9:
//! the Random and Negamax levels offered uniformly random setups with the Flag in front).

use stratagem::ai::{BOTS, make_bot, rng_from_seed};
use stratagem::rules::{PieceKind, Variant};

/// Setup index `i` is row `i / 10` counted from the owner's back row: 30..40 is the front row.
const FRONT_ROW: std::ops::Range<usize> = 30..40;

#[test]
fn no_bot_puts_its_flag_on_the_front_row() {
    for entry in BOTS {
        for (variant, n) in [(Variant::Classic, 60u64), (Variant::Barrage, 300)] {
            let mut bot = make_bot(entry.name).expect("registered");
            for seed in 0..n {
                let mut rng = rng_from_seed(seed);
                let s = bot.setup(variant, &mut rng);
                assert_eq!(s.check(variant), Ok(()), "{} {variant:?} seed {seed}", entry.name);
                let flag = s.slots().iter().position(|k| *k == Some(PieceKind::Flag));
                let flag = flag.unwrap_or_else(|| panic!("{} {variant:?} seed {seed}: no Flag in {s}", entry.name));
                assert!(
                    !FRONT_ROW.contains(&flag),
                    "{} {variant:?} seed {seed}: the Flag stands on the front row (index {flag}) in {s}",
                    entry.name
                );
            }
        }
    }
}
