//! Paired comparison of arena runs played on the same games (`stratagem compare`).
//!
//! `stratagem arena --seed S --save DIR` plays the same setups and game seeds for the same
//! seed, so two runs of a bot (two versions, or one switch on and off) on one seed are paired
//! game by game: each game's result for the bot in one run against its result in the other.
//! Reading the saved records ([`read_run`]), this module counts the games each run did better
//! and worse in, the sign test's two-sided p of those counts, the mean difference of score with
//! its 95 % interval (paired), and, with three runs or more, each run against the mean of the
//! others on every game and how much of the variance of a single result is the game's (the
//! intra-class correlation).
//!
//! Why (session 34, docs/bots/strategist.md): the strategist's switches are measured as
//! 200-game matches paired with one baseline run. Over ten runs of nearly the same bot on one
//! seed, the game's share of the variance of a single result was 14 %, so one
//! baseline run can be several points lucky or unlucky, and every switch measured against it
//! inherits that luck. Comparing with the mean of several runs shows it.
//!
//! Each run's games are also read for how they ended ([`end_text`]) and where the bot's material
//! went ([`Attrition`]: what enemy pieces it knew took, what pieces it did not know took, what
//! its own attacks lost), by replaying the record through the engine. Why (session 37): the
//! ladder's "how the strategist lost or drew" column was counted by throwaway scripts, and the
//! reading that the games lost to `invincible` are lost to its known pieces taking ours needs
//! the pieces' public state before each attack, which only a replay has.
//!
//! Invariants: every game of a run is keyed by its record's `Game` tag; a game compared between
//! runs has the same setups and the bot on the same side in each (else the runs are not the
//! same match and reading fails, saying which game and which runs); reading never panics on a
//! bad file (the error names the file, with the record's line).

use crate::ai::eval::material::piece_value;
use crate::rules::notation::{GameRecord, RecordStart};
use crate::rules::{Battle, DrawReason, Outcome, PieceKind, Side, WinReason};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One game of a run, as the compared bot saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct RunGame {
    /// Red's and Blue's setups (the StraDoS2 strings of the record).
    pub setups: (String, String),
    /// The side the bot played.
    pub side: Side,
    /// The bot's score: 1 a win, 0.5 a draw, 0 a loss.
    pub score: f64,
    /// How the game ended ([`end_text`]).
    pub end: &'static str,
    /// Where the material went, from the bot's side.
    pub attrition: Attrition,
}

/// How `outcome` ended, in the words of the ladder's tables ("Flag", "no movable piece", ...).
pub fn end_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::FlagCaptured => "Flag",
            WinReason::NoMovablePieces => "no movable piece",
            WinReason::NoLegalMove => "no legal move",
            WinReason::Resignation => "resignation",
            WinReason::Forfeit => "forfeit",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::NoAttackLimit => "no-attack limit",
            DrawReason::MovesLimit => "move limit",
            DrawReason::NeitherCanMove => "neither can move",
            DrawReason::Agreed => "agreed",
        },
    }
}

/// Where one game's material went, from the bot's side, in the piece values of
/// `ai::eval::material` (the Flag at 0). "Known" is public: the piece had been in a battle or
/// had moved as only a Scout can before the attack, so both players knew its kind. A battle
/// where both pieces fall counts on both sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attrition {
    /// Ours taken by enemy attackers whose kind was known.
    pub to_known: i32,
    /// Ours taken by enemy attackers whose kind was not known.
    pub to_unknown: i32,
    /// Ours lost attacking a Bomb.
    pub on_bombs: i32,
    /// Ours lost attacking anything else (the defender won or both fell).
    pub attacking: i32,
    /// The enemy's pieces taken, by our attacks or by its attacks failing.
    pub taken: i32,
}

impl std::ops::AddAssign for Attrition {
    fn add_assign(&mut self, a: Attrition) {
        self.to_known += a.to_known;
        self.to_unknown += a.to_unknown;
        self.on_bombs += a.on_bombs;
        self.attacking += a.attacking;
        self.taken += a.taken;
    }
}

impl Attrition {
    /// The account of the game `record` from `side`'s seat, by replaying it; `None` if the
    /// record's start or a move does not replay (reading the record checks that first).
    pub fn of(record: &GameRecord, side: Side) -> Option<Attrition> {
        let mut pos = record.start_position().ok()?;
        let mut a = Attrition::default();
        for &mv in &record.moves {
            let mover = pos.piece_at(mv.from)?;
            let known = pos.piece(mover).revealed || pos.piece(mover).scout_known;
            let report = pos.play(mv).ok()?;
            let Some(b) = report.battle else { continue };
            let (att, def) = (piece_value(b.attacker_kind), piece_value(b.defender_kind));
            let attacker_falls = matches!(b.result, Battle::DefenderWins | Battle::BothRemoved);
            let defender_falls = matches!(b.result, Battle::AttackerWins | Battle::BothRemoved);
            if report.side == side {
                if attacker_falls {
                    if b.defender_kind == PieceKind::Bomb { a.on_bombs += att } else { a.attacking += att }
                }
                if defender_falls {
                    a.taken += def;
                }
            } else {
                if defender_falls {
                    if known { a.to_known += def } else { a.to_unknown += def }
                }
                if attacker_falls {
                    a.taken += att;
                }
            }
        }
        Some(a)
    }
}

/// The games of one run, by game number.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// What the run is called in the report (its directory).
    pub label: String,
    /// Its games, by their `Game` tag.
    pub games: BTreeMap<u32, RunGame>,
}

/// Why runs could not be compared.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompareError {
    /// A directory or file that cannot be read.
    #[error("{path}: {message}")]
    Io {
        /// The path.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A record that cannot be read, or that lacks what the comparison needs.
    #[error("{path}: {message}")]
    Record {
        /// The file.
        path: String,
        /// What is wrong (with the record's line where the record names one).
        message: String,
    },
    /// Two runs that are not the same match.
    #[error("game {game}: {message}")]
    Mismatch {
        /// The game number.
        game: u32,
        /// What differs, between which runs.
        message: String,
    },
    /// Nothing to compare.
    #[error("{0}")]
    Empty(String),
}

/// Reads the records of one run (every file of `dir`, as `stratagem arena --save` writes them)
/// with `bot`'s score in each. Every file must be a record that names `bot` as one player, with
/// a `Game` tag (a number) and a result; a game number twice in the run is an error.
pub fn read_run(dir: &Path, bot: &str) -> Result<Run, CompareError> {
    let io =
        |path: &Path, e: std::io::Error| CompareError::Io { path: path.display().to_string(), message: e.to_string() };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let mut games = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| io(file, e))?;
        let (number, game) = run_game(&text, bot)
            .map_err(|message| CompareError::Record { path: file.display().to_string(), message })?;
        if games.insert(number, game).is_some() {
            return Err(CompareError::Record {
                path: file.display().to_string(),
                message: format!("game {number} is already in this run (another file has the same Game tag)"),
            });
        }
    }
    if games.is_empty() {
        return Err(CompareError::Empty(format!("{}: no game records in the directory", dir.display())));
    }
    Ok(Run { label: dir.display().to_string(), games })
}

/// Whether the player named `name` in a record is `bot`: the same name, or `bot@N`, the same
/// bot searching on `N` threads (`strategist@2`), so that a run on several threads pairs with
/// the one-thread runs of the same games.
fn plays(name: &str, bot: &str) -> bool {
    name == bot || crate::ai::bots::threaded::split_threads(name).is_some_and(|(b, _)| b == bot)
}

/// One record's game number and `bot`'s game, or what is wrong with the record. A player
/// named `bot@N` (the same bot on `N` threads) counts as `bot`.
pub fn run_game(text: &str, bot: &str) -> Result<(u32, RunGame), String> {
    let record = GameRecord::read(text).map_err(|e| e.to_string())?;
    let tag = record.extra_tags.iter().find(|(k, _)| k == "Game").map(|(_, v)| v.as_str());
    let number = match tag {
        Some(v) => v.trim().parse::<u32>().map_err(|_| format!("the Game tag {v:?} is not a game number"))?,
        None => return Err("no Game tag: not a record saved by `stratagem arena --save`".into()),
    };
    let side = match (record.red_player.as_deref(), record.blue_player.as_deref()) {
        (Some(r), Some(b)) if plays(r, bot) && plays(b, bot) => return Err(format!("{bot} plays both sides")),
        (Some(r), _) if plays(r, bot) => Side::Red,
        (_, Some(b)) if plays(b, bot) => Side::Blue,
        (r, b) => return Err(format!("{bot} is not a player (Red {r:?}, Blue {b:?})")),
    };
    let Some(outcome) = record.result else { return Err("the game has no result (Result \"*\")".into()) };
    let attrition = Attrition::of(&record, side).ok_or("the record's moves do not replay from its start")?;
    let score = match outcome.winner() {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let setups = match &record.start {
        RecordStart::Setups { red, blue } => (red.to_string(), blue.to_string()),
        RecordStart::Field { field, .. } => (field.clone(), String::new()),
    };
    Ok((number, RunGame { setups, side, score, end: end_text(outcome), attrition }))
}

/// The two-sided p of the sign test: the probability, with better and worse games equally
/// likely, of a split at least as uneven as `better` to `worse` (exact binomial; 1 with no
/// game that differs).
pub fn sign_test(better: u32, worse: u32) -> f64 {
    let n = better + worse;
    if n == 0 {
        return 1.0;
    }
    let k = better.min(worse);
    // P(X <= k) for X ~ Binomial(n, 1/2), in logs: ln C(n, i) built up term by term.
    let mut ln_c = 0.0f64;
    let mut tail = 0.0f64;
    for i in 0..=k {
        if i > 0 {
            ln_c += f64::from(n - i + 1).ln() - f64::from(i).ln();
        }
        tail += (ln_c - f64::from(n) * std::f64::consts::LN_2).exp();
    }
    (2.0 * tail).min(1.0)
}

/// Run `a` against run `b` on the games both played.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    /// Games both played.
    pub games: usize,
    /// `a`'s total score and `b`'s on them.
    pub scores: (f64, f64),
    /// Games `a` did better in, and worse.
    pub better: u32,
    /// Games `a` did worse in.
    pub worse: u32,
    /// The sign test's two-sided p ([`sign_test`]).
    pub p: f64,
    /// `a`'s mean score minus `b`'s, per game.
    pub diff: f64,
    /// Half-width of the 95 % interval of `diff` (normal, from the per-game differences).
    pub half_width: f64,
}

/// The games both runs played, checked to be the same games: the same setups and the bot on
/// the same side. Sorted by game number.
pub fn common_games(runs: &[&Run]) -> Result<Vec<u32>, CompareError> {
    let Some(first) = runs.first() else { return Err(CompareError::Empty("no run to compare".into())) };
    let mut common = Vec::new();
    'games: for (&g, game) in &first.games {
        for run in &runs[1..] {
            let Some(other) = run.games.get(&g) else { continue 'games };
            if other.setups != game.setups {
                return Err(CompareError::Mismatch {
                    game: g,
                    message: format!(
                        "{} and {} played other setups: not the same match (another seed, variant or opponent?)",
                        first.label, run.label
                    ),
                });
            }
            if other.side != game.side {
                return Err(CompareError::Mismatch {
                    game: g,
                    message: format!(
                        "the bot played {:?} in {} and {:?} in {}",
                        game.side, first.label, other.side, run.label
                    ),
                });
            }
        }
        common.push(g);
    }
    if common.is_empty() {
        let labels: Vec<&str> = runs.iter().map(|r| r.label.as_str()).collect();
        return Err(CompareError::Empty(format!("no game number common to {}", labels.join(", "))));
    }
    Ok(common)
}

/// Run `a` against run `b` on the games both played ([`common_games`]).
pub fn paired(a: &Run, b: &Run) -> Result<Paired, CompareError> {
    let games = common_games(&[a, b])?;
    let diffs: Vec<f64> = games.iter().map(|g| a.games[g].score - b.games[g].score).collect();
    let better = diffs.iter().filter(|&&d| d > 0.0).count() as u32;
    let worse = diffs.iter().filter(|&&d| d < 0.0).count() as u32;
    let (mean, half_width) = mean_interval(&diffs);
    Ok(Paired {
        games: games.len(),
        scores: (games.iter().map(|g| a.games[g].score).sum(), games.iter().map(|g| b.games[g].score).sum()),
        better,
        worse,
        p: sign_test(better, worse),
        diff: mean,
        half_width,
    })
}

/// The mean of `xs` and the half-width of its 95 % interval (normal approximation, the sample
/// variance; 0 for fewer than two values).
fn mean_interval(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Several runs on the games all of them played.
#[derive(Clone, Debug, PartialEq)]
pub struct Consensus {
    /// Games all played.
    pub games: usize,
    /// Per run: its mean score, and the mean over its games of the other runs' mean score.
    pub runs: Vec<(f64, f64)>,
    /// The share of the variance of a single result that is the game's (the intra-class
    /// correlation, clamped to 0..1): 1 when every run scored alike in every game, about 0 when
    /// the games do not matter.
    pub game_share: f64,
}

/// Each run against the mean of the others on every game all played; at least two runs.
pub fn consensus(runs: &[&Run]) -> Result<Consensus, CompareError> {
    if runs.len() < 2 {
        return Err(CompareError::Empty("a consensus needs two runs or more".into()));
    }
    let games = common_games(runs)?;
    let n = runs.len() as f64;
    let per_game: Vec<f64> = games.iter().map(|g| runs.iter().map(|r| r.games[g].score).sum::<f64>()).collect();
    let per_run = runs
        .iter()
        .map(|r| {
            let own: f64 = games.iter().map(|g| r.games[g].score).sum();
            let others: f64 =
                games.iter().zip(&per_game).map(|(g, total)| (total - r.games[g].score) / (n - 1.0)).sum();
            (own / games.len() as f64, others / games.len() as f64)
        })
        .collect();
    // The intra-class correlation of single results within a game (one-way analysis of
    // variance: between-game and within-game mean squares). Not the between-game share of the
    // sum of squares, which is about 1/k even when the game does not matter.
    let g = games.len() as f64;
    let grand = per_game.iter().sum::<f64>() / (g * n);
    let between = if games.len() > 1 {
        n * per_game.iter().map(|sum| (sum / n - grand).powi(2)).sum::<f64>() / (g - 1.0)
    } else {
        0.0
    };
    let within = games
        .iter()
        .zip(&per_game)
        .map(|(game, sum)| runs.iter().map(|r| (r.games[game].score - sum / n).powi(2)).sum::<f64>())
        .sum::<f64>()
        / (g * (n - 1.0));
    let denominator = between + (n - 1.0) * within;
    let game_share = if denominator > 0.0 { ((between - within) / denominator).clamp(0.0, 1.0) } else { 1.0 };
    Ok(Consensus { games: games.len(), runs: per_run, game_share })
}

/// A run's games by the bot's result: won, drawn, lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Result3 {
    /// The bot won.
    Won,
    /// Drawn.
    Drawn,
    /// The bot lost.
    Lost,
}

impl Result3 {
    /// The result of a score (1, 0.5, 0).
    pub fn of(score: f64) -> Result3 {
        if score > 0.75 {
            Result3::Won
        } else if score > 0.25 {
            Result3::Drawn
        } else {
            Result3::Lost
        }
    }

    /// Its name in a table.
    pub fn text(self) -> &'static str {
        match self {
            Result3::Won => "won",
            Result3::Drawn => "drawn",
            Result3::Lost => "lost",
        }
    }
}

/// How many of `run`'s games ended each way, by the bot's result.
pub fn ends(run: &Run) -> BTreeMap<(Result3, &'static str), usize> {
    let mut out = BTreeMap::new();
    for g in run.games.values() {
        *out.entry((Result3::of(g.score), g.end)).or_insert(0) += 1;
    }
    out
}

/// `run`'s games by the bot's result: how many, and their [`Attrition`] summed.
pub fn attrition(run: &Run) -> BTreeMap<Result3, (usize, Attrition)> {
    let mut out: BTreeMap<Result3, (usize, Attrition)> = BTreeMap::new();
    for g in run.games.values() {
        let (n, sum) = out.entry(Result3::of(g.score)).or_default();
        *n += 1;
        *sum += g.attrition;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(label: &str, scores: &[f64]) -> Run {
        let games = scores
            .iter()
            .enumerate()
            .map(|(i, &score)| {
                let side = if i % 2 == 0 { Side::Red } else { Side::Blue };
                let end = if score == 0.5 { "no-attack limit" } else { "Flag" };
                let game = RunGame {
                    setups: (format!("R{i}"), format!("B{i}")),
                    side,
                    score,
                    end,
                    attrition: Attrition::default(),
                };
                (i as u32, game)
            })
            .collect();
        Run { label: label.into(), games }
    }

    #[test]
    fn the_sign_test_matches_the_binomial_tails() {
        assert_eq!(sign_test(0, 0), 1.0);
        // 5-0: 2 / 32.
        assert!((sign_test(5, 0) - 0.0625).abs() < 1e-12);
        assert!((sign_test(0, 5) - 0.0625).abs() < 1e-12);
        // 7-3: 2 × (1 + 10 + 45 + 120) / 1024.
        assert!((sign_test(7, 3) - 352.0 / 1024.0).abs() < 1e-12);
        // An even split is no evidence at all.
        assert_eq!(sign_test(20, 20), 1.0);
        // 34-57 (session 33's tactical defence ×2): about 0.02.
        let p = sign_test(34, 57);
        assert!(p > 0.015 && p < 0.025, "{p}");
        // Large counts stay finite and small.
        let p = sign_test(300, 700);
        assert!(p > 0.0 && p < 1e-30, "{p}");
    }

    #[test]
    fn paired_runs_count_better_and_worse_games_and_the_mean_difference() {
        let a = run("a", &[1.0, 1.0, 0.5, 0.0, 1.0, 0.0]);
        let b = run("b", &[1.0, 0.0, 1.0, 0.0, 0.5, 1.0]);
        let p = paired(&a, &b).unwrap();
        assert_eq!(p.games, 6);
        assert_eq!((p.better, p.worse), (2, 2));
        assert_eq!(p.scores, (3.5, 3.5));
        assert!(p.diff.abs() < 1e-12);
        assert!(p.half_width > 0.0);
        // Only the games both played count.
        let short = run("short", &[0.0, 0.0]);
        let p = paired(&a, &short).unwrap();
        assert_eq!((p.games, p.better, p.worse), (2, 2, 0));
        assert!((p.diff - 1.0).abs() < 1e-12);
    }

    #[test]
    fn runs_of_other_setups_or_sides_are_not_compared() {
        let a = run("a", &[1.0, 0.0]);
        let mut b = run("b", &[1.0, 0.0]);
        b.games.get_mut(&1).unwrap().setups.0 = "other".into();
        let e = paired(&a, &b).unwrap_err();
        assert!(matches!(e, CompareError::Mismatch { game: 1, .. }), "{e}");
        assert!(e.to_string().contains("not the same match"), "{e}");
        let mut c = run("c", &[1.0, 0.0]);
        c.games.get_mut(&0).unwrap().side = Side::Blue;
        let e = paired(&a, &c).unwrap_err();
        assert!(matches!(e, CompareError::Mismatch { game: 0, .. }), "{e}");
        let mut d = run("d", &[1.0]);
        d.games = BTreeMap::from([(7, d.games[&0].clone())]);
        assert!(matches!(paired(&a, &d).unwrap_err(), CompareError::Empty(_)));
    }

    #[test]
    fn the_consensus_tells_a_lucky_run_and_how_much_the_game_decides() {
        // Results set by the game alone: every run alike, the game explains everything.
        let same = [run("a", &[1.0, 0.0, 1.0, 0.5]), run("b", &[1.0, 0.0, 1.0, 0.5]), run("c", &[1.0, 0.0, 1.0, 0.5])];
        let c = consensus(&same.iter().collect::<Vec<_>>()).unwrap();
        assert!((c.game_share - 1.0).abs() < 1e-12);
        assert_eq!(c.runs[0], (0.625, 0.625));
        // One run won everything where the others split: it is ahead of the others' mean.
        let lucky = [run("a", &[1.0, 1.0, 1.0, 1.0]), run("b", &[1.0, 0.0, 1.0, 0.0]), run("c", &[0.0, 1.0, 0.0, 1.0])];
        let c = consensus(&lucky.iter().collect::<Vec<_>>()).unwrap();
        assert_eq!(c.runs[0], (1.0, 0.5));
        assert_eq!(c.runs[1], (0.5, 0.75));
        // Per game two wins and a loss: the game explains nothing of the spread.
        assert!(c.game_share.abs() < 1e-12, "{}", c.game_share);
        assert!(consensus(&[&lucky[0]]).is_err());
    }

    #[test]
    fn a_record_gives_its_game_number_side_and_score_or_says_what_is_missing() {
        let text = "[Red \"strategist\"]\n[Blue \"invincible\"]\n[Variant \"classic\"]\n\
                    [RedSetup \"EGFGBDBMBFDEEBJDFBICGJDHLDEIHEFGIBHDDKHD\"]\n\
                    [BlueSetup \"MBFBFGDIEFBEIHBEDJDBIEHDHJCEDFGDDGDHKLGB\"]\n\
                    [Game \"12\"]\n[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. e4-e5 b7-b6\n0-1\n";
        let (n, g) = run_game(text, "strategist").unwrap();
        assert_eq!((n, g.side, g.score), (12, Side::Red, 0.0));
        let (_, g) = run_game(text, "invincible").unwrap();
        assert_eq!((g.side, g.score), (Side::Blue, 1.0));
        assert!(run_game(text, "negamax").unwrap_err().contains("not a player"));
        // The same bot on two threads pairs with its one-thread runs; a longer name does not.
        let (_, g) = run_game(&text.replace("\"strategist\"", "\"strategist@2\""), "strategist").unwrap();
        assert_eq!(g.side, Side::Red);
        for other in ["strategist2", "strategist@", "strategist@two"] {
            let e = run_game(&text.replace("\"strategist\"", &format!("\"{other}\"")), "strategist").unwrap_err();
            assert!(e.contains("not a player"), "{other}: {e}");
        }
        let e = run_game(&text.replace("[Game \"12\"]\n", ""), "strategist").unwrap_err();
        assert!(e.contains("no Game tag"), "{e}");
        let e = run_game(&text.replace("\"12\"", "\"twelve\""), "strategist").unwrap_err();
        assert!(e.contains("not a game number"), "{e}");
        let e = run_game(&text.replace("e4-e5", "e4-e7"), "strategist").unwrap_err();
        assert!(e.contains("line 10"), "{e}");
    }

    /// The account of a hand-made game from a field: every kind of loss once, a Scout known
    /// by its long move, and both sides' accounts of the same battles.
    #[test]
    fn attrition_counts_each_loss_by_who_struck_and_what_was_known() {
        // Red: Flag a1, Spy b1, Scout j1, Colonel f3, Lieutenant f4, Major e4, Sergeant f5,
        // Scout a7. Blue: Captain e5, Colonel e7, Bomb a8, Scout b10, Flag j10.
        let text = "[Field \"MCAAAAAAADAAAAAAAAAAAAAAAJAAAAAAAAIGAAAAAA__TF__AAAA__AA__AADAAAVAAAAANAAAAAAAAAAAAAAAAAAAAPAAAAAAAY\"]\n[Result \"*\"]\n\n\
                    1. e4xe5 e7-e6 2. a7xa8 e6xe5 3. j1-j2 e5xf5 4. f4xf5 f5-f4 5. f3xf4 b10-b2 \
                    6. j2-j3 b2xb1\n*\n";
        let record = GameRecord::read(text).unwrap();
        // Red: the Sergeant (25) taken by the Colonel known since it took the Major, the Spy
        // (60) by the Scout known by its long move; the Major (90) by the Colonel unknown; the
        // Scout (25) on the Bomb; the Lieutenant (40) and the Colonel (150, a trade) attacking;
        // the Captain (60) and the Colonel (150) taken.
        let red = Attrition { to_known: 85, to_unknown: 90, on_bombs: 25, attacking: 190, taken: 210 };
        assert_eq!(Attrition::of(&record, Side::Red), Some(red));
        // Blue: the Captain and the Colonel taken by Red pieces it did not know; everything Red
        // lost is Blue's taken (25 + 40 + 150 + 90 + 25 + 60).
        let blue = Attrition { to_known: 0, to_unknown: 210, on_bombs: 0, attacking: 0, taken: 390 };
        assert_eq!(Attrition::of(&record, Side::Blue), Some(blue));
    }
}
