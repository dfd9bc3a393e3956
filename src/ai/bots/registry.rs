//! The bots by name, and the difficulty levels. Both are data: adding a bot is one line in
//! [`BOTS`], adding a level one line in [`LEVELS`].
//!
//! Invariants (checked by the tests in `tests/bots.rs` and below): names in [`BOTS`] are
//! unique; every level names a registered bot and has `movetime_ms <= 10_000`; level ids are
//! unique.

use crate::ai::{Bot, SearchContext};
use crate::rules::{Move, PlayerView};

/// One registered bot.
#[derive(Clone, Copy)]
pub struct BotEntry {
    /// Registry name (`random`, `negamax`, ...), used on the command line and in levels.
    pub name: &'static str,
    /// Makes a fresh bot.
    pub make: fn() -> Box<dyn Bot>,
    /// One line about what it does.
    pub description: &'static str,
    /// Where it comes from (seed thesis, tutorial, or "baseline").
    pub source: &'static str,
    /// What the scores of its candidate moves mean (`Thought.candidates`, shown by the page's
    /// "Why?" panel with this name); empty for a bot that gives no candidates.
    pub scale: &'static str,
}

impl std::fmt::Debug for BotEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotEntry").field("name", &self.name).field("source", &self.source).finish()
    }
}

/// Every bot, one line each. Add yours here.
pub const BOTS: &[BotEntry] = &[
    BotEntry {
        name: "random",
        make: || Box::new(super::random::RandomBot::new()),
        description: "uniformly random legal moves; a setup drawn from human setup statistics",
        source: "baseline",
        scale: "",
    },
    BotEntry {
        name: "negamax",
        make: || Box::new(super::negamax::NegamaxBot::new()),
        description: "iterative-deepening alpha-beta negamax on 4 positions sampled from the view, material evaluation",
        source: "seed 004, a Swedish minimax/negamax tutorial (docs/bots/negamax.md)",
        scale: "material points (Marshal 400, a won game about 1,000,000), mean over the sampled positions",
    },
    // Seed 003 (Irovský 2023): docs/bots/{mcts,ismcts,alphabeta,expectimax}.md
    BotEntry {
        name: "mcts",
        make: || Box::new(super::mcts::UctBot::mcts()),
        description: "UCT (c = 0.3) on one determinization per move, 50-ply random playouts scored by material",
        source: "seed 003, Irovsky 2023, sections 6.2-6.3",
        scale: "mean playout result, 0 (lost) to 1 (won)",
    },
    BotEntry {
        name: "ismcts",
        make: || Box::new(super::mcts::UctBot::ismcts()),
        description: "the seed-003 MCTS with a fresh determinization every iteration (information-set MCTS)",
        source: "seed 003, Irovsky 2023, sections 6.2-6.3 and 8 (the fix it points to)",
        scale: "mean playout result, 0 (lost) to 1 (won)",
    },
    BotEntry {
        name: "alphabeta",
        make: || Box::new(super::alphabeta::AlphaBetaBot::new()),
        description: "depth-3 alpha-beta with the Table 6.1 evaluation on sampled positions; unknown enemy pieces do not move",
        source: "seed 003, Irovsky 2023, section 6.4",
        scale: "Irovsky's Table 6.1 evaluation, mean over the samples that chose the move",
    },
    BotEntry {
        name: "expectimax",
        make: || Box::new(super::expectimax::ExpectimaxBot::new()),
        description: "depth-3 expectimax, chance nodes on attacks involving unknown pieces weighted by the belief marginals",
        source: "seed 003, Irovsky 2023, section 6.5",
        scale: "Irovsky's Table 6.1 evaluation, expected over the battles' outcomes",
    },
    // Seeds 001 and 002: docs/bots/{invincible,strategoai}.md
    BotEntry {
        name: "invincible",
        make: || Box::new(super::InvincibleBot::new()),
        description: "plans score every legal move (one ply), dynamic piece values, normalised belief matrix",
        source: "seed 001, de Boer 2007, chapters 3, 5 and 6",
        scale: "the sum of the plans' scores for the move",
    },
    BotEntry {
        name: "strategoai",
        make: || Box::new(super::StrategoAiBot::new()),
        description: "nine plans score every legal move (one ply), values with factor 1.55, uniform counting",
        source: "seed 002, StrategoAI 2018, chapters 3-5",
        scale: "the sum of the plans' scores for the move",
    },
    // Seed 000 (Perspecto): docs/bots/perspecto.md
    BotEntry {
        name: "perspecto",
        make: || Box::new(super::perspecto::PerspectoBot::new(super::perspecto::PERSPECTO)),
        description: "p-e-minimax (own and opponent's values), local search radius 2, depth 5-9, fear model, 21 strategic rules",
        source: "seed 000, Perspecto (Swedish master thesis), chapters 7-9",
        scale: "Perspecto's evaluation: tactical search plus strategic rules (piece values of its Table 4)",
    },
    BotEntry {
        name: "perspecto-flat",
        make: || Box::new(super::perspecto::PerspectoBot::new(super::perspecto::PERSPECTO_FLAT)),
        description: "perspecto without variable depth: flat depth 5",
        source: "seed 000, Perspecto, section 10.3.1 ablation",
        scale: "Perspecto's evaluation: tactical search plus strategic rules (piece values of its Table 4)",
    },
    BotEntry {
        name: "perspecto-forward",
        make: || Box::new(super::perspecto::PerspectoBot::new(super::perspecto::PERSPECTO_FORWARD)),
        description: "perspecto with \"everyone wants forward\" instead of the strategic search",
        source: "seed 000, Perspecto, section 10.3.2 ablation",
        scale: "Perspecto's evaluation: tactical search plus strategic rules (piece values of its Table 4)",
    },
    BotEntry {
        name: "perspecto-minimax",
        make: || Box::new(super::perspecto::PerspectoBot::new(super::perspecto::PERSPECTO_MINIMAX)),
        description: "depth-5 local minimax, each attack taking its most probable outcome, section 7.5 evaluation",
        source: "seed 000, Perspecto, section 8.1",
        scale: "Perspecto's evaluation: tactical search plus strategic rules (piece values of its Table 4)",
    },
    BotEntry {
        name: "perspecto-expectimax",
        make: || Box::new(super::perspecto::PerspectoBot::new(super::perspecto::PERSPECTO_EXPECTIMAX)),
        description: "depth-5 local expectiminimax over attack outcomes, section 7.5 evaluation",
        source: "seed 000, Perspecto, section 8.2",
        scale: "Perspecto's evaluation: tactical search plus strategic rules (piece values of its Table 4)",
    },
    BotEntry {
        name: "perspecto-pe",
        make: || Box::new(super::perspecto::PerspectoBot::new(super::perspecto::PERSPECTO_PE)),
        description: "depth-5 local p-e-minimax (own and opponent's values), section 7.5 evaluation",
        source: "seed 000, Perspecto, section 8.3",
        scale: "Perspecto's evaluation: tactical search plus strategic rules (piece values of its Table 4)",
    },
    // Our own: docs/bots/strategist.md
    BotEntry {
        name: "strategist",
        make: || Box::new(super::strategist::StrategistBot::new()),
        description: "iterative-deepening alpha-beta with quiescence and a transposition table over enemy armies sampled from the belief matrix, Invincible's plans added lightly at the root",
        source: "this project (issue 11, docs/bots/strategist.md)",
        scale: "strategist points (material with dynamic values, Marshal about 400), mean over the sampled enemy armies",
    },
];

/// One worker's share of a move, for bots whose search splits at the root: the view's legal
/// moves (in `view.legal_moves()` order), each move's value summed over the worker's samples,
/// and how many samples were counted (`bots::strategist::root_scores`).
pub type RootPart = (Vec<Move>, Vec<i64>, usize);

/// Who shares a move's work ([`BotParts::part`]), and so how the bot shares it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// `n` native threads (`strategist@N`, [`crate::ai::bots::threaded`]): each does its share
    /// of the bot's work, whatever the budget; 1 is the bot's whole search.
    Threads(u32),
    /// `n` of the page's workers ([`crate::ai::engine::think_part`]): the page's levels have
    /// seconds a move, so each worker does at least the bot's work at a node budget, and they
    /// share what more the time buys.
    Workers(u32),
}

/// How a bot's move is split among several workers (root parallelism: every worker searches
/// the same view with its own seed, no memory is shared, and the parts are combined by the
/// bot's own rule). Listed in [`PARTS`]; the engine runs them ([`crate::ai::engine::think_part`],
/// [`crate::ai::engine::combine_parts`]).
///
/// Invariant (tested in `tests/engine.rs` and `web/tests/wasm_node.rs`): one part combined alone,
/// for the same view, seed and node budget, is the move the bot itself plays.
#[derive(Clone, Copy)]
pub struct BotParts {
    /// The bot's registry name.
    pub bot: &'static str,
    /// One worker's part of the move (the bot as [`make_bot`] makes it, seeded by the context),
    /// when the move is split as [`Split`] says (`Split::Threads(1)`: the part is the bot's
    /// whole search; the page's workers, [`crate::ai::engine::think_part`]; the native threads,
    /// [`crate::ai::bots::threaded`]).
    /// `gather`: the other parts searched at the same time, when the caller can have them meet
    /// between rounds (the native threads; `None` for the page's workers and a whole search).
    pub part: fn(&PlayerView, &mut SearchContext, Split, Option<&dyn Gather>) -> RootPart,
    /// The move the parts add up to; `None` if there are none.
    pub combine: fn(&[RootPart]) -> Option<Move>,
}

impl std::fmt::Debug for BotParts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotParts").field("bot", &self.bot).finish()
    }
}

/// The parts of one move searched at the same time meeting between the rounds of their work
/// (today the strategist's second look, after its first pass: [`super::strategist`]'s
/// `VERIFY`). Each part holds its own seat; [`Gather::gather`] hands in the part's payload for
/// the next round and returns every part's, in part order, once all have handed theirs in.
///
/// Why: the second look re-ranks the best moves of the whole move, so it must start from the
/// parts added up, not from each part's own best moves (session 56, docs/bots/strategist.md).
/// Native threads only ([`crate::ai::bots::threaded`]); the page's workers answer once each.
pub trait Gather {
    /// This part's index among the parts (0 to their count - 1).
    fn index(&self) -> usize;
    /// Every part's payload for this round, in part order (this part's own among them), once
    /// all have handed theirs in; `None`, for every part of this round and of the later ones,
    /// if a part ended without handing in (it returned early or panicked).
    fn gather(&self, mine: Vec<i64>) -> Option<Vec<Vec<i64>>>;
}

/// The bots whose move several workers can share (the page starts that many workers for their
/// levels). A table beside [`BOTS`] rather than a field of every entry: most bots have none.
pub const PARTS: &[BotParts] =
    &[BotParts { bot: "strategist", part: strategist_part, combine: super::strategist::combine }];

/// The strategist's part: its `root_scores` with the settings and the fresh belief cache of
/// `StrategistBot::new()` (what `make_bot("strategist")` plays with), the sampled armies shared
/// out as `split` says ([`super::strategist::StrategistConfig::split`]).
fn strategist_part(view: &PlayerView, ctx: &mut SearchContext, split: Split, gather: Option<&dyn Gather>) -> RootPart {
    let config = super::strategist::StrategistBot::new().config.split(split);
    let mut cache = crate::ai::belief::matrix::BeliefCache::new();
    super::strategist::root_scores_gathered(view, ctx, config, &mut cache, gather)
}

/// How the move of bot `name` splits among workers, if it does.
pub fn bot_parts(name: &str) -> Option<&'static BotParts> {
    PARTS.iter().find(|p| p.bot == name)
}

/// A difficulty level offered in the page.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Level {
    /// Stable id used in saved games and URLs.
    pub id: &'static str,
    /// What the player sees.
    pub label: &'static str,
    /// The bot's registry name.
    pub bot: &'static str,
    /// Time per move in milliseconds (10,000 at most).
    pub movetime_ms: u32,
    /// One line about the bot and its source.
    pub about: &'static str,
    /// The level's Elo, measured by a round robin of the levels as configured (each at its own
    /// time per move), from `docs/ladder.md`. `None` until it is measured: the page then shows
    /// "not yet rated", never a guess.
    pub elo: Option<u32>,
}

/// The levels, weakest first.
pub const LEVELS: &[Level] = &[
    Level {
        id: "random",
        label: "Random",
        bot: "random",
        movetime_ms: 100,
        about: "Plays any legal move at random: a first game to learn the rules.",
        // NOT YET RATED: the lead fills this from docs/ladder.md's round robin of the levels.
        elo: None,
    },
    Level {
        id: "strategoai",
        label: "Planner",
        bot: "strategoai",
        movetime_ms: 200,
        about: "Nine plans from a 2018 thesis vote on every move: captures, defence, lanes (seed 002).",
        // NOT YET RATED: the lead fills this from docs/ladder.md's round robin of the levels.
        elo: None,
    },
    Level {
        id: "perspecto",
        label: "Perspecto",
        bot: "perspecto",
        movetime_ms: 2000,
        about: "Searches 5-9 plies around each move, weighing what you can know of its pieces; bluffs and fears (seed 000).",
        // NOT YET RATED: the lead fills this from docs/ladder.md's round robin of the levels.
        elo: None,
    },
    Level {
        id: "negamax",
        label: "Negamax",
        bot: "negamax",
        movetime_ms: 1000,
        about: "Looks a few moves ahead on guesses of your hidden pieces, counting material (seed 004 tutorial).",
        // NOT YET RATED: the lead fills this from docs/ladder.md's round robin of the levels.
        elo: None,
    },
    Level {
        id: "invincible",
        label: "Invincible",
        bot: "invincible",
        movetime_ms: 300,
        about: "A world champion's plans and rank guessing, one move deep, bluffing included (seed 001).",
        // NOT YET RATED: the lead fills this from docs/ladder.md's round robin of the levels.
        elo: None,
    },
    Level {
        id: "strategist",
        label: "Strategist",
        bot: "strategist",
        movetime_ms: 4000,
        about: "Our own bot: guesses your army from how people set up and how you play, and searches ahead on many guesses.",
        // NOT YET RATED: the lead fills this from docs/ladder.md's round robin of the levels.
        elo: None,
    },
];

/// The registry entry of `name`.
pub fn bot_entry(name: &str) -> Option<&'static BotEntry> {
    BOTS.iter().find(|e| e.name == name)
}

/// Names of all bots, in registry order.
pub fn bot_names() -> Vec<&'static str> {
    BOTS.iter().map(|e| e.name).collect()
}

/// A bot by registry name.
pub fn make_bot(name: &str) -> Option<Box<dyn Bot>> {
    bot_entry(name).map(|e| (e.make)())
}

/// A level by id.
pub fn level(id: &str) -> Option<&'static Level> {
    LEVELS.iter().find(|l| l.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_unique_and_levels_valid() {
        let names = bot_names();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "bot {n} registered twice");
            let bot = make_bot(n).expect("registered bot can be made");
            assert_eq!(bot.name(), *n, "bot registered as {n} calls itself {}", bot.name());
        }
        for (i, l) in LEVELS.iter().enumerate() {
            assert!(names.contains(&l.bot), "level {} names unknown bot {}", l.id, l.bot);
            assert!(l.movetime_ms <= 10_000, "level {} thinks {} ms", l.id, l.movetime_ms);
            assert!(LEVELS[..i].iter().all(|o| o.id != l.id), "level id {} twice", l.id);
        }
        assert!(make_bot("no-such-bot").is_none());
        for (i, p) in PARTS.iter().enumerate() {
            assert!(names.contains(&p.bot), "parts for unknown bot {}", p.bot);
            assert!(PARTS[..i].iter().all(|o| o.bot != p.bot), "parts of {} twice", p.bot);
        }
        assert!(bot_parts("strategist").is_some() && bot_parts("random").is_none());
    }

    /// Issue 9: each level at least 100 Elo above the one below, among the rated ones.
    #[test]
    fn rated_levels_climb_by_at_least_100_elo() {
        let rated: Vec<(&str, u32)> = LEVELS.iter().filter_map(|l| l.elo.map(|e| (l.id, e))).collect();
        for w in rated.windows(2) {
            assert!(
                w[1].1 >= w[0].1 + 100,
                "level {} ({}) is not 100 Elo above {} ({})",
                w[1].0,
                w[1].1,
                w[0].0,
                w[0].1
            );
        }
    }
}
