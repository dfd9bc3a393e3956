//! One sort for the bots' rankings (candidate lists, move orders, sampled assignments).
//!
//! Why: every `sort_by`/`sort_by_key` call with its own comparator makes its own copy of the
//! standard library's stable sort (driftsort: 3-12 KB of WebAssembly per copy). Sixteen such
//! copies were 96 KB raw, 27 KB gzipped, of the page's module (BENCHMARKS.md, "WebAssembly
//! module size"). Here each call site maps its elements to a `u128` key instead, and the only
//! sort is one `sort_unstable` over `(key, index)` pairs, shared by every caller.
//!
//! The index makes the order total, so the result is exactly what a stable sort by the same
//! key gives: equal keys keep their original order. Bots rely on that (e.g. "the move played
//! heads the candidates", "ties keep generation order"), and their games replay move for move.

/// Sorts `items` ascending by `key`, ties in their original order (a stable sort's result).
/// `key` is called once per element.
pub(crate) fn sort_by_key128<T: Copy>(items: &mut [T], mut key: impl FnMut(&T) -> u128) {
    if items.len() < 2 {
        return;
    }
    let keyed: Vec<(u128, u32)> = items.iter().enumerate().map(|(i, t)| (key(t), i as u32)).collect();
    let order = sorted_indices(keyed);
    let before: Vec<T> = items.to_vec();
    for (slot, i) in items.iter_mut().zip(order) {
        *slot = before[i as usize];
    }
}

/// The one monomorphised sort: not generic, not inlined into the callers.
#[inline(never)]
fn sorted_indices(mut keyed: Vec<(u128, u32)>) -> impl Iterator<Item = u32> {
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, i)| i)
}

/// An `i64` as a key: ascending like the integer.
pub(crate) const fn asc_i64(x: i64) -> u128 {
    ((x as u64) ^ (1 << 63)) as u128
}

/// An `i64` as a key: descending (highest first).
pub(crate) const fn desc_i64(x: i64) -> u128 {
    (!((x as u64) ^ (1 << 63))) as u128
}

/// An `f64` as a key, descending in the order of `f64::total_cmp` (highest first; NaNs
/// ordered as `total_cmp` orders them).
pub(crate) fn desc_f64(x: f64) -> u128 {
    let b = x.to_bits();
    // The usual total-order map: negative numbers flip every bit (more negative is smaller),
    // non-negative ones set the sign bit (above every negative).
    let asc = if b >> 63 == 1 { !b } else { b | (1 << 63) };
    (!asc) as u128
}

/// Two keys in one: `hi` decides, `lo` breaks its ties (each must fit in 64 bits).
pub(crate) const fn then(hi: u128, lo: u128) -> u128 {
    (hi << 64) | (lo & (u64::MAX as u128))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SPECIAL: [f64; 10] =
        [0.0, -0.0, 1.5, -1.5, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN, 1e-310, -1e-310];

    #[test]
    fn float_keys_follow_total_cmp() {
        for a in SPECIAL {
            for b in SPECIAL {
                assert_eq!(desc_f64(a).cmp(&desc_f64(b)), b.total_cmp(&a), "{a} vs {b}");
            }
        }
    }

    #[test]
    fn ties_keep_their_order() {
        let mut v = [(3, 'a'), (1, 'b'), (3, 'c'), (1, 'd'), (2, 'e')];
        sort_by_key128(&mut v, |&(k, _)| desc_i64(k));
        assert_eq!(v, [(3, 'a'), (3, 'c'), (2, 'e'), (1, 'b'), (1, 'd')]);
    }

    proptest! {
        #[test]
        fn same_as_a_stable_sort(v in proptest::collection::vec((-5i64..5, any::<f64>(), any::<u16>()), 0..60)) {
            let mut ours = v.clone();
            sort_by_key128(&mut ours, |&(a, f, _)| then(asc_i64(a), desc_f64(f)));
            let mut std = v.clone();
            std.sort_by(|x, y| x.0.cmp(&y.0).then(y.1.total_cmp(&x.1)));
            // bit-for-bit: NaN payloads and signed zeros must land where the stable sort puts them
            let bits = |w: &[(i64, f64, u16)]| w.iter().map(|&(a, f, c)| (a, f.to_bits(), c)).collect::<Vec<_>>();
            prop_assert_eq!(bits(&ours), bits(&std));
        }

        #[test]
        fn integer_keys_keep_their_order(a in any::<i64>(), b in any::<i64>()) {
            prop_assert_eq!(asc_i64(a).cmp(&asc_i64(b)), a.cmp(&b));
            prop_assert_eq!(desc_i64(a).cmp(&desc_i64(b)), b.cmp(&a));
        }
    }
}
