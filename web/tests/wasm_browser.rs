//! wasm-bindgen tests run inside headless Chromium (wasm-bindgen-test-runner driving Debian's
//! chromedriver): `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown
//! -p stratagem-web --test wasm_browser` (scripts/test.sh runs this). They check the page's
//! bindings where the page uses them: in the browser's JS engine, with its `crypto` for entropy
//! and `Date` for the bot's clock. Natively this file compiles to nothing.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Error, Reflect};
use stratagem_web::{Referee, levels, random_setup, think};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";

fn get_str(obj: &JsValue, key: &str) -> String {
    Reflect::get(obj, &JsValue::from_str(key))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_else(|| panic!("{key} in {obj:?}"))
}

fn error_message(v: JsValue) -> String {
    let e: Error = v.dyn_into().unwrap_or_else(|v| panic!("expected a JS Error, got {v:?}"));
    e.message().into()
}

#[wasm_bindgen_test]
fn runs_in_a_browser_window() {
    // The point of this binary: this is a page, not Node.
    let window = js_sys::global().dyn_into::<js_sys::Object>().unwrap();
    assert!(Reflect::has(&window, &JsValue::from_str("document")).unwrap(), "no document: not a browser");
}

#[wasm_bindgen_test]
fn a_game_against_the_weakest_level_in_the_browser() {
    // A random setup for the bot, reproducible from its seed.
    let blue = random_setup("classic", JsValue::from_str("browser-1")).unwrap();
    assert_eq!(blue, random_setup("classic", JsValue::from_str("browser-1")).unwrap(), "same seed, same setup");
    let mut r = Referee::new(RED, &blue, JsValue::UNDEFINED).unwrap();
    let weakest = get_str(&levels().unwrap().dyn_into::<Array>().unwrap().get(0), "id");
    // Twenty plies: Red plays its first legal move, the bot answers from its view.
    for ply in 0..20 {
        if !r.outcome().unwrap().is_null() {
            break;
        }
        let mv = if ply % 2 == 0 {
            r.legal_moves().first().cloned().expect("Red can move")
        } else {
            let view = r.view_record("Blue").unwrap();
            let answer = think(JsValue::from_str(&view), &weakest, 50.0, JsValue::from_f64(ply as f64), None)
                .unwrap_or_else(|e| panic!("think: {}", error_message(e)));
            get_str(&answer, "move")
        };
        assert!(r.legal_moves().contains(&mv), "{mv} is not legal at ply {ply}");
        r.play(&mv).unwrap_or_else(|e| panic!("{mv}: {}", error_message(e)));
    }
    assert!(r.ply() > 0);
    // An illegal move is an Error with the rule's text, in the browser too.
    let msg = error_message(r.play("a1-b2").unwrap_err());
    assert!(!msg.is_empty() && !msg.contains("unreachable"), "{msg}");
}
