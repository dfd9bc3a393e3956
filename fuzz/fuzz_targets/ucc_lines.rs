//! Fuzz target: the UCC manager lines `stratagem ucc` reads. The input is split into lines
//! and fed to a player one by one; each line gives a reply or an error, never a panic, and
//! every move the player sends is legal in its own view.
#![no_main]
use libfuzzer_sys::fuzz_target;
use stratagem::ai::{Budget, FrozenClock, make_bot};
use stratagem::ucc::UccPlayer;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut p = UccPlayer::new(make_bot("random").expect("registered"), Budget::nodes(5), 1);
    for line in text.split('\n').take(400) {
        match p.feed(line, &FrozenClock) {
            Ok(r) if r.quit => break,
            Ok(_) => {}
            Err(_) => break,
        }
    }
});
