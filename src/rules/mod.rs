//! The rules of the game (docs/rules.md): board, armies, setups, moves, combat, repetition,
//! the end of the game, what each side knows, and the notations.
//!
//! Knows nothing of AI, JavaScript or time.

pub(crate) mod bitboard;
pub mod combat;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod repetition;
pub mod setup;
pub mod square;
pub mod switches;
pub mod view;
pub mod zobrist;

pub use combat::{Battle, battle};
pub use game::{Game, GameSetupError};
pub use movegen::{MAX_MOVES, MoveList};
pub use piece::{Army, ByKind, BySide, PieceKind, Side, Variant};
pub use position::{
    BattleReport, DrawReason, IllegalMove, Move, MoveReport, Outcome, PieceId, PieceState, PlyRecord, Position,
    PositionError, ReportError, WinReason,
};
pub use setup::{Setup, SetupError};
pub use square::{BySquare, Direction, Square, SquareError};
pub use switches::Rules;
pub use view::{PlayerView, ViewError, ViewPiece, ViewRecord, ViewStart};
