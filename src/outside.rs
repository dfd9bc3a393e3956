//! Outside engines: the manager's side of the 2012 UCC protocol (see [`crate::ucc`] for the
//! player's side), so that `stratagem arena <BOT> ucc:<program and args>` can play any
//! program written for the UCC Programming Competition 2012 manager. Native only (processes,
//! threads, the wall clock).
//!
//! As the manager does (docs/ucc.md): the program is started, told `RED|BLUE <opponent> 10 10`
//! and answers four setup rows; Red is sent `START`; at each of its turns the program is sent
//! the ten board rows from its side (its own pieces by symbol, the enemy's as `#`) and answers
//! `X Y DIRECTION [N]` or `SURRENDER`; after every move, its own and the opponent's, it is
//! sent the move with the outcome (`OK`, `KILLS a d`, `DIES a d`, `BOTHDIE a d`); at the end it
//! is sent `QUIT <result>`. A program that does not answer in time, closes its output (a
//! crash), sends a line that is no move, or makes an illegal move loses the game, and the
//! reason says which and what it sent; its standard error is kept for the reason too.
//!
//! Decisions where the manager is vague or differs: the referee is our [`crate::rules::Game`]
//! under [`crate::rules::Rules::ucc`] plus a turn limit (a draw, as the manager's `-m`);
//! a program whose pieces are all walled in loses at once by our rules where the manager
//! would wait for its `SURRENDER` (the result is the same); the setup is read with a longer
//! time limit than moves (programs in interpreted languages start slowly). Command lines are
//! split at whitespace (no quoting): `ucc:python3 -u agents/vixen/vixen.py`.

use crate::rules::{PieceKind, Setup, Side, Square};
use crate::ucc::{UccMove, board_rows};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How an outside program failed; it loses the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// No answer within the time limit.
    Timeout {
        /// The limit, in milliseconds.
        ms: u64,
    },
    /// The program closed its output or could not be written to: it crashed or exited.
    Crashed {
        /// Its exit status, if it has exited, and the last lines of its standard error.
        detail: String,
    },
    /// An answer that is not what the protocol expects here.
    Garbage {
        /// The line.
        line: String,
        /// What is wrong with it.
        message: String,
    },
    /// A move the rules forbid.
    Illegal {
        /// The line.
        line: String,
        /// Which rule forbids it.
        message: String,
    },
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout { ms } => write!(f, "no answer within {ms} ms"),
            Fault::Crashed { detail } => write!(f, "the program crashed or exited ({detail})"),
            Fault::Garbage { line, message } => write!(f, "unintelligible answer '{line}': {message}"),
            Fault::Illegal { line, message } => write!(f, "illegal move '{line}': {message}"),
        }
    }
}

/// What a program answered at its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A move (checked for form and board, not yet for the rules).
    Move(crate::rules::Move),
    /// `SURRENDER`.
    Surrender,
}

/// One running outside program.
pub struct OutsideEngine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    command: String,
}

/// Lines of a program's standard error kept for the reason of a fault.
const STDERR_LINES: usize = 5;

impl OutsideEngine {
    /// Starts `command` (split at whitespace: program, then arguments).
    pub fn spawn(command: &str) -> Result<OutsideEngine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty command after 'ucc:'")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        // Reader threads: the game waits on a channel with a time limit; a silent program
        // cannot block it. The threads end when the program's pipes close.
        let (tx, lines) = channel();
        spawn_line_reader(stdout, move |bytes| {
            let line = String::from_utf8_lossy(bytes).trim_end_matches(['\r', '\n']).to_string();
            tx.send(line).is_ok()
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail2 = Arc::clone(&tail);
        // A program may write anything to its error stream; the last lines are kept.
        spawn_line_reader(stderr, move |bytes| {
            let text = String::from_utf8_lossy(bytes).trim_end().to_string();
            let mut t = tail2.lock().unwrap_or_else(|e| e.into_inner());
            if t.len() == STDERR_LINES {
                t.pop_front();
            }
            t.push_back(text);
            true
        });
        Ok(OutsideEngine { stdin: child.stdin.take(), child, lines, stderr: tail, command: command.to_string() })
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    fn crashed(&mut self) -> Fault {
        // Give an exiting program a moment so that its status and last words are known.
        let deadline = Instant::now() + Duration::from_millis(200);
        let mut status = None;
        while Instant::now() < deadline {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let mut detail = match status {
            Some(s) => s.to_string(),
            None => "still running, output closed".to_string(),
        };
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        if !tail.is_empty() {
            detail
                .push_str(&format!("; standard error ends: {}", tail.iter().cloned().collect::<Vec<_>>().join(" | ")));
        }
        Fault::Crashed { detail }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        let ok = match self.stdin.as_mut() {
            Some(w) => writeln!(w, "{line}").and_then(|_| w.flush()).is_ok(),
            None => false,
        };
        if ok { Ok(()) } else { Err(self.crashed()) }
    }

    /// Reads one line within `ms` milliseconds.
    pub fn recv(&mut self, ms: u64) -> Result<String, Fault> {
        match self.lines.recv_timeout(Duration::from_millis(ms)) {
            Ok(l) => Ok(l.trim_end_matches('\r').to_string()),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout { ms }),
            Err(RecvTimeoutError::Disconnected) => Err(self.crashed()),
        }
    }

    /// The setup phase: tells the program its colour and reads its four rows.
    pub fn setup(&mut self, side: Side, opponent: &str, ms: u64) -> Result<Setup, Fault> {
        let colour = if side == Side::Red { "RED" } else { "BLUE" };
        // The opponent's name is one word in the protocol.
        let name: String = opponent.split_whitespace().collect::<Vec<_>>().join("_");
        self.send(&format!("{colour} {name} 10 10"))?;
        let started = Instant::now();
        let mut rows = Vec::new();
        for n in 1..=4 {
            let left = ms.saturating_sub(started.elapsed().as_millis() as u64).max(1);
            let row = self.recv(left).map_err(|f| match f {
                Fault::Timeout { .. } => Fault::Timeout { ms },
                f => f,
            })?;
            // A row of the wrong length is refused at once, not after the time runs out.
            if row.chars().count() != 10 {
                let message = format!("setup row {n} '{row}' is not ten characters");
                return Err(Fault::Garbage { line: row, message });
            }
            rows.push(row);
        }
        read_setup(side, &rows)
    }

    /// Asks for a move: sends the board rows from the program's side (its view) and reads
    /// the answer within `ms` milliseconds.
    pub(crate) fn ask_move(&mut self, view: &crate::rules::PlayerView, ms: u64) -> Result<Answer, Fault> {
        for row in board_rows(view) {
            self.send(&row)?;
        }
        let line = self.recv(ms)?;
        parse_answer(&line)
    }

    /// Ends the conversation: `QUIT <result>`, then the program has a moment to exit before it
    /// is killed. Never fails (the game is decided already).
    pub fn quit(mut self, result: &str) {
        let _ = self.send(format!("QUIT {result}").trim_end());
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for OutsideEngine {
    fn drop(&mut self) {
        // No program outlives its game, whatever path ended it.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Reads an answer at the program's turn: a move `X Y DIRECTION [N]` or `SURRENDER`.
pub(crate) fn parse_answer(line: &str) -> Result<Answer, Fault> {
    let garbage = |message: String| Fault::Garbage { line: line.to_string(), message };
    let words: Vec<&str> = line.split_whitespace().collect();
    if words == ["SURRENDER"] {
        return Ok(Answer::Surrender);
    }
    let (mv, rest) = UccMove::parse(&words).map_err(garbage)?;
    if !rest.is_empty() {
        return Err(garbage(format!("unexpected words after the move: '{}'", rest.join(" "))));
    }
    let m = mv.to_move().ok_or_else(|| garbage(format!("the move {mv} leaves the board")))?;
    Ok(Answer::Move(m))
}

/// The setup of `side` from the four rows a program sent (top row first; see
/// [`crate::ucc::setup_rows`] for the mapping), checked as a full classic army.
pub fn read_setup(side: Side, rows: &[String]) -> Result<Setup, Fault> {
    let all = rows.join(" / ");
    let garbage = |message: String| Fault::Garbage { line: all.clone(), message };
    let first_y = if side == Side::Red { 0 } else { 6 };
    let mut slots = [None; 40];
    for (dy, row) in rows.iter().enumerate() {
        if row.chars().count() != 10 {
            return Err(garbage(format!("setup row {} '{row}' is not ten characters", dy + 1)));
        }
        for (x, c) in row.chars().enumerate() {
            let sq = Square::new(x as u8, first_y + dy as u8).expect("on the board");
            let i = Setup::index_of(side, sq).expect("a home square");
            slots[i] = match c {
                '.' => None,
                _ => Some(PieceKind::from_old_symbol(c).ok_or_else(|| {
                    garbage(format!("setup row {} has '{c}', which is no piece (1-9, s, B, F)", dy + 1))
                })?),
            };
        }
    }
    let setup = Setup::from_slots(slots);
    setup
        .check(crate::rules::Variant::Classic)
        .map_err(|e| garbage(format!("not a full classic army (the manager demands all 40 pieces): {e}")))?;
    Ok(setup)
}

/// Reads `from` on a thread of its own, line by line as bytes (at most 4 KiB a line: bytes
/// that are not UTF-8 or a line without an end are garbage to report, not a reason to stop
/// reading), handing each line with its end to `on_line` until the stream closes or
/// `on_line` says stop (returns false).
fn spawn_line_reader(from: impl Read + Send + 'static, mut on_line: impl FnMut(&[u8]) -> bool + Send + 'static) {
    std::thread::spawn(move || {
        let mut r = BufReader::new(from);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match r.by_ref().take(4096).read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if !on_line(&buf) {
                        break;
                    }
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ucc::setup_rows;

    #[test]
    fn setups_read_back_for_both_colours() {
        let s = Setup::parse("IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB").unwrap();
        for side in Side::BOTH {
            let rows = setup_rows(side, &s).to_vec();
            assert_eq!(read_setup(side, &rows), Ok(s));
        }
        let mut rows = setup_rows(Side::Red, &s).to_vec();
        rows[2].replace_range(0..1, "X");
        assert!(matches!(read_setup(Side::Red, &rows), Err(Fault::Garbage { .. })));
        rows[2] = "..........".to_string();
        let e = read_setup(Side::Red, &rows).unwrap_err().to_string();
        assert!(e.contains("40 pieces"), "{e}");
    }

    #[test]
    fn answers() {
        assert_eq!(parse_answer("SURRENDER"), Ok(Answer::Surrender));
        assert!(matches!(parse_answer("0 3 DOWN"), Ok(Answer::Move(_))));
        for bad in ["", "hello", "0 3 DOWN OK", "0 0 UP", "0 3 SIDEWAYS", "11 3 UP"] {
            assert!(matches!(parse_answer(bad), Err(Fault::Garbage { .. })), "{bad}");
        }
    }
}
