//! The short soak (`stratagem::soak`, the long one's figures are in docs/reliability.md):
//! every registered bot against every other in both variants with small node budgets, every
//! ply refereed; no panic, no illegal move, no view drifting from the referee's. And the
//! soak's own detector: a bot that panics loses the game (the panic caught, its message kept)
//! instead of ending the match.

use stratagem::ai::{Bot, BotRng, Budget, SearchContext, bot_names, make_bot, rng_from_seed};
use stratagem::arena::play_game;
use stratagem::rules::{BySide, Move, Outcome, PlayerView, Rules, Setup, Side, Variant, WinReason};
use stratagem::soak::{SoakSettings, run_soak};

#[test]
fn short_soak_every_bot_both_variants() {
    let bots: Vec<String> = bot_names().into_iter().map(String::from).collect();
    let n = bots.len() as u32;
    let settings = SoakSettings {
        bots: bots.clone(),
        variants: vec![Variant::Classic, Variant::Barrage],
        // Two colour-swapped games per pair of bots and variant.
        games: n * (n - 1) / 2 * 2 * 2,
        budget: Budget::nodes(30),
        seed: 5,
        threads: 2,
    };
    let r = run_soak(&settings, |_| {}).unwrap();
    assert_eq!(r.failures(), 0, "incidents:\n{}", r.incidents.join("\n"));
    assert_eq!(r.games, settings.games);
    for b in &r.bots {
        assert_eq!(b.games, (n - 1) * 2 * 2, "{}", b.name);
        assert!(b.times.moves > 0, "{} never moved", b.name);
    }
    assert!(r.plies > 20 * r.games as u64, "suspiciously short games: {} plies", r.plies);
    let table = r.markdown(&settings.budget);
    for b in &bots {
        assert!(table.contains(&format!("| {b} | ")), "{table}");
    }
}

/// Plays the first legal move, and panics on its `after`-th move.
struct Panicky {
    after: u32,
    moves: u32,
}

impl Bot for Panicky {
    fn name(&self) -> &'static str {
        "panicky"
    }

    fn choose_move(&mut self, view: &PlayerView, _: &mut SearchContext) -> Move {
        self.moves += 1;
        assert!(self.moves < self.after, "injected fault at move {}", self.moves);
        view.legal_moves()[0]
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        stratagem::ai::setupgen::random::random_setup(variant, rng)
    }
}

#[test]
fn a_panicking_bot_forfeits_with_the_message() {
    let mut rng = rng_from_seed(1);
    let setups = BySide::from_fn(|_| stratagem::ai::setupgen::random::random_setup(Variant::Classic, &mut rng));
    let mut other = make_bot("random").unwrap();
    let mut bad = Panicky { after: 3, moves: 0 };
    let r = play_game(other.as_mut(), &mut bad, setups, Rules::default(), Budget::nodes(10), 2).unwrap();
    assert!(r.panicked);
    assert_eq!(r.outcome, Outcome::Win { winner: Side::Red, reason: WinReason::Forfeit });
    let (side, what) = r.illegal.unwrap();
    assert_eq!(side, Side::Blue);
    assert!(what.contains("injected fault at move 3"), "{what}");
    // Blue moved twice, then panicked on its third turn: Red had moved three times.
    assert_eq!(r.game.position().ply(), 5);
}
