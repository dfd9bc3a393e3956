//! Gravon XML game files: read and write.
//!
//! The form (as written by Gravon's StraDoS2 archive and by the public converters of its
//! older `.gsn` files):
//!
//! ```xml
//! <?xml version="1.0" encoding="UTF-8"?>
//! <stratego>
//!  <game type="classic">
//!   <field content="...100 letters..."/>
//!   <move id="1" source="I4" target="I5"/>
//!   <player id="1">name of Red</player>
//!   <player id="2">name of Blue</player>
//!   <result type="1" winner="2"/>
//!  </game>
//! </stratego>
//! ```
//!
//! Squares: columns `A B C D E F G H I K` (no `J`; a stray `J` is read as `K`, a known
//! slip in some archived files), rows `1`..`9` and `:` for row 10. The first `<player>` is
//! Red (the side of the field's first 40 letters, who moves first); `winner` 1 is Red,
//! 2 Blue, 3 a draw. Result types: 0 a side could not move, 1 flag captured, 2 neither could
//! move, 3 resignation, 4 draw agreed, 10 both missing, 11 a player's clock ran out, 12 the
//! game clock ran out, 13 a player's clock ran out and the player was missing, 14 opponent
//! missing. Battles are not recorded: they follow from the field. (These meanings are those
//! used by the public analyses of the whole archive, e.g. rhalbersma/gravon, whose readers take
//! `winner - 1` as 0 red, 1 blue, 2 draw, and the first player as Red.)
//!
//! Invariants: reading never panics; every error names the line; `read(write(g)) == g`
//! for every game `g` read or built (line numbers are not part of the game).

use super::field::{FieldError, parse_field};
use super::replay::SourceMove;
use crate::rules::{DrawReason, Move, Outcome, Side, Square, WinReason};
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

/// A Gravon result: the raw numbers as written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GravonResult {
    /// The `type` attribute.
    pub kind: u32,
    /// The `winner` attribute: 1 Red, 2 Blue, 3 a draw (0 or missing: none given).
    pub winner: u32,
}

impl GravonResult {
    /// The winner, if the number names one.
    pub(crate) fn winner_side(&self) -> Option<Side> {
        match self.winner {
            1 => Some(Side::Red),
            2 => Some(Side::Blue),
            _ => None,
        }
    }

    /// Gravon's name of a result type.
    pub(crate) fn ending_name(kind: u32) -> &'static str {
        match kind {
            0 => "a side could not move",
            1 => "flag captured",
            2 => "neither side could move",
            3 => "resignation",
            4 => "draw agreed",
            10 => "both players missing",
            11 => "a player's clock ran out",
            12 => "the game clock ran out",
            13 => "a player's clock ran out (player missing)",
            14 => "opponent missing",
            _ => "unknown",
        }
    }

    /// The outcome this result stands for. Results by time or absence (10-14) are
    /// forfeits when they name a winner and agreed draws otherwise (neither is decided by
    /// the rules on the board, which is all a replay can check).
    pub fn outcome(&self) -> Result<Outcome, String> {
        let win = |reason| match self.winner_side() {
            Some(winner) => Ok(Outcome::Win { winner, reason }),
            None => Err(format!(
                "result type {} ({}) needs a winner 1 (Red) or 2 (Blue), found {}",
                self.kind,
                Self::ending_name(self.kind),
                self.winner
            )),
        };
        match self.kind {
            0 => win(WinReason::NoLegalMove),
            1 => win(WinReason::FlagCaptured),
            2 => Ok(Outcome::Draw { reason: DrawReason::NeitherCanMove }),
            3 => win(WinReason::Resignation),
            4 => Ok(Outcome::Draw { reason: DrawReason::Agreed }),
            10..=14 => match self.winner_side() {
                Some(_) => win(WinReason::Forfeit),
                None => Ok(Outcome::Draw { reason: DrawReason::Agreed }),
            },
            k => Err(format!("unknown result type {k} (known: 0-4, 10-14)")),
        }
    }

    /// Words for the result as Gravon records it: "type 1 (flag captured), winner Red".
    pub fn describe(&self) -> String {
        let who = match self.winner {
            1 => "winner Red".to_string(),
            2 => "winner Blue".to_string(),
            3 => "a draw".to_string(),
            w => format!("winner {w}"),
        };
        format!("type {} ({}), {who}", self.kind, Self::ending_name(self.kind))
    }

    /// The Gravon result of an outcome.
    pub fn from_outcome(o: &Outcome) -> GravonResult {
        let w = |s: Side| if s == Side::Red { 1 } else { 2 };
        match *o {
            Outcome::Win { winner, reason } => GravonResult {
                kind: match reason {
                    WinReason::FlagCaptured => 1,
                    WinReason::NoLegalMove | WinReason::NoMovablePieces => 0,
                    WinReason::Resignation => 3,
                    WinReason::Forfeit => 10,
                },
                winner: w(winner),
            },
            Outcome::Draw { reason } => GravonResult {
                kind: match reason {
                    DrawReason::NeitherCanMove => 2,
                    // Gravon has no automatic draw limits: the nearest is an agreed draw.
                    DrawReason::Agreed | DrawReason::MovesLimit | DrawReason::NoAttackLimit => 4,
                },
                winner: 3,
            },
        }
    }
}

/// One Gravon game file.
#[derive(Clone, Debug)]
pub struct GravonGame {
    /// The `type` attribute of `<game>` (`classic`, `barrage`, ...), if any.
    pub game_type: Option<String>,
    /// The 100-letter field (checked), if the file has one.
    pub field: Option<String>,
    /// The moves in file order, with their `id` attributes.
    pub moves: Vec<(u32, Move)>,
    /// `(id, name)` of each `<player>`, in file order.
    pub players: Vec<(String, String)>,
    /// The result, if recorded.
    pub result: Option<GravonResult>,
    /// 1-based line of each move (not part of equality).
    pub move_lines: Vec<usize>,
    /// 1-based line of the field (not part of equality).
    pub field_line: usize,
}

impl PartialEq for GravonGame {
    fn eq(&self, o: &Self) -> bool {
        self.game_type == o.game_type
            && self.field == o.field
            && self.moves == o.moves
            && self.players == o.players
            && self.result == o.result
    }
}

/// Why a Gravon file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct GravonError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a Gravon square name (`A1`, `I4`, `K:`; case-insensitive; `10` also accepted for `:`).
pub fn parse_square(text: &str) -> Option<Square> {
    let mut chars = text.chars();
    let c = chars.next()?.to_ascii_uppercase();
    let col = match c {
        'A'..='I' => c as u8 - b'A',
        'J' | 'K' => 9,
        _ => return None,
    };
    let row = match chars.as_str() {
        ":" | "10" => 9,
        r if r.len() == 1 && matches!(r.as_bytes()[0], b'1'..=b'9') => r.as_bytes()[0] - b'1',
        _ => return None,
    };
    Square::new(col, row)
}

/// The Gravon name of a square.
pub fn format_square(sq: Square) -> String {
    let col = b"ABCDEFGHIK"[sq.col() as usize] as char;
    let row = if sq.row() == 9 { ':' } else { (b'1' + sq.row()) as char };
    format!("{col}{row}")
}

fn line_of(text: &str, byte: usize) -> usize {
    let end = byte.min(text.len());
    text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
}

fn attr(e: &BytesStart<'_>, name: &str, line: usize) -> Result<Option<String>, GravonError> {
    for a in e.attributes() {
        let a = a.map_err(|err| GravonError { line, message: format!("bad attribute: {err}") })?;
        if a.key.as_ref() == name.as_bytes() {
            let v = a
                .unescape_value()
                .map_err(|err| GravonError { line, message: format!("bad value of '{name}': {err}") })?;
            return Ok(Some(v.into_owned()));
        }
    }
    Ok(None)
}

fn need(e: &BytesStart<'_>, elem: &str, name: &str, line: usize) -> Result<String, GravonError> {
    attr(e, name, line)?.ok_or_else(|| GravonError { line, message: format!("<{elem}> has no '{name}' attribute") })
}

fn number(v: &str, what: &str, line: usize) -> Result<u32, GravonError> {
    v.trim().parse().map_err(|_| GravonError { line, message: format!("{what} '{v}' is not a number") })
}

impl GravonGame {
    /// Reads a Gravon XML file. Unknown elements are skipped.
    pub fn read(text: &str) -> Result<GravonGame, GravonError> {
        // A byte-order mark (files saved on Windows) is not part of the XML.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut reader = Reader::from_str(text);
        let mut g = GravonGame {
            game_type: None,
            field: None,
            moves: Vec::new(),
            players: Vec::new(),
            result: None,
            move_lines: Vec::new(),
            field_line: 0,
        };
        let mut saw_root = false;
        // The player whose name is being read: (id, name so far).
        let mut player: Option<(String, String)> = None;
        loop {
            let start = reader.buffer_position() as usize;
            let ev = reader.read_event().map_err(|err| GravonError {
                line: line_of(text, reader.error_position() as usize),
                message: format!("not well-formed XML: {err}"),
            })?;
            // The line of the event's first non-blank character.
            let skip = text.get(start..).map_or(0, |s| s.len() - s.trim_start().len());
            let line = line_of(text, start + skip);
            match ev {
                Event::Eof => break,
                Event::Start(e) => {
                    saw_root = true;
                    g.element(&e, true, line, &mut player)?;
                }
                Event::Empty(e) => {
                    saw_root = true;
                    g.element(&e, false, line, &mut player)?;
                }
                Event::Text(t) => {
                    if let Some((_, name)) = player.as_mut() {
                        let s = t.decode().map_err(|err| GravonError { line, message: format!("bad text: {err}") })?;
                        name.push_str(&s);
                    }
                }
                Event::CData(t) => {
                    if let Some((_, name)) = player.as_mut() {
                        name.push_str(&String::from_utf8_lossy(&t));
                    }
                }
                Event::GeneralRef(r) => {
                    if let Some((_, name)) = player.as_mut() {
                        let raw = format!("&{};", String::from_utf8_lossy(&r));
                        let s = quick_xml::escape::unescape(&raw)
                            .map_err(|err| GravonError { line, message: format!("bad entity {raw}: {err}") })?;
                        name.push_str(&s);
                    }
                }
                Event::End(e) => {
                    if e.name().as_ref() == b"player"
                        && let Some((id, name)) = player.take()
                    {
                        g.players.push((id, name.trim().to_string()));
                    }
                }
                _ => {}
            }
        }
        if !saw_root {
            return Err(GravonError { line: 1, message: "no XML elements: not a Gravon game file".into() });
        }
        Ok(g)
    }

    /// Takes in one opening or empty element.
    fn element(
        &mut self,
        e: &BytesStart<'_>,
        is_start: bool,
        line: usize,
        player: &mut Option<(String, String)>,
    ) -> Result<(), GravonError> {
        let err = |message: String| GravonError { line, message };
        match e.name().as_ref() {
            b"game" => self.game_type = attr(e, "type", line)?,
            b"field" => {
                if self.field.is_some() {
                    return Err(err("a second <field>".into()));
                }
                let content = need(e, "field", "content", line)?;
                parse_field(&content).map_err(|fe: FieldError| err(format!("field: {fe}")))?;
                self.field = Some(content.trim().to_string());
                self.field_line = line;
            }
            b"move" => {
                let id = number(&need(e, "move", "id", line)?, "move id", line)?;
                let sq = |name: &str| -> Result<Square, GravonError> {
                    let v = need(e, "move", name, line)?;
                    parse_square(&v).ok_or_else(|| {
                        err(format!(
                            "move {id}: {name} '{v}' is not a Gravon square (columns A-I and K, rows 1-9 and ':')"
                        ))
                    })
                };
                let mv = Move::new(sq("source")?, sq("target")?);
                self.moves.push((id, mv));
                self.move_lines.push(line);
            }
            b"player" => {
                let id = attr(e, "id", line)?.unwrap_or_default();
                if is_start {
                    *player = Some((id, String::new()));
                } else {
                    self.players.push((id, String::new()));
                }
            }
            b"result" => {
                if self.result.is_some() {
                    return Err(err("a second <result>".into()));
                }
                let kind = number(&need(e, "result", "type", line)?, "result type", line)?;
                let winner = match attr(e, "winner", line)? {
                    Some(w) if !w.trim().is_empty() => number(&w, "winner", line)?,
                    _ => 0,
                };
                self.result = Some(GravonResult { kind, winner });
            }
            _ => {}
        }
        Ok(())
    }

    /// The moves as replay input (with their lines).
    pub fn source_moves(&self) -> Vec<SourceMove> {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, &(_, mv))| SourceMove::plain(mv, self.move_lines.get(i).copied().unwrap_or(0)))
            .collect()
    }

    /// The recorded outcome (`Ok(None)` if the file records none).
    pub fn recorded_outcome(&self) -> Result<Option<Outcome>, GravonError> {
        self.result.map(|r| r.outcome()).transpose().map_err(|message| GravonError { line: 0, message })
    }

    /// The name of `side`'s player: the `<player>` with id 1 (Red) or 2 (Blue), or else the
    /// first (Red) or second (Blue) `<player>` of the file.
    pub fn player(&self, side: Side) -> Option<&str> {
        let (id, nth) = if side == Side::Red { ("1", 0) } else { ("2", 1) };
        let by_id = self.players.iter().find(|(i, _)| i.trim() == id);
        by_id.or_else(|| self.players.get(nth)).map(|(_, n)| n.as_str())
    }

    /// The XML text (UTF-8, one element a line, as Gravon writes it).
    pub fn write(&self) -> String {
        use quick_xml::escape::escape;
        let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n");
        match &self.game_type {
            Some(t) => s.push_str(&format!(" <game type=\"{}\">\n", escape(t.as_str()))),
            None => s.push_str(" <game>\n"),
        }
        if let Some(f) = &self.field {
            s.push_str(&format!("  <field content=\"{}\"/>\n", escape(f.as_str())));
        }
        for (id, mv) in &self.moves {
            s.push_str(&format!(
                "  <move id=\"{id}\" source=\"{}\" target=\"{}\"/>\n",
                format_square(mv.from),
                format_square(mv.to)
            ));
        }
        for (id, name) in &self.players {
            s.push_str(&format!("  <player id=\"{}\">{}</player>\n", escape(id.as_str()), escape(name.as_str())));
        }
        if let Some(r) = &self.result {
            s.push_str(&format!("  <result type=\"{}\" winner=\"{}\"/>\n", r.kind, r.winner));
        }
        s.push_str(" </game>\n</stratego>\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares() {
        for sq in Square::all() {
            assert_eq!(parse_square(&format_square(sq)), Some(sq));
        }
        assert_eq!(format_square(Square::parse("j10").unwrap()), "K:");
        assert_eq!(format_square(Square::parse("i4").unwrap()), "I4");
        assert_eq!(parse_square("J4"), Square::parse("j4").ok());
        for bad in ["", "L1", "A0", "A;", "A11", "AA", "A"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
    }
}
