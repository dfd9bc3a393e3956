//! # Stratagem
//!
//! A hidden-ranks board game played by the ISF Stratego rules (not affiliated with Jumbo,
//! which owns the Stratego trademark): an exact rules engine, bots rebuilt from the research
//! literature, and WebAssembly bindings for the web page.
//!
//! Layers point one way: `rules` <- `ai` <- arena / command line; the page's WebAssembly
//! bindings are the crate `stratagem-web` (`web/`), over this one.
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
//!
//! A bot's move through the one engine call (a node budget and a frozen clock make it
//! reproducible; the seed of a game's ply comes from [`move_seed`]):
//!
//! ```
//! use stratagem::{Budget, FrozenClock, Game, Progress, Rules, Setup, Side, make_bot, move_seed, think};
//! let setup = Setup::parse("IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB").unwrap();
//! let game = Game::new(Rules::default(), &setup, &setup).unwrap();
//! let view = game.view(Side::Red);
//! let mut bot = make_bot("negamax").unwrap();
//! let seed = move_seed(1, view.ply());
//! let t = think(bot.as_mut(), &view, Budget::nodes(500), &FrozenClock, seed, &mut |_: &Progress| {}).unwrap();
//! assert!(view.legal_moves().contains(&t.mv));
//! assert_eq!(t.candidates[0].0, t.mv);
//! ```
#![warn(missing_docs)]

pub mod ai;
#[cfg(not(target_arch = "wasm32"))]
pub mod arena;
#[cfg(not(target_arch = "wasm32"))]
pub mod beliefscore;
pub mod benchwork;
#[cfg(not(target_arch = "wasm32"))]
pub mod compare;
#[cfg(not(target_arch = "wasm32"))]
pub mod outside;
pub mod rules;
#[cfg(not(target_arch = "wasm32"))]
pub mod soak;
pub mod ucc;

// The chosen public API, for a user of the crate: the referee and its vocabulary, the player
// view, and the one engine call with what it needs. Everything else is reachable through the
// modules (tests and the command line use them), but these names are the stable front door.
pub use ai::engine::{ThinkError, Thought, move_seed, think};
pub use ai::{BOTS, Bot, Budget, Clock, FrozenClock, LEVELS, Progress, SearchContext, make_bot};
pub use rules::{Game, Move, Outcome, PieceKind, PlayerView, Position, Rules, Setup, Side, Square, Variant};
