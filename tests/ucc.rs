//! Drives the built `stratagem ucc random` binary through whole games with a scripted UCC
//! manager written here, refereed by our [`Game`]. The manager's side of the protocol (the
//! coordinate mapping, the board rows, the outcome words) is written again in this file,
//! independently of `src/ucc.rs`, from the protocol as documented there: UCC `(x, y)` is
//! column `x`, row `y + 1`; Red sits at the top.
//!
//! Checks: the bot's setup is a legal classic army for both colours; every move it sends is
//! legal; it keeps its view in step (it prints a `note:` on standard error when the board rows
//! differ from its own count, and any such note fails the test); it exits 0 on QUIT; a
//! malformed manager line ends it with exit code 1 and a message, not a panic.

use rand::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use stratagem::ai::rng_from_seed;
use stratagem::rules::{Battle, Game, Move, MoveReport, PieceKind, Position, Rules, Setup, Side, Square, Variant};

fn rules() -> Rules {
    Rules::ucc()
}

struct Bot {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Bot {
    fn start(side_seed: u64) -> Bot {
        let mut child = Command::new(env!("CARGO_BIN_EXE_stratagem"))
            .args(["ucc", "random", "--nodes", "50", "--seed", &side_seed.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the stratagem binary starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Bot { child, stdin, stdout }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the bot reads its input");
        self.stdin.flush().unwrap();
    }

    fn recv(&mut self) -> String {
        let mut s = String::new();
        let n = self.stdout.read_line(&mut s).expect("the bot's output is text");
        assert!(n > 0, "the bot closed its output early");
        s.trim_end().to_string()
    }

    /// Closes input, waits, returns (exit code, standard error).
    fn finish(self) -> (Option<i32>, String) {
        drop(self.stdin);
        let out = self.child.wait_with_output().expect("the bot exits");
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn square(x: usize, y: usize) -> Square {
    Square::new(x as u8, y as u8).unwrap()
}

fn symbol(k: PieceKind) -> char {
    match k {
        PieceKind::Marshal => '1',
        PieceKind::General => '2',
        PieceKind::Colonel => '3',
        PieceKind::Major => '4',
        PieceKind::Captain => '5',
        PieceKind::Lieutenant => '6',
        PieceKind::Sergeant => '7',
        PieceKind::Miner => '8',
        PieceKind::Scout => '9',
        PieceKind::Spy => 's',
        PieceKind::Bomb => 'B',
        PieceKind::Flag => 'F',
    }
}

/// The four setup rows the bot sent, read back as a setup of `side`.
fn read_setup(side: Side, rows: &[String]) -> Setup {
    let first_y = if side == Side::Red { 0 } else { 6 };
    let mut slots = [None; 40];
    for (dy, row) in rows.iter().enumerate() {
        assert_eq!(row.chars().count(), 10, "setup row '{row}'");
        for (x, c) in row.chars().enumerate() {
            let kind = PieceKind::ALL.into_iter().find(|&k| symbol(k) == c);
            let i = Setup::index_of(side, square(x, first_y + dy)).expect("home square");
            slots[i] = Some(kind.unwrap_or_else(|| panic!("'{c}' in setup row '{row}'")));
        }
    }
    Setup::from_slots(slots)
}

fn board(pos: &Position, side: Side) -> Vec<String> {
    (0..10)
        .map(|y| {
            (0..10)
                .map(|x| {
                    let sq = square(x, y);
                    if sq.is_lake() {
                        '+'
                    } else {
                        match pos.occupant(sq) {
                            None => '.',
                            Some((s, k)) if s == side => symbol(k),
                            Some(_) => '#',
                        }
                    }
                })
                .collect()
        })
        .collect()
}

fn ucc_text(mv: Move) -> String {
    let (x, y) = (mv.from.col(), mv.from.row());
    let (tx, ty) = (mv.to.col(), mv.to.row());
    let (dir, n) = if tx > x {
        ("RIGHT", tx - x)
    } else if tx < x {
        ("LEFT", x - tx)
    } else if ty > y {
        ("DOWN", ty - y)
    } else {
        ("UP", y - ty)
    };
    if n == 1 { format!("{x} {y} {dir}") } else { format!("{x} {y} {dir} {n}") }
}

fn parse_move(text: &str) -> Move {
    let w: Vec<&str> = text.split_whitespace().collect();
    assert!(w.len() == 3 || w.len() == 4, "bad move line '{text}'");
    let x: i32 = w[0].parse().unwrap();
    let y: i32 = w[1].parse().unwrap();
    let n: i32 = if w.len() == 4 { w[3].parse().unwrap() } else { 1 };
    let (dx, dy) = match w[2] {
        "UP" => (0, -1),
        "DOWN" => (0, 1),
        "LEFT" => (-1, 0),
        "RIGHT" => (1, 0),
        d => panic!("bad direction '{d}' in '{text}'"),
    };
    let (tx, ty) = (x + dx * n, y + dy * n);
    assert!((0..10).contains(&tx) && (0..10).contains(&ty), "move '{text}' leaves the board");
    Move::new(square(x as usize, y as usize), square(tx as usize, ty as usize))
}

fn outcome_text(r: &MoveReport) -> String {
    match r.battle {
        None => "OK".to_string(),
        Some(b) if b.defender_kind == PieceKind::Flag => "VICTORY_FLAG".to_string(),
        Some(b) => {
            let word = match b.result {
                Battle::AttackerWins => "KILLS",
                Battle::DefenderWins => "DIES",
                Battle::BothRemoved => "BOTHDIE",
            };
            format!("{word} {} {}", symbol(b.attacker_kind), symbol(b.defender_kind))
        }
    }
}

/// One whole game: the binary plays `side`, the manager's own random player the other side.
fn manage_game(side: Side, seed: u64, max_plies: u32) -> u32 {
    let mut rng = rng_from_seed(seed);
    let mut bot = Bot::start(seed);
    bot.send(&format!("{} manager-random 10 10", if side == Side::Red { "RED" } else { "BLUE" }));
    let rows: Vec<String> = (0..4).map(|_| bot.recv()).collect();
    let theirs = read_setup(side, &rows);
    assert_eq!(theirs.check(Variant::Classic), Ok(()), "the bot's setup {theirs}");
    let ours = stratagem::ai::setupgen::random::random_setup(Variant::Classic, &mut rng);
    let (red, blue) = if side == Side::Red { (theirs, ours) } else { (ours, theirs) };
    let mut game = Game::new(rules(), &red, &blue).unwrap();
    let mut last: Option<String> = None;
    while game.outcome().is_none() && game.position().ply() < max_plies {
        if game.to_move() != side {
            let legal = game.position().legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            let r = game.play(mv).unwrap();
            last = Some(format!("{} {}", ucc_text(mv), outcome_text(&r)));
            continue;
        }
        bot.send(last.as_deref().unwrap_or("START"));
        for row in board(game.position(), side) {
            bot.send(&row);
        }
        let line = bot.recv();
        let mv = parse_move(&line);
        let r = game
            .play(mv)
            .unwrap_or_else(|e| panic!("ply {}: the bot sent '{line}' = {mv}: {e}", game.position().ply()));
        assert_eq!(line, ucc_text(mv), "the bot's move text is not canonical");
        bot.send(&format!("{line} {}", outcome_text(&r)));
    }
    let plies = game.position().ply();
    bot.send("QUIT");
    let (code, stderr) = bot.finish();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("note:"), "the bot's count of the board drifted:\n{stderr}");
    assert_eq!(code, Some(0), "exit code; stderr:\n{stderr}");
    plies
}

#[test]
fn whole_games_as_red_and_as_blue() {
    let mut total = 0;
    for seed in 1..=2 {
        total += manage_game(Side::Red, seed, 3000);
        total += manage_game(Side::Blue, 10 + seed, 3000);
    }
    assert!(total > 100, "the games were suspiciously short: {total} plies in all");
}

#[test]
fn malformed_manager_lines_end_cleanly() {
    let cases: Vec<Vec<String>> = vec![
        vec!["HELLO".into()],
        vec!["RED x 10 10".into(), "START".into(), "..........".into(), "way too long for a row".into()],
        vec!["BLUE x 10 10".into(), "0 3 DOWN MAYBE".into()],
        vec!["BLUE x 10 10".into(), "12 3 DOWN OK".into()],
    ];
    for lines in cases {
        let mut bot = Bot::start(1);
        for l in &lines {
            // The bot may already have exited; a failed write is fine here.
            let _ = writeln!(bot.stdin, "{l}");
            let _ = bot.stdin.flush();
        }
        let (code, stderr) = bot.finish();
        assert_eq!(code, Some(1), "{lines:?}: exit code; stderr: {stderr}");
        assert!(stderr.contains("UCC manager line"), "{lines:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{lines:?}: {stderr}");
    }
}
