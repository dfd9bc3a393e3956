//! Fuzz target: the bot worker's message as parsed in Rust: a `ViewRecord` in JSON (what
//! `think` receives from the page) rebuilt into a player view, then one bot move from it,
//! which must be legal.
#![no_main]
use libfuzzer_sys::fuzz_target;
use stratagem::ai::{Budget, FrozenClock, Progress, SearchContext, make_bot};
use stratagem::rules::{PlayerView, ViewRecord};

fuzz_target!(|data: &[u8]| {
    let Ok(rec) = serde_json::from_slice::<ViewRecord>(data) else { return };
    let Ok(view) = PlayerView::from_record(&rec) else { return };
    if view.to_move() != view.side() || view.legal_moves().is_empty() {
        return;
    }
    let mut bot = make_bot("random").expect("registered");
    let mut progress = |_: &Progress| {};
    let mut ctx = SearchContext::new(Budget::nodes(20), &FrozenClock, 1, &mut progress);
    let mv = bot.choose_move(&view, &mut ctx);
    assert!(view.check_move(mv).is_ok(), "the bot chose an illegal move {mv}");
});
