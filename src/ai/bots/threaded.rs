//! A bot whose move is split into parts ([`BotParts`], today the strategist) searched by
//! several threads at once natively (issue 11: "natively, on all threads"). Root parallelism:
//! the bot's work is shared out among the threads (the strategist's sampled armies:
//! [`crate::ai::bots::strategist::StrategistConfig::share`]), each thread searches its share
//! with the whole budget and the same deadline, and the parts are added up by the bot's own
//! rule ([`engine::combine_parts`]); no memory is shared during the search. (The page's workers
//! share only what the time buys beyond the bot's base work, [`Split::Workers`]:
//! [`engine::think_part`].)
//!
//! Thread `w` is seeded as the page's worker `w` ([`engine::part_rng`]: [`engine::part_seed`]), so
//! one thread plays exactly the bot's own move (same seed, same node budget), and a node budget
//! keeps the move reproducible whatever the number of threads and the machine's load.
//!
//! The threads meet between the rounds of a part's work through a [`Table`] of seats
//! ([`Gather`]): the strategist's second look starts from the parts added up (session 56).
//!
//! Native only (the page's workers are the browser's threads).

use crate::ai::bots::registry::{BotParts, Gather};
use crate::ai::engine::{self, Part};
use crate::ai::{Bot, BotRng, Budget, Clock, FrozenClock, SearchContext, Split, SystemClock};
use crate::rules::{Move, PlayerView, Setup, Variant};
use std::cell::Cell;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Where the parts of one move meet ([`Gather`]): each round's payloads, and the parts that
/// ended (their [`Seat`] dropped, also when their thread panicked), so that nobody waits for
/// them.
pub struct Table {
    parts: usize,
    state: Mutex<TableState>,
    moved: Condvar,
}

struct TableState {
    /// Round by round, each part's payload once handed in.
    rounds: Vec<Vec<Option<Vec<i64>>>>,
    /// The parts whose seat is gone.
    gone: Vec<bool>,
}

impl Table {
    /// A table for `parts` parts.
    pub fn new(parts: usize) -> Table {
        Table {
            parts,
            state: Mutex::new(TableState { rounds: Vec::new(), gone: vec![false; parts] }),
            moved: Condvar::new(),
        }
    }

    /// Part `index`'s seat (below `parts`; one seat a part).
    pub fn seat(&self, index: usize) -> Seat<'_> {
        assert!(index < self.parts, "seat {index} at a table of {}", self.parts);
        Seat { table: self, index, round: Cell::new(0) }
    }

    /// The state, also after a part panicked while holding it (the payloads stay valid: a
    /// round's entry is written whole or not at all).
    fn lock(&self) -> MutexGuard<'_, TableState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One part's place at a [`Table`]; dropping it tells the others not to wait for this part.
pub struct Seat<'t> {
    table: &'t Table,
    index: usize,
    /// The round this part hands in next.
    round: Cell<usize>,
}

impl Gather for Seat<'_> {
    fn index(&self) -> usize {
        self.index
    }

    fn gather(&self, mine: Vec<i64>) -> Option<Vec<Vec<i64>>> {
        let (table, n) = (self.table, self.table.parts);
        let round = self.round.get();
        self.round.set(round + 1);
        let mut st = table.lock();
        while st.rounds.len() <= round {
            st.rounds.push(vec![None; n]);
        }
        st.rounds[round][self.index] = Some(mine);
        table.moved.notify_all();
        // Done when every part handed in or is gone; after that the round's entries no longer
        // change (a gone part never hands in), so every part reads the same answer.
        while !(0..n).all(|j| st.rounds[round][j].is_some() || st.gone[j]) {
            st = table.moved.wait(st).unwrap_or_else(PoisonError::into_inner);
        }
        st.rounds[round].iter().cloned().collect()
    }
}

impl Drop for Seat<'_> {
    fn drop(&mut self) {
        let mut st = self.table.lock();
        st.gone[self.index] = true;
        self.table.moved.notify_all();
    }
}

/// The bot of `parts` on `threads` threads (see the module doc).
pub struct ThreadedBot {
    parts: &'static BotParts,
    threads: u32,
    /// The bot itself, for its setups.
    inner: Box<dyn Bot>,
}

impl ThreadedBot {
    /// The bot named by `parts` searching on `threads` threads (at least one). `None` if the
    /// registry cannot make the bot.
    pub fn new(parts: &'static BotParts, threads: u32) -> Option<ThreadedBot> {
        let inner = crate::ai::make_bot(parts.bot)?;
        Some(ThreadedBot { parts, threads: threads.max(1), inner })
    }
}

impl Bot for ThreadedBot {
    fn name(&self) -> &'static str {
        self.parts.bot
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        // The threads cannot share the caller's clock (it need not be thread-safe): under a
        // time budget each gets a wall clock started now with the time left; under a node
        // budget alone, the frozen clock (time does not enter the search).
        let budget = match ctx.budget.time_ms {
            Some(ms) => Budget { time_ms: Some((ms - ctx.elapsed_ms()).max(0.0)), ..ctx.budget },
            None => ctx.budget,
        };
        let wall = SystemClock::new();
        let clock: &(dyn Clock + Sync) = if budget.time_ms.is_some() { &wall } else { &FrozenClock };
        let (parts, threads) = (self.parts, self.threads);
        let rngs: Vec<BotRng> = (0..self.threads).map(|w| engine::part_rng(&ctx.rng, w)).collect();
        let table = Table::new(rngs.len());
        // Every seat is taken before any thread starts, each then moved into its thread and
        // dropped when its part ends or panics: nobody waits for a part. A thread the system
        // refuses to start (spawn panics) drops the seats not yet handed out as it unwinds, so
        // the threads already running do not wait for it either.
        let seats: Vec<Seat<'_>> = (0..rngs.len()).map(|w| table.seat(w)).collect();
        let list: Vec<Part> = std::thread::scope(|s| {
            let handles: Vec<_> = rngs
                .into_iter()
                .zip(seats)
                .map(|(rng, seat)| {
                    s.spawn(move || {
                        // A thread that starts late (a busy machine) has that much less time:
                        // every thread ends by the same deadline, counted from the move's start.
                        let late = clock.now_ms();
                        let budget = Budget { time_ms: budget.time_ms.map(|ms| (ms - late).max(0.0)), ..budget };
                        engine::run_part(
                            parts,
                            view,
                            budget,
                            clock,
                            rng,
                            Split::Threads(threads),
                            Some(&seat),
                            &mut |_: &crate::ai::Progress| {},
                        )
                    })
                })
                .collect();
            // A thread that panicked passes its panic on, as the bot itself would have.
            handles.into_iter().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
        });
        ctx.add_nodes(list.iter().map(|p| p.nodes).sum());
        match engine::combine_parts(parts, view, &list) {
            Ok(t) => {
                ctx.report(t.depth, Some(t.mv), t.score);
                ctx.set_candidates(t.candidates);
                t.mv
            }
            // Parts made by the bot's own code for this view always combine; if they did not,
            // the engine's check of the answer reports the bot's error.
            Err(e) => panic!("{}: parts did not combine: {e}", parts.bot),
        }
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        self.inner.setup(variant, rng)
    }
}

/// The bot a name stands for: a registry name, or `name@N` for that bot searching on `N`
/// threads (`N` at least 1; only a bot whose move splits into parts, see
/// [`crate::ai::bots::registry::PARTS`]). `None` for an unknown name, a bot without parts, or
/// a thread count that is not a positive number.
pub fn make_bot_threaded(name: &str) -> Option<Box<dyn Bot>> {
    if !name.contains('@') {
        return crate::ai::make_bot(name);
    }
    let (bot, threads) = split_threads(name)?;
    let parts = crate::ai::bots::registry::bot_parts(bot)?;
    Some(Box::new(ThreadedBot::new(parts, threads)?))
}

/// `name@N` read as the bot's name and its thread count `N` (at least 1); `None` for a name
/// without `@` or whose count is not a positive number. The one reading of that form, for
/// [`make_bot_threaded`] and for `stratagem compare`, which pairs `bot@N` with `bot`.
pub fn split_threads(name: &str) -> Option<(&str, u32)> {
    let (bot, n) = name.split_once('@')?;
    let threads: u32 = n.parse().ok().filter(|&t| t >= 1)?;
    Some((bot, threads))
}
