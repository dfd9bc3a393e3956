//! How well the strategist's belief reads the enemy's pieces that walk towards our known Bombs
//! (docs/bots/strategist.md, session 59): over saved games (`stratagem arena ... --save DIR`),
//! for every plain move of an enemy piece still unknown to the strategist while some Bomb of the
//! strategist's is known, the walk it is on (its plain moves in a row that brought it nearer to
//! the nearest known Bomb, 0 to 5 or more) and whether it ends within three squares of it; then,
//! per bucket, the belief's mean Miner probability for that piece after the move against the
//! share of those pieces that were Miners.
//!
//!     cargo run --release --example bomb_walk_calibration -- DIR... [--walk FACTOR]
//!
//! `--walk` is the belief's "walks to our known Bombs" factor (1: off, the default; 2 is
//! `STRATEGIST_BOMB_WALK=200`). Left out: moves made while no Bomb of ours is known (they end
//! any walk, as in the belief), Scouts' long moves (the kind is then public), and, to keep the
//! run short, the moves outside a walk of six pieces in seven (by piece number). The belief is
//! the strategist's: the matrix with its "came up to a known piece" factor ([`APPROACH`]), no
//! tilt, no sharpening. A record whose players are not exactly one strategist (`strategist` or
//! `strategist@N`) is reported and skipped, as is a record that does not replay.
use std::collections::BTreeMap;
use std::error::Error;
use std::path::PathBuf;
use stratagem::ai::belief::matrix::BeliefCache;
use stratagem::ai::bots::strategist::APPROACH;
use stratagem::rules::notation::record::GameRecord;
use stratagem::rules::{PieceKind, PlayerView, Side, Square};

fn dist(a: Square, b: Square) -> i32 {
    (a.row() as i32 - b.row() as i32).abs() + (a.col() as i32 - b.col() as i32).abs()
}

/// Per (walk, within three squares): moves, the belief's summed Miner odds, Miners.
type Buckets = BTreeMap<(u32, bool), (u32, f64, u32)>;

/// Whether a record's player is the strategist, on any number of threads.
fn is_strategist(name: Option<&str>) -> bool {
    name.is_some_and(|n| n == "strategist" || n.strip_prefix("strategist@").is_some_and(|t| t.parse::<u32>().is_ok()))
}

/// One record's buckets, or what is wrong with it.
fn score_game(path: &PathBuf, walk: f64) -> Result<Buckets, Box<dyn Error>> {
    let rec = GameRecord::read(&std::fs::read_to_string(path)?)?;
    let us = match (is_strategist(rec.red_player.as_deref()), is_strategist(rec.blue_player.as_deref())) {
        (true, false) => Side::Red,
        (false, true) => Side::Blue,
        _ => return Err("not a game of one strategist against another bot".into()),
    };
    let mut stats = Buckets::new();
    let start = rec.start_position()?;
    let replay = rec.replay(false)?;
    let mut pos = start.clone();
    let mut view = PlayerView::new(&start, us);
    let mut cache = BeliefCache::new();
    cache.set_approach(f64::from(APPROACH) / 100.0);
    cache.set_bomb_walk(walk);
    let mut steps = [0u32; 80];
    for ply in &replay.plies {
        let mv = ply.report.mv();
        let mut scored = None;
        if ply.side != us && ply.report.battle.is_none() && !ply.report.reveals_scout() {
            let id = ply.report.piece;
            let bombs: Vec<Square> = pos
                .pieces_of(us)
                .map(|i| pos.piece(i))
                .filter(|q| q.kind == PieceKind::Bomb && q.revealed)
                .map(|q| q.square)
                .collect();
            if view.kind(id).is_none() && bombs.is_empty() {
                steps[id.index()] = 0;
            } else if view.kind(id).is_none() {
                let near = |s: Square| bombs.iter().map(|&b| dist(s, b)).min().unwrap_or(i32::MAX);
                let (d0, d1) = (near(mv.from), near(mv.to));
                steps[id.index()] = if d1 < d0 { steps[id.index()] + 1 } else { 0 };
                let s = steps[id.index()].min(5);
                if s >= 1 || id.index() % 7 == 0 {
                    scored = Some((id, s, d1 <= 3, pos.piece(id).kind == PieceKind::Miner));
                }
            }
        }
        pos.play(mv)?;
        view.apply(&ply.report)?;
        if let Some((id, s, near, miner)) = scored {
            let p =
                cache.replay(&view).matrix_shaped(us.opponent(), 0.0, 1.0).probabilities(id)[PieceKind::Miner.index()];
            let e = stats.entry((s, near)).or_insert((0, 0.0, 0));
            *e = (e.0 + 1, e.1 + p, e.2 + u32::from(miner));
        }
    }
    Ok(stats)
}

fn main() {
    let mut walk = 1.0;
    let mut dirs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--walk" {
            match args.next().and_then(|v| v.parse::<f64>().ok()).filter(|w| w.is_finite() && *w > 0.0) {
                Some(w) => walk = w,
                None => {
                    eprintln!("--walk needs a positive factor");
                    std::process::exit(2);
                }
            }
        } else {
            dirs.push(PathBuf::from(a));
        }
    }
    if dirs.is_empty() {
        eprintln!("usage: bomb_walk_calibration DIR... [--walk FACTOR]");
        std::process::exit(2);
    }
    let mut stats = Buckets::new();
    for dir in dirs {
        let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
            Ok(d) => d
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                .collect(),
            Err(e) => {
                eprintln!("{}: {e}", dir.display());
                continue;
            }
        };
        files.sort();
        for f in files {
            match score_game(&f, walk) {
                Ok(game) => {
                    for (k, (n, p, m)) in game {
                        let e = stats.entry(k).or_insert((0, 0.0, 0));
                        *e = (e.0 + n, e.1 + p, e.2 + m);
                    }
                }
                Err(e) => eprintln!("{}: {e} (skipped)", f.display()),
            }
        }
    }
    println!("| walk | ends | moves | belief's P(Miner) | Miners |");
    println!("|---:|---|---:|---:|---:|");
    for ((s, near), (n, p, m)) in stats {
        let ends = if near { "within 3" } else { "farther" };
        let s = if s == 5 { "5+".to_string() } else { s.to_string() };
        println!("| {s} | {ends} | {n} | {:.3} | {:.3} |", p / f64::from(n), f64::from(m) / f64::from(n));
    }
}
