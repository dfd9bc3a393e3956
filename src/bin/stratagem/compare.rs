//! `stratagem compare RUN_A RUN_B [RUN...]`: runs of `stratagem arena --save DIR` on the same
//! games (the same seed, opponent and variant), compared game by game for one bot
//! (`stratagem::compare`): every run's results, every later run against the first (games
//! better and worse, the sign test, the score difference with its 95 % interval), and with
//! three runs or more each run against the mean of the others; then how each run's games
//! ended and where the bot's material went, by its result (`stratagem::compare::Attrition`).
//!
//! Exit codes: 0 compared; 2 a directory or record cannot be read, or the runs are not the
//! same games (the message names the file or the game).

use std::path::PathBuf;
use std::process::ExitCode;
use stratagem::compare::{Result3, Run, attrition, consensus, ends, paired, read_run};

/// Arguments of `stratagem compare`.
#[derive(clap::Args)]
pub struct Args {
    /// Directories of saved games (`arena --save DIR`), one per run; the first is the baseline.
    #[arg(required = true, num_args = 2..)]
    runs: Vec<PathBuf>,
    /// The bot whose results are compared (a player name in the records).
    #[arg(long, default_value = "strategist")]
    bot: String,
}

pub fn run(args: Args) -> ExitCode {
    match report(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

fn report(args: &Args) -> Result<String, stratagem::compare::CompareError> {
    use std::fmt::Write as _;
    let runs: Vec<Run> = args.runs.iter().map(|d| read_run(d, &args.bot)).collect::<Result<_, _>>()?;
    let refs: Vec<&Run> = runs.iter().collect();
    let mut out = String::new();
    let _ = writeln!(out, "{}'s results, by run:\n", args.bot);
    let _ = writeln!(out, "| run | games | W-D-L | score |");
    let _ = writeln!(out, "|---|---:|---|---:|");
    for r in &runs {
        let count = |s: f64| r.games.values().filter(|g| g.score == s).count();
        let total: f64 = r.games.values().map(|g| g.score).sum();
        let _ = writeln!(
            out,
            "| {} | {} | {}-{}-{} | {:.1} % |",
            r.label,
            r.games.len(),
            count(1.0),
            count(0.5),
            count(0.0),
            100.0 * total / r.games.len() as f64
        );
    }
    let base = &runs[0];
    let _ = writeln!(out, "\nAgainst {} on the games both played:\n", base.label);
    let _ = writeln!(out, "| run | games | score, base's | better-worse | sign test p | difference (95 %) |");
    let _ = writeln!(out, "|---|---:|---|---|---:|---|");
    for r in &runs[1..] {
        let p = paired(r, base)?;
        let pct = |s: f64| 100.0 * s / p.games as f64;
        let _ = writeln!(
            out,
            "| {} | {} | {:.1} %, {:.1} % | {}-{} | {:.3} | {:+.1} ± {:.1} points |",
            r.label,
            p.games,
            pct(p.scores.0),
            pct(p.scores.1),
            p.better,
            p.worse,
            p.p,
            100.0 * p.diff,
            100.0 * p.half_width
        );
    }
    if runs.len() >= 3 {
        let c = consensus(&refs)?;
        let _ = writeln!(out, "\nOn the {} games all runs played, each run against the mean of the others:\n", c.games);
        let _ = writeln!(out, "| run | score | the others' mean |");
        let _ = writeln!(out, "|---|---:|---:|");
        for (r, (own, others)) in runs.iter().zip(&c.runs) {
            let _ = writeln!(out, "| {} | {:.1} % | {:.1} % |", r.label, 100.0 * own, 100.0 * others);
        }
        let _ = writeln!(
            out,
            "\nThe game's share of the variance of a single result (intra-class correlation) over these {1} runs: {0:.0} %.",
            100.0 * c.game_share,
            runs.len()
        );
    }
    let _ = writeln!(out, "\nHow the games ended, by the bot's result:\n");
    let _ = writeln!(out, "| run | won | drawn | lost |");
    let _ = writeln!(out, "|---|---|---|---|");
    for r in &runs {
        let e = ends(r);
        let cell = |res: Result3| {
            let parts: Vec<String> =
                e.iter().filter(|((x, _), _)| *x == res).map(|((_, end), n)| format!("{n} {end}")).collect();
            if parts.is_empty() { "none".to_string() } else { parts.join(", ") }
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            r.label,
            cell(Result3::Won),
            cell(Result3::Drawn),
            cell(Result3::Lost)
        );
    }
    let _ = writeln!(
        out,
        "\nWhere the material went, points a game (piece values of `eval::material`): the bot's pieces \
         taken by enemy attackers known when they struck and by attackers not known, lost attacking \
         Bombs and attacking anything else, and the enemy's pieces taken:\n"
    );
    let _ = writeln!(
        out,
        "| run | result | games | taken by known | taken by unknown | lost on Bombs | lost attacking | enemy's taken |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|");
    for r in &runs {
        for (res, (n, a)) in attrition(r) {
            let per = |x: i32| f64::from(x) / n as f64;
            let _ = writeln!(
                out,
                "| {} | {} | {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} |",
                r.label,
                res.text(),
                n,
                per(a.to_known),
                per(a.to_unknown),
                per(a.on_bombs),
                per(a.attacking),
                per(a.taken)
            );
        }
    }
    Ok(out)
}
