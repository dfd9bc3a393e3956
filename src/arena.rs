//! Bot-versus-bot matches: paired games, W/D/L, Elo with a 95% interval, a sequential
//! probability ratio test (SPRT), round robins with a crosstable, and per-move time statistics.
//! Native only (threads, wall clock, files).
//!
//! How a match is played (invariants):
//! - games come in pairs: pair `i` draws one setup from each bot's own generator (seeded from
//!   the match seed and `i`), then plays it twice, colours swapped, each bot keeping its setup;
//! - bots see only their [`crate::rules::PlayerView`], kept up to date from the public move reports;
//! - the referee is [`Game`] under the match's [`Rules`] (draw rules included); a bot that
//!   returns an illegal move forfeits the game (it is counted and reported, never a panic);
//!   so does a bot that panics (the panic is caught, the game recorded as its forfeit with the
//!   panic's message, and the match goes on: the soak counts these);
//! - every random choice is derived from the match seed and the game and ply numbers, so a
//!   match with a node budget (`nodes`, no `movetime`) plays the same games on any machine
//!   and with any number of threads.
//!
//! Outside engines: a name `ucc:<program and args>` is a program speaking the 2012 UCC
//! manager protocol, played as the manager would ([`crate::outside`]); it makes its own setup
//! each game, plays under the manager's rules ([`Rules::ucc`]) with a turn limit, and loses a
//! game in which it crashes, times out, sends garbage or an illegal move (the reason is kept).
//!
//! Statistics (documented in `docs/ladder.md` too): score `s = (W + D/2) / N`; Elo
//! `e(s) = -400 log10(1/s - 1)`; the standard error of `s` from the per-game variance
//! `var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N`, `se = sqrt(var / N)`; the 95% interval is
//! `e(s +/- 1.96 se)` and the `+/-` printed is half its width. A score of 0% or 100% is clamped
//! to half a game from the edge (`1/(2N)`) so that the Elo stays finite: a bound, not an
//! estimate; when every game had the same result (variance 0) the variance used for the
//! interval is that clamped score's binomial variance `s (1 - s)`. The SPRT is the GSPRT of fishtest on the trinomial model, with logistic Elo:
//! `LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var)`, where `s0`, `s1` are the scores of `elo0`,
//! `elo1`; it stops at `LLR >= ln((1-beta)/alpha)` (H1: accept elo1) or `LLR <= ln(beta/(1-alpha))`
//! (H0), `alpha = beta = 0.05`.

use crate::ai::bots::threaded::make_bot_threaded;
use crate::ai::engine::{move_seed, think};
use crate::ai::{Bot, Budget, Progress, SystemClock, rng_from_seed};
use crate::outside::{Answer, Fault, OutsideEngine};
use crate::rules::notation::GameRecord;
use crate::rules::{BySide, Game, Outcome, Rules, Setup, Side, Variant};
use crate::ucc::{UccMove, outcome_of_report};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// No bot of that name in the registry.
    #[error("unknown bot '{0}' (see `stratagem bots`)")]
    UnknownBot(String),
    /// A bot's setup generator gave an army of the wrong variant.
    #[error("bot {bot} made an illegal {variant} setup: {error}")]
    BadSetup {
        /// The bot.
        bot: String,
        /// The variant.
        variant: &'static str,
        /// What is wrong.
        error: crate::rules::SetupError,
    },
    /// An outside program could not be played (it could not be started, or the match
    /// cannot be played with it). A program that fails during a game loses that game instead.
    #[error("outside program: {0}")]
    Program(String),
    /// A game could not be saved.
    #[error("saving {path}: {error}")]
    Save {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: String,
    },
}

/// Everything about a match but the two bots.
#[derive(Debug, Clone)]
pub struct MatchSettings {
    /// Rules (variant and draw rules).
    pub rules: Rules,
    /// Budget per move.
    pub budget: Budget,
    /// Match seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Save each game as a game record (`docs/record-format.md`) in this directory.
    pub save_dir: Option<PathBuf>,
    /// Stop early on an SPRT verdict: `(elo0, elo1)`.
    pub sprt: Option<(f64, f64)>,
    /// Limits for outside programs (`ucc:` names).
    pub outside: OutsideSettings,
}

/// Limits for outside programs, as the manager's switches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OutsideSettings {
    /// Time for each answer to a move request, in milliseconds (the manager's `-T`, 2 s).
    pub move_ms: u64,
    /// Time for the four setup rows after the program is started, in milliseconds.
    pub setup_ms: u64,
    /// The game is a draw after this many turns (a turn is Red's move and Blue's; the
    /// manager's `-m`).
    pub max_turns: u32,
}

impl Default for OutsideSettings {
    fn default() -> Self {
        OutsideSettings { move_ms: 2000, setup_ms: 10_000, max_turns: 1000 }
    }
}

/// The command of a `ucc:<program and args>` name.
pub(crate) fn outside_command(name: &str) -> Option<&str> {
    name.strip_prefix("ucc:")
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            rules: Rules::default(),
            budget: Budget::time(100.0),
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            save_dir: None,
            sprt: None,
            outside: OutsideSettings::default(),
        }
    }
}

/// Per-move thinking times of one bot.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MoveTimes {
    /// Moves timed.
    pub moves: u64,
    /// Their total, in milliseconds.
    pub total_ms: f64,
    /// The longest.
    pub max_ms: f64,
    /// The largest overshoot over the time budget (0 without a time budget or when none).
    pub max_over_ms: f64,
    /// Moves that took longer than the time budget.
    pub over_budget: u64,
    /// Nodes counted by the bot over these moves (its own unit).
    pub nodes: u64,
    /// Where the largest overshoot came: the game's index in its match and the ply of the
    /// position the bot moved from (None while no move was over budget). What lets a rare
    /// long move be found again and searched under a profiler.
    pub worst_at: Option<(u32, u32)>,
}

impl MoveTimes {
    fn add(&mut self, ms: f64, nodes: u64, budget_ms: Option<f64>, ply: u32) {
        self.moves += 1;
        self.nodes += nodes;
        self.total_ms += ms;
        self.max_ms = self.max_ms.max(ms);
        if let Some(b) = budget_ms
            && ms > b
        {
            self.over_budget += 1;
            if ms - b > self.max_over_ms {
                self.max_over_ms = ms - b;
                self.worst_at = Some((0, ply));
            }
        }
    }

    /// Sets the game index of [`MoveTimes::worst_at`] (the games fill in the ply only).
    fn in_game(mut self, index: u32) -> MoveTimes {
        if let Some((_, ply)) = self.worst_at {
            self.worst_at = Some((index, ply));
        }
        self
    }

    /// Merges another set of times into this one.
    pub(crate) fn merge(&mut self, o: &MoveTimes) {
        self.moves += o.moves;
        self.total_ms += o.total_ms;
        self.max_ms = self.max_ms.max(o.max_ms);
        if o.max_over_ms > self.max_over_ms {
            self.worst_at = o.worst_at;
        }
        self.max_over_ms = self.max_over_ms.max(o.max_over_ms);
        self.over_budget += o.over_budget;
        self.nodes += o.nodes;
    }

    /// Nodes per second of thinking time.
    pub fn nodes_per_sec(&self) -> f64 {
        if self.total_ms <= 0.0 { 0.0 } else { self.nodes as f64 / (self.total_ms / 1000.0) }
    }

    /// Mean time per move in milliseconds.
    pub fn mean_ms(&self) -> f64 {
        if self.moves == 0 { 0.0 } else { self.total_ms / self.moves as f64 }
    }
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The game (true position and history), finished.
    pub game: Game,
    /// How it ended.
    pub outcome: Outcome,
    /// Red's and Blue's setups.
    pub setups: BySide<Setup>,
    /// A side that forfeited (an illegal move; for an outside program also a crash, a
    /// timeout or garbage), with the reason.
    pub illegal: Option<(Side, String)>,
    /// The forfeit was a panic of the bot (caught); `illegal` holds its message.
    pub panicked: bool,
    /// Thinking times by side.
    pub times: BySide<MoveTimes>,
}

/// The message of a caught panic.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// Why a bot's move was not had: the engine refused it, or the bot panicked (caught).
struct BotForfeit {
    why: String,
    panicked: bool,
}

/// One move of `bot` through the engine call, under the game's seed rule, with a panic caught
/// so that the bot forfeits its game instead of ending the match (bot and outside games alike).
fn guarded_think(
    bot: &mut dyn Bot,
    view: &crate::rules::PlayerView,
    budget: Budget,
    clock: &SystemClock,
    seed: u64,
) -> Result<crate::ai::engine::Thought, BotForfeit> {
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        think(bot, view, budget, clock, move_seed(seed, view.ply()), &mut |_: &Progress| {})
    }));
    match caught {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(e)) => Err(BotForfeit { why: e.to_string(), panicked: false }),
        Err(payload) => {
            Err(BotForfeit { why: format!("panic: {} (ply {})", panic_text(&*payload), view.ply()), panicked: true })
        }
    }
}

/// Plays one game between two bots; each sees only its view.
pub fn play_game(
    red: &mut dyn Bot,
    blue: &mut dyn Bot,
    setups: BySide<Setup>,
    rules: Rules,
    budget: Budget,
    seed: u64,
) -> Result<GameReport, crate::rules::GameSetupError> {
    let mut game = Game::new(rules, &setups.red, &setups.blue)?;
    let mut views = BySide::from_fn(|s| game.view(s));
    let mut times = BySide::<MoveTimes>::default();
    let mut illegal = None;
    let mut panicked = false;
    while game.outcome().is_none() {
        let side = game.to_move();
        let bot: &mut dyn Bot = if side == Side::Red { &mut *red } else { &mut *blue };
        let view = &views[side];
        let clock = SystemClock::new();
        let started = Instant::now();
        // A panicking bot loses the game; the match goes on. The bot is not used again
        // after a panic (its state may be broken), and the view is rebuilt per game.
        let thought = guarded_think(bot, view, budget, &clock, seed);
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        let mv = match thought {
            Ok(t) => {
                times[side].add(elapsed_ms, t.nodes, budget.time_ms, view.ply());
                t.mv
            }
            Err(f) => {
                illegal = Some((side, f.why));
                panicked |= f.panicked;
                game.forfeit(side).expect("the game was running");
                break;
            }
        };
        match game.play(mv) {
            Ok(report) => {
                for s in Side::BOTH {
                    views[s].apply(&report).expect("the referee's report fits both views");
                }
            }
            Err(e) => {
                illegal = Some((side, format!("illegal move {mv}: {e}")));
                game.forfeit(side).expect("the game was running");
            }
        }
    }
    let outcome = game.outcome().expect("loop ends when the game does");
    // The views kept from the reports must agree with the referee's at the end.
    for s in Side::BOTH {
        if !panicked && views[s].to_record() != game.view(s).to_record() {
            illegal.get_or_insert((s, "internal: the view drifted from the referee's".to_string()));
        }
    }
    Ok(GameReport { game, outcome, setups, illegal, panicked, times })
}

/// Plays one game between a bot and an outside program (see the module doc): the program
/// plays `program_side`, the bot the other side with `bot_setup`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_outside_game(
    bot: &mut dyn Bot,
    bot_setup: Setup,
    command: &str,
    program_side: Side,
    budget: Budget,
    outside: &OutsideSettings,
    seed: u64,
) -> Result<GameReport, ArenaError> {
    let rules = Rules { max_plies: Some(2 * outside.max_turns), ..Rules::ucc() };
    let bot_side = program_side.opponent();
    let mut engine = OutsideEngine::spawn(command).map_err(ArenaError::Program)?;
    let mut times = BySide::<MoveTimes>::default();
    // The setup is not a move: its time (the program's start-up) is not counted in `times`.
    let program_setup = engine.setup(program_side, bot.name(), outside.setup_ms);
    let (program_setup, mut illegal) = match program_setup {
        Ok(s) => (s, None),
        // No army to play: the game is lost before it starts. The record shows the bot's
        // setup on both sides (a placeholder).
        Err(f) => (bot_setup, Some((program_side, format!("setup: {f}")))),
    };
    let setups = if bot_side == Side::Red {
        BySide { red: bot_setup, blue: program_setup }
    } else {
        BySide { red: program_setup, blue: bot_setup }
    };
    let mut game = Game::new(rules, &setups.red, &setups.blue)
        .map_err(|e| ArenaError::Program(format!("internal: checked setups refused: {e}")))?;
    if illegal.is_some() {
        game.forfeit(program_side).expect("the game was running");
    } else if program_side == Side::Red
        && let Err(f) = engine.send("START")
    {
        illegal = Some((program_side, f.to_string()));
        game.forfeit(program_side).expect("the game was running");
    }
    let mut views = BySide::from_fn(|s| game.view(s));
    let mut panicked = false;
    while game.outcome().is_none() {
        let side = game.to_move();
        let started = Instant::now();
        let played: Result<crate::rules::MoveReport, (Side, String)> = if side == bot_side {
            let clock = SystemClock::new();
            let view = &views[side];
            match guarded_think(bot, view, budget, &clock, seed) {
                Ok(t) => {
                    times[side].add(started.elapsed().as_secs_f64() * 1000.0, t.nodes, budget.time_ms, view.ply());
                    game.play(t.mv).map_err(|e| (side, format!("illegal move {}: {e}", t.mv)))
                }
                Err(f) => {
                    panicked |= f.panicked;
                    Err((side, f.why))
                }
            }
        } else {
            let answer = engine.ask_move(&views[side], outside.move_ms);
            times[side].add(
                started.elapsed().as_secs_f64() * 1000.0,
                0,
                Some(outside.move_ms as f64),
                views[side].ply(),
            );
            match answer {
                Ok(Answer::Move(mv)) => game.play(mv).map_err(|e| {
                    let f = Fault::Illegal { line: UccMove::from_move(mv).to_string(), message: e.to_string() };
                    (side, f.to_string())
                }),
                Ok(Answer::Surrender) => {
                    game.resign(side).expect("the game was running");
                    break;
                }
                Err(f) => Err((side, f.to_string())),
            }
        };
        match played {
            Ok(report) => {
                for s in Side::BOTH {
                    views[s].apply(&report).expect("the referee's report fits both views");
                }
                // The manager echoes every move with its outcome to the program, unless the
                // move ended the game (then QUIT follows).
                if game.outcome().is_none() {
                    let line = format!("{} {}", UccMove::from_move(report.mv()), outcome_of_report(&report));
                    if let Err(f) = engine.send(&line) {
                        illegal = Some((program_side, f.to_string()));
                        game.forfeit(program_side).expect("the game was running");
                    }
                }
            }
            Err((loser, why)) => {
                illegal = Some((loser, why));
                game.forfeit(loser).expect("the game was running");
            }
        }
    }
    let outcome = game.outcome().expect("loop ends when the game does");
    engine.quit(&outcome.to_string());
    Ok(GameReport { game, outcome, setups, illegal, panicked, times })
}

/// Wins, draws and losses from one side's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
}

/// The Elo difference of a score (0 < s < 1).
pub(crate) fn elo_of_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The score of an Elo difference.
pub(crate) fn score_of_elo(e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-e / 400.0))
}

/// Log-likelihood ratio bounds for `alpha = beta = 0.05`: `(lower, upper)`.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// What the SPRT concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtVerdict {
    /// H0 accepted: the difference is `elo0` (or less).
    H0,
    /// H1 accepted: the difference is `elo1` (or more).
    H1,
    /// Not decided yet.
    Continue,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Adds the result of one game for the side `me` given `outcome`.
    pub fn add(&mut self, outcome: &Outcome, me: Side) {
        match outcome.winner() {
            Some(w) if w == me => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    /// The same results from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl { wins: self.losses, draws: self.draws, losses: self.wins }
    }

    /// Score in 0..1 (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 { 0.5 } else { (self.wins as f64 + 0.5 * self.draws as f64) / n as f64 }
    }

    /// Per-game variance of the score.
    pub fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2) + self.draws as f64 * (0.5 - s).powi(2) + self.losses as f64 * s * s) / n
    }

    /// Elo estimate and the half-width of its 95% interval (see the module doc; a 0% or 100%
    /// score is clamped half a game from the edge).
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let edge = 0.5 / n;
        let clamp = |x: f64| x.clamp(edge, 1.0 - edge);
        let s = self.score();
        // With every game the same result the variance is 0 and the interval would vanish:
        // floor it at the binomial variance of the clamped score.
        let var = if self.variance() > 0.0 { self.variance() } else { clamp(s) * (1.0 - clamp(s)) };
        let se = (var / n).sqrt();
        let (lo, hi) = (elo_of_score(clamp(s - 1.96 * se)), elo_of_score(clamp(s + 1.96 * se)));
        // `+ 0.0` turns -0 into 0 for printing.
        (elo_of_score(clamp(s)) + 0.0, (hi - lo) / 2.0)
    }

    /// The GSPRT log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let var = self.variance();
        if self.games() == 0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        self.games() as f64 * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
    }

    /// The SPRT verdict at `alpha = beta = 0.05`.
    pub fn sprt(&self, elo0: f64, elo1: f64) -> SprtVerdict {
        let (lower, upper) = sprt_bounds(0.05, 0.05);
        let llr = self.llr(elo0, elo1);
        if llr >= upper {
            SprtVerdict::H1
        } else if llr <= lower {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// One game of a match, as reported while the match runs.
#[derive(Debug, Clone)]
pub struct GameSummary {
    /// Game number (0-based; games `2i` and `2i+1` are pair `i`).
    pub index: u32,
    /// Which bot (0 = A, 1 = B) played Red.
    pub red_is_a: bool,
    /// How it ended.
    pub outcome: Outcome,
    /// Plies played.
    pub plies: u32,
    /// A forfeit (illegal move, panic, outside program's fault), if any.
    pub illegal: Option<(Side, String)>,
    /// The forfeit was a caught panic.
    pub panicked: bool,
    /// Where it was saved, if it was.
    pub saved: Option<PathBuf>,
}

/// The result of a match between A and B.
#[derive(Debug, Clone, Default)]
pub struct MatchResult {
    /// From A's point of view.
    pub wdl: Wdl,
    /// Thinking times of A and B.
    pub times: [MoveTimes; 2],
    /// Games forfeited by an illegal move, by A and by B.
    pub illegal: [u32; 2],
    /// The SPRT verdict, if one was asked for.
    pub sprt: Option<SprtVerdict>,
    /// Total plies over all games.
    pub plies: u64,
}

/// A seed for game `index` of a match (splitmix64 of the match seed and the index).
fn game_seed(seed: u64, index: u64, salt: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game of a match (both bots made fresh, so no state leaks between games).
fn play_match_game(
    names: [&str; 2],
    index: u32,
    settings: &MatchSettings,
) -> Result<(GameSummary, [MoveTimes; 2]), ArenaError> {
    let programs = names.map(outside_command);
    // Outside programs make their own setups; every bot makes one per pair.
    let mut bots: Vec<Option<Box<dyn Bot>>> = Vec::new();
    for (n, p) in names.iter().zip(programs) {
        bots.push(match p {
            Some(_) => None,
            None => Some(make_bot_threaded(n).ok_or_else(|| ArenaError::UnknownBot(n.to_string()))?),
        });
    }
    let pair = (index / 2) as u64;
    let variant = settings.rules.variant;
    let mut setups = Vec::new();
    for (k, bot) in bots.iter_mut().enumerate() {
        let Some(bot) = bot else {
            setups.push(Setup::EMPTY);
            continue;
        };
        let mut rng = rng_from_seed(game_seed(settings.seed, pair, 1 + k as u64));
        let s = bot.setup(variant, &mut rng);
        s.check(variant).map_err(|error| ArenaError::BadSetup {
            bot: names[k].to_string(),
            variant: variant.name(),
            error,
        })?;
        setups.push(s);
    }
    let red_is_a = index.is_multiple_of(2);
    let (ri, bi) = if red_is_a { (0, 1) } else { (1, 0) };
    let seed = game_seed(settings.seed, index as u64, 0);
    let report = match programs {
        [None, None] => {
            let (first, second) = bots.split_at_mut(1);
            let (a, b) = (first[0].as_deref_mut().expect("a bot"), second[0].as_deref_mut().expect("a bot"));
            let (red, blue): (&mut dyn Bot, &mut dyn Bot) = if red_is_a { (a, b) } else { (b, a) };
            let by_side = BySide { red: setups[ri], blue: setups[bi] };
            play_game(red, blue, by_side, settings.rules, settings.budget, seed)
                .expect("setups were checked against the variant")
        }
        [Some(_), Some(_)] => {
            return Err(ArenaError::Program("two outside programs: one side must be a bot".to_string()));
        }
        [_, _] => {
            let k = if programs[0].is_some() { 0 } else { 1 };
            let command = programs[k].expect("one program");
            let program_side = if k == ri { Side::Red } else { Side::Blue };
            let bot = bots[1 - k].as_deref_mut().expect("a bot");
            play_outside_game(bot, setups[1 - k], command, program_side, settings.budget, &settings.outside, seed)?
        }
    };
    let by_side = report.setups;
    let mut saved = None;
    if let Some(dir) = &settings.save_dir {
        let mut rec = GameRecord::from_game(&report.game, &by_side.red, &by_side.blue);
        rec.event = Some(format!("stratagem arena, seed {}", settings.seed));
        rec.red_player = Some(names[ri].to_string());
        rec.blue_player = Some(names[bi].to_string());
        rec.extra_tags.push(("Game".to_string(), index.to_string()));
        let path = dir.join(format!("game-{index:04}-{}-vs-{}.txt", names[ri], names[bi]));
        let text = rec.write().map_err(|e| ArenaError::Save { path: path.clone(), error: e.to_string() })?;
        std::fs::write(&path, text).map_err(|e| ArenaError::Save { path: path.clone(), error: e.to_string() })?;
        saved = Some(path);
    }
    let times = [
        report.times[if red_is_a { Side::Red } else { Side::Blue }].in_game(index),
        report.times[if red_is_a { Side::Blue } else { Side::Red }].in_game(index),
    ];
    let summary = GameSummary {
        index,
        red_is_a,
        outcome: report.outcome,
        plies: report.game.position().ply(),
        illegal: report.illegal,
        panicked: report.panicked,
        saved,
    };
    Ok((summary, times))
}

/// Plays a match of `games` games (rounded up to whole pairs) between bots `a` and `b` on
/// `settings.threads` threads, calling `on_game` (on the calling thread) after each game with
/// the game and the running result. With `settings.sprt` the match stops once the test decides
/// (games already started are finished and counted).
pub fn run_match(
    a: &str,
    b: &str,
    games: u32,
    settings: &MatchSettings,
    mut on_game: impl FnMut(&GameSummary, &MatchResult),
) -> Result<MatchResult, ArenaError> {
    for n in [a, b] {
        if outside_command(n).is_some() {
            if settings.rules.variant != Variant::Classic {
                return Err(ArenaError::Program("the UCC protocol plays the classic army only".to_string()));
            }
        } else if make_bot_threaded(n).is_none() {
            return Err(ArenaError::UnknownBot(n.to_string()));
        }
    }
    if let Some(dir) = &settings.save_dir {
        std::fs::create_dir_all(dir).map_err(|e| ArenaError::Save { path: dir.clone(), error: e.to_string() })?;
    }
    let total = games.div_ceil(2) * 2;
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let mut result = MatchResult::default();
    let mut first_error = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..settings.threads.max(1).min(total.max(1) as usize) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let r = play_match_game([a, b], i, settings);
                    let failed = r.is_err();
                    if tx.send(r).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            match r {
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    first_error.get_or_insert(e);
                }
                Ok((g, times)) => {
                    let a_side = if g.red_is_a { Side::Red } else { Side::Blue };
                    result.wdl.add(&g.outcome, a_side);
                    result.times[0].merge(&times[0]);
                    result.times[1].merge(&times[1]);
                    result.plies += g.plies as u64;
                    if let Some((side, _)) = &g.illegal {
                        result.illegal[if *side == a_side { 0 } else { 1 }] += 1;
                    }
                    if let Some((e0, e1)) = settings.sprt {
                        let v = result.wdl.sprt(e0, e1);
                        result.sprt = Some(v);
                        if v != SprtVerdict::Continue {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    on_game(&g, &result);
                }
            }
        }
    });
    match first_error {
        Some(e) => Err(e),
        None => Ok(result),
    }
}

/// A round robin: every pair of `bots` plays a match of `games` games.
#[derive(Debug, Clone)]
pub struct RoundRobin {
    /// The bots, in the order given.
    pub bots: Vec<String>,
    /// `results[i][j]`: bot i's results against bot j (`None` on the diagonal).
    pub results: Vec<Vec<Option<Wdl>>>,
    /// Thinking times per bot over all its games.
    pub times: Vec<MoveTimes>,
}

impl RoundRobin {
    /// Plays it, calling `on_match` after each match with the two names and the result.
    pub fn run(
        bots: &[String],
        games: u32,
        settings: &MatchSettings,
        mut on_match: impl FnMut(&str, &str, &MatchResult),
    ) -> Result<RoundRobin, ArenaError> {
        let n = bots.len();
        let mut results = vec![vec![None; n]; n];
        let mut times = vec![MoveTimes::default(); n];
        for i in 0..n {
            for j in i + 1..n {
                let s = MatchSettings { seed: game_seed(settings.seed, (i * n + j) as u64, 7), ..settings.clone() };
                let r = run_match(&bots[i], &bots[j], games, &s, |_, _| {})?;
                results[i][j] = Some(r.wdl);
                results[j][i] = Some(r.wdl.flipped());
                times[i].merge(&r.times[0]);
                times[j].merge(&r.times[1]);
                on_match(&bots[i], &bots[j], &r);
            }
        }
        Ok(RoundRobin { bots: bots.to_vec(), results, times })
    }

    /// Elo ratings by maximum likelihood (Bradley-Terry with draws as half a win each way),
    /// mean zero. Each pair gets one extra virtual draw so that a bot that won or lost every
    /// game still has a finite rating (it pulls ratings slightly towards each other).
    pub fn ratings(&self) -> Vec<f64> {
        let n = self.bots.len();
        let mut gamma = vec![1.0f64; n];
        for _ in 0..10_000 {
            let mut next = gamma.clone();
            for i in 0..n {
                let (mut wins, mut denom) = (0.0, 0.0);
                for j in 0..n {
                    let Some(w) = self.results[i][j] else { continue };
                    let games = w.games() as f64 + 1.0;
                    wins += w.wins as f64 + 0.5 * w.draws as f64 + 0.5;
                    denom += games / (gamma[i] + gamma[j]);
                }
                if denom > 0.0 {
                    next[i] = wins / denom;
                }
            }
            let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / n as f64;
            for g in next.iter_mut() {
                *g /= mean_log.exp();
            }
            let delta = next.iter().zip(&gamma).map(|(a, b)| (a.ln() - b.ln()).abs()).fold(0.0, f64::max);
            gamma = next;
            if delta < 1e-10 {
                break;
            }
        }
        gamma.iter().map(|g| 400.0 * g.log10()).collect()
    }

    /// The crosstable in markdown: one row per bot (best first), its score against each
    /// opponent as `W-D-L`, its total and its rating.
    pub fn crosstable_markdown(&self) -> String {
        let ratings = self.ratings();
        let n = self.bots.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| ratings[b].total_cmp(&ratings[a]));
        let mut s = String::new();
        s.push_str("| # | bot | Elo |");
        for &j in &order {
            s.push_str(&format!(" vs {} |", self.bots[j]));
        }
        s.push_str(" total W-D-L | score |\n|---|---|---:|");
        for _ in 0..n {
            s.push_str("---|");
        }
        s.push_str("---|---:|\n");
        for (rank, &i) in order.iter().enumerate() {
            s.push_str(&format!("| {} | {} | {:+.0} |", rank + 1, self.bots[i], ratings[i]));
            let mut total = Wdl::default();
            for &j in &order {
                match self.results[i][j] {
                    None => s.push_str(" - |"),
                    Some(w) => {
                        total.wins += w.wins;
                        total.draws += w.draws;
                        total.losses += w.losses;
                        s.push_str(&format!(" {}-{}-{} |", w.wins, w.draws, w.losses));
                    }
                }
            }
            s.push_str(&format!(
                " {}-{}-{} | {:.1}% |\n",
                total.wins,
                total.draws,
                total.losses,
                100.0 * total.score()
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Wdl { wins: 10, draws: 0, losses: 10 };
        assert_eq!(even.elo().0, 0.0);
        let w = Wdl { wins: 75, draws: 0, losses: 25 };
        // s = 0.75: -400 log10(1/3) = 190.85
        assert!((w.elo().0 - 190.85).abs() < 0.01, "{:?}", w.elo());
        // se = sqrt(0.1875 / 100) = 0.0433; interval 0.665..0.835
        let (lo, hi) = (elo_of_score(0.75 - 1.96 * 0.0433), elo_of_score(0.75 + 1.96 * 0.0433));
        assert!((w.elo().1 - (hi - lo) / 2.0).abs() < 0.5);
        let all = Wdl { wins: 10, draws: 0, losses: 0 };
        assert!(all.elo().0.is_finite() && all.elo().0 > 400.0);
        assert!(all.elo().1 > 50.0, "a 10-0 score must not claim a tight interval: {:?}", all.elo());
    }

    #[test]
    fn sprt_decides_clear_cases_only() {
        let strong = Wdl { wins: 80, draws: 0, losses: 20 };
        assert_eq!(strong.sprt(0.0, 50.0), SprtVerdict::H1);
        let weak = Wdl { wins: 20, draws: 0, losses: 80 };
        assert_eq!(weak.sprt(0.0, 50.0), SprtVerdict::H0);
        let few = Wdl { wins: 3, draws: 1, losses: 2 };
        assert_eq!(few.sprt(0.0, 50.0), SprtVerdict::Continue);
        let (lo, hi) = sprt_bounds(0.05, 0.05);
        assert!((hi - 2.944).abs() < 0.001 && (lo + 2.944).abs() < 0.001);
    }

    #[test]
    fn ratings_order_and_center() {
        let bots = vec!["a".to_string(), "b".to_string(), "c".to_string()];
        let w = |wins, losses| Some(Wdl { wins, draws: 0, losses });
        let results = vec![vec![None, w(8, 2), w(9, 1)], vec![w(2, 8), None, w(6, 4)], vec![w(1, 9), w(4, 6), None]];
        let rr = RoundRobin { bots, results, times: vec![MoveTimes::default(); 3] };
        let r = rr.ratings();
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!(r.iter().sum::<f64>().abs() < 1e-6);
        let md = rr.crosstable_markdown();
        assert!(md.lines().nth(2).unwrap().contains("| 1 | a |"), "{md}");
    }

    #[test]
    fn the_worst_overshoot_keeps_its_game_and_ply_through_a_merge() {
        let budget = Some(100.0);
        let mut a = MoveTimes::default();
        a.add(90.0, 1, budget, 10);
        assert_eq!(a.worst_at, None, "a move inside the budget is not an overshoot");
        a.add(130.0, 1, budget, 21);
        a.add(110.0, 1, budget, 33);
        let a = a.in_game(4);
        assert_eq!((a.over_budget, a.worst_at), (2, Some((4, 21))), "{a:?}");
        let mut b = MoveTimes::default();
        b.add(250.0, 1, budget, 7);
        let b = b.in_game(9);
        let mut all = MoveTimes::default();
        all.merge(&a);
        all.merge(&b);
        assert_eq!((all.over_budget, all.worst_at), (3, Some((9, 7))));
        assert!((all.max_over_ms - 150.0).abs() < 1e-9);
        // A smaller overshoot merged later does not take the place of the worst.
        all.merge(&a);
        assert_eq!(all.worst_at, Some((9, 7)));
        // Without a budget nothing is over it.
        let mut free = MoveTimes::default();
        free.add(5000.0, 1, None, 3);
        assert_eq!((free.over_budget, free.worst_at), (0, None));
    }
}
