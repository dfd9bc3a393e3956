//! The 2012 UCC manager protocol (UCC Programming Competition 2012, Sam Moore's `stratego`
//! manager): a line-based protocol on standard input/output. This module is the protocol
//! logic, free of I/O and of the wall clock (the `stratagem ucc` command runs the loop).
//!
//! The conversation, as this bot sees it:
//! 1. `RED|BLUE <opponent> 10 10` -> four rows of ten characters, the setup, top row first.
//! 2. Each turn: `START` (Red's first turn) or the opponent's last move and its outcome, then
//!    ten board rows -> our move `X Y LEFT|RIGHT|UP|DOWN [N]`; the manager echoes it with the
//!    outcome. `QUIT [...]` may come instead of any line and ends the game.
//!
//! Pieces use the old numbering ([`PieceKind::old_symbol`]: `1` Marshal .. `9` Scout, `s` Spy,
//! `B` Bomb, `F` Flag); outcomes are `OK`, `ILLEGAL`, `KILLS a d`, `DIES a d`, `BOTHDIE a d`
//! (attacker's and defender's symbols) and `VICTORY_...` (the game ended).
//!
//! Coordinates (a decision, tested for both colours): UCC `x` 0-9 runs left to right and `y`
//! 0-9 top to bottom, and Red sits at the top. We map UCC `(x, y)` to the square in column
//! `x` (a..j) and row `y + 1`: Red's home rows 1-4 are UCC rows `y = 0..3` with Red's back
//! row (row 1) at the top, Blue's rows 7-10 are `y = 6..9`, and the lakes land on UCC
//! `(2,4) (3,4) (6,4) (7,4) (2,5) (3,5) (6,5) (7,5)` as in the manager. This is our board
//! mirrored top to bottom, which changes nothing in the rules (they have no handedness). So
//! UCC `UP` (towards `y = 0`) is our [`Direction::Down`] (towards row 1), and `DOWN` is our
//! `Up`.
//!
//! Rules: the manager applies no repetition rules and ends the game itself (turn limit), and a
//! side with no movable piece loses ([`ucc_rules`] is that: [`Rules::ucc`]). Our view accepts
//! every move the manager accepts from the opponent, but our own side keeps the ISF
//! two-squares and more-squares rules ([`Rules::ucc_player`]): without them our bots shuttle
//! one piece until the manager's turn limit. Only when those rules leave us no move but the
//! manager's rules do is a move outside them played (a forced move is better than a loss).
//! With no move at all (the last movable pieces walled in) we answer `SURRENDER`, the
//! protocol's resignation, and the manager answers `QUIT SURRENDER`. The manager's other rule
//! differences are in docs/ucc.md.
//!
//! Invariants: nothing here panics on any input line; every error names the line and what is
//! wrong; the view is only ever changed by reports that fit it.

use crate::ai::engine::{move_seed, think};
use crate::ai::{Bot, Budget, Clock, Progress, rng_from_seed};
use crate::rules::{
    Army, Battle, BattleReport, Direction, Move, MoveReport, PieceKind, PlayerView, Rules, Setup, Side, Square,
    Variant, ViewRecord, ViewStart,
};
use std::fmt;

/// Why the conversation cannot go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("UCC manager line {line} ('{text}'): {message}")]
pub struct UccError {
    /// 1-based number of the line received.
    pub line: usize,
    /// The line.
    pub text: String,
    /// What is wrong.
    pub message: String,
}

/// The rules a UCC game is played under: [`Rules::ucc`] (no repetition rules, no draw limits).
pub fn ucc_rules() -> Rules {
    Rules::ucc()
}

/// The square of UCC coordinates `(x, y)`, if on the board.
pub(crate) fn square_of(x: u8, y: u8) -> Option<Square> {
    Square::new(x, y)
}

/// The UCC coordinates `(x, y)` of a square.
pub(crate) fn coords_of(sq: Square) -> (u8, u8) {
    (sq.col(), sq.row())
}

/// A UCC direction word.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum UccDirection {
    /// Towards `y = 0` (Red's side).
    Up,
    /// Towards `y = 9` (Blue's side).
    Down,
    /// Towards `x = 0`.
    Left,
    /// Towards `x = 9`.
    Right,
}

impl UccDirection {
    /// Our board direction (see the module doc: UCC is our board mirrored top to bottom).
    pub fn direction(self) -> Direction {
        match self {
            UccDirection::Up => Direction::Down,
            UccDirection::Down => Direction::Up,
            UccDirection::Left => Direction::Left,
            UccDirection::Right => Direction::Right,
        }
    }

    fn word(self) -> &'static str {
        match self {
            UccDirection::Up => "UP",
            UccDirection::Down => "DOWN",
            UccDirection::Left => "LEFT",
            UccDirection::Right => "RIGHT",
        }
    }
}

/// A move in UCC form: `X Y DIRECTION [N]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct UccMove {
    /// Column, 0 = left.
    pub x: u8,
    /// Row, 0 = top (Red's back row).
    pub y: u8,
    /// Direction.
    pub dir: UccDirection,
    /// Squares moved (1 unless a Scout moves further).
    pub n: u8,
}

impl UccMove {
    /// The UCC form of a straight move on the board.
    pub(crate) fn from_move(mv: Move) -> UccMove {
        let (x, y) = coords_of(mv.from);
        let (tx, ty) = coords_of(mv.to);
        let dir = if tx > x {
            UccDirection::Right
        } else if tx < x {
            UccDirection::Left
        } else if ty > y {
            UccDirection::Down
        } else {
            UccDirection::Up
        };
        UccMove { x, y, dir, n: mv.from.line_distance(mv.to) }
    }

    /// The move on our board, if it stays on the board.
    pub fn to_move(self) -> Option<Move> {
        let from = square_of(self.x, self.y)?;
        let mut to = from;
        for _ in 0..self.n {
            to = to.step(self.dir.direction())?;
        }
        Some(Move::new(from, to))
    }

    /// Reads `X Y DIRECTION [N]` from the front of `words`; returns the move and the words
    /// after it.
    pub fn parse<'a>(words: &'a [&'a str]) -> Result<(UccMove, &'a [&'a str]), String> {
        if words.len() < 3 {
            return Err("expected a move 'X Y DIRECTION [N]'".to_string());
        }
        let coord = |w: &str, name: &str| -> Result<u8, String> {
            match w.parse::<u8>() {
                Ok(v) if v < 10 => Ok(v),
                _ => Err(format!("{name} '{w}' is not a number from 0 to 9")),
            }
        };
        let x = coord(words[0], "X")?;
        let y = coord(words[1], "Y")?;
        let dir = match words[2] {
            "UP" => UccDirection::Up,
            "DOWN" => UccDirection::Down,
            "LEFT" => UccDirection::Left,
            "RIGHT" => UccDirection::Right,
            w => return Err(format!("'{w}' is not a direction (UP, DOWN, LEFT or RIGHT)")),
        };
        let mut rest = &words[3..];
        let mut n = 1;
        if let Some(w) = rest.first()
            && w.chars().all(|c| c.is_ascii_digit())
        {
            n = match w.parse::<u8>() {
                Ok(v) if (1..10).contains(&v) => v,
                _ => return Err(format!("multiplier '{w}' is not a number from 1 to 9")),
            };
            rest = &rest[1..];
        }
        Ok((UccMove { x, y, dir, n }, rest))
    }
}

impl fmt::Display for UccMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.dir.word())?;
        if self.n != 1 {
            write!(f, " {}", self.n)?;
        }
        Ok(())
    }
}

/// What the manager says happened to a move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum UccOutcome {
    /// Moved to an empty square.
    Ok,
    /// Refused.
    Illegal,
    /// An attack: the attacker's kind, the defender's kind, and how it ended.
    Battle(PieceKind, PieceKind, Battle),
    /// The game ended (`VICTORY_FLAG`, `VICTORY_ATTRITION`, ...): the word.
    Victory(String),
}

fn kind_of_symbol(w: &str) -> Result<PieceKind, String> {
    let k = match w {
        "10" | "s" | "S" => Some(PieceKind::Spy),
        _ if w.chars().count() == 1 => w.chars().next().and_then(PieceKind::from_old_symbol),
        _ => None,
    };
    k.ok_or_else(|| format!("'{w}' is not a piece (1-9, s, B, F)"))
}

impl UccOutcome {
    /// Reads an outcome from all of `words`.
    pub fn parse(words: &[&str]) -> Result<UccOutcome, String> {
        let Some(&first) = words.first() else {
            return Err("the move has no outcome".to_string());
        };
        let battle = |result| -> Result<UccOutcome, String> {
            if words.len() != 3 {
                return Err(format!("'{first}' takes two pieces: '{first} ATTACKER DEFENDER'"));
            }
            Ok(UccOutcome::Battle(kind_of_symbol(words[1])?, kind_of_symbol(words[2])?, result))
        };
        let only = |o: UccOutcome| -> Result<UccOutcome, String> {
            if words.len() == 1 { Ok(o) } else { Err(format!("unexpected words after '{first}'")) }
        };
        match first {
            "OK" => only(UccOutcome::Ok),
            "ILLEGAL" => only(UccOutcome::Illegal),
            "KILLS" => battle(Battle::AttackerWins),
            "DIES" => battle(Battle::DefenderWins),
            "BOTHDIE" => battle(Battle::BothRemoved),
            w if w.starts_with("VICTORY") => Ok(UccOutcome::Victory(w.to_string())),
            w => Err(format!("unknown outcome '{w}'")),
        }
    }
}

impl fmt::Display for UccOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UccOutcome::Ok => f.write_str("OK"),
            UccOutcome::Illegal => f.write_str("ILLEGAL"),
            UccOutcome::Battle(a, d, r) => {
                let word = match r {
                    Battle::AttackerWins => "KILLS",
                    Battle::DefenderWins => "DIES",
                    Battle::BothRemoved => "BOTHDIE",
                };
                write!(f, "{word} {} {}", a.old_symbol(), d.old_symbol())
            }
            UccOutcome::Victory(w) => f.write_str(w),
        }
    }
}

/// The UCC outcome word of one of our reports (for managers and tests): `OK`, or the battle.
pub fn outcome_of_report(r: &MoveReport) -> UccOutcome {
    match r.battle {
        None => UccOutcome::Ok,
        Some(b) if b.defender_kind == PieceKind::Flag => UccOutcome::Victory("VICTORY_FLAG".to_string()),
        Some(b) => UccOutcome::Battle(b.attacker_kind, b.defender_kind, b.result),
    }
}

/// The four setup rows `side` sends, top row first (see the module doc for the mapping).
pub fn setup_rows(side: Side, setup: &Setup) -> [String; 4] {
    let ys: [u8; 4] = if side == Side::Red { [0, 1, 2, 3] } else { [6, 7, 8, 9] };
    ys.map(|y| {
        (0..10u8)
            .map(|x| {
                let sq = square_of(x, y).expect("on the board");
                let i = Setup::index_of(side, sq).expect("a home square");
                setup.get(i).map_or('.', |k| k.old_symbol())
            })
            .collect()
    })
}

/// The ten board rows `side` is shown (own pieces by symbol, enemy pieces `#`, lakes `+`,
/// empty `.`), top row first.
pub(crate) fn board_rows(view: &PlayerView) -> [String; 10] {
    std::array::from_fn(|y| {
        (0..10u8)
            .map(|x| {
                let sq = square_of(x, y as u8).expect("on the board");
                if sq.is_lake() {
                    return '+';
                }
                match view.piece_at(sq) {
                    None => '.',
                    Some(id) if id.side() == view.side() => view.kind(id).map_or('?', |k| k.old_symbol()),
                    Some(_) => '#',
                }
            })
            .collect()
    })
}

/// Where the conversation is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// Waiting for `RED|BLUE <opponent> 10 10`.
    Header,
    /// Waiting for `START` or the opponent's move.
    TurnStart,
    /// Reading board row `n` (0..10).
    Board(usize),
    /// Waiting for the echo of our move.
    Echo,
    /// We sent `SURRENDER`; only `QUIT` may follow.
    Surrendered,
    /// The game is over (QUIT received).
    Done,
}

/// The bot's side of a UCC game, fed one manager line at a time.
pub struct UccPlayer {
    bot: Box<dyn Bot>,
    budget: Budget,
    seed: u64,
    state: State,
    line_no: usize,
    side: Side,
    setup: Setup,
    view: Option<PlayerView>,
    /// The opponent's move of this turn, read before the board (applied after it).
    pending: Option<(UccMove, UccOutcome)>,
    board: Vec<String>,
    sent: Option<UccMove>,
}

/// What the player wants done after a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Lines to send to the manager (each followed by a newline and a flush).
    pub lines: Vec<String>,
    /// The game is over: exit.
    pub quit: bool,
    /// Notes for standard error (not errors: the game goes on).
    pub notes: Vec<String>,
}

impl UccPlayer {
    /// A player for `bot` with `budget` per move; `seed` seeds the setup and every move.
    pub fn new(bot: Box<dyn Bot>, budget: Budget, seed: u64) -> UccPlayer {
        UccPlayer {
            bot,
            budget,
            seed,
            state: State::Header,
            line_no: 0,
            side: Side::Red,
            setup: Setup::EMPTY,
            view: None,
            pending: None,
            board: Vec::new(),
            sent: None,
        }
    }

    /// Our view, once the first board has been read.
    pub fn view(&self) -> Option<&PlayerView> {
        self.view.as_ref()
    }

    /// Whether the game is over.
    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }

    /// Handles one line from the manager; `clock` times the bot's thinking.
    pub fn feed(&mut self, line: &str, clock: &dyn Clock) -> Result<Reply, UccError> {
        self.line_no += 1;
        let text = line.trim_end_matches(['\r', '\n']);
        let line_no = self.line_no;
        let err = |message: String| UccError { line: line_no, text: text.to_string(), message };
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut reply = Reply { lines: Vec::new(), quit: false, notes: Vec::new() };
        if words.first() == Some(&"QUIT") {
            self.state = State::Done;
            reply.quit = true;
            return Ok(reply);
        }
        match self.state {
            State::Done => return Err(err("the game is over (QUIT was received)".to_string())),
            State::Surrendered => return Err(err("we surrendered; only QUIT may follow".to_string())),
            State::Header => {
                let side = match words.first() {
                    Some(&"RED") => Side::Red,
                    Some(&"BLUE") => Side::Blue,
                    _ => return Err(err("expected 'RED|BLUE <opponent> 10 10'".to_string())),
                };
                if words.len() != 4 || words[2] != "10" || words[3] != "10" {
                    return Err(err("expected 'RED|BLUE <opponent> 10 10' (only a 10 x 10 board is played)".into()));
                }
                self.side = side;
                let mut rng = rng_from_seed(self.seed);
                self.setup = self.bot.setup(Variant::Classic, &mut rng);
                if let Err(e) = self.setup.check(Variant::Classic) {
                    return Err(err(format!("the bot made an illegal setup: {e}")));
                }
                reply.lines.extend(setup_rows(side, &self.setup));
                self.state = State::TurnStart;
            }
            State::TurnStart => {
                if words == ["START"] {
                    if self.side != Side::Red || self.view.is_some() {
                        return Err(err("START is only sent to Red, on its first turn".to_string()));
                    }
                    self.pending = None;
                } else {
                    let (mv, rest) = UccMove::parse(&words).map_err(err)?;
                    let outcome = UccOutcome::parse(rest).map_err(err)?;
                    self.pending = Some((mv, outcome));
                }
                self.board.clear();
                self.state = State::Board(0);
            }
            State::Board(n) => {
                if text.chars().count() != 10 || !text.chars().all(|c| "123456789sBF#+.".contains(c)) {
                    return Err(err(format!("board row {} should be ten characters of 1-9 s B F # + .", n + 1)));
                }
                self.board.push(text.to_string());
                if n < 9 {
                    self.state = State::Board(n + 1);
                    return Ok(reply);
                }
                if self.view.is_none() {
                    self.view = Some(self.first_view().map_err(&err)?);
                }
                if let Some((mv, outcome)) = self.pending.take() {
                    if let UccOutcome::Victory(_) = outcome {
                        // The game ended on the opponent's move; the manager will say QUIT.
                        reply.notes.push(format!("the opponent's move {mv} ended the game"));
                        self.state = State::TurnStart;
                        return Ok(reply);
                    }
                    self.apply(mv, &outcome, self.side.opponent()).map_err(&err)?;
                }
                self.check_board(&mut reply);
                let view = self.view.as_ref().expect("built above");
                if view.to_move() != self.side {
                    return Err(err("the manager asks for a move, but by our count it is the opponent's turn".into()));
                }
                // Our own repetition rules may leave no move where the manager's allow one:
                // then the bot chooses under the manager's rules alone.
                let relaxed;
                let view = if view.legal_moves().is_empty() {
                    let mut rec = view.to_record();
                    rec.start.rules = ucc_rules();
                    relaxed = PlayerView::from_record(&rec).map_err(|e| err(format!("internal: {e}")))?;
                    if relaxed.legal_moves().is_empty() {
                        reply.notes.push("no legal move left: surrendering".to_string());
                        reply.lines.push("SURRENDER".to_string());
                        self.state = State::Surrendered;
                        return Ok(reply);
                    }
                    reply.notes.push("the two-squares or more-squares rule leaves no move: playing outside it".into());
                    &relaxed
                } else {
                    view
                };
                let seed = move_seed(self.seed, view.ply());
                let mv = match think(self.bot.as_mut(), view, self.budget, clock, seed, &mut |_: &Progress| {}) {
                    Ok(t) => t.mv,
                    Err(e) => return Err(err(format!("asked for a move, but {e}"))),
                };
                let u = UccMove::from_move(mv);
                self.sent = Some(u);
                reply.lines.push(u.to_string());
                self.state = State::Echo;
            }
            State::Echo => {
                let (mv, rest) = UccMove::parse(&words).map_err(err)?;
                if Some(mv) != self.sent {
                    let sent = self.sent.map_or(String::new(), |m| m.to_string());
                    return Err(err(format!("the echo is not the move we sent ({sent})")));
                }
                let outcome = UccOutcome::parse(rest).map_err(err)?;
                match outcome {
                    UccOutcome::Illegal => {
                        return Err(err(format!("the manager refused our move {mv}: the rules disagree")));
                    }
                    UccOutcome::Victory(_) => {}
                    _ => self.apply(mv, &outcome, self.side).map_err(err)?,
                }
                self.state = State::TurnStart;
            }
        }
        Ok(reply)
    }

    /// The view at the start of the game, from our setup and the first board. On Blue's first
    /// turn the board already shows Red's first move; the enemy's start squares are the
    /// board's `#` squares with that move taken back.
    fn first_view(&self) -> Result<PlayerView, String> {
        let enemy = self.side.opponent();
        let mut enemy_squares: Vec<Square> = Vec::new();
        for (y, row) in self.board.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                if c == '#' {
                    enemy_squares.push(square_of(x as u8, y as u8).expect("10 x 10"));
                }
            }
        }
        if let Some((mv, outcome)) = &self.pending {
            let m = mv.to_move().ok_or_else(|| format!("the opponent's move {mv} leaves the board"))?;
            if matches!(outcome, UccOutcome::Ok | UccOutcome::Battle(_, _, Battle::AttackerWins)) {
                enemy_squares.retain(|&s| s != m.to);
            }
            enemy_squares.push(m.from);
        }
        if enemy_squares.len() != 40 {
            return Err(format!(
                "the opponent has {} pieces at the start; only full 40-piece armies are played",
                enemy_squares.len()
            ));
        }
        let mut squares: Vec<Option<(Side, Option<PieceKind>)>> = vec![None; 100];
        for i in 0..40 {
            if let Some(k) = self.setup.get(i) {
                squares[Setup::square(self.side, i).index()] = Some((self.side, Some(k)));
            }
        }
        for s in enemy_squares {
            if squares[s.index()].is_some() || s.is_lake() || Setup::index_of(enemy, s).is_none() {
                return Err(format!("an enemy piece stands on {s}, outside the enemy's home rows"));
            }
            squares[s.index()] = Some((enemy, None));
        }
        let start = ViewStart {
            rules: Rules::ucc_player(self.side),
            side: self.side,
            to_move: Side::Red,
            squares,
            enemy_army: Army::CLASSIC,
        };
        PlayerView::from_record(&ViewRecord { start, reports: Vec::new() }).map_err(|e| e.to_string())
    }

    /// Applies a move of `mover` with its outcome to the view, as a public report.
    fn apply(&mut self, mv: UccMove, outcome: &UccOutcome, mover: Side) -> Result<(), String> {
        let view = self.view.as_mut().ok_or("a move before the first board")?;
        let m = mv.to_move().ok_or_else(|| format!("the move {mv} leaves the board"))?;
        let piece = view
            .piece_at(m.from)
            .filter(|id| id.side() == mover)
            .ok_or_else(|| format!("the move {mv} starts on {} where {mover} has no piece", m.from))?;
        let target = view.piece_at(m.to);
        let battle = match outcome {
            UccOutcome::Ok => {
                if target.is_some() {
                    return Err(format!("the move {mv} is reported OK but {} is occupied", m.to));
                }
                None
            }
            UccOutcome::Battle(a, d, result) => {
                let defender = target.filter(|id| id.side() != mover).ok_or_else(|| {
                    format!("the move {mv} is reported as an attack but {} holds no enemy piece", m.to)
                })?;
                Some(BattleReport { defender, attacker_kind: *a, defender_kind: *d, result: *result })
            }
            UccOutcome::Illegal | UccOutcome::Victory(_) => return Err(format!("no report for outcome {outcome}")),
        };
        let report = MoveReport { side: mover, piece, from: m.from, to: m.to, battle };
        view.apply(&report).map_err(|e| format!("the move {mv} {outcome}: {e}"))
    }

    /// Compares the board rows with the view: a difference is noted, not fatal (the manual
    /// calls the rows redundant; the reports are what counts).
    fn check_board(&self, reply: &mut Reply) {
        if let Some(view) = &self.view {
            let ours = board_rows(view);
            for (y, (a, b)) in ours.iter().zip(&self.board).enumerate() {
                if a != b {
                    reply.notes.push(format!("board row {} is '{b}' but by our count '{a}'", y + 1));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{FrozenClock, make_bot};
    use crate::rules::{Game, Position};

    const SETUP: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";

    #[test]
    fn setup_rows_for_both_colours() {
        let s = Setup::parse(SETUP).unwrap();
        let red = setup_rows(Side::Red, &s);
        // Red's back row (setup letters 1-10) is the top row, left to right.
        let expect0: String = (0..10).map(|i| s.get(i).unwrap().old_symbol()).collect();
        assert_eq!(red[0], expect0);
        let expect3: String = (30..40).map(|i| s.get(i).unwrap().old_symbol()).collect();
        assert_eq!(red[3], expect3);
        // Blue's front row (setup letters 31-40, read from Blue's seat) is the top of Blue's
        // rows, so it appears reversed; its back row is the bottom row.
        let blue = setup_rows(Side::Blue, &s);
        let expect_b0: String = (30..40).rev().map(|i| s.get(i).unwrap().old_symbol()).collect();
        assert_eq!(blue[0], expect_b0);
        let expect_b3: String = (0..10).rev().map(|i| s.get(i).unwrap().old_symbol()).collect();
        assert_eq!(blue[3], expect_b3);
    }

    #[test]
    fn coordinates_and_directions() {
        assert_eq!(square_of(0, 0).unwrap().to_string(), "a1");
        assert_eq!(square_of(9, 9).unwrap().to_string(), "j10");
        assert!(square_of(2, 4).unwrap().is_lake());
        let m = |t: &str| {
            let w: Vec<&str> = t.split_whitespace().collect();
            UccMove::parse(&w).unwrap().0
        };
        // Red's Scout at (0,3) = a4 moving DOWN (towards Blue) goes to a5.
        assert_eq!(m("0 3 DOWN").to_move(), Some(Move::parse("a4-a5").unwrap()));
        // Blue's piece at (9,6) = j7 moving UP 3 reaches j4.
        assert_eq!(m("9 6 UP 3").to_move(), Some(Move::parse("j7-j4").unwrap()));
        assert_eq!(m("4 4 LEFT").to_move(), Some(Move::parse("e5-d5").unwrap()));
        assert_eq!(m("0 0 UP").to_move(), None);
        for t in ["0 3 DOWN", "9 6 UP 3", "4 4 LEFT", "1 1 RIGHT 8"] {
            assert_eq!(UccMove::from_move(m(t).to_move().unwrap()).to_string(), t);
        }
    }

    #[test]
    fn outcomes_parse_and_print() {
        for t in ["OK", "ILLEGAL", "KILLS 1 s", "DIES 9 B", "BOTHDIE 9 9", "VICTORY_FLAG"] {
            let w: Vec<&str> = t.split_whitespace().collect();
            assert_eq!(UccOutcome::parse(&w).unwrap().to_string(), t);
        }
        assert_eq!(
            UccOutcome::parse(&["KILLS", "10", "1"]).unwrap(),
            UccOutcome::Battle(PieceKind::Spy, PieceKind::Marshal, Battle::AttackerWins)
        );
        for bad in ["", "KILLS 1", "KILLS 1 X", "MAYBE", "OK OK"] {
            let w: Vec<&str> = bad.split_whitespace().collect();
            assert!(UccOutcome::parse(&w).is_err(), "{bad}");
        }
    }

    /// Drives a player through a few turns against a referee, for either colour.
    fn drive(side: Side) {
        let mut p = UccPlayer::new(make_bot("random").unwrap(), Budget::nodes(10), 4);
        let clock = FrozenClock;
        let header = format!("{} tester 10 10", if side == Side::Red { "RED" } else { "BLUE" });
        let rows = p.feed(&header, &clock).unwrap().lines;
        assert_eq!(rows.len(), 4);
        // Read the setup back through the inverse of the documented mapping.
        let ys: Vec<u8> = if side == Side::Red { vec![0, 1, 2, 3] } else { vec![6, 7, 8, 9] };
        let mut slots = [None; 40];
        for (row, &y) in rows.iter().zip(&ys) {
            for (x, c) in row.chars().enumerate() {
                let i = Setup::index_of(side, Square::new(x as u8, y).unwrap()).unwrap();
                slots[i] = PieceKind::from_old_symbol(c);
            }
        }
        let mine = Setup::from_slots(slots);
        assert_eq!(mine.check(Variant::Classic), Ok(()));
        let other = Setup::parse(SETUP).unwrap();
        let (red, blue) = if side == Side::Red { (mine, other) } else { (other, mine) };
        let mut game = Game::from_position(Position::new(ucc_rules(), &red, &blue));
        let mut last: Option<String> = None;
        for _ in 0..40 {
            if game.outcome().is_some() {
                break;
            }
            if game.to_move() != side {
                let mv = game.view(side.opponent()).legal_moves()[0];
                let r = game.play(mv).unwrap();
                last = Some(format!("{} {}", UccMove::from_move(mv), outcome_of_report(&r)));
                continue;
            }
            let first = last.take().unwrap_or_else(|| "START".to_string());
            assert!(p.feed(&first, &clock).unwrap().lines.is_empty());
            let view = game.view(side);
            let mut reply = Reply { lines: vec![], quit: false, notes: vec![] };
            for row in board_rows(&view) {
                reply = p.feed(&row, &clock).unwrap();
            }
            assert!(reply.notes.is_empty(), "{:?}", reply.notes);
            assert_eq!(reply.lines.len(), 1);
            let w: Vec<&str> = reply.lines[0].split_whitespace().collect();
            let (um, rest) = UccMove::parse(&w).unwrap();
            assert!(rest.is_empty());
            let r = game.play(um.to_move().unwrap()).expect("the bot's move is legal");
            p.feed(&format!("{} {}", um, outcome_of_report(&r)), &clock).unwrap();
            // The player's view now equals the referee's view of that side.
            assert_eq!(board_rows(p.view().unwrap()), board_rows(&game.view(side)));
            assert_eq!(p.view().unwrap().enemy_unassigned(), game.view(side).enemy_unassigned());
        }
        assert!(p.feed("QUIT", &clock).unwrap().quit);
        assert!(p.is_done());
    }

    #[test]
    fn plays_as_red_and_as_blue() {
        drive(Side::Red);
        drive(Side::Blue);
    }

    #[test]
    fn malformed_lines_are_errors_with_line_numbers() {
        let clock = FrozenClock;
        for (lines, what) in [
            (vec!["GREEN x 10 10"], "RED|BLUE"),
            (vec!["RED x 8 8"], "10 x 10"),
            (vec!["RED x 10 10", "START", "short"], "board row 1"),
            (vec!["RED x 10 10", "0 3 SIDEWAYS OK"], "direction"),
            (vec!["BLUE x 10 10", "START"], "only sent to Red"),
        ] {
            let mut p = UccPlayer::new(make_bot("random").unwrap(), Budget::nodes(10), 1);
            let mut result = Ok(Reply { lines: vec![], quit: false, notes: vec![] });
            for l in &lines {
                result = p.feed(l, &clock);
                if result.is_err() {
                    break;
                }
            }
            let e = result.unwrap_err();
            assert!(e.to_string().contains(what), "{lines:?}: {e}");
            assert_eq!(e.line, lines.len());
        }
    }
}
