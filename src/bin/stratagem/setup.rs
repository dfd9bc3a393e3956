//! `stratagem setup ...`: check setup strings, draw random legal setups, and ask a bot for
//! setups.
//!
//! Exit codes: 0 all good; 2 a setup (or an argument such as the bot name) is wrong; 1 a bot
//! produced an illegal setup (a bug in that bot).

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::io::BufRead;
use std::process::ExitCode;
use stratagem::rules::{PieceKind, Setup, Variant};

#[derive(clap::Subcommand)]
pub enum SetupCmd {
    /// Check a setup string: prints `ok`, or the error and exits with 2.
    /// `-` reads one string a line from standard input and answers each line.
    Check {
        /// 40 letters in Red's letters (`A` empty), own back row first; or `-` for stdin.
        string: String,
        /// The army to check against (default: classic if all 40 squares are filled, else barrage).
        #[arg(long)]
        variant: Option<Variant>,
    },
    /// Print uniformly random legal setups.
    Random {
        /// Seed of the random generator (default: a fresh one, printed on stderr).
        #[arg(long)]
        seed: Option<u64>,
        /// How many setups.
        #[arg(long, default_value_t = 1)]
        count: u32,
        /// classic or barrage (Barrage: its 8 pieces anywhere on the 40 home squares).
        #[arg(long, default_value = "classic")]
        variant: Variant,
    },
    /// Print setups made by a bot (see `stratagem bots`).
    Generate {
        /// The bot's registry name.
        bot: String,
        /// How many setups.
        #[arg(long, default_value_t = 1)]
        count: u32,
        /// Seed of the bot's random generator (default: a fresh one, printed on stderr).
        #[arg(long)]
        seed: Option<u64>,
        /// classic or barrage.
        #[arg(long, default_value = "classic")]
        variant: Variant,
    },
}

pub fn run(cmd: SetupCmd) -> ExitCode {
    match cmd {
        SetupCmd::Check { string, variant } => check(&string, variant),
        SetupCmd::Random { seed, count, variant } => random(seed, count, variant),
        SetupCmd::Generate { bot, count, seed, variant } => generate(&bot, count, seed, variant),
    }
}

/// Parses and checks one setup string against `variant` (or the variant it most likely means).
fn check_one(text: &str, variant: Option<Variant>) -> Result<Setup, String> {
    let s = Setup::parse(text).map_err(|e| e.to_string())?;
    s.check(variant.unwrap_or_else(|| s.likely_variant())).map_err(|e| e.to_string())?;
    Ok(s)
}

fn check(string: &str, variant: Option<Variant>) -> ExitCode {
    if string != "-" {
        return match check_one(string, variant) {
            Ok(_) => {
                println!("ok");
                ExitCode::SUCCESS
            }
            Err(e) => {
                println!("{e}");
                ExitCode::from(2)
            }
        };
    }
    let mut bad = false;
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                println!("line {}: cannot read standard input: {e}", i + 1);
                return ExitCode::from(2);
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        match check_one(&line, variant) {
            Ok(_) => println!("ok"),
            Err(e) => {
                bad = true;
                println!("line {}: {e}", i + 1);
            }
        }
    }
    if bad { ExitCode::from(2) } else { ExitCode::SUCCESS }
}

fn seed_or_fresh(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let s = rand::random::<u64>();
        eprintln!("seed: {s}");
        s
    })
}

/// A uniformly random legal setup: every arrangement of the army on the 40 home squares
/// (empty squares included, for Barrage) is equally likely, because a uniform shuffle of a
/// multiset reaches each distinct arrangement through the same number of permutations.
pub fn random_setup(variant: Variant, rng: &mut ChaCha8Rng) -> Setup {
    let army = variant.army();
    let mut slots: Vec<Option<PieceKind>> = Vec::with_capacity(40);
    for k in PieceKind::ALL {
        for _ in 0..army.count(k) {
            slots.push(Some(k));
        }
    }
    slots.resize(40, None);
    slots.shuffle(rng);
    let mut s = Setup::EMPTY;
    s.slots_mut().copy_from_slice(&slots);
    s
}

fn random(seed: Option<u64>, count: u32, variant: Variant) -> ExitCode {
    let mut rng = ChaCha8Rng::seed_from_u64(seed_or_fresh(seed));
    for _ in 0..count {
        println!("{}", random_setup(variant, &mut rng));
    }
    ExitCode::SUCCESS
}

fn generate(name: &str, count: u32, seed: Option<u64>, variant: Variant) -> ExitCode {
    let Some(mut bot) = stratagem::ai::make_bot(name) else {
        let names = stratagem::ai::bot_names();
        let known = if names.is_empty() { "(none registered yet)".to_string() } else { names.join(", ") };
        eprintln!("unknown bot '{name}'; known bots: {known}");
        return ExitCode::from(2);
    };
    let mut rng = stratagem::ai::rng_from_seed(seed_or_fresh(seed));
    for _ in 0..count {
        let s = bot.setup(variant, &mut rng);
        if let Err(e) = s.check(variant) {
            eprintln!("bot '{name}' made an illegal {} setup {s}: {e}", variant.name());
            return ExitCode::from(1);
        }
        println!("{s}");
    }
    ExitCode::SUCCESS
}
