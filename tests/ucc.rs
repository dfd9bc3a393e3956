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
//!
//! The manager's rule differences (docs/ucc.md) are checked on the library's player with
//! test bots: with no legal move it answers `SURRENDER`; it accepts an opponent that breaks
//! the two-squares rule at will, yet its own side keeps that rule.

use rand::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use stratagem::ai::{BotRng, FrozenClock, SearchContext, rng_from_seed};
use stratagem::rules::{
    Army, Battle, Game, Move, MoveReport, PieceKind, PlayerView, Position, Rules, Setup, Side, Square, Variant,
};
use stratagem::ucc::UccPlayer;

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

/// A test bot: a fixed setup, and a move chosen without search: the way back of its own last
/// move when `shuttle` is set and that is legal, else the first legal move.
struct Scripted {
    setup: Setup,
    shuttle: bool,
}

/// The way back of `side`'s last move in `pos`, if the rules allow it.
fn way_back(pos: &Position, side: Side) -> Option<Move> {
    let last = pos.history().iter().rev().map(|r| r.report).find(|r| r.side == side)?;
    let back = Move::new(last.to, last.from);
    pos.check_move(back).ok().map(|_| back)
}

impl stratagem::ai::Bot for Scripted {
    fn name(&self) -> &'static str {
        "scripted"
    }

    fn choose_move(&mut self, view: &PlayerView, _: &mut SearchContext) -> Move {
        let back = view.reports().filter(|r| r.side == view.side()).last().map(|r| Move::new(r.to, r.from));
        match back {
            Some(b) if self.shuttle && view.check_move(b).is_ok() => b,
            _ => view.legal_moves()[0],
        }
    }

    fn setup(&mut self, _: Variant, _: &mut BotRng) -> Setup {
        self.setup
    }
}

/// A classic Red army whose front row is Bomb Bomb x x Bomb Bomb x x Bomb Bomb: the four
/// pieces behind the lakes are walled in by their own Bombs and the full rows behind them,
/// so Red has no legal move at all.
fn walled_in_setup() -> Setup {
    let mut rest = Vec::new();
    let mut army = Army::CLASSIC;
    army[PieceKind::Bomb] -= 6;
    for k in PieceKind::ALL {
        for _ in 0..army[k] {
            rest.push(k);
        }
    }
    let mut slots = [None; 40];
    let mut it = rest.into_iter();
    for (i, slot) in slots.iter_mut().enumerate() {
        let sq = Setup::square(Side::Red, i);
        let bomb = sq.row() == 3 && [0, 1, 4, 5, 8, 9].contains(&sq.col());
        *slot = Some(if bomb { PieceKind::Bomb } else { it.next().unwrap() });
    }
    let s = Setup::from_slots(slots);
    assert_eq!(s.check(Variant::Classic), Ok(()));
    s
}

#[test]
fn no_legal_move_answers_surrender() {
    let red = walled_in_setup();
    let blue = stratagem::ai::setupgen::random::random_setup(Variant::Classic, &mut rng_from_seed(3));
    let game = Game::new(rules(), &red, &blue).unwrap();
    assert!(game.position().legal_moves().is_empty(), "the test position must leave Red no move");
    let mut p = UccPlayer::new(Box::new(Scripted { setup: red, shuttle: false }), stratagem::ai::Budget::nodes(10), 1);
    let clock = FrozenClock;
    assert_eq!(p.feed("RED tester 10 10", &clock).unwrap().lines.len(), 4);
    assert!(p.feed("START", &clock).unwrap().lines.is_empty());
    let mut reply = None;
    for row in board(game.position(), Side::Red) {
        reply = Some(p.feed(&row, &clock).expect("the board is accepted"));
    }
    assert_eq!(reply.unwrap().lines, vec!["SURRENDER".to_string()]);
    // After SURRENDER only QUIT fits; anything else is a clear error.
    let mut q = UccPlayer::new(Box::new(Scripted { setup: red, shuttle: false }), stratagem::ai::Budget::nodes(10), 1);
    q.feed("RED tester 10 10", &clock).unwrap();
    q.feed("START", &clock).unwrap();
    for row in board(game.position(), Side::Red) {
        q.feed(&row, &clock).unwrap();
    }
    let e = q.feed("0 6 UP OK", &clock).unwrap_err();
    assert!(e.to_string().contains("surrendered"), "{e}");
    let r = p.feed("QUIT SURRENDER", &clock).unwrap();
    assert!(r.quit && p.is_done());
}

/// The longest run of moves by `side` in which each move takes back the one before it.
fn longest_shuttle(pos: &Position, side: Side) -> usize {
    let (mut best, mut run, mut prev): (usize, usize, Option<MoveReport>) = (0, 0, None);
    for r in pos.history().iter().map(|h| h.report).filter(|r| r.side == side) {
        run = match prev {
            Some(p) if p.piece == r.piece && p.from == r.to && p.to == r.from => run + 1,
            _ => 1,
        };
        best = best.max(run);
        prev = Some(r);
    }
    best
}

/// The manager accepts any repetition; so must our player from the opponent, while its own
/// moves keep the two-squares rule (at most three moves in a row between the same squares).
#[test]
fn opponent_may_shuttle_we_keep_the_two_squares_rule() {
    for (side, seed) in [(Side::Red, 5), (Side::Blue, 6)] {
        let mut rng = rng_from_seed(seed);
        let ours = stratagem::ai::setupgen::random::random_setup(Variant::Classic, &mut rng);
        let theirs = stratagem::ai::setupgen::random::random_setup(Variant::Classic, &mut rng);
        let (red, blue) = if side == Side::Red { (ours, theirs) } else { (theirs, ours) };
        let mut game = Game::new(rules(), &red, &blue).unwrap();
        let bot = Scripted { setup: ours, shuttle: true };
        let mut p = UccPlayer::new(Box::new(bot), stratagem::ai::Budget::nodes(10), 1);
        let clock = FrozenClock;
        let colour = if side == Side::Red { "RED" } else { "BLUE" };
        assert_eq!(p.feed(&format!("{colour} shuttler 10 10"), &clock).unwrap().lines.len(), 4);
        let mut last: Option<String> = None;
        while game.outcome().is_none() && game.position().ply() < 120 {
            if game.to_move() != side {
                // The opponent shuttles whenever the manager's rules let it.
                let pos = game.position();
                let mv = way_back(pos, side.opponent()).unwrap_or_else(|| {
                    let legal = pos.legal_moves();
                    legal[rng.random_range(0..legal.len())]
                });
                let r = game.play(mv).unwrap();
                last = Some(format!("{} {}", ucc_text(mv), outcome_text(&r)));
                continue;
            }
            p.feed(last.as_deref().unwrap_or("START"), &clock).expect("the opponent's move is accepted");
            let mut reply = None;
            for row in board(game.position(), side) {
                reply = Some(p.feed(&row, &clock).expect("the board is accepted"));
            }
            let reply = reply.unwrap();
            assert!(reply.notes.is_empty(), "{:?}", reply.notes);
            let line = reply.lines[0].clone();
            let r = game.play(parse_move(&line)).unwrap();
            p.feed(&format!("{line} {}", outcome_text(&r)), &clock).unwrap();
        }
        let pos = game.position();
        assert!(pos.ply() >= 100, "{side}: the game ended early, at ply {}", pos.ply());
        assert!(longest_shuttle(pos, side.opponent()) >= 10, "the opponent was meant to break the rule");
        // The bot wants to shuttle for ever; the two-squares rule (limit 3) stops it at three.
        assert_eq!(longest_shuttle(pos, side), 3, "{side}: our side's longest shuttle");
    }
}
