//! Fuzz target: Gravon XML files (`stratagem replay`, the page's Import). Reading and
//! replaying must end in a value or an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use stratagem::rules::notation::{GravonGame, field_to_setups};
use stratagem::rules::{Game, Rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(g) = GravonGame::read(text) else { return };
    let _ = g.recorded_outcome();
    let _ = g.write();
    let Some(field) = g.field.as_deref() else { return };
    let Ok((red, blue)) = field_to_setups(field) else { return };
    // As the page's Import does: every move through the referee.
    let Ok(mut game) = Game::new(Rules::gravon(), &red, &blue) else { return };
    for &(_, mv) in &g.moves {
        if game.play(mv).is_err() {
            break;
        }
    }
});
