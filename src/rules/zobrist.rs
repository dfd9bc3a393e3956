//! Zobrist keys, fixed at compile time (splitmix64 from a constant seed), so hashes are the
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

/// Keys for (side, kind, square): index `(side * 12 + kind) * 100 + square`.
pub static KIND_KEYS: [u64; 2 * 12 * 100] = table(0x5374_7261_7461_6765);
/// Keys for (piece id, square): index `id * 100 + square`.
pub static ID_KEYS: [u64; 80 * 100] = table(0x4964_656E_7469_7479);
/// Toggled when Blue is to move.
pub const BLUE_TO_MOVE: u64 = splitmix(0x426C_7565).1;

/// Kind key.
#[inline]
pub fn kind_key(side: usize, kind: usize, square: usize) -> u64 {
    KIND_KEYS[(side * 12 + kind) * 100 + square]
}

/// Identity key.
#[inline]
pub fn id_key(id: usize, square: usize) -> u64 {
    ID_KEYS[id * 100 + square]
}
