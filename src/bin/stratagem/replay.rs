//! `stratagem replay <FILE>`: plays a Gravon XML game file or a Stratagem game record
//! through the engine, prints every ply with its battle and the final state, and compares
//! the engine's verdict with the result the file records.
//!
//! Exit codes: 0 the verdicts agree (or the file records none); 3 they disagree; 1 a move is
//! illegal (the message names the ply, the move and the rule); 2 the file cannot be read
//! (not text, not well-formed, a wrong battle written in a record, ...). Never panics.

use serde_json::{Value, json};
use std::process::ExitCode;
use stratagem::rules::notation::replay::by_rules;
use stratagem::rules::notation::{
    Agreement, GameRecord, GravonGame, PlyInfo, SourceMove, compare_outcome, field_position, replay_partial,
};
use stratagem::rules::{Outcome, Position, Rules, Side, Variant};

/// on / off switch values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum OnOff {
    /// Switched on.
    On,
    /// Switched off.
    Off,
}

/// Arguments of `stratagem replay`.
#[derive(clap::Args)]
pub struct Args {
    /// A Gravon XML file or a Stratagem record (told apart by the first character, `<`).
    file: std::path::PathBuf,
    /// Two-squares limit (0 switches the rule off). Default: 5 for Gravon files (the rule of
    /// the archived games), the record's own for records.
    #[arg(long)]
    two_square: Option<u8>,
    /// More-squares rule (continuous chase).
    #[arg(long)]
    more_squares: Option<OnOff>,
    /// Scouts may move and attack in one turn.
    #[arg(long)]
    scout_strike: Option<OnOff>,
    /// One JSON object a ply (ply, side, move, battle, legal moves before it), then one with
    /// the outcome.
    #[arg(long)]
    json: bool,
}

/// Everything needed to replay, whatever the file format.
pub(crate) struct Loaded {
    format: &'static str,
    pub(crate) start: Position,
    pub(crate) moves: Vec<SourceMove>,
    /// Red's and Blue's player names, when the file gives them (records only).
    pub(crate) players: [Option<String>; 2],
    recorded: Option<Outcome>,
    /// The result in the file's own words, when they say more than the outcome.
    recorded_words: Option<String>,
}

/// The rules switches given on the command line, applied over a file's own rules.
fn overrides(args: &Args) -> impl Fn(Rules) -> Rules + '_ {
    move |mut rules: Rules| {
        if let Some(n) = args.two_square {
            rules.two_square_limit = (n > 0).then_some(n);
        }
        if let Some(v) = args.more_squares {
            rules.more_squares_rule = matches!(v, OnOff::On);
        }
        if let Some(v) = args.scout_strike {
            rules.scout_move_and_strike = matches!(v, OnOff::On);
        }
        rules
    }
}

/// Reads a Gravon XML file or a Stratagem record (told apart by the first character), its
/// rules passed through `apply` (command-line switches; `std::convert::identity` for none).
pub(crate) fn load(text: &str, apply: impl Fn(Rules) -> Rules) -> Result<Loaded, String> {
    if text.trim_start_matches('\u{feff}').trim_start().starts_with('<') {
        let g = GravonGame::read(text).map_err(|e| e.to_string())?;
        let field = g.field.as_deref().ok_or("the file has no <field>: there is no position to replay")?;
        // Gravon's archive has no automatic draw limits: its results are the players'.
        let variant = match g.game_type.as_deref() {
            Some(t) if t.eq_ignore_ascii_case("barrage") => Variant::Barrage,
            _ => Variant::Classic,
        };
        let rules = apply(Rules { variant, max_plies: None, max_plies_without_attack: None, ..Rules::gravon() });
        let start =
            field_position(field, rules, Side::Red).map_err(|e| format!("line {}: field: {e}", g.field_line))?;
        let recorded = g.recorded_outcome().map_err(|e| format!("<result>: {}", e.message))?;
        let recorded_words = g.result.map(|r| r.describe());
        Ok(Loaded {
            format: "Gravon XML",
            start,
            moves: g.source_moves(),
            players: [None, None],
            recorded,
            recorded_words,
        })
    } else {
        let p = GameRecord::parse(text).map_err(|e| e.to_string())?;
        let mut record = p.record;
        record.rules = apply(record.rules);
        let start = record.start_position().map_err(|e| e.to_string())?;
        Ok(Loaded {
            format: "Stratagem record",
            start,
            moves: p.source_moves,
            players: [record.red_player.clone(), record.blue_player.clone()],
            recorded: record.result,
            recorded_words: None,
        })
    }
}

fn ply_json(p: &PlyInfo) -> Value {
    let r = &p.report;
    let battle = r.battle.map(|b| {
        json!({
            "attacker": b.attacker_kind.name(),
            "defender": b.defender_kind.name(),
            "result": format!("{:?}", b.result),
            "text": stratagem::rules::notation::Annotation::of(r).map(|a| a.to_string()),
        })
    });
    json!({
        "ply": p.ply,
        "side": p.side.name(),
        "move": r.mv().to_string(),
        "battle": battle,
        "legal_moves": p.legal_before.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
    })
}

fn ply_text(p: &PlyInfo) -> String {
    let r = &p.report;
    match stratagem::rules::notation::Annotation::of(r) {
        Some(a) => format!("{:>4}. {:<4} {}x{}  {a}", p.ply, p.side.name(), r.from, r.to),
        None => format!("{:>4}. {:<4} {}-{}", p.ply, p.side.name(), r.from, r.to),
    }
}

fn outcome_json(o: &Option<Outcome>) -> Value {
    match o {
        None => Value::Null,
        Some(Outcome::Win { winner, reason }) => {
            json!({"winner": winner.name(), "reason": format!("{reason:?}"), "text": o.map(|o| o.to_string())})
        }
        Some(Outcome::Draw { reason }) => {
            json!({"winner": null, "reason": format!("{reason:?}"), "text": o.map(|o| o.to_string())})
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: cannot read: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let Ok(text) = String::from_utf8(bytes) else {
        eprintln!("{}: not UTF-8 text", args.file.display());
        return ExitCode::from(2);
    };
    let loaded = match load(&text, overrides(&args)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let (rp, error) = replay_partial(loaded.start, &loaded.moves, args.json);
    if args.json {
        for p in &rp.plies {
            println!("{}", ply_json(p));
        }
    } else {
        println!("{} ({} plies recorded)", loaded.format, loaded.moves.len());
        for p in &rp.plies {
            println!("{}", ply_text(p));
        }
    }
    if let Some(e) = error {
        let code = if e.is_illegal_move() { 1 } else { 2 };
        if args.json {
            println!("{}", json!({"error": e.to_string(), "exit": code}));
        }
        eprintln!("{}: {e}", args.file.display());
        return ExitCode::from(code);
    }
    let agreement = compare_outcome(loaded.recorded, rp.outcome);
    let state = match &rp.outcome {
        Some(o) => o.to_string(),
        None => format!("{} to move", rp.position.to_move()),
    };
    let (word, code) = match &agreement {
        Agreement::NoRecord => ("none".to_string(), 0),
        Agreement::Agree => ("agree".to_string(), 0),
        Agreement::Disagree(why) => (format!("disagree: {why}"), 3),
    };
    if args.json {
        println!(
            "{}",
            json!({
                "plies": rp.plies.len(),
                "to_move": rp.position.to_move().name(),
                "outcome": outcome_json(&rp.outcome),
                "state": state,
                "recorded": outcome_json(&loaded.recorded),
                "recorded_words": loaded.recorded_words,
                "agreement": word,
                "field": rp.position.to_field(),
            })
        );
    } else {
        println!("final: {state}");
        if let Some(w) = &loaded.recorded_words {
            println!("the file's result: {w}");
        }
        match (&loaded.recorded, &agreement) {
            (None, _) => println!("recorded result: none"),
            (Some(r), Agreement::Disagree(why)) => println!("recorded result: {r}; DISAGREES with the engine: {why}"),
            (Some(r), _) if by_rules(r) => println!("recorded result: {r}; agrees with the engine"),
            (Some(r), _) => println!("recorded result: {r} (a player's decision; the rules had not ended the game)"),
        }
    }
    ExitCode::from(code)
}
