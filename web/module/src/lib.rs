//! The page's WebAssembly module: the cdylib `scripts/lib.sh`'s `build_pkg` builds, holding
//! nothing but the facade (`stratagem-web`, one directory up).
//!
//! Why a crate of its own: with `lto = true` the whole module's link-time optimisation runs at
//! the opt-level of the crate being linked. The facade is built at opt-level "z" (root
//! Cargo.toml, profile `wasm-release`); were it the cdylib, the engine's searches would be
//! link-time optimised for size too, and the module came out larger (wasm-opt then inlined
//! what LLVM had left apart) as well as slower. This crate is built at 3, like the engine.
//! The re-export makes the facade's exported functions part of the link (BENCHMARKS.md,
//! "WebAssembly module size").
#![cfg(target_arch = "wasm32")]

pub use stratagem_web::*;
