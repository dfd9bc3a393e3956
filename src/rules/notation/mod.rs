//! Notations: Gravon fields and XML game files, the engine's own game record, and the
//! replay of recorded moves through the engine that all of them share.
//! (Setup strings live with [`crate::rules::Setup`]; move text with [`crate::rules::Move`].)
//!
//! Every reader here returns an error that says what is wrong and where (square and letter,
//! or line and ply), and never panics on any input.

pub mod field;
pub mod gravon;
pub mod record;
pub mod replay;

pub use field::{
    FieldError, Placement, field_position, field_to_setups, format_field, format_placement, parse_field, placement_of,
    setups_to_field,
};
pub use gravon::{GravonError, GravonGame, GravonResult};
pub use record::{GameRecord, ParsedRecord, RecordError, RecordStart};
pub use replay::{
    Agreement, Annotation, PlyInfo, Replay, ReplayError, SourceMove, compare_outcome, replay, replay_partial,
};
