//! Replaying recorded moves through the engine, shared by the Gravon XML reader, the game
//! record reader and `stratagem replay`.
//!
//! Every move goes through [`Position::play`], so an illegal move is refused with the rule it
//! breaks, and every battle comes from the one combat table; a battle annotation written in a
//! record is checked against what the engine computes. Errors name the line and the ply.
//! A recorded result is compared with the engine's own verdict by [`compare_outcome`].

use crate::rules::{Battle, IllegalMove, Move, MoveReport, Outcome, PieceKind, Position, Side, WinReason};
use std::fmt;

/// The battle written next to an attack in a record: `Major>Captain` (attacker wins),
/// `Scout<Bomb` (defender wins), `Major=Major` (both removed).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Annotation {
    /// The attacking kind.
    pub attacker: PieceKind,
    /// The attacked kind.
    pub defender: PieceKind,
    /// Who was removed.
    pub result: Battle,
}

impl Annotation {
    /// The annotation of an engine report's battle.
    pub fn of(report: &MoveReport) -> Option<Annotation> {
        report.battle.map(|b| Annotation { attacker: b.attacker_kind, defender: b.defender_kind, result: b.result })
    }

    /// Reads `Major>Captain`, `Scout<Bomb` or `Major=Major` (kind names in any case).
    pub fn parse(text: &str) -> Option<Annotation> {
        let (i, sep) = text.char_indices().find(|(_, c)| matches!(c, '>' | '<' | '='))?;
        let (a, d) = (&text[..i], &text[i + 1..]);
        let kind = |s: &str| PieceKind::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(s));
        let result = match sep {
            '>' => Battle::AttackerWins,
            '<' => Battle::DefenderWins,
            _ => Battle::BothRemoved,
        };
        Some(Annotation { attacker: kind(a)?, defender: kind(d)?, result })
    }
}

impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = match self.result {
            Battle::AttackerWins => '>',
            Battle::DefenderWins => '<',
            Battle::BothRemoved => '=',
        };
        write!(f, "{}{sep}{}", self.attacker.name(), self.defender.name())
    }
}

/// One move as read from a file, with what the file says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceMove {
    /// The move.
    pub mv: Move,
    /// 1-based line of the file it was read from.
    pub line: usize,
    /// Whether the file marks it as an attack (`x`) or not (`-`); `None` if the format does
    /// not say (Gravon XML).
    pub attack_mark: Option<bool>,
    /// The battle the file writes for it, if any.
    pub annotation: Option<Annotation>,
}

impl SourceMove {
    /// A move the file says nothing more about.
    pub fn plain(mv: Move, line: usize) -> SourceMove {
        SourceMove { mv, line, attack_mark: None, annotation: None }
    }
}

/// One replayed ply.
#[derive(Clone, Debug)]
pub struct PlyInfo {
    /// 1-based ply number.
    pub ply: u32,
    /// Who moved.
    pub side: Side,
    /// The engine's public report (battle included).
    pub report: MoveReport,
    /// The legal moves before the ply (filled only when asked for).
    pub legal_before: Vec<Move>,
}

/// A finished replay.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The position after the last ply.
    pub position: Position,
    /// Every ply played.
    pub plies: Vec<PlyInfo>,
    /// The engine's verdict after the last ply (`None`: the game goes on by the rules).
    pub outcome: Option<Outcome>,
}

/// What went wrong, where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The engine refuses the move.
    #[error("line {line}, ply {ply} ({side} {mv}): illegal move: {error}")]
    Illegal {
        /// 1-based line in the file.
        line: usize,
        /// 1-based ply.
        ply: u32,
        /// Who was to move.
        side: Side,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        error: IllegalMove,
    },
    /// The file's account of the move disagrees with the engine's.
    #[error("line {line}, ply {ply} ({side} {mv}): the record says {written}, but the engine finds {actual}")]
    Annotation {
        /// 1-based line in the file.
        line: usize,
        /// 1-based ply.
        ply: u32,
        /// Who moved.
        side: Side,
        /// The move.
        mv: Move,
        /// What the file says.
        written: String,
        /// What the engine computes.
        actual: String,
    },
}

impl ReplayError {
    /// Whether the error is an illegal move (as opposed to a wrong annotation).
    pub fn is_illegal_move(&self) -> bool {
        matches!(self, ReplayError::Illegal { .. })
    }
}

fn describe(a: Option<Annotation>) -> String {
    a.map_or_else(|| "no battle".to_string(), |a| format!("the battle {a}"))
}

/// Plays `moves` from `start`. Stops at the first move the engine refuses (including any
/// move after the game has ended by the rules) or whose annotation disagrees.
pub fn replay(start: Position, moves: &[SourceMove], keep_legal: bool) -> Result<Replay, ReplayError> {
    match replay_partial(start, moves, keep_legal) {
        (r, None) => Ok(r),
        (_, Some(e)) => Err(e),
    }
}

/// Like [`replay`], but also returns what was played before the first error (the position
/// just before the refused ply, and the plies up to it).
pub fn replay_partial(start: Position, moves: &[SourceMove], keep_legal: bool) -> (Replay, Option<ReplayError>) {
    let mut pos = start;
    let mut plies = Vec::with_capacity(moves.len());
    let mut error = None;
    for (i, sm) in moves.iter().enumerate() {
        let ply = i as u32 + 1;
        let side = pos.to_move();
        // The legal moves are listed only when asked for (outcome() generates them anyway).
        let legal = if keep_legal { pos.legal_moves().to_vec() } else { Vec::new() };
        let over = pos.outcome().is_some();
        let checked = if over { Err(IllegalMove::GameOver) } else { pos.check_move(sm.mv).map(|_| ()) };
        if let Err(e) = checked {
            error = Some(ReplayError::Illegal { line: sm.line, ply, side, mv: sm.mv, error: e });
            break;
        }
        let report = pos.play_unchecked(sm.mv);
        let actual = Annotation::of(&report);
        let mark_wrong = sm.attack_mark.is_some_and(|x| x != actual.is_some());
        let note_wrong = sm.annotation.is_some() && sm.annotation != actual;
        if mark_wrong || note_wrong {
            let written = match (sm.annotation, sm.attack_mark) {
                (Some(a), _) => format!("the battle {a}"),
                (None, Some(true)) => "an attack ('x')".to_string(),
                (None, _) => "a move to an empty square ('-')".to_string(),
            };
            pos.undo();
            error = Some(ReplayError::Annotation {
                line: sm.line,
                ply,
                side,
                mv: sm.mv,
                written,
                actual: describe(actual),
            });
            break;
        }
        plies.push(PlyInfo { ply, side, report, legal_before: legal });
    }
    let outcome = pos.outcome();
    (Replay { position: pos, plies, outcome }, error)
}

/// Whether an outcome is reached by the rules alone (so the engine must reach it too), as
/// opposed to a player's decision (resignation, agreed draw, forfeit).
pub fn by_rules(o: &Outcome) -> bool {
    match o {
        Outcome::Win { reason, .. } => {
            matches!(reason, WinReason::FlagCaptured | WinReason::NoLegalMove | WinReason::NoMovablePieces)
        }
        Outcome::Draw { reason } => !matches!(reason, crate::rules::DrawReason::Agreed),
    }
}

/// How a recorded result compares with the engine's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// The file records no result.
    NoRecord,
    /// They agree.
    Agree,
    /// They disagree; the text says how.
    Disagree(String),
}

/// Compares a recorded result with the engine's verdict after the last ply. A result by the
/// rules must be the engine's (a side without legal moves and a side without movable pieces
/// count as the same "could not move"); a player's decision (resignation, agreed draw,
/// forfeit) agrees when the game had not ended by the rules.
pub fn compare_outcome(recorded: Option<Outcome>, engine: Option<Outcome>) -> Agreement {
    let Some(rec) = recorded else { return Agreement::NoRecord };
    let norm = |o: Outcome| match o {
        Outcome::Win { winner, reason: WinReason::NoMovablePieces } => {
            Outcome::Win { winner, reason: WinReason::NoLegalMove }
        }
        o => o,
    };
    if by_rules(&rec) {
        match engine {
            Some(e) if norm(e) == norm(rec) => Agreement::Agree,
            Some(e) => Agreement::Disagree(format!("the file records \"{rec}\", the engine finds \"{e}\"")),
            None => Agreement::Disagree(format!("the file records \"{rec}\", but by the rules the game goes on")),
        }
    } else {
        match engine {
            None => Agreement::Agree,
            Some(e) => Agreement::Disagree(format!(
                "the file records \"{rec}\", but the game had already ended by the rules: \"{e}\""
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_round_trip() {
        for a in PieceKind::ALL {
            for d in PieceKind::ALL {
                let n = Annotation { attacker: a, defender: d, result: crate::rules::battle(a, d) };
                assert_eq!(Annotation::parse(&n.to_string()), Some(n));
            }
        }
        assert_eq!(Annotation::parse("major>captain").map(|a| a.result), Some(Battle::AttackerWins));
        for bad in ["", ">", "Major>", "Majr>Captain", "Major-Captain"] {
            assert_eq!(Annotation::parse(bad), None, "{bad}");
        }
    }
}
