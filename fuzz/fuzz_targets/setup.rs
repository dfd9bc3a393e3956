//! Fuzz target: setup strings (the page's setup box and `#setup=` links, `stratagem setup
//! check`). Any text either is refused with an error or parses to a setup that prints back
//! to the same 40 letters.
#![no_main]
use libfuzzer_sys::fuzz_target;
use stratagem::rules::{Setup, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(s) = Setup::parse(text) {
        let again = Setup::parse(&s.to_letters()).expect("a printed setup parses");
        assert_eq!(again, s, "setup round trip");
        let _ = s.check(Variant::Classic);
        let _ = s.check(Variant::Barrage);
    }
    for v in [Variant::Classic, Variant::Barrage] {
        if let Ok(s) = Setup::parse_for(text, v) {
            assert_eq!(s.check(v), Ok(()), "parse_for accepted an illegal {v:?} setup");
        }
    }
});
