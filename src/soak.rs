//! The soak: many games between every pair of registered bots in both variants, each ply
//! checked by the referee, counting what must never happen (a bot's panic, an illegal move, a
//! view that drifts from the referee's) and what should be rare (moves over the time budget,
//! games ended by the draw limits), with the worst per-move time of each bot. Native only.
//!
//! Games are played by the arena ([`crate::arena::run_match`]): the referee checks every move
//! (an illegal one forfeits), a panic inside a bot is caught and forfeits, and at the end of
//! each game both sides' views, kept from the public reports, are compared with the
//! referee's. The games are split evenly over the matches (each pair of bots in each variant),
//! whole colour-swapped pairs each; every match has its own seed from the soak's seed, so a
//! run with a node budget and no time budget is reproducible.

use crate::ai::Budget;
use crate::arena::{ArenaError, GameSummary, MatchSettings, MoveTimes, OutsideSettings, run_match};
use crate::rules::{DrawReason, Outcome, Rules, Variant};

/// What to soak.
#[derive(Debug, Clone)]
pub struct SoakSettings {
    /// The bots (every pair plays).
    pub bots: Vec<String>,
    /// The variants.
    pub variants: Vec<Variant>,
    /// Games in all (rounded up so that every match gets the same whole number of pairs).
    pub games: u32,
    /// Budget per move.
    pub budget: Budget,
    /// Seed of the whole soak.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// One bot's figures.
#[derive(Debug, Clone, Default)]
pub struct BotSoak {
    /// The bot.
    pub name: String,
    /// Games it played.
    pub games: u32,
    /// Its thinking times (moves, worst time, overshoots).
    pub times: MoveTimes,
    /// Games it lost by a panic.
    pub panics: u32,
    /// Games it lost by an illegal move.
    pub illegal: u32,
}

/// A soak's figures.
#[derive(Debug, Clone, Default)]
pub struct SoakReport {
    /// Games played.
    pub games: u32,
    /// Plies played.
    pub plies: u64,
    /// Per bot, in the order given.
    pub bots: Vec<BotSoak>,
    /// Games drawn at the total ply limit.
    pub draws_moves_limit: u32,
    /// Games drawn at the limit of plies without an attack.
    pub draws_no_attack: u32,
    /// Other draws (neither side can move).
    pub draws_other: u32,
    /// Internal errors (a view that drifted from the referee's).
    pub drifts: u32,
    /// Every panic, illegal move and drift: which bots, variant, match seed, game, what.
    pub incidents: Vec<String>,
}

impl SoakReport {
    /// Panics + illegal moves + drifts: what must be zero.
    pub fn failures(&self) -> u32 {
        self.bots.iter().map(|b| b.panics + b.illegal).sum::<u32>() + self.drifts
    }

    /// The table for docs/reliability.md.
    pub fn markdown(&self, budget: &Budget) -> String {
        let mut s = String::from(
            "| bot | games | moves | panics | illegal moves | over budget | worst overshoot (ms) | worst move (ms) | mean move (ms) |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
        );
        for b in &self.bots {
            let (over, worst_over) = if budget.time_ms.is_some() {
                (b.times.over_budget.to_string(), format!("{:.1}", b.times.max_over_ms))
            } else {
                ("-".to_string(), "-".to_string())
            };
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} | {over} | {worst_over} | {:.1} | {:.2} |\n",
                b.name,
                b.games,
                b.times.moves,
                b.panics,
                b.illegal,
                b.times.max_ms,
                b.times.mean_ms()
            ));
        }
        s.push_str(&format!(
            "\nGames {}, plies {}; draws at the ply limit {}, at the no-attack limit {}, other draws {}; \
             views drifted from the referee's {}.\n",
            self.games, self.plies, self.draws_moves_limit, self.draws_no_attack, self.draws_other, self.drifts
        ));
        s
    }
}

/// Runs a soak; `on_match` is called after each match with a line of progress.
pub fn run_soak(settings: &SoakSettings, mut on_match: impl FnMut(&str)) -> Result<SoakReport, ArenaError> {
    let n = settings.bots.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect();
    let matches = (pairs.len() * settings.variants.len()).max(1) as u32;
    let per_match = settings.games.div_ceil(matches).div_ceil(2) * 2;
    let mut report = SoakReport {
        bots: settings.bots.iter().map(|b| BotSoak { name: b.clone(), ..BotSoak::default() }).collect(),
        ..SoakReport::default()
    };
    for (vi, &variant) in settings.variants.iter().enumerate() {
        for (pi, &(i, j)) in pairs.iter().enumerate() {
            let seed = settings.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((vi * pairs.len() + pi) as u64 + 1);
            let ms = MatchSettings {
                rules: Rules::for_variant(variant),
                budget: settings.budget,
                seed,
                threads: settings.threads,
                save_dir: None,
                sprt: None,
                outside: OutsideSettings::default(),
            };
            let (a, b) = (&settings.bots[i], &settings.bots[j]);
            let mut games: Vec<GameSummary> = Vec::new();
            let r = run_match(a, b, per_match, &ms, |g, _| games.push(g.clone()))?;
            for g in &games {
                report.games += 1;
                report.plies += g.plies as u64;
                match g.outcome {
                    Outcome::Draw { reason: DrawReason::MovesLimit } => report.draws_moves_limit += 1,
                    Outcome::Draw { reason: DrawReason::NoAttackLimit } => report.draws_no_attack += 1,
                    Outcome::Draw { .. } => report.draws_other += 1,
                    Outcome::Win { .. } => {}
                }
                if let Some((side, what)) = &g.illegal {
                    // Which bot: A plays Red in even games.
                    let a_side = if g.red_is_a { crate::rules::Side::Red } else { crate::rules::Side::Blue };
                    let k = if *side == a_side { i } else { j };
                    if what.starts_with("internal:") {
                        report.drifts += 1;
                    } else if g.panicked {
                        report.bots[k].panics += 1;
                    } else {
                        report.bots[k].illegal += 1;
                    }
                    report.incidents.push(format!(
                        "{a} vs {b}, {}, match seed {seed}, game {}: {} ({side}): {what}",
                        variant.name(),
                        g.index,
                        settings.bots[k]
                    ));
                }
            }
            report.bots[i].games += games.len() as u32;
            report.bots[j].games += games.len() as u32;
            report.bots[i].times.merge(&r.times[0]);
            report.bots[j].times.merge(&r.times[1]);
            on_match(&format!(
                "{a} vs {b} ({}): {}-{}-{}, {} plies, worst move {a} {:.1} ms, {b} {:.1} ms",
                variant.name(),
                r.wdl.wins,
                r.wdl.draws,
                r.wdl.losses,
                r.plies,
                r.times[0].max_ms,
                r.times[1].max_ms
            ));
        }
    }
    Ok(report)
}
