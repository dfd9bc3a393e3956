//! wasm-bindgen tests of the page's bindings (`stratagem::wasm`), run in Node by
//! wasm-bindgen-test-runner: `cargo test --target wasm32-unknown-unknown --test wasm_node`
//! (the runner is set in `.cargo/config.toml`; scripts/test.sh runs this).
//!
//! Invariants checked: what the page relies on behaves the same when compiled to wasm32 as
//! natively; bad input from JS comes back as an `Error` carrying the rule's text, never a panic
//! (a panicked wasm instance is unusable, so a panic here fails the whole binary).
//! Natively this file compiles to nothing.
#![cfg(target_arch = "wasm32")]

use stratagem::rules::{Game, Move, Rules, Setup};
use wasm_bindgen_test::wasm_bindgen_test;

/// A human setup from the Gravon data (the same one the crate's doc example uses).
const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";

#[wasm_bindgen_test]
fn rules_engine_runs_in_wasm() {
    let setup = Setup::parse(RED).unwrap();
    let mut game = Game::new(Rules::default(), &setup, &setup).unwrap();
    let report = game.play(Move::parse("b4-b5").unwrap()).unwrap();
    assert!(report.battle.is_none());
    let err = game.play(Move::parse("b5-b6").unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "the piece on b5 is not yours");
}
