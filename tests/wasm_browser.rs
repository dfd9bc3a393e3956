//! wasm-bindgen tests run inside headless Chromium (wasm-bindgen-test-runner driving Debian's
//! chromedriver): `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown
//! --test wasm_browser` (scripts/test.sh runs this). They check the bindings where the page uses
//! them: in a browser's JS engine, with its `crypto` for entropy and its clock.
//! Natively this file compiles to nothing.
#![cfg(target_arch = "wasm32")]

use stratagem::rules::{Game, Move, Rules, Setup};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";

#[wasm_bindgen_test]
fn rules_engine_runs_in_the_browser() {
    let setup = Setup::parse(RED).unwrap();
    let mut game = Game::new(Rules::default(), &setup, &setup).unwrap();
    game.play(Move::parse("b4-b5").unwrap()).unwrap();
    assert!(!game.position().legal_moves().is_empty());
}
