//! # Stratagem
//!
//! A hidden-ranks board game played by the ISF Stratego rules (not affiliated with Jumbo,
//! which owns the Stratego trademark): an exact rules engine, bots rebuilt from the research
//! literature, and WebAssembly bindings for the web page.
//!
//! Layers point one way: `rules` <- `ai` <- arena / command line <- `wasm` bindings.
//!
//! ```
//! use stratagem::rules::{Game, Move, Rules, Setup};
//! // A setup played on Gravon: 40 letters, own back row first.
//! let setup = Setup::parse("IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB").unwrap();
//! let mut game = Game::new(Rules::default(), &setup, &setup).unwrap();
//! let report = game.play(Move::parse("b4-b5").unwrap()).unwrap();
//! assert!(report.battle.is_none());
//! // Blue is to move now: Red's Scout on b5 cannot move, and the message says why.
//! let err = game.play(Move::parse("b5-b6").unwrap()).unwrap_err();
//! assert_eq!(err.to_string(), "the piece on b5 is not yours");
//! ```
#![warn(missing_docs)]

pub mod ai;
#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
pub mod benchwork;
pub mod rules;
pub mod ucc;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
