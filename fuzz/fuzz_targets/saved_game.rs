//! Fuzz target: the saved game and the exported JSON record, as far as Rust reads them. The
//! page keeps `{v, red, blue, rules, plies, ...}` in localStorage and rebuilds the game with
//! `new Referee(red, blue, rules)` and one `play(ply)` per move; `Referee.importJson` reads
//! `{format, rules, red, blue, moves, resigned}`. Both come down to: `Rules` from JSON through
//! its serde derive, two setup strings, move texts through the referee. This target reads
//! either shape and walks that path natively (the wasm bindings themselves build for wasm32
//! only); a bad part must be an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use serde::Deserialize;
use stratagem::rules::{Game, Move, Rules, Setup, Side};

#[derive(Deserialize)]
struct Saved {
    red: String,
    blue: String,
    #[serde(default)]
    rules: Option<Rules>,
    #[serde(default, alias = "moves")]
    plies: Vec<String>,
    #[serde(default)]
    resigned: Option<Side>,
}

fuzz_target!(|data: &[u8]| {
    let Ok(g) = serde_json::from_slice::<Saved>(data) else { return };
    let rules = g.rules.unwrap_or_default();
    let (Ok(red), Ok(blue)) = (Setup::parse(&g.red), Setup::parse(&g.blue)) else { return };
    let Ok(mut game) = Game::new(rules, &red, &blue) else { return };
    for p in &g.plies {
        let Ok(mv) = Move::parse(p) else { return };
        if game.play(mv).is_err() {
            return;
        }
    }
    if let Some(s) = g.resigned {
        let _ = game.resign(s);
    }
    let _ = game.outcome();
});
