//! Fuzz target: Gravon fields (the 100-character board of a Gravon file, `stratagem perft`).
//! A field that parses prints back to a field that parses to the same placement.
#![no_main]
use libfuzzer_sys::fuzz_target;
use stratagem::rules::notation::{field_to_setups, format_placement, parse_field};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = parse_field(text) {
        let printed = format_placement(&p);
        assert_eq!(parse_field(&printed).ok(), Some(p), "field round trip of {printed}");
    }
    let _ = field_to_setups(text);
});
