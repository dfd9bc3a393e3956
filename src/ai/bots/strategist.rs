//! The `strategist` bot, this project's own (issue 11; design and measured log in
//! `docs/bots/strategist.md`): determinized iterative-deepening alpha-beta
//! ([`crate::ai::search::determinized`]) over enemy armies sampled from the Invincible belief
//! matrix (human setup statistics, updated on every public move and battle:
//! [`crate::ai::belief::matrix`]), scored by [`crate::ai::eval::strategist`], with
//! Invincible's one-ply plans added lightly to every root move's value ([`PLANS`]), and the
//! enemy's capture of our Flag inside the search valued by what the enemy can know of our
//! Flag ([`FLAG_GUESS`]) unless the capturing piece stood near it at the root ([`THREAT`]);
//! the evaluation also counts the nearest enemy Miner's way to our Flag and our nearest piece
//! that beats it ([`DANGER`], v12); setups from [`crate::ai::setupgen::strategist`].
//!
//! Splitting the work (a page with several workers, documented in the doc): every worker
//! calls [`root_scores`] on the same view with its own seed (so its own samples) and the
//! same time budget, and the page adds the sums per move and plays the highest ([`combine`]).
//!
//! Invariants: returns one of `view.legal_moves()`; reads only the view (the belief replays
//! public reports; the cache gives the same numbers as a fresh replay); all randomness from
//! `ctx.rng`; sampling and search both stop on the budget.

use crate::ai::belief::library::{
    Evidence, LibraryParams, LibraryPosterior, SetupLibrary, layout_matrix, library_marginals, library_matrix,
};
use crate::ai::belief::matrix::BeliefCache;
use crate::ai::belief::matrix::BeliefMatrix;
use crate::ai::eval::strategist::HIDDEN_SHARE;
use crate::ai::plans::Ctx;
use crate::ai::plans::invincible::invincible_plans;
use crate::ai::plans::values::ValueRules;
use crate::ai::ranking;
use crate::ai::search::determinized::{
    Beliefs, Exposure, MinerStratum, RootChance, RootTerms, SearchStats, Settings, Unknowns, Utility, search_samples,
    strike_change,
};
use crate::ai::{Bot, BotRng, Budget, Gather, SearchContext, Split};
use crate::rules::{Army, Battle, Move, PieceId, PieceKind, PlayerView, Position, Setup, Variant, ViewPiece, battle};
use rand::seq::SliceRandom;

/// Settings of the strategist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrategistConfig {
    /// Enemy armies sampled per move.
    pub samples: usize,
    /// The search's settings.
    pub search: Settings,
    /// Weight of Invincible's plans in each root move's value, in percent of parity (100:
    /// the plans' top piece, 100 plan points, counts as much as the search's Marshal, 400
    /// points); 0 leaves the plans out. See `plan_terms`.
    pub plans: u32,
    /// Value the enemy's capture of our Flag inside the search by the enemy's belief that the
    /// piece is our Flag (`enemy_flag_guess`) rather than as a certain loss (default
    /// [`FLAG_GUESS`]).
    pub flag_guess: bool,
    /// Proposals per sampled army: 1 draws each army by the belief matrix's sequential draw
    /// ([`BeliefMatrix::sample`]); more draw it from the joint law of the matrix's rows by
    /// sampling-importance-resampling over that many draws ([`BeliefMatrix::sample_joint`]).
    /// Default [`PROPOSALS`]. Natively only: WebAssembly always draws sequentially, and its
    /// module leaves the joint draw out (its size line, session 36).
    pub proposals: usize,
    /// Below the root, value our attacks on enemy pieces we do not know as chance leaves over
    /// the belief ([`crate::ai::search::determinized::Searcher::with_unknowns`]); default
    /// [`INNER_CHANCE`].
    pub inner_chance: bool,
    /// Weigh the enemy Spy's strike on our known Marshal by its belief probability at the root
    /// ([`Exposure`]); default [`SPY_EXPOSURE`].
    pub spy_exposure: bool,
    /// Extra cost of an attack lost on a Bomb (at the root and below it), in percent of the
    /// attacker's value; default [`BOMB_COST`].
    pub bomb_cost: u32,
    /// The table value ([`crate::ai::eval::material::piece_value`]) from which an attacker
    /// pays [`StrategistConfig::bomb_cost`] (0: every attacker); default [`BOMB_COST_FROM`].
    pub bomb_cost_from: i32,
    /// The belief's odds that an unknown enemy piece we attack with anything but a Miner is the
    /// Flag, in percent of the belief's own (at the root and below it); default [`FLAG_ODDS`].
    pub flag_odds: u32,
    /// The enemy inside the search chooses its attacks on our pieces it has not seen by its
    /// belief about them (`enemy_belief`); default [`ENEMY_MODEL`]. Natively only: ignored in
    /// WebAssembly, whose module leaves the model out.
    pub enemy_model: bool,
    /// Draw the move's armies together with stratified uniforms
    /// ([`BeliefMatrix::sample_stratified`]) rather than one by one; default [`STRATIFIED`].
    /// Only with [`StrategistConfig::proposals`] = 1 (the joint draw keeps its own). Natively
    /// only: WebAssembly ignores it, and its module leaves the stratified draw out (session 36).
    pub stratified: bool,
    /// The tilt of moved unknown enemy pieces towards the stronger kinds, in hundredths
    /// ([`crate::ai::belief::matrix::PublicReplay::matrix_tilted`]): in the armies drawn, the
    /// root's chance nodes and the chance leaves below it; default [`TILT`] (session 19).
    /// Natively only.
    pub tilt: u32,
    /// Weigh the samples by the belief's probability that an unknown enemy piece near our
    /// bombed-in Flag is a Miner, and draw one sample with such a Miner when none did
    /// ([`MinerStratum`]); default [`STRATUM`] (session 22). Natively only: ignored in
    /// WebAssembly, whose module leaves it out.
    pub stratum: bool,
    /// The value of finding out, in percent (`probe_terms`): a root attack on an enemy piece
    /// we do not know earns this share of the most that knowing its kind is worth to any other
    /// piece of ours within [`StrategistConfig::probe_reach`] of it; default [`PROBE`] (50
    /// since v15); 0 leaves it out.
    pub probe: u32,
    /// How near (Manhattan distance) to the attacked piece our pieces count for
    /// [`StrategistConfig::probe`]; default [`PROBE_REACH`].
    pub probe_reach: i32,
    /// Take the enemy's Flag (1) or its Flag and Bombs (2) from the human setups
    /// ([`crate::ai::belief::library`]) rather than the belief matrix, for the armies drawn and the
    /// root's chance nodes; 3: as 2, and every army drawn from one whole human layout of Bombs and
    /// Flag ([`layout_matrix`]), one by one (the stratified and joint draws are not used);
    /// 0 (default [`LIBRARY`]) the matrix alone. Natively only.
    pub library: u8,
    /// The belief's "stood its ground" factor, in percent
    /// ([`crate::ai::belief::matrix::PublicReplay::start_standing`]): an unknown enemy piece left
    /// beside a known piece of ours that has just come next to it has the movable kinds that
    /// piece takes multiplied by this share; 0 (default [`STAND`]) or 100 leave it out.
    /// Natively only.
    pub stand: u32,
    /// The belief's "came up to a known piece" factor, in percent
    /// ([`crate::ai::belief::matrix::PublicReplay::start_reading`]): an unknown enemy piece
    /// whose plain move brings it next to a known piece of ours has the movable kinds that
    /// would lose attacking it multiplied by this share (default [`APPROACH`]); 0 or 100 leave
    /// it out.
    pub approach: u32,
    /// The belief's "walks to our known Bombs" factor, in percent
    /// ([`crate::ai::belief::matrix::PublicReplay::with_bomb_walk`]): an unknown enemy piece
    /// whose plain moves bring it nearer to a known Bomb of ours twice or more in a row, ending
    /// within three squares, has its Miner weight multiplied by this share for each such step
    /// while the walk lasts; 0 or 100 (default [`BOMB_WALK`]) leave it out. Natively only.
    pub bomb_walk: u32,
    /// The power, in hundredths, that the Bomb and Flag odds of unmoved enemy pieces are raised
    /// to before the belief's fit ([`crate::ai::belief::matrix::PublicReplay::matrix_shaped`]);
    /// 100 (default [`SHARPEN`]) leaves them as the thesis's matrix has them. Natively only.
    pub sharpen: u32,
    /// Weigh each root move's samples by the belief's probability that an unknown enemy piece
    /// beside our most exposed known piece takes it (`known_exposure`); when on, it takes the
    /// place of [`StrategistConfig::spy_exposure`] (the Marshal and the Spy only). Default
    /// [`KNOWN_EXPOSURE`]. Natively only.
    pub known_exposure: bool,
    /// The deepest iteration once few pieces are left ([`ENDGAME_DEPTH`]; 0 or not above
    /// [`Settings::max_depth`]: off): with at most [`StrategistConfig::endgame_pieces`] pieces
    /// on the board (both sides, Bombs and Flags included) the search may deepen this far
    /// while the budget lasts. Natively only.
    pub endgame_depth: u32,
    /// How few pieces make the endgame of [`StrategistConfig::endgame_depth`].
    pub endgame_pieces: u32,
    /// Armies drawn afresh to search the best root moves again once every army of the move
    /// reached the depth cap with budget to spare ([`VERIFY`], 8 since v18; 0 turns it off): the
    /// choice is then made among [`StrategistConfig::verify_top`] moves on the mean over both
    /// sets. Natively only: in one whole search, or (since session 56) shared out among native
    /// threads that meet after their first passes ([`root_scores_gathered`]).
    pub verify: u32,
    /// How many of the best root moves [`StrategistConfig::verify`] searches again.
    pub verify_top: u32,
    /// The share of the budget, in percent, at which [`StrategistConfig::verify`] stops
    /// ([`VERIFY_UNTIL`]).
    pub verify_until: u32,
    /// The most armies a move draws when its time budget allows more than
    /// [`StrategistConfig::samples`]: [`StrategistConfig::samples`] for every whole
    /// [`SAMPLE_SPAN_MS`] of the budget, up to this many ([`StrategistConfig::armies`]), for the
    /// whole move (however many threads or page workers share it). Default [`TIME_SAMPLES`]; at
    /// most [`StrategistConfig::samples`] turns it off.
    pub time_samples: usize,
    /// How many threads or workers share the move, and how ([`StrategistConfig::split`]);
    /// `Split::Threads(1)` searches it whole.
    pub split: Split,
}

impl StrategistConfig {
    /// The settings of one of the threads or page workers that share a move ([`Split`]): the
    /// sampled armies shared out, `ceil(armies / n)` each (at least one), and each of the page's
    /// workers at least [`StrategistConfig::samples`] ([`StrategistConfig::armies`]).
    ///
    /// Why threads share even the four armies of a short budget: the search's strength there is
    /// the depth it finishes on every sample (docs/bots/strategist.md, session 6: 53 % against
    /// `invincible` at 125,000 nodes a move, 70 % at 250,000, where depth 5 gets finished), so
    /// two threads searching two armies each play like one thread with twice the time, where
    /// two threads with four armies each would only average more armies at the same depth. The
    /// page's levels have seconds a move, enough for four armies to the depth cap in every
    /// worker, so a page worker never draws fewer (session 32).
    pub fn split(mut self, split: Split) -> StrategistConfig {
        self.split = match split {
            Split::Threads(n) => Split::Threads(n.max(1)),
            Split::Workers(n) => Split::Workers(n.max(1)),
        };
        self
    }

    /// [`StrategistConfig::split`] among `threads` native threads.
    pub fn share(self, threads: u32) -> StrategistConfig {
        self.split(Split::Threads(threads))
    }

    /// How many enemy armies this thread or worker draws for a move with `budget`: with a time
    /// budget, [`StrategistConfig::samples`] for every whole [`SAMPLE_SPAN_MS`] of it (at least
    /// once) up to [`StrategistConfig::time_samples`]; with a node budget alone
    /// [`StrategistConfig::samples`]; then shared out as [`StrategistConfig::split`] says.
    ///
    /// Why (docs/bots/strategist.md, session 31): with the depth cap the search finishes its
    /// four armies in about 80 ms natively and left the rest of a 1 s budget unused; twelve
    /// armies at 1 s a move scored higher against `invincible` than four on the same games.
    /// Node budgets (tests, reproducible matches) and the 100 ms matches keep four. The page
    /// (session 32) draws the same twelve at its levels' seconds, whatever its worker count:
    /// before, each worker drew four, so a two-core machine's one worker searched four armies
    /// and left most of the level's 4 s unused.
    pub fn armies(&self, budget: &Budget) -> usize {
        let base = self.samples.max(1);
        let mut n = base;
        if let Some(ms) = budget.time_ms {
            // Whole spans, 1 to 64 (a NaN budget casts to 0 spans: `samples`, as a node budget).
            let spans = (ms / SAMPLE_SPAN_MS).floor().clamp(1.0, 64.0) as usize;
            n = base.saturating_mul(spans).min(self.time_samples).max(base);
        }
        match self.split {
            Split::Threads(k) => n.div_ceil(k.max(1) as usize).max(1),
            Split::Workers(k) => n.div_ceil(k.max(1) as usize).max(base),
        }
    }
}

impl Default for StrategistConfig {
    fn default() -> Self {
        StrategistConfig {
            samples: std_samples(),
            time_samples: std_time_samples(),
            split: Split::Threads(1),
            search: Settings {
                max_depth: std_depth(),
                table_bits: 16,
                lean: LEAN,
                bounds: tuning::<u8>("STRATEGIST_BOUNDS").map_or(BOUNDS, |v| v != 0),
                widen: std_widen(),
                widen_until: tuning::<u32>("STRATEGIST_WIDEN_UNTIL").unwrap_or(100).clamp(10, 100),
                blend: std_blend(),
                contempt: std_contempt(),
                guard: std_guard(),
                threat: std_threat(),
                danger: std_danger(),
                cover: std_cover(),
                march: std_march(),
                march_after: std_march_after(),
                endgame_march: tuning("STRATEGIST_ENDGAME_MARCH").unwrap_or(ENDGAME_MARCH),
                endgame_march_pieces: tuning("STRATEGIST_ENDGAME_MARCH_PIECES").unwrap_or(ENDGAME_MARCH_PIECES),
                flag_check: std_flag_check(),
                sentinels: std_sentinels(),
                risk: std_risk(),
                base: std_base(),
                utility: std_utility(),
                bomb_secret: std_bomb_secret(),
                marshal: tuning("STRATEGIST_MARSHAL").unwrap_or(MARSHAL),
                spy: tuning("STRATEGIST_SPY_VALUE").unwrap_or(SPY_VALUE),
                spy_ours: tuning::<u8>("STRATEGIST_SPY_SIDE").is_some_and(|v| v == 1),
                intrude: tuning("STRATEGIST_INTRUDE").unwrap_or(INTRUDE),
                door: tuning::<u8>("STRATEGIST_DOOR").unwrap_or(DOOR).min(2),
                spy_hunt: tuning("STRATEGIST_SPY_HUNT").unwrap_or(SPY_HUNT),
                hunt: tuning("STRATEGIST_HUNT").unwrap_or(HUNT),
                hunt_alone: tuning::<u8>("STRATEGIST_HUNT_ALONE").is_some_and(|v| v != 0),
                hunt_after: tuning("STRATEGIST_HUNT_AFTER").unwrap_or(0),
                hunt_marshal: tuning::<u8>("STRATEGIST_HUNT_MARSHAL").unwrap_or(0).min(2),
                trap: tuning("STRATEGIST_TRAP").unwrap_or(TRAP),
                trap_side: tuning::<u8>("STRATEGIST_TRAP_SIDE").unwrap_or(0).min(2),
            },
            plans: std_plans(),
            flag_guess: FLAG_GUESS,
            proposals: PROPOSALS,
            inner_chance: std_inner_chance(),
            spy_exposure: std_spy_exposure(),
            bomb_cost: std_bomb_cost(),
            bomb_cost_from: tuning("STRATEGIST_BOMB_COST_FROM").unwrap_or(BOMB_COST_FROM),
            flag_odds: tuning::<u32>("STRATEGIST_FLAG_ODDS").unwrap_or(FLAG_ODDS).min(100),
            enemy_model: std_enemy_model(),
            stratified: std_stratified(),
            tilt: std_tilt(),
            stratum: std_stratum(),
            probe: tuning("STRATEGIST_PROBE").unwrap_or(PROBE),
            probe_reach: tuning("STRATEGIST_PROBE_REACH").unwrap_or(PROBE_REACH),
            library: tuning("STRATEGIST_LIBRARY").unwrap_or(LIBRARY),
            stand: tuning::<u32>("STRATEGIST_STAND").unwrap_or(STAND).min(100),
            approach: tuning::<u32>("STRATEGIST_APPROACH").unwrap_or(APPROACH).min(100),
            bomb_walk: tuning::<u32>("STRATEGIST_BOMB_WALK").unwrap_or(BOMB_WALK).min(400),
            sharpen: tuning::<u32>("STRATEGIST_SHARPEN").unwrap_or(SHARPEN).clamp(25, 400),
            known_exposure: tuning::<u8>("STRATEGIST_EXPOSURE").map_or(KNOWN_EXPOSURE, |v| v != 0),
            endgame_depth: tuning::<u32>("STRATEGIST_ENDGAME_DEPTH").unwrap_or(ENDGAME_DEPTH).min(64),
            endgame_pieces: tuning("STRATEGIST_ENDGAME_PIECES").unwrap_or(ENDGAME_PIECES),
            verify: tuning::<u32>("STRATEGIST_VERIFY").unwrap_or(VERIFY).min(64),
            verify_top: tuning::<u32>("STRATEGIST_VERIFY_TOP").unwrap_or(VERIFY_TOP).clamp(2, 16),
            verify_until: tuning::<u32>("STRATEGIST_VERIFY_UNTIL").unwrap_or(VERIFY_UNTIL).clamp(10, 100),
        }
    }
}

/// The default weight of Invincible's plans ([`StrategistConfig::plans`]), in percent of
/// parity. Measured (docs/bots/strategist.md, session 3) at 100,000 nodes a move against
/// `invincible`, the same 54 paired games (seed 300): 0 (v5) 30-1-23, 15 37-1-16, 50
/// 17-4-33; on 24 games of seed 301, 0 16-0-8 and 15 14-1-9; of seed 302, 0 14-1-9 and 15
/// 18-2-4. So 15 is 10 points ahead over all 102 games (likely, not proven); at 50 the plans' caution slowed the Flag hunt (games a third longer,
/// half the Flag wins) and the bot lost by attrition twice as often. On v20 (sessions 61-62,
/// 120,000 nodes, three fresh seeds) 22 was +3.2, +2.8 and -1.2 points in pairs (91 games
/// better, 85 worse: level), and 30 +1.8 on one seed: 15 stays.
pub const PLANS: u32 = 15;

/// Whether the search values the enemy's capture of our Flag by the enemy's guess
/// ([`StrategistConfig::flag_guess`]); on by default since v7 (session 4). Measured against
/// `invincible` at 250,000 nodes a move on the same games (docs/bots/strategist.md, session 4):
/// seed 2026, on 27-6-7, off 25-3-12; seed 2027, 27-0-13 both; over the 80, 71.2 % against
/// 66.9 % (likely, not proven). Without it, from depth 5 on, every root move often looked lost
/// to an enemy that in the samples knows where our Flag is.
pub const FLAG_GUESS: bool = true;

/// Proposals per sampled army ([`StrategistConfig::proposals`]). Session 5 measured the two
/// draws as predictors of the hidden kinds (docs/beliefs.md, "The joint law of the rows"): over
/// 30 games of `invincible` against itself, the frequencies of 512 armies predict at 2.634 bits
/// from the sequential draw and 2.619 from the joint law with 16 proposals (the rows themselves
/// 2.608), and on a small position the sequential draw's marginals are up to 0.07 off the
/// joint law's exact ones (`tests/belief_matrix.rs`). Whether the search plays better with the
/// joint draw is measured in docs/bots/strategist.md (session 5); until a match says so, the
/// default stays the sequential draw the measured versions played with.
pub const PROPOSALS: usize = 1;

/// Whether the search uses principal-variation search and the horizon's bounds on quiet moves
/// ([`Settings::lean`], session 5). Off: at 250,000 nodes a move they finish about 0.4 ply
/// deeper on average (`stratagem depth`, docs/bots/strategist.md) with the exact values
/// unchanged, but against `invincible` on the same 80 paired games (seeds 2026 and 2027) the
/// bot scored 45-8-27 (61.2 %) with them against 54-6-20 (71.2 %) without: worse on both seeds,
/// fewer Flags taken (34 against 44). v7 given 400,000 nodes, about the same depth, scored
/// 20-5-15 on seed 2026 (against 27-6-7 at 250,000): the depth, not these changes, played
/// worse. Not proven worse, but no reason to switch them on.
pub const LEAN: bool = false;

/// Whether the search bounds quiet moves one ply above the horizon without playing them
/// ([`Settings::bounds`]; session 53), without the principal-variation search that [`LEAN`]
/// also turns on. The values are the same as without (the bounded moves fail low by exactly
/// what their quiescence returns); only the nodes spent on them are saved (half of them to
/// depth 5). On since v19: against `invincible` at 100 ms it scored 87.5 %, v18 86.2 % on the
/// same 200 games (+1.2 ± 5.0 points: level; docs/bots/strategist.md, "Session 53"). Natively
/// `STRATEGIST_BOUNDS=0|1`.
pub const BOUNDS: bool = true;

/// The default tilt of moved enemy pieces towards the stronger kinds, in hundredths
/// ([`StrategistConfig::tilt`]). Off: at 30 it predicts moved pieces 0.07-0.08 bits better and
/// our Majors and Captains lose 15 % of their attacks on moved pieces instead of 25 %, but it
/// scored level against `invincible` (80.8 % against the same day's v12 at 78.2 %, 44 games
/// better and 37 worse over 200; docs/bots/strategist.md, session 19).
pub const TILT: u32 = 0;

/// The default "stood its ground" factor in percent ([`StrategistConfig::stand`]): 0, off.
pub const STAND: u32 = 0;

/// The default "came up to a known piece" factor in percent ([`StrategistConfig::approach`]):
/// 40 since session 40 (v16), natively and in the page. Against `invincible` at 100 ms it
/// scored 85.0 % on the 200 games of seed 2111 where v15 scored 81.8 %, and 77.8 % on a fresh
/// seed where v15 scored 77.2 % on the same games (31 better, 30 worse): +1.9 ± 4.8 points over
/// the 400 games, level, ahead on both (docs/bots/strategist.md, "Session 40"); as a predictor
/// of the enemy's moved pieces it is best near 0.4 (docs/beliefs.md, session 39).
pub const APPROACH: u32 = 40;

/// The default "walks to our known Bombs" factor in percent ([`StrategistConfig::bomb_walk`];
/// session 59, docs/bots/strategist.md): 0, off while it is measured.
pub const BOMB_WALK: u32 = 0;

/// The default power of the unmoved pieces' Bomb and Flag odds, in hundredths
/// ([`StrategistConfig::sharpen`]): 100, the thesis's matrix.
pub const SHARPEN: u32 = 100;

/// Whether the root weighs every known piece's exposure ([`StrategistConfig::known_exposure`]):
/// off.
pub const KNOWN_EXPOSURE: bool = false;

/// The most enemy armies a move draws when its time budget allows
/// ([`StrategistConfig::time_samples`]). Session 31: against `invincible` at 1 s a move, twelve
/// armies (about 250 ms natively) scored above four (about 80 ms) on the same games
/// (docs/bots/strategist.md, "Session 31"); natively only until session 32, the page too since.
pub const TIME_SAMPLES: usize = 12;

/// The share of a move's time budget that buys [`StrategistConfig::samples`] armies more, in
/// milliseconds ([`StrategistConfig::armies`]): four armies to depth 5 take about 80 ms of
/// one core natively, so a span of 250 ms leaves room for a loaded machine; the 100 ms
/// matches keep their four armies.
pub const SAMPLE_SPAN_MS: f64 = 250.0;

/// Deepest iteration of the search ([`Settings::max_depth`]): 5 since session 6
/// (docs/bots/strategist.md, "Session 6"). Measured against `invincible` on the same games (seed
/// 2026): v7 unbounded scored 27-6-7 at 250,000 nodes a move but 20-5-15 at 400,000, where it
/// searched deeper; capped at 5 it scored 27-2-11 at 400,000, and at 250,000 30-2-8 (seed 2026)
/// and 22-6-12 (seed 2027; v7 27-0-13): level with v7 where v7 rarely passes depth 5, and no
/// longer worse with more nodes. Depth 4 (with more samples) scored 19-6-15 at 250,000.
pub const DEPTH: u32 = 5;

/// The deepest iteration in the endgame ([`StrategistConfig::endgame_depth`]; session 45,
/// docs/bots/strategist.md): 0, off, while it is measured. The Flags lost to
/// `perspecto-expectimax` fall late (about 30 pieces left, ply 180-290) to an unknown Miner
/// that walks ten moves to our Bombs, where five plies see it only beside the door. Natively
/// `STRATEGIST_ENDGAME_DEPTH=d`.
pub const ENDGAME_DEPTH: u32 = 0;

/// At most this many pieces on the board make the endgame of [`ENDGAME_DEPTH`] (natively
/// `STRATEGIST_ENDGAME_PIECES=n`).
pub const ENDGAME_PIECES: u32 = 32;

/// Armies drawn afresh for a second look at the best root moves ([`StrategistConfig::verify`];
/// session 46, docs/bots/strategist.md): 0, off, while it is measured. Why: four armies decide
/// a risky attack by the luck of the draw (a known Marshal's attack on an unmoved piece scored
/// 1877, 781 and 1702 over three seeds' armies where the quiet moves stayed near 1250), and
/// the move chosen is the one whose armies happened to be kind to it. At 100 ms the four
/// armies reach the depth cap in about a third of the budget; fresh armies for the few best
/// moves only cost a fraction of a whole army each and give the chosen move an estimate that
/// did not pick it. Measured against `invincible` at 100 ms on v17's 200 games of seed 2281
/// (82.5 %): 8 armies 86.0 % (+3.5 ± 5.8 points), 16 armies 85.5 % (+3.0 ± 6.2): ahead, not
/// proven, so off until a fresh seed agreed. Sessions 48-50 (v18): the look stops at
/// [`VERIFY_UNTIL`] and keeps the armies it finished (it went over the 100 ms 58 times in 200
/// games, now 2); on the fresh seed 2311, 8 armies 85.8 % against v17's 82.8 % (+3.0 ± 5.8
/// points in pairs), 84.5 % over 1,000 games of five seeds against v17's 83.4 % over 1,379;
/// at 1 s 97.5 % and 96.2 % on seeds 2051 and 2061, where v17 scored 90.0 % on each. On, 8:
/// ahead everywhere it was measured, though not proven at 100 ms. Session 54: up to 24
/// armies (the look then runs to its 85 % in most moves) scored 85.2 % against v19's 89.5 %
/// on the same 152 games of seed 2371 (-4.3 ± 6.3 points, with 23 draws to 13): more armies
/// here favour the quiet moves. Session 56: on two threads with twelve armies (the threads
/// now meet for it) +0.5 ± 5.3 points against the same without it: level. Natively
/// `STRATEGIST_VERIFY=n` (0 turns it off).
pub const VERIFY: u32 = 8;

/// The best root moves [`VERIFY`] searches again (natively `STRATEGIST_VERIFY_TOP=k`).
pub const VERIFY_TOP: u32 = 3;

/// The second look ([`VERIFY`]) starts only while less than this share of the move's budget
/// is spent.
pub const VERIFY_BEFORE: f64 = 0.7;

/// The share of the move's budget, in percent, at which the second look ([`VERIFY`]) stops, whatever it
/// finished (natively `STRATEGIST_VERIFY_UNTIL=percent`). Its search then stops at
/// [`deadline`](crate::ai::search::determinized::deadline) of that share, about 81 % of
/// the budget: the margin left is three times the search's own.
pub const VERIFY_UNTIL: u32 = 85;

/// Whether the search, once its samples reach [`DEPTH`], draws more samples rather than
/// stopping ([`Settings::widen`]). Off: on the same games at 250,000 nodes a move (seeds 2026
/// and 2027, the 34 games both finished) the capped search without widening scored better in 15
/// games and worse in 5; at 400,000 nodes level (7 and 7 of 40). More armies averaged made the
/// bot play worse at depth 4 as well (19-6-15 against v7's 27-6-7). Session 54, on v19 at
/// 100 ms against `invincible` (seed 2371, in pairs with v19): widening to the deadline -2.6 ±
/// 7.4 points over 95 games; widening until 60 % of the budget
/// ([`Settings::widen_until`], `STRATEGIST_WIDEN_UNTIL`) and then the second look -1.7 ± 7.0
/// over 116 games. Still off.
pub const WIDEN: bool = false;

/// Whether every sample also counts with its iteration before the deepest
/// ([`Settings::blend`]; v11, session 10, docs/bots/strategist.md): each sample's last two
/// finished iterations (when the budget cuts an iteration part-way, depths d+1 and d for the
/// samples it reached, d and d-1 for the others). With [`WIDEN`] (off) the widened samples
/// would count once, the first ones twice. On: against `invincible`
/// at 100 ms a move on the same 200 games of a fresh seed (2041), v10 scored 73.0 % without
/// (135-22-43) and 148-21-31 (79.2 %) with (43 games better, 31 worse: likely, not proven); at 125,000 nodes, where about half the moves are cut
/// inside iteration 5 and so mix depths 4 and 5 over the samples, v10 had scored 84.1 %, at
/// 250,000 nodes (depth 5 finished in four moves of five) 73.3 %, and capped at depth 4 at
/// 100 ms 71.8 %: a sum over one depth alone plays worse than one over two neighbouring depths
/// (the odd-even effect of a horizon that ends on our move or on the enemy's). On a second
/// fresh seed (2051, session 11) v10 scored 153-18-29 (81.0 %) and v11 142-25-33 (77.2 %): over
/// the 400 games the blend is level (72 better, 73 worse). Kept, as it costs nothing and the
/// Perspecto matches of session 10 were played with it, but no gain is claimed for it.
pub const BLEND: bool = true;

/// Whether our attacks on unknown enemy pieces below the root are chance leaves
/// ([`StrategistConfig::inner_chance`]; session 7, docs/bots/strategist.md).
pub const INNER_CHANCE: bool = true;

/// Whether the root weighs the Spy's strike on our known Marshal by its probability
/// ([`StrategistConfig::spy_exposure`]; session 11, docs/bots/strategist.md). Off: against
/// `invincible` at 100 ms on v11's 200 games of seed 2041 it cut the Spy's captures of our
/// Marshal from 45 to 29 but scored 139-27-34 (76.2 %) against v11's 148-21-31 (21 games
/// better, 30 worse; v11 was chosen on that seed, so "not better" rather than "worse").
pub const SPY_EXPOSURE: bool = false;

/// Extra cost of an attack lost on a Bomb, in percent of the attacker's value
/// ([`StrategistConfig::bomb_cost`]; session 11, docs/bots/strategist.md). 0: at 50 against
/// `invincible` at 100 ms on v11's 200 games of seed 2041 our Colonel, General and Marshal
/// died on Bombs a third to a half less often, but the bot scored 144-15-41 (75.8 %) against
/// v11's 148-21-31 (32 games better, 37 worse) and lost 16 Flags to v11's 4.
pub const BOMB_COST: u32 = 0;

/// The table value from which an attacker pays the Bomb's cost ([`BOMB_COST`];
/// [`StrategistConfig::bomb_cost_from`]; session 42). 0: every attacker, as session 11 built it.
/// At 250 only the General and the Marshal pay it: their deaths on Bombs are the ones that
/// follow the games lost (session 41's forensics, docs/bots/strategist.md).
pub const BOMB_COST_FROM: i32 = 0;

/// The Flag's odds in our attacks on unknown pieces by anything but a Miner, in percent of the
/// belief's ([`StrategistConfig::flag_odds`]; session 35, docs/bots/strategist.md). Why: over
/// v14's 200 games against `invincible` at 100 ms (seed 2051), the unmoved pieces our Marshal,
/// General, Colonels, Majors and Captains chose to attack were believed the Flag at 3.5 % on
/// average and were it at 1.3 % (2,163 attacks; 3.1 % where 10-30 % was believed, 224
/// attacks), the Scouts' 6.6 % against 1.7 %, while the Miners' odds were right (33 % against
/// 38 %, 218 attacks) and the Bomb odds right for every attacker. At 35 % the attacks came out
/// calibrated and the officers' attacks on unmoved pieces paid, but the bot scored 79.8 % on
/// those games (v14 80.3 % over four runs): level alone; with the value of finding out at 50 %
/// ([`PROBE`]) 82.8 % and 83.5 %. Session 36 adopted the pair as v15 after a fresh seed and
/// the Perspecto bots (docs/bots/strategist.md, "Session 36"); 100 is the belief's own odds.
pub const FLAG_ODDS: u32 = 35;

/// Whether the enemy inside the search chooses its attacks on our unseen pieces by its belief
/// ([`StrategistConfig::enemy_model`]; session 12, docs/bots/strategist.md). Off: against
/// `invincible` at 100 ms on v11's 200 games of seed 2051 (v11 142-25-33, 77.2 %) it scored
/// 133-18-49 (71.0 %; 37 games better, 48 worse) with our Flag in the model, losing the Flag 19
/// times against 7, and 134-24-42 (73.0 %; 40 better, 51 worse) with the Flag left out.
pub const ENEMY_MODEL: bool = false;

/// What a draw is worth less than nothing to the strategist, in points, with the score pulled
/// towards it over the last 100 plies before the no-attack limit ([`Settings::contempt`];
/// session 13, docs/bots/strategist.md). 0: at 100 against `invincible` at 100 ms on the 200
/// games of seed 2051 (with a hidden share of 24/64) it changed 24 games, 11 better and 13
/// worse, and as many games ended drawn at the limit (20): the draws there are endgames the
/// search cannot win within its plies at any price (an enemy Flag behind known Bombs and no
/// Miner left, a Scout that cannot be caught), not ones it declines to play for. Session 57
/// (v19, seed 2401): at 300 the draws fell from 25 to 17 and the losses rose from 19 to 25
/// (19 games better, 20 worse): level, still off.
pub const CONTEMPT: i32 = 0;

/// Points per square of the march of our nearest Miner towards the enemy Flag once the game
/// stalls ([`Settings::march`]; session 21, docs/bots/strategist.md). 0: off: at 4 from 40
/// plies, at 100 ms a move on v12's 200 games, it cut the draws against `perspecto-flat` from
/// 14 to 10 but scored 180-10-10 (92.5 %) against v12's 182-14-4 (94.5 %; 15 games better, 18
/// worse), and against `invincible` 142-25-33 (77.2 %) against 144-25-31 (78.2 %; 37 better,
/// 40 worse): level; from 80 plies 184-9-7 (94.2 %) against `perspecto-flat` (16 better, 15
/// worse): level. Off in the page too (its code is there since session 59, with the
/// endgame's march; the page's settings never turn it on).
pub const MARCH: i32 = 0;

/// Plies without an attack at the root from which the march is on ([`Settings::march_after`]).
pub const MARCH_AFTER: u32 = 40;

/// Points per square of the march in an endgame we lead ([`Settings::endgame_march`];
/// session 58, docs/bots/strategist.md): the enemy down to [`ENDGAME_MARCH_PIECES`] movable
/// pieces and fewer than ours, our nearest Miner pulled across the board towards the enemy
/// Flag, for our side alone. Natively `STRATEGIST_ENDGAME_MARCH=points` (0: off); in the
/// page's module since session 59. 20 since session 58 (v20): against `invincible` at 120,000 nodes a move,
/// where two versions play the same game until they choose differently, it turned drawn
/// endgames into wins and lost none (seed 2431: 5 games better, 0 worse; seed 2441: the
/// log's "Session 58"); at 6 points the root still preferred other moves in the positions
/// looked at.
pub const ENDGAME_MARCH: i32 = 20;

/// The most movable pieces the enemy has for [`ENDGAME_MARCH`]
/// (`STRATEGIST_ENDGAME_MARCH_PIECES`).
pub const ENDGAME_MARCH_PIECES: u32 = 3;

/// The intrusion danger in percent of the Miner danger's points ([`Settings::intrude`];
/// session 29, docs/bots/strategist.md): any enemy piece with a free way to our Flag through
/// an open side of its shell counts as the Miner danger counts a Miner. 0: off. Natively only
/// (`STRATEGIST_INTRUDE=percent`); never in the page's module.
pub const INTRUDE: i32 = 0;

/// What the Miner danger's chase pulls our defender towards ([`Settings::door`]; session 30,
/// docs/bots/strategist.md): 0 the Miner, 1 the door of the Miner's shortest way to our Flag
/// (the square beside the Flag it enters by), 2 the worst watched of the doors of all its
/// shortest ways. 0 while it is measured. Natively only (`STRATEGIST_DOOR=1|2`); never in the
/// page's module.
pub const DOOR: u8 = 0;

/// Points of the officers' hunt ([`Settings::hunt`]; session 57, docs/bots/strategist.md): our
/// nearest piece that beats a known enemy Major, Colonel or General in our half is pulled
/// towards it. 0: off: at 4 against `invincible` at 100 ms (seed 2401) it scored 83.0 % against
/// v19's 84.2 % (29 games better, 31 worse), and from 80 plies without an attack
/// (`STRATEGIST_HUNT_AFTER=80`) 81.5 % (8 better, 18 worse). Natively `STRATEGIST_HUNT=points`.
pub const HUNT: i32 = 0;

/// Percent of a boxed piece's value the trap costs ([`Settings::trap`]; session 60,
/// docs/bots/strategist.md): a piece of ours worth 50 points or more with no empty square
/// beside it, within three squares of a seen enemy Major or stronger in our half that beats
/// it, costs a share of its value. 0: at 30 against `invincible` at 120,000 nodes it was ahead
/// on three seeds and behind on two more (session 61), 162 games better and 176 worse in all.
/// Natively only (`STRATEGIST_TRAP=percent`); never in the page's module.
pub const TRAP: i32 = 0;

/// Points per square of the Spy's hunt of the enemy's known Marshal ([`Settings::spy_hunt`];
/// session 33, docs/bots/strategist.md). 0 while it is measured. Natively only
/// (`STRATEGIST_SPY_HUNT=points`); never in the page's module.
pub const SPY_HUNT: i32 = 0;

/// The weight of `invincible`'s tactical defence among the plans at the root, in percent of
/// the other plans' (session 33, docs/bots/strategist.md): the plans' terms at the root are
/// almost all its four tactical plans (immediate capture, tactical defence and attack, the
/// trap), and without any plan the bot scored 63 % against `invincible` where it scores about
/// 80 %. 100 while it is measured. Natively only (`STRATEGIST_PLAN_DEFENSE=percent`, at most
/// 400).
pub const PLAN_DEFENSE: u32 = 100;

/// Points of the Miner guard ([`Settings::guard`]; session 14, docs/bots/strategist.md).
pub const GUARD: i32 = 0;

/// Distance (Manhattan) from our Flag within which an enemy piece at the root takes it in the
/// search as a certain loss rather than by the enemy's guess ([`Settings::threat`]; v12,
/// session 15, docs/bots/strategist.md). 3: a Miner beside the Bombs of a bombed-in Flag.
/// Alone it was level against `perspecto-minimax` at 100 ms (172-3-25 against v11's
/// 170-3-27 on the same 200 games, 13 better and 11 worse); with the Miner danger it is part
/// of v12.
pub const THREAT: i32 = 3;

/// The Miner danger to our Flag, in percent of the evaluation's table
/// ([`Settings::danger`]; v12, session 15, docs/bots/strategist.md). Measured at 100 ms on
/// v11's 200 games of seed 2061 against `perspecto-minimax` (with [`THREAT`] 3): 100 without
/// the chase 176-5-19, 200 without it 177-6-17, 200 with it 191-3-6 (96.2 %; 25 games better
/// and 4 worse than v11's 170-3-27, two Flags lost to Miners against 24); against
/// `invincible` on v11's 200 games of seed 2051, 152-16-32 (80.0 %) against 142-25-33
/// (33 better, 27 worse); against `perspecto-pe` 179-3-18 against 170-6-24 (23 better, 15
/// worse); but against `perspecto-expectimax` 161-7-32 against 167-11-22 (18 better, 27 worse,
/// not yet understood).
pub const DANGER: i32 = 200;

/// Whether the Miner danger's path avoids the squares next to our pieces that beat a Miner
/// ([`Settings::cover`]; session 16, docs/bots/strategist.md). Off: at 100 ms on v12's 200
/// games it lost fewer Flags to Miners against `perspecto-expectimax` (169-7-24 against
/// 161-7-32) and `perspecto-pe` (181-4-15 against 179-3-18), was worse against `invincible`
/// (139-28-33 against 152-16-32; 32 games better, 41 worse) and clearly worse against
/// `perspecto-minimax` (1 better, 12 worse in the first 104 games): a defender beside the
/// Bombs zeroes the danger, so the chase no longer pulls it onto a known Miner.
pub const COVER: bool = false;

/// No stand pat in the quiescence while an enemy piece stands next to our Flag
/// ([`Settings::flag_check`]; session 24, docs/bots/strategist.md). Off while it is measured.
pub const FLAG_CHECK: bool = false;

/// Points per door of our Flag watched by a sentinel ([`Settings::sentinels`]; session 24,
/// docs/bots/strategist.md). Off while it is measured.
pub const SENTINELS: i32 = 0;

/// The root's appetite for risk over the sampled armies, a temperature in points
/// ([`Settings::risk`]; session 25, docs/bots/strategist.md). Off while it is measured.
pub const RISK: i32 = 0;

/// Points every movable piece counts above its table value ([`Settings::base`]; session 25,
/// docs/bots/strategist.md). Off while it is measured.
pub const BASE: i32 = 0;

/// Points an unrevealed Bomb counts for its side ([`Settings::bomb_secret`]; session 26,
/// docs/bots/strategist.md). Off while it is measured.
pub const BOMB_SECRET: i32 = 0;

/// Points the Marshal of either side counts above its table value of 400
/// ([`Settings::marshal`]; session 50, docs/bots/strategist.md): 0, off, while it is
/// measured. Why: the enemy's unmoved Spy takes our known Marshal in about a fifth of the
/// games against `invincible` (37 of 200 on seed 2321, and 59 of 200 against
/// `perspecto-expectimax`), 34 of 37 times one ply after our Marshal stepped or won its way
/// beside the unmoved Spy; those games score 66 % against 86 %, so the Marshal is worth more
/// to the result than the 400 points that weigh that risk. At 150 points it scored +4.5 points
/// in pairs on seed 2321, but +1.0 on the fresh seed 2331 and +0.2 against
/// `perspecto-expectimax` (session 51: +1.9 over the three, not proven), so it stays off.
/// Session 55 (v19): +5.5 on seed 2381 and -2.0 on 2391; over the four seeds against
/// `invincible` 139 games better and 118 worse (p about 0.2), +2.2 points, with more draws
/// at the no-attack limit on two of them: still not proven, still off.
/// Natively `STRATEGIST_MARSHAL=points`.
pub const MARSHAL: i32 = 0;

/// Points a Spy counts above its table value of 60 while the other side's Marshal stands
/// ([`Settings::spy`]; session 62, docs/bots/strategist.md): 0, off, while it is measured.
/// Why: in v20's 800 games against `invincible` at 120,000 nodes (seeds 2501-2571) our Spy was
/// lost before the enemy's Marshal in 24 % of the games not won and 9 % of those won, mostly
/// to the enemy's officers; the Spy is the one piece that takes a Marshal, and the enemy's
/// Marshal is what takes most of our pieces. At 90 on two fresh seeds (2561, 2571; 120,000
/// nodes): -2.0 and +2.5 points in pairs against v20 (51 games better, 47 worse), the Spy lost
/// before their Marshal as often, and their Spy taking our Marshal more often; for our Spy
/// alone (`STRATEGIST_SPY_SIDE=1`) 18 better, 17 worse. Level: off. Natively
/// `STRATEGIST_SPY_VALUE=points`.
pub const SPY_VALUE: i32 = 0;

/// The root's utility of its values ([`Settings::utility`]; session 26,
/// docs/bots/strategist.md). Off (scale 0) while it is measured; the centre and the linear
/// share are what a scale set from the environment starts from.
pub const UTILITY: Utility = Utility { scale: 0, center: 0, linear: 50 };

/// The value of finding out, in percent ([`StrategistConfig::probe`]; session 27,
/// docs/bots/strategist.md). 50 with the calibrated Flag odds ([`FLAG_ODDS`]) since v15
/// (session 36): what a cheap piece's attack tells our officers nearby is what pays for it, now
/// that a Flag it rarely finds no longer does; 0 leaves it out.
pub const PROBE: u32 = 50;

/// Where the belief about the enemy's Flag (and Bombs) comes from
/// ([`StrategistConfig::library`]; session 27, docs/bots/strategist.md). Off while it is
/// measured.
pub const LIBRARY: u8 = 0;

/// With [`StrategistConfig::library`] 3, the share of the library's marginals in a drawn
/// layout's Bomb and Flag odds ([`layout_matrix`]): what lets a layout that breaks a fact of
/// the view still give a consistent army.
pub const LAYOUT_SOFT: f64 = 0.05;

/// The reach of [`PROBE`] ([`StrategistConfig::probe_reach`]).
pub const PROBE_REACH: i32 = 4;

/// Whether the move's armies are drawn with stratified uniforms
/// ([`StrategistConfig::stratified`]; session 14, docs/bots/strategist.md).
pub const STRATIFIED: bool = false;

/// The strategist bot.
#[derive(Debug, Default)]
pub struct StrategistBot {
    /// Its settings.
    pub config: StrategistConfig,
    cache: BeliefCache,
}

impl StrategistBot {
    /// A bot with the default settings.
    pub fn new() -> StrategistBot {
        StrategistBot::default()
    }

    /// A bot with `config`.
    pub fn with_config(config: StrategistConfig) -> StrategistBot {
        StrategistBot { config, cache: BeliefCache::new() }
    }
}

/// One worker's share of a move: the sum over its samples of each legal move's value, in
/// `view.legal_moves()` order, and how many samples were counted. Empty sums when the view
/// admits no consistent army (never in a real game).
pub fn root_scores(
    view: &PlayerView,
    ctx: &mut SearchContext,
    config: StrategistConfig,
    cache: &mut BeliefCache,
) -> (Vec<Move>, Vec<i64>, usize) {
    root_scores_with_stats(view, ctx, config, cache).0
}

/// [`root_scores`] and what its search did (depths, nodes per iteration, table hits:
/// `stratagem depth`). No search (one legal move, no consistent army): empty statistics.
pub fn root_scores_with_stats(
    view: &PlayerView,
    ctx: &mut SearchContext,
    config: StrategistConfig,
    cache: &mut BeliefCache,
) -> ((Vec<Move>, Vec<i64>, usize), SearchStats) {
    scores_and_stats(view, ctx, config, cache, None)
}

/// [`root_scores`] of one of the native threads that share a move (`config.split` is
/// `Split::Threads(n)`), meeting the others through `gather` ([`Gather`]) for the second look
/// after their first passes are added up; then part 0 returns the whole move and the others
/// zero sums with no sample counted. The same as [`root_scores`] without `gather`, with one
/// thread, or where a part ended without meeting (then every part returns its own first pass).
pub fn root_scores_gathered(
    view: &PlayerView,
    ctx: &mut SearchContext,
    config: StrategistConfig,
    cache: &mut BeliefCache,
    gather: Option<&dyn Gather>,
) -> (Vec<Move>, Vec<i64>, usize) {
    scores_and_stats(view, ctx, config, cache, gather).0
}

fn scores_and_stats(
    view: &PlayerView,
    ctx: &mut SearchContext,
    config: StrategistConfig,
    cache: &mut BeliefCache,
    gather: Option<&dyn Gather>,
) -> ((Vec<Move>, Vec<i64>, usize), SearchStats) {
    let moves: Vec<Move> = view.legal_moves().to_vec();
    if moves.len() <= 1 {
        ctx.add_nodes(1);
        return ((moves.clone(), vec![0; moves.len()], 0), SearchStats::default());
    }
    // "Stood its ground" natively only; "came up to a known piece" in the page too (v16).
    if !cfg!(target_arch = "wasm32") {
        cache.set_stand(if config.stand == 0 { 1.0 } else { f64::from(config.stand) / 100.0 });
    }
    cache.set_approach(if config.approach == 0 { 1.0 } else { f64::from(config.approach) / 100.0 });
    // Natively only (session 59): `PublicReplay::with_bomb_walk` ignores it in the page's module.
    cache.set_bomb_walk(if config.bomb_walk == 0 { 1.0 } else { f64::from(config.bomb_walk) / 100.0 });
    let mut matrix = cache.replay(view).matrix_shaped(
        view.side().opponent(),
        f64::from(config.tilt) / 100.0,
        f64::from(config.sharpen) / 100.0,
    );
    // Natively only (the setups are not in the page's module; `classic()` is `None` there).
    let mut layouts = None;
    if config.library > 0
        && !cfg!(target_arch = "wasm32")
        && view.rules().variant == Variant::Classic
        && let Some(lib) = SetupLibrary::classic()
    {
        let params = LibraryParams { bombs: config.library >= 2, ..LibraryParams::default() };
        if let Some(post) = LibraryPosterior::new(lib, &Evidence::of(view), params) {
            let marginals = library_marginals(view, &matrix, &post);
            matrix = library_matrix(view, &matrix, &post, &marginals);
            if config.library >= 3 {
                layouts = Some((post, marginals));
            }
        }
    }
    let draw = |ctx: &mut SearchContext| {
        // The `cfg!` keeps the branch out of the page's module: the closure is also called
        // through `dyn FnMut`, where the compiler cannot see that `layouts` is `None` there.
        let army = if let Some((post, marginals)) = layouts.as_ref().filter(|_| !cfg!(target_arch = "wasm32")) {
            // A whole human layout of Bombs and Flag, then the movable kinds from the rows.
            let layout = post.sample(&mut ctx.rng);
            layout_matrix(view, &matrix, layout, marginals, LAYOUT_SOFT).sample(view, &mut ctx.rng)
        } else if config.proposals > 1 && !cfg!(target_arch = "wasm32") {
            // Off (`PROPOSALS` = 1): natively only, out of the page's module (its size line).
            matrix.sample_joint(view, &mut ctx.rng, config.proposals)
        } else {
            matrix.sample(view, &mut ctx.rng)
        };
        ctx.add_nodes(1);
        army.ok()
    };
    let armies = config.armies(&ctx.budget);
    let mut samples: Vec<Position> = Vec::with_capacity(armies);
    // Off (`STRATIFIED`): natively only, out of the page's module (its size line).
    if config.stratified && !cfg!(target_arch = "wasm32") && config.proposals <= 1 && layouts.is_none() {
        // All at once (a few microseconds each): the strata are shared out over the whole set.
        if let Ok(drawn) = matrix.sample_stratified(view, &mut ctx.rng, armies) {
            ctx.add_nodes(drawn.len() as u64);
            samples = drawn;
        }
    } else {
        for _ in 0..armies {
            match draw(ctx) {
                Some(p) => samples.push(p),
                None => break,
            }
            if ctx.out_of_budget() {
                break;
            }
        }
    }
    if samples.is_empty() {
        return ((moves.clone(), vec![0; moves.len()], 0), SearchStats::default());
    }
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.shuffle(&mut ctx.rng);
    let mut unknowns = enemy_unknowns(view, &matrix);
    unknowns.bomb_cost = config.bomb_cost;
    unknowns.bomb_cost_from = config.bomb_cost_from;
    unknowns.flag_odds = config.flag_odds;
    // Off by default: kept out of the page's module (its size line).
    let stratum = if config.stratum && !cfg!(target_arch = "wasm32") {
        miner_stratum(view, &unknowns, config.search.threat)
    } else {
        None
    };
    if let Some(st) = &stratum
        && samples.len() >= 2
        && !samples.iter().any(|pos| st.drawn_in(pos))
    {
        // None of the samples drew a Miner there: the last one gives way to a sample that did
        // (a draw conditioned on it by rejection; the weights then count it by `p` in all).
        for _ in 0..STRATUM_TRIES {
            let Some(pos) = draw(ctx) else { break };
            if st.drawn_in(&pos) {
                if let Some(last) = samples.last_mut() {
                    *last = pos;
                }
                break;
            }
        }
    }
    let root = RootTerms {
        stratum,
        chance: moves.iter().map(|&mv| root_chance(view, &unknowns, mv, &config.search)).collect(),
        // Off by default: kept out of the page's module (its size line).
        exposure: if config.known_exposure && !cfg!(target_arch = "wasm32") {
            moves.iter().map(|&mv| known_exposure(view, &unknowns, mv)).collect()
        } else if config.spy_exposure && !cfg!(target_arch = "wasm32") {
            moves.iter().map(|&mv| spy_exposure(view, &unknowns, mv)).collect()
        } else {
            Vec::new()
        },
    };
    // The plans before the search, so that a time budget covers them too.
    let plans = plan_terms(view, &moves, config.plans, cache);
    let probes = (config.probe > 0).then(|| probe_terms(view, &unknowns, &moves, config.probe, config.probe_reach));
    let guess = if config.flag_guess { enemy_flag_guess(view, cache) } else { None };
    let mut more = draw;
    // Natively only (see `Searcher::enemy_choice`): left out of the page's module.
    let enemy = (config.enemy_model && !cfg!(target_arch = "wasm32")).then(|| enemy_belief(view, cache));
    let beliefs =
        Beliefs { flag_guess: guess, unknowns: config.inner_chance.then_some(&unknowns), enemy: enemy.as_ref() };
    let mut settings = config.search;
    // Off by default and out of the page's module (its size line).
    if !cfg!(target_arch = "wasm32") && config.endgame_depth > settings.max_depth {
        let on_board = view.alive_count(view.side()) + view.alive_count(view.side().opponent());
        if on_board <= config.endgame_pieces {
            settings.max_depth = config.endgame_depth;
        }
    }
    let r = search_samples(&mut samples, &moves, &order, &root, beliefs, ctx, settings, &mut more);
    let mut sums = r.sums;
    let mut best = r.best;
    if plans.is_some() || probes.is_some() {
        // Per sample counted, so that parts of several workers add up alike.
        for terms in [&plans, &probes].into_iter().flatten() {
            for (s, p) in sums.iter_mut().zip(terms) {
                *s += p * r.counted as i64;
            }
        }
        best = order[0];
        for &i in &order {
            if sums[i] > sums[best] {
                best = i;
            }
        }
    }
    // On since v18 (session 50), natively only (the page's module has no room for it): a
    // second look at the best moves on fresh armies, once every army reached the cap with time
    // to spare. Where one search makes the whole move, here; where native threads share it,
    // after the parts meet and are added up (session 56: before, a part would have re-ranked
    // its own best moves and floored the rest, which is not what was measured, so the threads
    // had no look). The page's workers (`Split::Workers(n > 1)`) answer once each: no look.
    let eligible = config.verify > 0
        && !cfg!(target_arch = "wasm32")
        && r.depth >= settings.max_depth
        && r.counted > 0
        && ctx.used_fraction() < VERIFY_BEFORE;
    let extra = |i: usize| -> i64 { [&plans, &probes].into_iter().flatten().map(|t| t[i]).sum() };
    let look = |top: &[usize], armies: u32, ctx: &mut SearchContext| -> Option<(Vec<i64>, usize)> {
        let sub_moves: Vec<Move> = top.iter().map(|&i| moves[i]).collect();
        let sub_root = RootTerms {
            stratum: root.stratum.clone(),
            chance: top.iter().map(|&i| root.chance[i]).collect(),
            exposure: if root.exposure.is_empty() {
                Vec::new()
            } else {
                top.iter().map(|&i| root.exposure[i].clone()).collect()
            },
        };
        // Session 48: the second look ends at `VERIFY_UNTIL` of the move's budget, and its
        // armies are searched one at a time (the widening loop of `search_samples`), each
        // counted once it reaches the cap: a look cut short by the clock keeps the armies it
        // finished instead of throwing all of them away, and the move is back well before
        // the deadline (the first version ran to the search's own deadline and went over the
        // 100 ms 58 times in 200 games, v17 4 times).
        let whole = ctx.budget;
        let until = f64::from(config.verify_until) / 100.0;
        ctx.budget =
            Budget { time_ms: whole.time_ms.map(|t| t * until), nodes: whole.nodes.map(|n| (n as f64 * until) as u64) };
        let mut left = armies;
        let mut capped = |c: &mut SearchContext| {
            left = left.checked_sub(1)?;
            more(c)
        };
        let first = if ctx.out_of_budget() { None } else { capped(ctx) };
        let sub_order: Vec<usize> = (0..top.len()).collect();
        let v = first.map(|army| {
            let mut extra_armies = vec![army];
            let wide = Settings { widen: true, widen_until: 100, ..settings };
            search_samples(&mut extra_armies, &sub_moves, &sub_order, &sub_root, beliefs, ctx, wide, &mut capped)
        });
        ctx.budget = whole;
        // The look's sums over `top`, with the plans' and probes' terms per army counted.
        v.filter(|v| v.depth >= settings.max_depth && v.counted > 0).map(|v| {
            let sums = top.iter().enumerate().map(|(j, &i)| v.sums[j] + extra(i) * v.counted as i64).collect();
            (sums, v.counted)
        })
    };
    let shared = match (config.split, gather) {
        (Split::Threads(n), Some(g)) if n > 1 && !cfg!(target_arch = "wasm32") => Some(g),
        _ => None,
    };
    if let Some(g) = shared {
        // This part as it would be returned alone, then the parts added up.
        sums[best] += 1;
        let mut mine = vec![i64::from(eligible), r.counted as i64];
        mine.extend_from_slice(&sums);
        let own = ((moves.clone(), sums.clone(), r.counted), r.stats.clone());
        let Some(all) = g.gather(mine) else { return own };
        // Every part reached the cap with time to spare, or no part looks (all read the same).
        if all.iter().any(|p| p.len() != moves.len() + 2 || p[0] != 1) {
            return own;
        }
        let n1: usize = all.iter().map(|p| p[1] as usize).sum();
        let mut total: Vec<i64> = (0..moves.len()).map(|i| all.iter().map(|p| p[2 + i]).sum()).collect();
        // Ties in the order of the legal moves, as `combine` breaks them.
        let top = best_moves((0..moves.len()).collect(), &total, config.verify_top);
        // The look's armies shared out as the first pass's were.
        let parts = all.len() as u32;
        let mine = match look(&top, config.verify.div_ceil(parts), ctx) {
            Some((s, c)) => [vec![c as i64], s].concat(),
            None => vec![0; top.len() + 1],
        };
        let Some(all) = g.gather(mine) else { return own };
        let n2: usize = all.iter().map(|p| p[0] as usize).sum();
        if n2 == 0 || all.iter().any(|p| p.len() != top.len() + 1) {
            return own;
        }
        let looked: Vec<i64> = (0..top.len()).map(|j| all.iter().map(|p| p[1 + j]).sum()).collect();
        let best = blend(&mut total, n1, &top, &looked, n2);
        total[best] += 1;
        // Part 0 carries the whole move; the others add nothing.
        return if g.index() == 0 {
            ((moves, total, n1), r.stats)
        } else {
            let zeros = vec![0; moves.len()];
            ((moves, zeros, 0), r.stats)
        };
    }
    if eligible && matches!(config.split, Split::Threads(1) | Split::Workers(1)) {
        // Ties in the shuffled order.
        let top = best_moves(order.clone(), &sums, config.verify_top);
        if let Some((looked, n2)) = look(&top, config.verify, ctx) {
            best = blend(&mut sums, r.counted, &top, &looked, n2);
        }
    }
    // Ties at the top went to the earlier move of the shuffled order (a random tie-break);
    // one point more for that move makes `combine` of this one part pick it too.
    sums[best] += 1;
    ((moves, sums, r.counted), r.stats)
}

/// The `k` moves of `candidates` (indices into `sums`) with the highest sums, best first; a
/// stable sort, so ties keep their order in `candidates`.
fn best_moves(mut candidates: Vec<usize>, sums: &[i64], k: u32) -> Vec<usize> {
    candidates.sort_by_key(|&i| std::cmp::Reverse(sums[i]));
    candidates.truncate(k as usize);
    candidates
}

/// The second look's verdict ([`VERIFY`]): the sums of the first pass (`n1` armies counted)
/// of the moves in `top` (best first) become their sums over both passes (`looked`: the look's
/// sums over `top`, `n2` armies), in the units of the first pass; every other move falls below
/// them all. Returns the best of `top` (the earliest of `top` on a tie).
fn blend(sums: &mut [i64], n1: usize, top: &[usize], looked: &[i64], n2: usize) -> usize {
    let (n1, n2) = (n1 as f64, n2 as f64);
    let mut floor = i64::MAX;
    for (j, &i) in top.iter().enumerate() {
        let total = sums[i] as f64 + looked[j] as f64;
        // Back in the units of the first pass (a sum over its `counted` samples).
        sums[i] = (total / (n1 + n2) * n1).round() as i64;
        floor = floor.min(sums[i]);
    }
    // The choice is made among the moves looked at again.
    for (i, s) in sums.iter_mut().enumerate() {
        if !top.contains(&i) {
            *s = (*s).min(floor - 1);
        }
    }
    let mut best = top[0];
    for &i in top {
        if sums[i] > sums[best] {
            best = i;
        }
    }
    best
}

/// Invincible's plans (`plans::invincible`, no random plan) for every move, in search points
/// scaled by `weight` (percent of parity: 100 plan points, the plans' strongest piece, count
/// 400, the search's Marshal). `None` when `weight` is 0.
///
/// Why: `invincible` plays one ply of strategic knowledge (guard pieces from known stronger
/// ones, approach weaker ones, trap, defend the Flag, bluff) and beats every literature
/// bot with it; the search wins by finding Flags but loses by attrition that its 4 plies do
/// not see the end of (docs/bots/strategist.md). Adding the plans to the summed search values
/// lets the plans steer where the search sees nothing decisive, while a tactical difference
/// the search sees (hundreds of points) still outweighs them. The plans read the same public
/// replay as the belief (the view only).
///
/// Not counted as nodes: the node budget stays the search's own, so that a node-budget match
/// of two weights differs only by the plans. Their cost is one pass over the legal moves,
/// what `invincible` spends on a whole move (about 1-2 ms natively); a time budget covers it,
/// as it runs before the search.
fn plan_terms(view: &PlayerView, moves: &[Move], weight: u32, cache: &mut BeliefCache) -> Option<Vec<i64>> {
    if weight == 0 {
        return None;
    }
    let replay = cache.replay(view);
    let pctx = Ctx::with_replay(view, replay, &ValueRules::INVINCIBLE);
    let plans = invincible_plans(&pctx);
    let scale = 4.0 * weight as f64 / 100.0;
    // Each plan's own weight, in percent of the others' (natively only while measured: the
    // page's module has no room for it).
    let own: Option<Vec<u32>> = (!cfg!(target_arch = "wasm32")).then(|| {
        let list = tuning::<String>("STRATEGIST_PLAN_WEIGHTS").unwrap_or_default();
        let names: Vec<&str> = plans.iter().map(|p| p.name()).collect();
        let bad = unusable_items(&list, &names);
        if !bad.is_empty() {
            static WARNED: std::sync::Once = std::sync::Once::new();
            WARNED.call_once(|| {
                eprintln!(
                    "STRATEGIST_PLAN_WEIGHTS: ignored {} (expected NAME=PERCENT items, names: {})",
                    bad.join(", "),
                    names.join(", ")
                );
            });
        }
        names.iter().map(|name| plan_weight(&list, name)).collect()
    });
    let terms = moves
        .iter()
        .map(|&mv| {
            let s: f64 = plans
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let v = p.score(&pctx, mv);
                    match &own {
                        Some(w) if w[i] != 100 => v * f64::from(w[i]) / 100.0,
                        _ => v,
                    }
                })
                .sum();
            if s.is_finite() { (s * scale).round() as i64 } else { 0 }
        })
        .collect();
    Some(terms)
}

/// One plan's weight among the plans at the root, in percent of the others' (natively only,
/// while measured): [`PLAN_DEFENSE`] for the tactical defence (`STRATEGIST_PLAN_DEFENSE=percent`),
/// and any plan by its name in `list`, the value of `STRATEGIST_PLAN_WEIGHTS` such as
/// `ImmediateCapture=50,TrapPiece=200` (at most 400; a name given there overrides
/// `STRATEGIST_PLAN_DEFENSE`; items that name no plan are ignored, with one warning on standard
/// error). 100 for every other plan.
///
/// Why (session 34, docs/bots/strategist.md): the plans' terms at the root are almost all four
/// tactical plans, valued by the belief; session 33 measured the tactical defence's weight
/// alone, and this measures the other three each on its own.
fn plan_weight(list: &str, name: &str) -> u32 {
    let pct = match listed_weight(list, name) {
        Some(pct) => pct,
        None if name == "TacticalDefense" => tuning::<u32>("STRATEGIST_PLAN_DEFENSE").unwrap_or(PLAN_DEFENSE),
        None => 100,
    };
    pct.min(400)
}

/// The percent given to plan `name` in a list such as `ImmediateCapture=50,TrapPiece=200`
/// (the first item of that name whose percent is a whole number), if any.
fn listed_weight(list: &str, name: &str) -> Option<u32> {
    list.split(',').find_map(|item| {
        let (n, pct) = item.split_once('=')?;
        if n.trim() == name { pct.trim().parse().ok() } else { None }
    })
}

/// The items of such a list that give no plan a weight: no `=`, a name not in `names`, or a
/// percent that is not a whole number (empty items, as after a trailing comma, are no items).
fn unusable_items(list: &str, names: &[&str]) -> Vec<String> {
    list.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .filter(|item| match item.split_once('=') {
            Some((n, pct)) => !names.contains(&n.trim()) || pct.trim().parse::<u32>().is_err(),
            None => true,
        })
        .map(|item| format!("{item:?}"))
        .collect()
}

/// Our Flag (the viewer's), if it is on the board.
fn our_flag(view: &PlayerView) -> Option<PieceId> {
    view.pieces_of(view.side()).find(|&id| view.kind(id) == Some(PieceKind::Flag))
}

/// The enemy's probability that our Flag is the Flag, from the public facts only: the belief
/// matrix of our army as the enemy can build it (the same public replay, the other side's
/// matrix: `invincible` plays by exactly this matrix). `None` if our Flag is not on the board.
///
/// Why: inside a sample the enemy knows where our Flag is; this is what it really knows
/// (see `search::determinized::Searcher::with_flag_guess`).
fn enemy_flag_guess(view: &PlayerView, cache: &mut BeliefCache) -> Option<f64> {
    let us = view.side();
    let flag = our_flag(view)?;
    let row = cache.replay(view).matrix(us).probabilities(flag);
    let total: f64 = row.iter().sum();
    (total > 0.0 && total.is_finite()).then(|| row[PieceKind::Flag.index()] / total)
}

/// The enemy's belief about every piece of ours it has not seen but the Flag, from the public
/// facts only (the belief matrix of our army as the enemy can build it, like
/// [`enemy_flag_guess`]), restricted to what the enemy can rule out: the kinds of ours it has
/// not seen, no Bomb or Flag for a piece that moved, a Scout for one seen moving far. `us` of
/// the result is the enemy.
fn enemy_belief(view: &PlayerView, cache: &mut BeliefCache) -> Unknowns {
    let us = view.side();
    let matrix = cache.replay(view).matrix(us);
    // Our kinds the enemy has not seen (as `PlayerView::enemy_unassigned` for the other side).
    let mut left = matrix.remaining();
    for id in view.pieces_of(us) {
        if view.piece(id).revealed
            && let Some(k) = view.kind(id)
        {
            left.remove(k);
        }
    }
    let mut u = Unknowns::new(us.opponent());
    for id in view.pieces_of(us) {
        let p = view.piece(id);
        // Our Flag stays out of the model: the enemy's capture of it is weighed by its guess
        // as before (`Searcher::with_flag_guess`). In the model it was taken only when the
        // enemy's belief made that attack its best move, and the bot lost its Flag almost three
        // times as often (session 12, docs/bots/strategist.md).
        if p.revealed || view.kind(id) == Some(PieceKind::Flag) {
            continue;
        }
        u.set(id, possible_only(matrix.probabilities(id), &left, &p));
    }
    u
}

/// `probs` with the kinds ruled out set to 0: those `left` holds none of, and those the board
/// rules out for `p` (no Bomb or Flag once it moved; only a Scout once it moved far).
fn possible_only(mut probs: [f64; 12], left: &Army, p: &ViewPiece) -> [f64; 12] {
    for k in PieceKind::ALL {
        let allowed = left[k] > 0 && (!p.moved || k.is_movable()) && (!p.scout_known || k == PieceKind::Scout);
        if !allowed {
            probs[k.index()] = 0.0;
        }
    }
    probs
}

/// The belief about every enemy piece whose kind `view` does not know: the matrix's row,
/// restricted to what the view allows (kinds still unassigned; no Bomb or Flag for a piece that
/// moved; a Scout for one seen moving far).
fn enemy_unknowns(view: &PlayerView, matrix: &BeliefMatrix) -> Unknowns {
    let mut u = Unknowns::new(view.side());
    let left = view.enemy_unassigned();
    for id in view.pieces_of(view.side().opponent()) {
        if view.kind(id).is_some() {
            continue;
        }
        u.set(id, possible_only(matrix.probabilities(id), &left, &view.piece(id)));
    }
    u
}

/// Draws at most this many armies when looking for one with a Miner near our Flag
/// ([`StrategistConfig::stratum`]): a few microseconds each; at `p` = 0.02 one is found with
/// probability 0.98.
const STRATUM_TRIES: usize = 200;

/// The unknown enemy pieces within `radius` squares of our Flag that may be Miners, while one
/// of our Bombs stands next to the Flag ([`MinerStratum`]); `None` if there are none, the Flag
/// has no Bomb beside it, or the probability that one of them is a Miner is about 0 or 1
/// (every sample then agrees).
fn miner_stratum(view: &PlayerView, unknowns: &Unknowns, radius: i32) -> Option<MinerStratum> {
    let us = view.side();
    let flag = our_flag(view)?;
    let at = view.piece(flag).square;
    let shielded = at
        .neighbours()
        .any(|sq| view.piece_at(sq).is_some_and(|id| id.side() == us && view.kind(id) == Some(PieceKind::Bomb)));
    if !shielded || radius <= 0 {
        return None;
    }
    let mut squares = Vec::new();
    let mut none = 1.0;
    for id in view.pieces_of(us.opponent()) {
        let sq = view.piece(id).square;
        if view.kind(id).is_some() || crate::ai::plans::manhattan(sq, at) > radius {
            continue;
        }
        let miner = f64::from(unknowns.probs[id.index()][PieceKind::Miner.index()]);
        if miner > 0.0 {
            squares.push(sq);
            none *= 1.0 - miner;
        }
    }
    let p = 1.0 - none;
    (!squares.is_empty() && p > 0.005 && p < 0.995).then_some(MinerStratum { squares, p })
}

/// The value of finding out what an enemy piece is ([`StrategistConfig::probe`]), for every
/// move, in search points: 0 unless the move attacks an enemy piece `view` does not know.
///
/// An attack reveals the defender's kind, whatever its outcome. That is worth something to
/// each other piece `o` of ours within `reach` squares of it (Manhattan distance, lakes
/// ignored), which may attack it later: not
/// knowing, `o` attacks only if the belief's gamble pays, `max(0, win - loss)` with `win` the
/// value of the kinds `o` beats weighted by their probabilities and `loss` what `o` loses to
/// the kinds that beat or trade with it (a Bomb for all but a Miner); knowing, it attacks only
/// the kinds it beats, `win`. The difference, `min(win, loss)`, is the value of perfect
/// information of that one decision; the move earns `percent` of the largest over our pieces
/// (the decision may never come, hence less than all). Pieces count at their table values, the
/// Flag at 0: learning that a piece is the Flag earns nothing here (the search values taking it).
///
/// Why (session 26): the determinized search never pays to learn anything, since every sampled
/// army already knows the kinds, and the strategist told where the enemy's Bombs are scores
/// 96.8 % against `invincible` where it otherwise scores about 80 %: its officers stop dying
/// on Bombs (2.2 a game) and take unmoved pieces freely. The search's chance nodes weigh what
/// the attack itself risks and wins; this adds what the others learn.
fn probe_terms(view: &PlayerView, unknowns: &Unknowns, moves: &[Move], percent: u32, reach: i32) -> Vec<i64> {
    use crate::ai::eval::material::piece_value;
    // Plain loops over the few attacks on unknown pieces: the page's module carries this, and
    // it has little room (BENCHMARKS.md, session 36).
    let us = view.side();
    let mut out = vec![0; moves.len()];
    for (slot, mv) in out.iter_mut().zip(moves) {
        let Some(def) = view.piece_at(mv.to).filter(|d| d.side() != us && view.kind(*d).is_none()) else {
            continue;
        };
        let probs = &unknowns.probs[def.index()];
        let total: f64 = probs.iter().map(|&p| f64::from(p)).sum();
        if total <= 0.0 {
            continue;
        }
        let mover = view.piece_at(mv.from);
        let mut best = 0.0f64;
        for id in view.pieces_of(us) {
            let Some(k) = view.kind(id).filter(|k| k.is_movable()) else { continue };
            if Some(id) == mover || crate::ai::plans::manhattan(view.piece(id).square, mv.to) > reach {
                continue;
            }
            let (mut win, mut loss) = (0.0, 0.0);
            for d in PieceKind::ALL {
                let p = f64::from(probs[d.index()]) / total;
                if p <= 0.0 {
                    continue;
                }
                match battle(k, d) {
                    Battle::AttackerWins => win += p * f64::from(piece_value(d)),
                    Battle::BothRemoved => loss += p * f64::from((piece_value(k) - piece_value(d)).max(0)),
                    Battle::DefenderWins => loss += p * f64::from(piece_value(k)),
                }
            }
            best = best.max(win.min(loss));
        }
        *slot = (best * f64::from(percent) / 100.0).round() as i64;
    }
    out
}

/// `mv` as a chance node at the root if it attacks an enemy piece whose kind `view` does not
/// know: the belief's probabilities of the defender's kind ([`enemy_unknowns`]), with the
/// evaluation's `base` for the movable pieces ([`Settings::base`]).
fn root_chance(view: &PlayerView, unknowns: &Unknowns, mv: Move, search: &Settings) -> Option<RootChance> {
    let (base, bomb_secret, marshal) = (search.base, search.bomb_secret, search.marshal);
    // Each Spy's extra while the other side's Marshal stands: ours as the attacker, theirs as
    // the defender (natively only, while it is measured).
    let spy = if search.spy == 0 || cfg!(target_arch = "wasm32") {
        (0, 0)
    } else {
        let ours = view.pieces_of(view.side()).any(|id| view.kind(id) == Some(PieceKind::Marshal));
        let theirs = view.enemy_remaining()[PieceKind::Marshal] > 0;
        (if theirs { search.spy } else { 0 }, if ours && !search.spy_ours { search.spy } else { 0 })
    };
    let attacker = view.kind(view.piece_at(mv.from)?)?;
    let def = view.piece_at(mv.to)?;
    if def.side() == view.side() || view.kind(def).is_some() {
        return None;
    }
    let mut probs = [0.0; 12];
    for (p, &q) in probs.iter_mut().zip(&unknowns.probs[def.index()]) {
        *p = q as f64;
    }
    probs[PieceKind::Flag.index()] *= unknowns.flag_factor(attacker) as f64;
    Some(RootChance { attacker, probs, bomb_cost: unknowns.bomb_cost_for(attacker), base, bomb_secret, marshal, spy })
}

/// `mv` as a move that leaves our Marshal, known to the enemy, next to enemy pieces whose kind
/// `view` does not know while the enemy's Spy may be one of them ([`Exposure`]); `None`
/// otherwise (the Marshal unknown to the enemy or gone, the Spy known or gone, no such piece
/// beside it). The Marshal stands on `mv.to` if it is the piece moved; a piece it attacks is
/// not counted (the attack reveals it).
fn spy_exposure(view: &PlayerView, unknowns: &Unknowns, mv: Move) -> Option<Exposure> {
    let us = view.side();
    let marshal = view.pieces_of(us).find(|&id| view.kind(id) == Some(PieceKind::Marshal))?;
    if !view.piece(marshal).revealed {
        return None;
    }
    let at = if view.piece_at(mv.from) == Some(marshal) { mv.to } else { view.piece(marshal).square };
    let mut squares = Vec::new();
    let mut p = 0.0;
    for sq in at.neighbours() {
        let Some(id) = view.piece_at(sq) else { continue };
        if sq == mv.to || id.side() == us || view.kind(id).is_some() {
            continue;
        }
        // The rows are normalised (`Unknowns::set`).
        let spy = unknowns.probs[id.index()][PieceKind::Spy.index()] as f64;
        if spy > 0.0 {
            squares.push(sq);
            p += spy;
        }
    }
    let mut takers = [false; 12];
    takers[PieceKind::Spy.index()] = true;
    let strike = strike_change(PieceKind::Marshal, PieceKind::Spy);
    (!squares.is_empty()).then(|| Exposure { squares, p: p.min(1.0), takers, strike })
}

/// `mv` as a move that leaves one of our movable pieces known to the enemy next to enemy pieces
/// whose kind `view` does not know and that may take it ([`Exposure`]): of all such pieces of
/// ours after the move, the one with the largest expected loss (the belief's probability that
/// one of its unknown neighbours is a kind that takes it, `1 - prod(1 - q)` over them, times
/// its value); `None` if there is none. The piece moved stands on `mv.to`, and is not counted if the move is an attack (its
/// fate is the root's chance node); a piece it attacks is not counted either.
///
/// Why (issue 11, session 28): unmoved enemy pieces took our known pieces in 99 % of 595 battles
/// over 400 games of v12-like play against `invincible`, 158 points a game. Inside a sample the
/// enemy takes our known piece whenever the sample drew a taker beside it, and with four
/// samples a 10 % threat is drawn in none of them about two times in three: the moves the
/// search picks are those whose samples happened to draw no taker, as with the Spy on our
/// Marshal ([`spy_exposure`]). Weighing each move's samples as a chance node of that event, by
/// the belief's probability, takes the luck of the draw out.
fn known_exposure(view: &PlayerView, unknowns: &Unknowns, mv: Move) -> Option<Exposure> {
    let us = view.side();
    let moved = view.piece_at(mv.from);
    let attack = view.piece_at(mv.to).is_some();
    let value = |k: PieceKind| crate::ai::eval::material::piece_value(k) as f64;
    let mut best: Option<(f64, Exposure)> = None;
    for id in view.pieces_of(us) {
        let piece = view.piece(id);
        let Some(kind) = piece.kind.filter(|k| piece.revealed && k.is_movable()) else { continue };
        let at = if Some(id) == moved {
            if attack {
                continue;
            }
            mv.to
        } else {
            piece.square
        };
        let takers: [bool; 12] = std::array::from_fn(|k| {
            let t = PieceKind::ALL[k];
            t.is_movable() && battle(t, kind) == Battle::AttackerWins
        });
        let mut squares = Vec::new();
        let mut safe = 1.0;
        let (mut taker_mass, mut taker_value) = (0.0, 0.0);
        for sq in at.neighbours() {
            let Some(e) = view.piece_at(sq) else { continue };
            if sq == mv.to || e.side() == us || view.kind(e).is_some() {
                continue;
            }
            // The rows are normalised (`Unknowns::set`).
            let row = &unknowns.probs[e.index()];
            let q: f64 = (0..12).filter(|&k| takers[k]).map(|k| row[k] as f64).sum();
            if q > 0.0 {
                squares.push(sq);
                safe *= 1.0 - q.min(1.0);
                taker_mass += q;
                taker_value +=
                    (0..12).filter(|&k| takers[k]).map(|k| row[k] as f64 * value(PieceKind::ALL[k])).sum::<f64>();
            }
        }
        let p = 1.0 - safe;
        if squares.is_empty() || p <= 0.0 {
            continue;
        }
        let loss = p * value(kind);
        if best.as_ref().is_none_or(|(b, _)| loss > *b) {
            // The strike's taker: the belief's mean taker, for its hidden share.
            let mean_taker = taker_value / taker_mass;
            let strike = -value(kind) + mean_taker.min(value(kind)) * HIDDEN_SHARE as f64 / 64.0;
            best = Some((loss, Exposure { squares, p, takers, strike }));
        }
    }
    best.map(|(_, e)| e)
}

/// The move with the highest summed score over several workers' [`root_scores`] of the same
/// view (every list must hold the same moves in the same order); `None` if there are none.
pub fn combine(parts: &[(Vec<Move>, Vec<i64>, usize)]) -> Option<Move> {
    let (moves, _, _) = parts.first()?;
    let mut best: Option<(usize, i64)> = None;
    for i in 0..moves.len() {
        let s: i64 = parts.iter().map(|p| p.1.get(i).copied().unwrap_or(0)).sum();
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((i, s));
        }
    }
    best.map(|(i, _)| moves[i])
}

impl Bot for StrategistBot {
    fn name(&self) -> &'static str {
        "strategist"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        let part = root_scores(view, ctx, self.config, &mut self.cache);
        // Candidates for the engine's Thought: each move's mean value over the samples counted,
        // highest first; a stable sort keeps `combine`'s earliest-index tie-break, so the move
        // played heads the list.
        let (moves, sums, counted) = &part;
        let mut order: Vec<usize> = (0..moves.len()).collect();
        ranking::sort_by_key128(&mut order, |&i| ranking::desc_i64(sums[i]));
        let per = (*counted).max(1) as f64;
        ctx.set_candidates(order.iter().map(|&i| (moves[i], sums[i] as f64 / per)).collect());
        combine(std::slice::from_ref(&part)).expect("the bot contract guarantees a legal move")
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        crate::ai::setupgen::strategist::generate_setup(variant, rng)
    }
}

/// A setting's override from the environment variable `name`, natively only and for tuning
/// matches only (never in the page).
pub(crate) fn tuning<T: std::str::FromStr>(name: &str) -> Option<T> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// Deepest iteration (`STRATEGIST_DEPTH` overrides [`DEPTH`]).
fn std_depth() -> u32 {
    tuning("STRATEGIST_DEPTH").unwrap_or(DEPTH)
}

/// The sentinels (`STRATEGIST_SENTINELS=points` overrides [`SENTINELS`]).
fn std_sentinels() -> i32 {
    tuning("STRATEGIST_SENTINELS").unwrap_or(SENTINELS)
}

/// The flat base of the movable pieces (`STRATEGIST_BASE=points` overrides [`BASE`]).
fn std_base() -> i32 {
    tuning("STRATEGIST_BASE").unwrap_or(BASE)
}

/// The Bombs' secret (`STRATEGIST_BOMB_SECRET=points` overrides [`BOMB_SECRET`]).
fn std_bomb_secret() -> i32 {
    tuning("STRATEGIST_BOMB_SECRET").unwrap_or(BOMB_SECRET)
}

/// The risk appetite (`STRATEGIST_RISK=points` overrides [`RISK`]).
fn std_risk() -> i32 {
    tuning("STRATEGIST_RISK").unwrap_or(RISK)
}

/// The root's utility of its values (`STRATEGIST_UTILITY=scale`, `STRATEGIST_UCENTER=points`
/// and `STRATEGIST_ULINEAR=percent` override [`UTILITY`]).
fn std_utility() -> Utility {
    Utility {
        scale: tuning("STRATEGIST_UTILITY").unwrap_or(UTILITY.scale),
        center: tuning("STRATEGIST_UCENTER").unwrap_or(UTILITY.center),
        linear: tuning("STRATEGIST_ULINEAR").unwrap_or(UTILITY.linear),
    }
}

/// The plans' weight (`STRATEGIST_PLANS=percent` overrides [`PLANS`]).
fn std_plans() -> u32 {
    tuning("STRATEGIST_PLANS").unwrap_or(PLANS)
}

/// The Flag check in the quiescence (`STRATEGIST_FLAG_CHECK=0|1` overrides [`FLAG_CHECK`]).
fn std_flag_check() -> bool {
    tuning::<u8>("STRATEGIST_FLAG_CHECK").map_or(FLAG_CHECK, |v| v != 0)
}

/// Whether to widen (`STRATEGIST_WIDEN=0|1` overrides [`WIDEN`]).
fn std_widen() -> bool {
    tuning::<u8>("STRATEGIST_WIDEN").map_or(WIDEN, |v| v != 0)
}

/// Chance leaves below the root (`STRATEGIST_CHANCE=0|1` overrides [`INNER_CHANCE`]).
fn std_inner_chance() -> bool {
    tuning::<u8>("STRATEGIST_CHANCE").map_or(INNER_CHANCE, |v| v != 0)
}

/// Two depths per sample (`STRATEGIST_BLEND=0|1` overrides [`BLEND`]).
fn std_blend() -> bool {
    tuning::<u8>("STRATEGIST_BLEND").map_or(BLEND, |v| v != 0)
}

/// The tilt of moved pieces (`STRATEGIST_TILT=hundredths`, at most 200, overrides [`TILT`]).
fn std_tilt() -> u32 {
    tuning("STRATEGIST_TILT").unwrap_or(TILT).min(200)
}

/// The Miner guard (`STRATEGIST_MINER_GUARD=points` overrides [`GUARD`]).
fn std_guard() -> i32 {
    tuning("STRATEGIST_MINER_GUARD").unwrap_or(GUARD)
}

/// The Flag threat's radius (`STRATEGIST_THREAT=distance` overrides [`THREAT`]).
fn std_threat() -> i32 {
    tuning("STRATEGIST_THREAT").unwrap_or(THREAT)
}

/// The Miner danger (`STRATEGIST_DANGER=percent` overrides [`DANGER`]).
fn std_danger() -> i32 {
    tuning("STRATEGIST_DANGER").unwrap_or(DANGER)
}

/// The Miner danger's cover (`STRATEGIST_COVER=0|1` overrides [`COVER`]).
fn std_cover() -> bool {
    tuning::<u8>("STRATEGIST_COVER").map_or(COVER, |v| v != 0)
}

/// Stratified draws (`STRATEGIST_STRATIFY=0|1` overrides [`STRATIFIED`]).
fn std_stratified() -> bool {
    tuning::<u8>("STRATEGIST_STRATIFY").map_or(STRATIFIED, |v| v != 0)
}

/// Samples per move (`STRATEGIST_SAMPLES` overrides it).
fn std_samples() -> usize {
    tuning("STRATEGIST_SAMPLES").unwrap_or(4)
}

/// The most armies a move draws when its time allows (`STRATEGIST_TIME_SAMPLES` overrides
/// [`TIME_SAMPLES`]).
fn std_time_samples() -> usize {
    tuning("STRATEGIST_TIME_SAMPLES").unwrap_or(TIME_SAMPLES)
}

/// The Spy's strike weighed at the root (`STRATEGIST_SPY=0|1` overrides [`SPY_EXPOSURE`]).
fn std_spy_exposure() -> bool {
    tuning::<u8>("STRATEGIST_SPY").map_or(SPY_EXPOSURE, |v| v != 0)
}

/// Whether the samples are weighed by a Miner near our Flag ([`StrategistConfig::stratum`];
/// sessions 22-23, docs/bots/strategist.md). Off: level or a little better, not proven. At
/// 100 ms on v12's 200 games, with the root's chance nodes weighed too (session 23): 91.0 %
/// against `perspecto-minimax` (same-day v12 88.5 %; 20 games better, 15 worse), 83.2 %
/// against `perspecto-expectimax` (v12-like runs 82.0-82.5 %; 31-28) and 80.5 % against
/// `invincible` (v12 78.2 %; 34-28). Session 22's verdict "worse against
/// `perspecto-minimax`" compared with session 15's 96.2 %, which a same-day v12 run did not
/// reproduce. Natively only: WebAssembly leaves it out.
pub const STRATUM: bool = false;

/// The Miner stratum (`STRATEGIST_STRATUM=0|1` overrides [`STRATUM`]).
fn std_stratum() -> bool {
    tuning::<u8>("STRATEGIST_STRATUM").map_or(STRATUM, |v| v != 0)
}

/// The enemy's attacks chosen by its belief (`STRATEGIST_OM=0|1` overrides [`ENEMY_MODEL`]).
fn std_enemy_model() -> bool {
    tuning::<u8>("STRATEGIST_OM").map_or(ENEMY_MODEL, |v| v != 0)
}

/// The march (`STRATEGIST_MARCH=points` overrides [`MARCH`]).
fn std_march() -> i32 {
    tuning("STRATEGIST_MARCH").unwrap_or(MARCH)
}

/// When the march starts (`STRATEGIST_MARCH_AFTER=plies` overrides [`MARCH_AFTER`]).
fn std_march_after() -> u32 {
    tuning("STRATEGIST_MARCH_AFTER").unwrap_or(MARCH_AFTER)
}

/// The draw's contempt (`STRATEGIST_CONTEMPT` overrides [`CONTEMPT`]).
fn std_contempt() -> i32 {
    tuning("STRATEGIST_CONTEMPT").unwrap_or(CONTEMPT)
}

/// Extra cost of an attack lost on a Bomb (`STRATEGIST_BOMB_COST` overrides [`BOMB_COST`]).
fn std_bomb_cost() -> u32 {
    tuning("STRATEGIST_BOMB_COST").unwrap_or(BOMB_COST)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng_from_seed;
    use crate::ai::setupgen::random::random_position;
    use crate::rules::position::placed;
    use crate::rules::{Side, Square};

    #[test]
    fn a_plan_weight_list_gives_each_named_plan_its_percent_and_no_other() {
        let list = "ImmediateCapture=50, TrapPiece = 200,Bad=x,TacticalAttack=";
        assert_eq!(listed_weight(list, "ImmediateCapture"), Some(50));
        assert_eq!(listed_weight(list, "TrapPiece"), Some(200));
        // A name not listed, a percent that is no number and an item without a percent.
        assert_eq!(listed_weight(list, "TacticalDefense"), None);
        assert_eq!(listed_weight(list, "Bad"), None);
        assert_eq!(listed_weight(list, "TacticalAttack"), None);
        assert_eq!(listed_weight("Trap", "Trap"), None);
        // The first item of a name counts; a prefix of a name is not the name.
        assert_eq!(listed_weight("Trap=10,TrapPiece=30,TrapPiece=40", "TrapPiece"), Some(30));
        // What is ignored is said: a misspelt name, a percent with a sign, an item without one.
        let names = ["ImmediateCapture", "TrapPiece"];
        assert_eq!(
            unusable_items("TrapPeice=200, ImmediateCapture=200%,TrapPiece,ImmediateCapture=50,", &names),
            vec!["\"TrapPeice=200\"", "\"ImmediateCapture=200%\"", "\"TrapPiece\""]
        );
        assert!(unusable_items("", &names).is_empty());
        assert_eq!(plan_weight("TrapPiece=900", "TrapPiece"), 400);
        assert_eq!(plan_weight("TrapPiece=30", "ImmediateCapture"), 100);
    }

    #[test]
    fn a_probe_earns_what_knowing_the_piece_is_worth_to_the_officer_beside_it() {
        // Red: Marshal d4 and a Scout d2, both beside the unknown Blue piece at d3 (a Bomb with
        // probability 0.2, else a Sergeant); a Flag far away. Blue: the piece at d3, a Flag.
        let sq = |t: &str| Square::parse(t).unwrap();
        let pos = placed(&[
            ("d4", Side::Red, PieceKind::Marshal),
            ("d2", Side::Red, PieceKind::Scout),
            ("a1", Side::Red, PieceKind::Flag),
            ("d3", Side::Blue, PieceKind::Bomb),
            ("j10", Side::Blue, PieceKind::Flag),
        ]);
        let view = PlayerView::new(&pos, Side::Red);
        let target = view.piece_at(sq("d3")).unwrap();
        let mut u = Unknowns::new(Side::Red);
        let mut row = [0.0; 12];
        row[PieceKind::Bomb.index()] = 0.2;
        row[PieceKind::Sergeant.index()] = 0.8;
        u.set(target, row);
        let moves: Vec<Move> = view.legal_moves().to_vec();
        let probe = Move { from: sq("d2"), to: sq("d3") };
        let strike = Move { from: sq("d4"), to: sq("d3") };
        let quiet = Move { from: sq("d2"), to: sq("c2") };
        for mv in [probe, strike, quiet] {
            assert!(moves.contains(&mv), "{mv:?} is legal");
        }
        let at = |terms: &[i64], mv: Move| terms[moves.iter().position(|&m| m == mv).unwrap()];
        // The Marshal's decision: win 0.8 * 25 = 20, loss 0.2 * 400 = 80; knowing is worth 20.
        let terms = probe_terms(&view, &u, &moves, 100, 4);
        assert_eq!(at(&terms, probe), 20);
        assert_eq!(at(&terms, quiet), 0, "a move that attacks nothing learns nothing");
        // The Marshal's own attack: the Scout, the only other piece near, beats neither kind.
        assert_eq!(at(&terms, strike), 0);
        assert_eq!(at(&probe_terms(&view, &u, &moves, 50, 4), probe), 10, "the share");
        // Out of reach, the Marshal counts for nothing.
        assert_eq!(at(&probe_terms(&view, &u, &moves, 100, 0), probe), 0);
        // A piece that may be a Bomb with probability 0.9: knowing is worth the 0.1 * 25 won.
        row[PieceKind::Bomb.index()] = 0.9;
        row[PieceKind::Sergeant.index()] = 0.1;
        u.set(target, row);
        let v = at(&probe_terms(&view, &u, &moves, 100, 4), probe);
        assert!((2..=3).contains(&v), "{v}");
    }

    #[test]
    fn a_known_piece_beside_an_unknown_one_that_may_take_it_is_exposed_by_the_belief() {
        // Red's Colonel reveals itself on a Blue Scout (d3xd4); Blue answers far away. An unknown
        // Blue piece on f4 is a General with probability 0.2, else a Sergeant; an unseen Red
        // Miner stands beside it on g4; another unknown Blue piece on e5 is first given no
        // kind that takes a Colonel.
        let sq = |t: &str| Square::parse(t).unwrap();
        let mut pos = placed(&[
            ("d3", Side::Red, PieceKind::Colonel),
            ("g4", Side::Red, PieceKind::Miner),
            ("j1", Side::Red, PieceKind::Sergeant),
            ("a1", Side::Red, PieceKind::Flag),
            ("d4", Side::Blue, PieceKind::Scout),
            ("f4", Side::Blue, PieceKind::General),
            ("e5", Side::Blue, PieceKind::Sergeant),
            ("a10", Side::Blue, PieceKind::Sergeant),
            ("j10", Side::Blue, PieceKind::Flag),
        ]);
        for m in ["d3xd4", "a10-a9"] {
            pos.play(Move::parse(m).unwrap()).unwrap();
        }
        let view = PlayerView::new(&pos, Side::Red);
        let x = view.piece_at(sq("f4")).unwrap();
        let mut u = Unknowns::new(Side::Red);
        let mut row = [0.0; 12];
        row[PieceKind::General.index()] = 0.2;
        row[PieceKind::Sergeant.index()] = 0.8;
        u.set(x, row);
        let value = |k: PieceKind| crate::ai::eval::material::piece_value(k) as f64;
        // Beside f4 after d4-e4: the General takes the Colonel (so would the Marshal).
        let ex = known_exposure(&view, &u, Move::parse("d4-e4").unwrap()).expect("the Colonel is exposed");
        assert_eq!(ex.squares, vec![sq("f4")]);
        assert!((ex.p - 0.2).abs() < 1e-6, "{}", ex.p);
        for k in PieceKind::ALL {
            let takes = matches!(k, PieceKind::Marshal | PieceKind::General);
            assert_eq!(ex.takers[k.index()], takes, "{k:?}");
        }
        let hidden = f64::from(crate::ai::eval::strategist::HIDDEN_SHARE) / 64.0;
        let strike = -value(PieceKind::Colonel) + value(PieceKind::General).min(value(PieceKind::Colonel)) * hidden;
        assert!((ex.strike - strike).abs() < 1e-9, "{} vs {strike}", ex.strike);
        // Elsewhere the Colonel has no unknown neighbour; the unseen Miner beside f4 is not
        // known to the enemy, so it is not exposed.
        assert_eq!(known_exposure(&view, &u, Move::parse("d4-d3").unwrap()), None);
        assert_eq!(known_exposure(&view, &u, Move::parse("j1-j2").unwrap()), None);
        // A piece that cannot take it is no threat: a Sergeant for sure, nothing exposed.
        row[PieceKind::General.index()] = 0.0;
        row[PieceKind::Sergeant.index()] = 1.0;
        u.set(x, row);
        assert_eq!(known_exposure(&view, &u, Move::parse("d4-e4").unwrap()), None);
        // Two neighbours that may take it (f4 a General at 0.2, e5 at 0.1): 1 - 0.8 * 0.9.
        row[PieceKind::General.index()] = 0.2;
        row[PieceKind::Sergeant.index()] = 0.8;
        u.set(x, row);
        row[PieceKind::General.index()] = 0.1;
        row[PieceKind::Sergeant.index()] = 0.9;
        u.set(view.piece_at(sq("e5")).unwrap(), row);
        let ex = known_exposure(&view, &u, Move::parse("d4-e4").unwrap()).expect("exposed twice");
        let mut squares = ex.squares.clone();
        squares.sort_by_key(|s| s.index());
        let mut want = vec![sq("f4"), sq("e5")];
        want.sort_by_key(|s| s.index());
        assert_eq!(squares, want);
        assert!((ex.p - 0.28).abs() < 1e-6, "{}", ex.p);
    }

    #[test]
    fn the_enemy_belief_rows_are_what_the_enemy_can_know() {
        // Random games a few dozen plies in (pieces moved, Scouts run, battles fought): every
        // unseen piece of ours but the Flag has a normalised row with nothing the public facts
        // rule out; the Flag and the pieces seen in battle have none.
        let mut rng = rng_from_seed(7);
        let mut rows_checked = 0;
        for _ in 0..20 {
            let Some(pos) = random_position(Variant::Classic, 10..120, &mut rng) else { continue };
            let view = PlayerView::new(&pos, pos.to_move());
            let us = view.side();
            let u = enemy_belief(&view, &mut BeliefCache::new());
            assert_eq!(u.us, us.opponent(), "the model's side is the enemy");
            let mut seen = [0u32; 12];
            for id in view.pieces_of(us) {
                if view.piece(id).revealed {
                    seen[view.kind(id).unwrap().index()] += 1;
                }
            }
            for id in view.pieces_of(us) {
                let p = view.piece(id);
                let kind = view.kind(id).unwrap();
                let row = u.probs[id.index()];
                if p.revealed || kind == PieceKind::Flag {
                    assert!(row.iter().all(|&q| q == 0.0), "{kind:?} (seen {}) has no row: {row:?}", p.revealed);
                    continue;
                }
                let total: f32 = row.iter().sum();
                assert!((total - 1.0).abs() < 1e-4, "an unseen {kind:?}'s row sums to 1: {total}");
                assert!(row[kind.index()] > 0.0, "the truth is possible for the enemy: {kind:?} {row:?}");
                for k in PieceKind::ALL {
                    let q = row[k.index()];
                    if p.moved && !k.is_movable() {
                        assert_eq!(q, 0.0, "a moved piece is no {k:?}");
                    }
                    if p.scout_known && k != PieceKind::Scout {
                        assert_eq!(q, 0.0, "a piece seen running is a Scout");
                    }
                }
                rows_checked += 1;
            }
        }
        assert!(rows_checked > 300, "enough rows checked: {rows_checked}");
    }

    #[test]
    fn the_miner_stratum_holds_the_unknown_pieces_near_a_shielded_flag_and_their_miner_odds() {
        // Random games far in (pieces spread over the board): whenever the stratum is drawn up,
        // its squares are exactly the enemy pieces of unknown kind within the radius of our
        // Flag that may be Miners, our Flag has a Bomb beside it, and `p` is the chance that
        // one of them (at least) is a Miner; and the weights count the Miner's samples by `p`.
        let mut rng = rng_from_seed(11);
        let mut found = 0;
        for _ in 0..400 {
            let Some(pos) = random_position(Variant::Classic, 60..400, &mut rng) else { continue };
            let view = PlayerView::new(&pos, pos.to_move());
            let us = view.side();
            let matrix = BeliefCache::new().replay(&view).matrix(us.opponent());
            let unknowns = enemy_unknowns(&view, &matrix);
            let flag = our_flag(&view).unwrap();
            let at = view.piece(flag).square;
            let shielded = at.neighbours().any(|sq| {
                view.piece_at(sq).is_some_and(|id| id.side() == us && view.kind(id) == Some(PieceKind::Bomb))
            });
            let near: Vec<(Square, f64)> = view
                .pieces_of(us.opponent())
                .filter(|&id| view.kind(id).is_none())
                .map(|id| (view.piece(id).square, f64::from(unknowns.probs[id.index()][PieceKind::Miner.index()])))
                .filter(|&(sq, m)| crate::ai::plans::manhattan(sq, at) <= 3 && m > 0.0)
                .collect();
            let p = 1.0 - near.iter().map(|&(_, m)| 1.0 - m).product::<f64>();
            match miner_stratum(&view, &unknowns, 3) {
                Some(st) => {
                    found += 1;
                    assert!(shielded, "a Bomb beside the Flag");
                    let mut squares = st.squares.clone();
                    squares.sort_by_key(|sq| sq.index());
                    let mut expected: Vec<Square> = near.iter().map(|n| n.0).collect();
                    expected.sort_by_key(|sq| sq.index());
                    assert_eq!(squares, expected);
                    assert!((st.p - p).abs() < 1e-9, "{} against {p}", st.p);
                    let w = st.weights(&[true, false, false, false]);
                    assert!((w[0] - 4.0 * p).abs() < 1e-9);
                }
                None => assert!(!shielded || near.is_empty() || p <= 0.005 || p >= 0.995, "missed: {near:?}"),
            }
            assert!(miner_stratum(&view, &unknowns, 0).is_none(), "no radius, no stratum");
        }
        assert!(found >= 10, "enough positions with a stratum: {found}");
    }
}
