//! Zobrist keys, fixed for good (splitmix64 from constant seeds), so hashes are the
//! same in every build, natively and in wasm.
//!
//! Two hashes are kept: the *kind hash* (which kind of which side stands where, and who is to
//! move) for transposition tables, and the *identity hash* (which individual piece stands
//! where, and who is to move) for the more-squares rule, whose positions are compared by
//! piece identity so legality never depends on hidden kinds.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

use std::sync::LazyLock;

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut s = seed;
    let mut i = 0;
    while i < N {
        let (ns, v) = splitmix(s);
        s = ns;
        t[i] = v;
        i += 1;
    }
    t
}

/// The key tables. Built once at first use rather than at compile time: as statics they were
/// 83 KB of random bytes in the wasm module's data section, which no compression shrinks
/// (a quarter of the gzipped module); built at run time they cost about 50 us once.
struct Keys {
    /// Keys for (side, kind, square): index `(side * 12 + kind) * 100 + square`.
    kind: [u64; 2 * 12 * 100],
    /// Keys for (piece id, square): index `id * 100 + square`.
    id: [u64; 80 * 100],
}

static KEYS: LazyLock<Box<Keys>> =
    LazyLock::new(|| Box::new(Keys { kind: table(0x5374_7261_7461_6765), id: table(0x4964_656E_7469_7479) }));

/// Toggled when Blue is to move.
pub(crate) const BLUE_TO_MOVE: u64 = splitmix(0x426C_7565).1;

/// Kind key.
#[inline]
pub(crate) fn kind_key(side: usize, kind: usize, square: usize) -> u64 {
    KEYS.kind[(side * 12 + kind) * 100 + square]
}

/// Identity key.
#[inline]
pub(crate) fn id_key(id: usize, square: usize) -> u64 {
    KEYS.id[id * 100 + square]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys are those of the former compile-time tables (hashes stored anywhere, such
    /// as frozen test data, stay valid), and all distinct.
    #[test]
    fn keys_are_fixed_and_distinct() {
        assert_eq!(kind_key(0, 0, 0), splitmix(0x5374_7261_7461_6765).1);
        assert_eq!(id_key(0, 0), splitmix(0x4964_656E_7469_7479).1);
        assert_eq!(kind_key(1, 11, 99), table::<2400>(0x5374_7261_7461_6765)[2399]);
        let mut all: Vec<u64> = KEYS.kind.iter().chain(KEYS.id.iter()).copied().collect();
        all.push(BLUE_TO_MOVE);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2400 + 8000 + 1);
    }
}
