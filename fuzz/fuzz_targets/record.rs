//! Fuzz target: the Stratagem game record format (docs/record-format.md; `stratagem replay`,
//! the page's Import). A record that reads writes back to text that reads again.
#![no_main]
use libfuzzer_sys::fuzz_target;
use stratagem::rules::notation::GameRecord;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = GameRecord::parse(text);
    if let Ok(rec) = GameRecord::read(text) {
        let _ = rec.replay(true);
        if let Ok(out) = rec.write() {
            GameRecord::read(&out).expect("a written record reads back");
        }
    }
});
