//! `stratagem beliefs FILE...`: how well the belief models predict the hidden pieces of the
//! given games (log-loss and top-1 accuracy; `stratagem::beliefscore`). The games are game
//! records (e.g. from `stratagem arena --save DIR`) or Gravon XML files.
//!
//! Exit codes: 0 scored; 2 a file cannot be read or parsed, or no game was given (the other
//! files are still scored and the table printed, so one bad file loses nothing).

use std::path::PathBuf;
use std::process::ExitCode;
use stratagem::ai::belief::library::{LibraryParams, SetupLibrary};
use stratagem::beliefscore::{ScoreSettings, Scores, score_game};
use stratagem::rules::notation::replay_partial;

/// Arguments of `stratagem beliefs`.
#[derive(clap::Args)]
pub struct Args {
    /// Game records or Gravon XML files (a directory stands for the files in it).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Predict after every N plies.
    #[arg(long, default_value_t = 10)]
    every: u32,
    /// Armies the `sampler` model draws per prediction (0 skips the model).
    #[arg(long, default_value_t = 32)]
    samples: u32,
    /// Proposals per army: 1 is the strategist's sequential draw, more draws from the joint
    /// law of the rows (sampling-importance-resampling over that many sequential draws).
    #[arg(long, default_value_t = 1)]
    proposals: usize,
    /// Seed of the sampler's draws.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only the predictions of the side played by this player (a record's `Red`/`Blue` tag,
    /// e.g. a bot's name from `arena --save`): how well that bot's opponents' pieces are
    /// guessed. Default: both sides of every game.
    #[arg(long, value_name = "NAME")]
    viewer: Option<String>,
    /// Tilt of moved pieces towards the stronger kinds in the `matrix` and `sampler` models,
    /// as a fraction between -2 and 2 (0.3 is the strategist's `STRATEGIST_TILT=30`; 0: the
    /// matrix as `invincible` reads it).
    #[arg(long, default_value_t = 0.0, value_parser = tilt_value)]
    tilt: f64,
    /// The "stood its ground" factor of the `matrix` and `sampler` models, between 0.05 and 1
    /// (0.6 is the strategist's `STRATEGIST_STAND=60`; 1: the matrix as `invincible` reads it):
    /// an unknown piece left beside a known enemy piece that has just come next to it has the
    /// movable kinds that piece takes multiplied by it.
    #[arg(long, default_value_t = 1.0, value_parser = stand_value)]
    stand: f64,
    /// The "came up to a known piece" factor of the `matrix` and `sampler` models, between 0.05
    /// and 1 (0.3 is the strategist's `STRATEGIST_APPROACH=30`; 1: the matrix as `invincible`
    /// reads it): an unknown piece whose plain move brings it next to a known enemy piece has
    /// the movable kinds that would lose attacking that piece multiplied by it.
    #[arg(long, default_value_t = 1.0, value_parser = stand_value)]
    approach: f64,
    /// The power the `matrix` and `sampler` models raise the Bomb and Flag odds of unmoved
    /// pieces to before the fit, between 0.25 and 4 (1.5 is the strategist's
    /// `STRATEGIST_SHARPEN=150`; 1: the matrix as `invincible` reads it).
    #[arg(long, default_value_t = 1.0, value_parser = sharpen_value)]
    sharpen: f64,
    /// The `library` model: log weight a human setup loses per fact of the view its Bombs and
    /// Flag break.
    #[arg(long, default_value_t = LibraryParams::default().penalty, value_parser = weight_value)]
    penalty: f64,
    /// The `library` model: log weight a human setup gains per movable kind seen on a square
    /// where it has the same kind.
    #[arg(long, default_value_t = LibraryParams::default().bonus, value_parser = weight_value)]
    bonus: f64,
    /// The `library` model: pseudo-setups of the matrix's Bomb and Flag odds mixed in.
    #[arg(long, default_value_t = LibraryParams::default().kappa, value_parser = kappa_value)]
    kappa: f64,
    /// The `library` model gives only the Flag's probabilities (the Bombs' stay the matrix's).
    #[arg(long)]
    library_flag_only: bool,
    /// The `library` model weighs the setups of this file (one 40-letter classic setup a line,
    /// e.g. from `stratagem setup generate BOT`) instead of the Gravon setups built in: what
    /// knowing an opponent's own way of setting up would be worth.
    #[arg(long, value_name = "FILE")]
    setups: Option<PathBuf>,
}

/// `text` as a finite number that `ok` accepts, or an error that says it is not `what`.
fn number(text: &str, ok: impl Fn(f64) -> bool, what: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && ok(v) => Ok(v),
        _ => Err(format!("'{text}' is not {what}")),
    }
}

/// A tilt: a finite number between -2 and 2 (beyond, `exp` swamps the rows).
fn tilt_value(text: &str) -> Result<f64, String> {
    number(text, |t| (-2.0..=2.0).contains(&t), "a tilt: expected a number between -2 and 2, e.g. 0.3")
}

/// A "stood its ground" factor: a finite number between 0.05 and 1.
fn stand_value(text: &str) -> Result<f64, String> {
    number(text, |t| (0.05..=1.0).contains(&t), "a factor: expected a number between 0.05 and 1, e.g. 0.6")
}

/// A sharpening power: a finite number between 0.25 and 4.
fn sharpen_value(text: &str) -> Result<f64, String> {
    number(text, |t| (0.25..=4.0).contains(&t), "a power: expected a number between 0.25 and 4, e.g. 1.5")
}

/// A log weight of the library model: a finite number between 0 and 20 (beyond, `exp`
/// overflows over 40 squares).
fn weight_value(text: &str) -> Result<f64, String> {
    number(text, |w| (0.0..=20.0).contains(&w), "a log weight: expected a number between 0 and 20, e.g. 5")
}

/// Pseudo-setups of the library model: a finite number above 0 (0 lets a posterior that
/// keeps no weight divide by zero).
fn kappa_value(text: &str) -> Result<f64, String> {
    number(text, |k| k > 0.0 && k <= 1e9, "a number of pseudo-setups: expected a number above 0, e.g. 20")
}

fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: cannot list: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|q| q.is_file())
                .collect();
            entries.sort();
            out.extend(entries);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

pub fn run(args: Args) -> ExitCode {
    let files = match expand(&args.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let setups: Option<&'static SetupLibrary> = match &args.setups {
        None => None,
        Some(path) => match std::fs::read_to_string(path) {
            Err(e) => {
                eprintln!("{}: cannot read the setups: {e}", path.display());
                return ExitCode::from(2);
            }
            Ok(text) => {
                let lib = SetupLibrary::from_text(&text);
                if lib.is_empty() {
                    eprintln!("{}: no classic setup in the file (one 40-letter setup a line)", path.display());
                    return ExitCode::from(2);
                }
                Some(Box::leak(Box::new(lib)))
            }
        },
    };
    let mut total = Scores::default();
    let mut failed = false;
    for (i, file) in files.iter().enumerate() {
        let text = match std::fs::read(file).map(String::from_utf8) {
            Ok(Ok(t)) => t,
            Ok(Err(_)) => {
                eprintln!("{}: not UTF-8 text", file.display());
                failed = true;
                continue;
            }
            Err(e) => {
                eprintln!("{}: cannot read: {e}", file.display());
                failed = true;
                continue;
            }
        };
        let loaded = match crate::replay::load(&text, std::convert::identity) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                failed = true;
                continue;
            }
        };
        let start = loaded.start.clone();
        let (rp, error) = replay_partial(loaded.start, &loaded.moves, false);
        if let Some(e) = error {
            // The plies before the refused one are still a game the views can follow.
            eprintln!("{}: scored up to the refused ply: {e}", file.display());
        }
        let reports: Vec<_> = rp.plies.into_iter().map(|p| p.report).collect();
        let sides = match &args.viewer {
            None => [true, true],
            Some(name) => loaded.players.clone().map(|p| p.as_deref() == Some(name.as_str())),
        };
        let settings = ScoreSettings {
            every: args.every,
            samples: args.samples,
            proposals: args.proposals,
            seed: args.seed ^ i as u64,
            sides,
            tilt: args.tilt,
            stand: args.stand,
            approach: args.approach,
            sharpen: args.sharpen,
            library: LibraryParams {
                penalty: args.penalty,
                bonus: args.bonus,
                kappa: args.kappa,
                bombs: !args.library_flag_only,
            },
            setups,
        };
        total.merge(&score_game(&start, &reports, &settings));
    }
    if total.games == 0 {
        match &args.viewer {
            Some(n) => eprintln!("no game scored: no game has a player named {n:?} (a record's Red or Blue tag)"),
            None => eprintln!("no game scored"),
        }
        return ExitCode::from(2);
    }
    print!("{}", total.markdown());
    let whose = match &args.viewer {
        None => "both sides".to_string(),
        Some(n) => format!("the side played by {n}"),
    };
    println!(
        "Predictions every {} plies by {whose}; sampler: {} armies per prediction ({} proposals each), seed {}; tilt of moved pieces {}; stood its ground {}; came up to a known piece {}; Bomb and Flag odds to the power {}.",
        args.every.max(1),
        args.samples,
        args.proposals.max(1),
        args.seed,
        args.tilt,
        args.stand,
        args.approach,
        args.sharpen
    );
    if failed { ExitCode::from(2) } else { ExitCode::SUCCESS }
}
