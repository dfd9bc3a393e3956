//! The engine's own game record: tags, then numbered moves with their battles.
//! The format is described for users in `docs/record-format.md`.
//!
//! ```text
//! [Event "Casual game"]
//! [Date "2026.11.21"]
//! [Red "Alice"]
//! [Blue "negamax"]
//! [Variant "classic"]
//! [TwoSquares "3"]
//! [MoreSquares "on"]
//! [ScoutStrike "on"]
//! [MaxPlies "2000"]
//! [MaxPliesWithoutAttack "200"]
//! [RedSetup "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB"]
//! [BlueSetup "GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG"]
//! [Result "0-1"]
//! [Reason "resignation"]
//!
//! 1. b4-b5 i7-i6
//! 2. b5xb7 Scout<Sergeant j7-j6
//! 3. e4-e5 f7-f6
//! 0-1
//! ```
//!
//! Invariants: [`GameRecord::read`] never panics; every error names the line (and the ply,
//! for moves); reading replays every move through the engine and checks each written battle
//! against the engine's; `GameRecord::read(&r.write()?)? == r` for every record `r` whose
//! moves are legal.

use super::field::{FieldError, field_position};
use super::replay::{Annotation, Replay, ReplayError, SourceMove, replay};
use crate::rules::{
    DrawReason, Game, Move, Outcome, Position, Rules, Setup, SetupError, Side, Square, Variant, WinReason,
};
use std::fmt::Write as _;

/// Where a recorded game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordStart {
    /// A normal game: both setups, Red to move.
    Setups {
        /// Red's setup.
        red: Setup,
        /// Blue's setup.
        blue: Setup,
    },
    /// Any position (studies, partial armies): a Gravon field and the side to move.
    Field {
        /// The 100-letter field.
        field: String,
        /// Who moves first.
        to_move: Side,
    },
}

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// `Event` tag.
    pub event: Option<String>,
    /// `Date` tag (free text; `YYYY.MM.DD` suggested).
    pub date: Option<String>,
    /// `Red` tag: Red's player.
    pub red_player: Option<String>,
    /// `Blue` tag: Blue's player.
    pub blue_player: Option<String>,
    /// The rule switches.
    pub rules: Rules,
    /// The start.
    pub start: RecordStart,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// How the game ended (`None`: unfinished).
    pub result: Option<Outcome>,
    /// Other tags, kept in order.
    pub extra_tags: Vec<(String, String)>,
}

/// A record read but not yet replayed: what the file says, with lines.
#[derive(Clone, Debug)]
pub struct ParsedRecord {
    /// The record (moves included).
    pub record: GameRecord,
    /// The moves with their lines and written battles.
    pub source_moves: Vec<SourceMove>,
}

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A syntax or content error at a line.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A move the engine refuses or whose written battle is wrong.
    #[error("{0}")]
    Replay(#[from] ReplayError),
}

fn syntax(line: usize, message: impl Into<String>) -> RecordError {
    RecordError::Syntax { line, message: message.into() }
}

/// The `Result` tag value of an outcome.
pub(crate) fn result_text(o: Option<&Outcome>) -> &'static str {
    match o {
        None => "*",
        Some(Outcome::Win { winner: Side::Red, .. }) => "1-0",
        Some(Outcome::Win { winner: Side::Blue, .. }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
    }
}

/// The `Reason` tag value of an outcome.
pub(crate) fn reason_text(o: &Outcome) -> &'static str {
    match o {
        Outcome::Win { reason, .. } => match reason {
            WinReason::FlagCaptured => "flag captured",
            WinReason::NoMovablePieces => "no movable pieces",
            WinReason::NoLegalMove => "no legal move",
            WinReason::Resignation => "resignation",
            WinReason::Forfeit => "forfeit",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::NeitherCanMove => "neither can move",
            DrawReason::Agreed => "agreed",
            DrawReason::MovesLimit => "move limit",
            DrawReason::NoAttackLimit => "no-attack limit",
        },
    }
}

fn parse_outcome(result: &str, reason: Option<&str>, line: usize) -> Result<Option<Outcome>, RecordError> {
    let winner = match result {
        "*" => {
            return match reason {
                None => Ok(None),
                Some(_) => Err(syntax(line, "a Reason is given but the Result is '*' (unfinished)")),
            };
        }
        "1-0" => Some(Side::Red),
        "0-1" => Some(Side::Blue),
        "1/2-1/2" => None,
        r => return Err(syntax(line, format!("Result '{r}': expected 1-0, 0-1, 1/2-1/2 or *"))),
    };
    let Some(reason) = reason else {
        return Err(syntax(line, format!("Result '{result}' needs a Reason tag")));
    };
    let win = |r| winner.map(|winner| Outcome::Win { winner, reason: r });
    let draw = |r| if winner.is_none() { Some(Outcome::Draw { reason: r }) } else { None };
    let o = match reason {
        "flag captured" => win(WinReason::FlagCaptured),
        "no movable pieces" => win(WinReason::NoMovablePieces),
        "no legal move" => win(WinReason::NoLegalMove),
        "resignation" => win(WinReason::Resignation),
        "forfeit" => win(WinReason::Forfeit),
        "neither can move" => draw(DrawReason::NeitherCanMove),
        "agreed" => draw(DrawReason::Agreed),
        "move limit" => draw(DrawReason::MovesLimit),
        "no-attack limit" => draw(DrawReason::NoAttackLimit),
        r => {
            return Err(syntax(
                line,
                format!(
                    "Reason '{r}': expected flag captured, no movable pieces, no legal move, resignation, forfeit, \
                     neither can move, agreed, move limit or no-attack limit"
                ),
            ));
        }
    };
    o.map(Some).ok_or_else(|| syntax(line, format!("Result '{result}' does not go with Reason '{reason}'")))
}

fn on_off(v: &str, tag: &str, line: usize) -> Result<bool, RecordError> {
    match v {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(syntax(line, format!("{tag} '{v}': expected on or off"))),
    }
}

fn limit<T: std::str::FromStr>(v: &str, tag: &str, line: usize) -> Result<Option<T>, RecordError> {
    if v == "off" {
        return Ok(None);
    }
    v.parse().map(Some).map_err(|_| syntax(line, format!("{tag} '{v}': expected a number or off")))
}

fn show_limit<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "off".to_string(), |n| n.to_string())
}

fn quote(v: &str) -> String {
    let mut s = String::with_capacity(v.len() + 2);
    s.push('"');
    for c in v.chars() {
        match c {
            '"' | '\\' => {
                s.push('\\');
                s.push(c);
            }
            // Tags are one line each: line breaks in a value are written as spaces.
            '\n' | '\r' => s.push(' '),
            _ => s.push(c),
        }
    }
    s.push('"');
    s
}

/// Reads `[Name "value"]`.
fn parse_tag(text: &str, line: usize) -> Result<(String, String), RecordError> {
    let bad = || syntax(line, format!("'{text}' is not a tag: expected [Name \"value\"]"));
    let inner = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')).ok_or_else(bad)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let rest = rest.trim();
    let body = rest.strip_prefix('"').and_then(|t| t.strip_suffix('"')).ok_or_else(bad)?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('"' | '\\')) => value.push(e),
                _ => return Err(syntax(line, format!("tag {name}: a backslash must be followed by \" or \\"))),
            },
            '"' => return Err(syntax(line, format!("tag {name}: a quote inside the value must be written \\\""))),
            _ => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

fn move_number(ply: usize, first: Side) -> usize {
    match first {
        Side::Red => ply / 2 + 1,
        Side::Blue => ply.div_ceil(2) + 1,
    }
}

impl GameRecord {
    /// A record of a finished or unfinished game between two setups (the game's moves are
    /// taken from its position's history).
    pub fn from_game(game: &Game, red: &Setup, blue: &Setup) -> GameRecord {
        GameRecord {
            event: None,
            date: None,
            red_player: None,
            blue_player: None,
            rules: *game.rules(),
            start: RecordStart::Setups { red: *red, blue: *blue },
            moves: game.position().history().iter().map(|p| p.report.mv()).collect(),
            result: game.outcome(),
            extra_tags: Vec::new(),
        }
    }

    /// The start position.
    pub fn start_position(&self) -> Result<Position, FieldError> {
        match &self.start {
            RecordStart::Setups { red, blue } => Ok(Position::new(self.rules, red, blue)),
            RecordStart::Field { field, to_move } => field_position(field, self.rules, *to_move),
        }
    }

    /// Replays the moves (no written battles to check: the record holds none).
    pub fn replay(&self, keep_legal: bool) -> Result<Replay, RecordError> {
        let start = self.start_position().map_err(|e| syntax(0, e.to_string()))?;
        let moves: Vec<SourceMove> = self.moves.iter().map(|&mv| SourceMove::plain(mv, 0)).collect();
        Ok(replay(start, &moves, keep_legal)?)
    }

    /// The text of the record. Fails if a move is illegal (the battles are computed by
    /// replaying the moves).
    pub fn write(&self) -> Result<String, RecordError> {
        let rp = self.replay(false)?;
        let mut s = String::new();
        let mut tag = |name: &str, value: &str| {
            let _ = writeln!(s, "[{name} {}]", quote(value));
        };
        if let Some(v) = &self.event {
            tag("Event", v);
        }
        if let Some(v) = &self.date {
            tag("Date", v);
        }
        if let Some(v) = &self.red_player {
            tag("Red", v);
        }
        if let Some(v) = &self.blue_player {
            tag("Blue", v);
        }
        let r = &self.rules;
        tag("Variant", r.variant.name());
        tag("TwoSquares", &show_limit(r.two_square_limit));
        tag("MoreSquares", if r.more_squares_rule { "on" } else { "off" });
        tag("ScoutStrike", if r.scout_move_and_strike { "on" } else { "off" });
        tag("MaxPlies", &show_limit(r.max_plies));
        tag("MaxPliesWithoutAttack", &show_limit(r.max_plies_without_attack));
        let first = match &self.start {
            RecordStart::Setups { red, blue } => {
                tag("RedSetup", &red.to_letters());
                tag("BlueSetup", &blue.to_letters());
                Side::Red
            }
            RecordStart::Field { field, to_move } => {
                tag("Field", field);
                tag("ToMove", to_move.name());
                *to_move
            }
        };
        for (k, v) in &self.extra_tags {
            tag(k, v);
        }
        tag("Result", result_text(self.result.as_ref()));
        if let Some(o) = &self.result {
            tag("Reason", reason_text(o));
        }
        s.push('\n');
        let mut line = String::new();
        for (i, p) in rp.plies.iter().enumerate() {
            let side = p.side;
            if i == 0 && side == Side::Blue {
                let _ = write!(line, "{}... ", move_number(i, first));
            } else if side == Side::Red {
                let _ = write!(line, "{}. ", move_number(i, first));
            }
            let r = &p.report;
            match Annotation::of(r) {
                Some(a) => {
                    let _ = write!(line, "{}x{} {a} ", r.from, r.to);
                }
                None => {
                    let _ = write!(line, "{}-{} ", r.from, r.to);
                }
            }
            // One full move (Red then Blue) a line.
            if side == Side::Blue {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
        }
        if !line.is_empty() {
            s.push_str(line.trim_end());
            s.push('\n');
        }
        s.push_str(result_text(self.result.as_ref()));
        s.push('\n');
        Ok(s)
    }

    /// Reads a record and replays it, checking every move and written battle.
    ///
    /// ```
    /// use stratagem::rules::notation::GameRecord;
    /// let text = "[RedSetup \"IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB\"]
    /// [BlueSetup \"GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG\"]
    ///
    /// 1. b4-b5 i7-i6
    /// 2. b5xb7 Scout<Sergeant j7-j6
    /// *";
    /// let record = GameRecord::read(text).unwrap();
    /// assert_eq!(record.moves.len(), 4);
    /// let wrong = text.replace("Scout<Sergeant", "Scout>Sergeant");
    /// let e = GameRecord::read(&wrong).unwrap_err().to_string();
    /// assert!(e.starts_with("line 5, ply 3 (Red b5-b7): the record says the battle Scout>Sergeant"), "{e}");
    /// ```
    pub fn read(text: &str) -> Result<GameRecord, RecordError> {
        let parsed = GameRecord::parse(text)?;
        let start = parsed.record.start_position().map_err(|e| syntax(0, e.to_string()))?;
        replay(start, &parsed.source_moves, false)?;
        Ok(parsed.record)
    }

    /// Reads a record without replaying it (syntax, tags, setups and the start position are
    /// checked; moves and battles are checked by [`replay`]).
    pub fn parse(text: &str) -> Result<ParsedRecord, RecordError> {
        // A byte-order mark (files saved on Windows) is not part of the record.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut tags: Vec<(String, String, usize)> = Vec::new();
        let mut tokens: Vec<(String, usize)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            // `;` starts a comment to the end of the line (never inside a tag value).
            let content = if raw.trim_start().starts_with('[') { raw } else { raw.split(';').next().unwrap_or("") };
            let t = content.trim();
            if t.is_empty() {
                continue;
            }
            if t.starts_with('[') {
                if !tokens.is_empty() {
                    return Err(syntax(line, "a tag after the moves: tags come first"));
                }
                let (name, value) = parse_tag(t, line)?;
                if tags.iter().any(|(n, _, _)| *n == name) {
                    return Err(syntax(line, format!("tag {name} is given twice")));
                }
                tags.push((name, value, line));
            } else {
                tokens.extend(t.split_whitespace().map(|w| (w.to_string(), line)));
            }
        }
        let get = |name: &str| tags.iter().find(|(n, _, _)| n == name).map(|(_, v, l)| (v.as_str(), *l));

        let mut rules = Rules::default();
        if let Some((v, l)) = get("Variant") {
            rules.variant = v.parse::<Variant>().map_err(|e| syntax(l, e))?;
        }
        if let Some((v, l)) = get("TwoSquares") {
            rules.two_square_limit = limit(v, "TwoSquares", l)?;
            if rules.two_square_limit == Some(0) {
                return Err(syntax(l, "TwoSquares '0': write off to switch the rule off"));
            }
        }
        if let Some((v, l)) = get("MoreSquares") {
            rules.more_squares_rule = on_off(v, "MoreSquares", l)?;
        }
        if let Some((v, l)) = get("ScoutStrike") {
            rules.scout_move_and_strike = on_off(v, "ScoutStrike", l)?;
        }
        if let Some((v, l)) = get("MaxPlies") {
            rules.max_plies = limit(v, "MaxPlies", l)?;
        }
        if let Some((v, l)) = get("MaxPliesWithoutAttack") {
            rules.max_plies_without_attack = limit(v, "MaxPliesWithoutAttack", l)?;
        }

        let setup = |name: &str, side: Side| -> Result<Option<Setup>, RecordError> {
            let Some((v, l)) = get(name) else { return Ok(None) };
            let s = Setup::parse(v)
                .and_then(|s| s.check(rules.variant).map(|_| s))
                .map_err(|e: SetupError| syntax(l, format!("{side}'s setup: {e}")))?;
            Ok(Some(s))
        };
        let red = setup("RedSetup", Side::Red)?;
        let blue = setup("BlueSetup", Side::Blue)?;
        let start = match (red, blue, get("Field")) {
            (Some(red), Some(blue), None) => {
                if let Some((_, l)) = get("ToMove") {
                    return Err(syntax(l, "ToMove goes with Field only: a game from setups starts with Red"));
                }
                RecordStart::Setups { red, blue }
            }
            (None, None, Some((f, l))) => {
                let to_move = match get("ToMove") {
                    None => Side::Red,
                    Some(("Red", _)) => Side::Red,
                    Some(("Blue", _)) => Side::Blue,
                    Some((v, l)) => return Err(syntax(l, format!("ToMove '{v}': expected Red or Blue"))),
                };
                // Building the position checks the letters, the lakes and the piece counts.
                field_position(f, rules, to_move).map_err(|e| syntax(l, format!("Field: {e}")))?;
                RecordStart::Field { field: f.to_string(), to_move }
            }
            (_, _, Some((_, l))) => return Err(syntax(l, "give either Field or RedSetup and BlueSetup, not both")),
            (Some(_), None, None) => return Err(syntax(1, "RedSetup is given but BlueSetup is missing")),
            (None, Some(_), None) => return Err(syntax(1, "BlueSetup is given but RedSetup is missing")),
            (None, None, None) => return Err(syntax(1, "no start: give RedSetup and BlueSetup (or Field)")),
        };
        let first = match &start {
            RecordStart::Setups { .. } => Side::Red,
            RecordStart::Field { to_move, .. } => *to_move,
        };
        let (result_value, result_line) = get("Result").unwrap_or(("*", 1));
        let result = parse_outcome(result_value, get("Reason").map(|(v, _)| v), result_line)?;

        const KNOWN: [&str; 15] = [
            "Event",
            "Date",
            "Red",
            "Blue",
            "Variant",
            "TwoSquares",
            "MoreSquares",
            "ScoutStrike",
            "MaxPlies",
            "MaxPliesWithoutAttack",
            "RedSetup",
            "BlueSetup",
            "Field",
            "ToMove",
            "Result",
        ];
        let extra_tags = tags
            .iter()
            .filter(|(n, _, _)| !KNOWN.contains(&n.as_str()) && n != "Reason")
            .map(|(n, v, _)| (n.clone(), v.clone()))
            .collect();

        // Movetext.
        let mut source_moves: Vec<SourceMove> = Vec::new();
        let mut end: Option<(String, usize)> = None;
        let mut i = 0;
        while i < tokens.len() {
            let (tok, line) = (&tokens[i].0, tokens[i].1);
            i += 1;
            if let Some((t, l)) = &end {
                return Err(syntax(
                    line,
                    format!("'{tok}' after the result '{t}' (line {l}): the result ends the moves"),
                ));
            }
            let ply = source_moves.len();
            if matches!(tok.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                if tok != result_value {
                    return Err(syntax(
                        line,
                        format!("the moves end with '{tok}' but the Result tag says '{result_value}'"),
                    ));
                }
                end = Some((tok.clone(), line));
                continue;
            }
            if let Some(num) = tok.strip_suffix("...").or_else(|| tok.strip_suffix('.')) {
                let dots = tok.len() - num.len();
                let n: usize = num.parse().map_err(|_| syntax(line, format!("'{tok}' is not a move number")))?;
                let want = move_number(ply, first);
                let side = if ply.is_multiple_of(2) { first } else { first.opponent() };
                if n != want {
                    return Err(syntax(line, format!("move number {n}: expected {want} (ply {})", ply + 1)));
                }
                if (dots == 3) != (side == Side::Blue) {
                    return Err(syntax(
                        line,
                        format!(
                            "'{tok}': {side} is to move; write '{want}.' before Red's move, '{want}...' before Blue's"
                        ),
                    ));
                }
                continue;
            }
            let attack = if tok.contains('x') {
                true
            } else if tok.contains('-') {
                false
            } else {
                return Err(syntax(line, format!("ply {}: '{tok}' is not a move: expected e4-e5 or e4xe5", ply + 1)));
            };
            let (a, b) = tok.split_once(['x', '-']).unwrap_or((tok, ""));
            let (from, to) = match (Square::parse(a), Square::parse(b)) {
                (Ok(f), Ok(t)) => (f, t),
                _ => {
                    return Err(syntax(
                        line,
                        format!("ply {}: '{tok}' is not a move: expected two squares like e4-e5 or e4xe5", ply + 1),
                    ));
                }
            };
            let mut annotation = None;
            if let Some((next, nl)) = tokens.get(i)
                && next.starts_with(|c: char| c.is_ascii_uppercase())
                && next.contains(['>', '<', '='])
            {
                annotation = Some(Annotation::parse(next).ok_or_else(|| {
                    syntax(
                        *nl,
                        format!(
                            "ply {}: '{next}' is not a battle: expected e.g. Major>Captain, Scout<Bomb, Major=Major",
                            ply + 1
                        ),
                    )
                })?);
                if !attack {
                    return Err(syntax(
                        *nl,
                        format!("ply {}: a battle written after a move marked '-' (write {a}x{b})", ply + 1),
                    ));
                }
                i += 1;
            }
            source_moves.push(SourceMove { mv: Move::new(from, to), line, attack_mark: Some(attack), annotation });
        }
        if end.is_none() && result.is_some() {
            let last = tokens.last().map_or(1, |t| t.1);
            return Err(syntax(last, format!("the moves must end with the result '{result_value}'")));
        }
        let record = GameRecord {
            event: get("Event").map(|(v, _)| v.to_string()),
            date: get("Date").map(|(v, _)| v.to_string()),
            red_player: get("Red").map(|(v, _)| v.to_string()),
            blue_player: get("Blue").map(|(v, _)| v.to_string()),
            rules,
            start,
            moves: source_moves.iter().map(|m| m.mv).collect(),
            result,
            extra_tags,
        };
        Ok(ParsedRecord { record, source_moves })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";
    const BLUE: &str = "GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG";

    fn game(moves: &[&str]) -> GameRecord {
        let (red, blue) = (Setup::parse(RED).unwrap(), Setup::parse(BLUE).unwrap());
        let mut g = Game::new(Rules::default(), &red, &blue).unwrap();
        for m in moves {
            g.play(Move::parse(m).unwrap()).unwrap();
        }
        GameRecord::from_game(&g, &red, &blue)
    }

    #[test]
    fn write_read_round_trip() {
        let mut r = game(&["b4-b5", "i7-i6", "b5-b6"]);
        r.red_player = Some("Al \"the\" Red".into());
        r.result = Some(Outcome::Win { winner: Side::Blue, reason: WinReason::Resignation });
        let text = r.write().unwrap();
        assert!(text.contains("1. b4-b5 i7-i6\n2. b5-b6\n0-1\n"), "{text}");
        assert_eq!(GameRecord::read(&text).unwrap(), r);
    }

    #[test]
    fn wrong_battle_is_refused_with_its_ply() {
        let r = game(&["b4-b5", "i7-i6"]);
        let text = r.write().unwrap().replace("2. b5-b6", "");
        let text = text.replace("*\n", "2. b5xb6 Scout>Bomb\n*\n");
        let e = GameRecord::read(&text).unwrap_err().to_string();
        assert!(e.contains("ply 3") && e.contains("Scout>Bomb"), "{e}");
    }
}
