//! Tests of the engine call (`stratagem::ai::engine::think`): it refuses a view whose side is
//! not to move or cannot move, with a message that says so; every registered bot answers a
//! legal move with its nodes, depth and score, the same for the same seed and node budget;
//! the searching bots name the chosen move among their candidates, best first; and the arena
//! plays by the engine's one seed rule (`move_seed(game_seed, ply)`); a bot whose move splits
//! among workers (`PARTS`) plays its own move from one part alone, and several parts (own seeds
//! per worker) combine to a legal move, while a part of another view is refused.

mod common;

use common::board;
use rand::RngCore;
use stratagem::ai::bots::threaded::{Table, make_bot_threaded};
use stratagem::ai::engine::{Part, ThinkError, combine_parts, move_seed, part_seed, run_part, think, think_part};
use stratagem::ai::{Budget, FrozenClock, PARTS, Progress, Split, bot_entry, bot_names, make_bot, rng_from_seed};
use stratagem::arena::play_game;
use stratagem::rules::{BySide, Game, PlayerView, Position, Rules, Side, Variant};

fn quiet() -> impl FnMut(&Progress) {
    |_: &Progress| {}
}

/// A position some plies into a game between two random setups.
fn midgame() -> Position {
    let mut rng = rng_from_seed(11);
    let mut r = make_bot("random").unwrap();
    let (red, blue) = (r.setup(Variant::Classic, &mut rng), r.setup(Variant::Classic, &mut rng));
    let mut pos = Position::new(Rules::default(), &red, &blue);
    for i in 0..40 {
        let moves = pos.legal_moves();
        pos.play_unchecked(moves[(i * 7) % moves.len()]);
    }
    assert!(pos.outcome().is_none());
    pos
}

#[test]
fn think_refuses_the_wrong_side_and_a_side_without_moves() {
    let pos = midgame();
    let side = pos.to_move();
    let other = PlayerView::new(&pos, side.opponent());
    let mut bot = make_bot("random").unwrap();
    let err = think(bot.as_mut(), &other, Budget::nodes(10), &FrozenClock, 1, &mut quiet()).unwrap_err();
    assert_eq!(err, ThinkError::NotYourTurn { to_move: side, side: side.opponent() });
    assert_eq!(err.to_string(), format!("it is {side}'s turn, not {}'s", side.opponent()));
    // Red has only a Bomb and its Flag: no move at all.
    let pos = board(&[("a1", 'M'), ("b1", 'B'), ("j10", 'Y'), ("e7", 'U')], Rules::default(), Side::Red);
    let stuck = PlayerView::new(&pos, Side::Red);
    let err = think(bot.as_mut(), &stuck, Budget::nodes(10), &FrozenClock, 1, &mut quiet()).unwrap_err();
    assert_eq!(err.to_string(), "Red has no legal move");
}

#[test]
fn every_bot_answers_through_the_engine_reproducibly_with_its_candidates() {
    let pos = midgame();
    let view = PlayerView::new(&pos, pos.to_move());
    for name in bot_names() {
        let budget = Budget::nodes(if matches!(name, "mcts" | "ismcts") { 200 } else { 3000 });
        let run = || {
            let mut bot = make_bot(name).unwrap();
            let mut reports = 0;
            let t = think(bot.as_mut(), &view, budget, &FrozenClock, 42, &mut |_: &Progress| reports += 1).unwrap();
            (t, reports)
        };
        let (a, reports) = run();
        let (b, _) = run();
        assert_eq!(a, b, "{name}: same view, seed and node budget, same thought");
        assert!(view.legal_moves().contains(&a.mv), "{name}: {} is legal", a.mv);
        assert!(a.nodes > 0, "{name} counted no nodes");
        assert!(reports > 0 && a.depth > 0, "{name}: the thought carries the last report's depth");
        // The page's "Why?" names the scale of the candidates' scores: a bot that gives
        // candidates says what they mean, one that gives none has no scale.
        let scale = bot_entry(name).unwrap().scale;
        assert_eq!(
            a.candidates.is_empty(),
            scale.is_empty(),
            "{name}: candidates {} but scale {scale:?}",
            a.candidates.len()
        );
        if name == "random" {
            continue; // nothing weighed, nothing to show
        }
        assert!(!a.candidates.is_empty(), "{name} gave no candidates");
        // Best first by the bot's own choice rule: the move played heads the list.
        assert_eq!(a.candidates[0].0, a.mv, "{name}: {:?}", &a.candidates[..a.candidates.len().min(3)]);
        for (m, _) in &a.candidates {
            assert!(view.legal_moves().contains(m), "{name}: candidate {m} is legal");
        }
    }
}

#[test]
fn the_arena_plays_by_the_engine_seed_rule() {
    let rules = Rules { max_plies: Some(30), ..Rules::for_variant(Variant::Barrage) };
    let mut rng = rng_from_seed(3);
    let mut gen_bot = make_bot("random").unwrap();
    let setups =
        BySide { red: gen_bot.setup(Variant::Barrage, &mut rng), blue: gen_bot.setup(Variant::Barrage, &mut rng) };
    let budget = Budget::nodes(300);
    let game_seed = 77;
    let (mut red, mut blue) = (make_bot("negamax").unwrap(), make_bot("mcts").unwrap());
    let report = play_game(red.as_mut(), blue.as_mut(), setups, rules, budget, game_seed).unwrap();
    // The same game by hand: every move from think() with move_seed(game_seed, ply).
    let (mut red, mut blue) = (make_bot("negamax").unwrap(), make_bot("mcts").unwrap());
    let mut game = Game::new(rules, &setups.red, &setups.blue).unwrap();
    while game.outcome().is_none() {
        let side = game.to_move();
        let view = game.view(side);
        let bot = if side == Side::Red { red.as_mut() } else { blue.as_mut() };
        let t = think(bot, &view, budget, &FrozenClock, move_seed(game_seed, view.ply()), &mut quiet()).unwrap();
        game.play(t.mv).unwrap();
    }
    assert_eq!(game.outcome(), Some(report.outcome));
    assert_eq!(game.position().ply(), report.game.position().ply());
    assert_eq!(game.position().to_field(), report.game.position().to_field());
}

#[test]
fn move_seeds_differ_by_ply_and_game() {
    let seeds: Vec<u64> = (0..200).map(|p| move_seed(5, p)).collect();
    let mut sorted = seeds.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), seeds.len(), "200 plies, 200 different seeds");
    assert_ne!(move_seed(5, 0), move_seed(6, 0));
    // The rule is the game seed's own stream, read at the ply (so seeded arena matches play
    // as they did when the arena drew one number per ply).
    let mut stream = rng_from_seed(5);
    for (ply, &seed) in seeds.iter().enumerate() {
        assert_eq!(seed, stream.next_u64(), "ply {ply}");
    }
}

#[test]
fn one_part_alone_is_the_bots_own_move_and_parts_combine_to_a_legal_move() {
    assert!(!PARTS.is_empty(), "no bot splits its move: nothing for the page's workers");
    let pos = midgame();
    let view = PlayerView::new(&pos, pos.to_move());
    let budget = Budget::nodes(3000);
    for parts in PARTS {
        for seed in [42, 7] {
            let mut bot = make_bot(parts.bot).unwrap();
            let own = think(bot.as_mut(), &view, budget, &FrozenClock, seed, &mut quiet()).unwrap();
            let part = think_part(parts, &view, budget, &FrozenClock, seed, (0, 1), &mut quiet()).unwrap();
            assert_eq!(part.moves.as_slice(), view.legal_moves().as_slice());
            assert!(part.counted > 0, "{}: no sample counted", parts.bot);
            let alone = combine_parts(parts, &view, std::slice::from_ref(&part)).unwrap();
            assert_eq!(alone.mv, own.mv, "{}, seed {seed}: one part alone plays the bot's move", parts.bot);
            assert_eq!(alone.candidates, own.candidates, "{}, seed {seed}: the same candidates", parts.bot);
            assert_eq!(alone.nodes, own.nodes, "{}: the same work", parts.bot);
            // Worker 1 searches other samples (another seed), and the two parts add up.
            let other = think_part(parts, &view, budget, &FrozenClock, seed, (1, 2), &mut quiet()).unwrap();
            assert_ne!(other.sums, part.sums, "{}: worker 1 searched the same samples as worker 0", parts.bot);
            let both = combine_parts(parts, &view, &[part.clone(), other.clone()]).unwrap();
            assert!(view.legal_moves().contains(&both.mv), "{}: {} is legal", parts.bot, both.mv);
            assert_eq!(both.nodes, part.nodes + other.nodes);
            let best = both.candidates[0];
            assert_eq!(best.0, both.mv, "the combined move heads the candidates");
            let i = part.moves.iter().position(|&m| m == both.mv).unwrap();
            let per = (part.counted + other.counted) as f64;
            assert_eq!(best.1, (part.sums[i] + other.sums[i]) as f64 / per, "mean over both parts' samples");
            for (m, v) in &both.candidates {
                assert!(*v <= best.1, "{m} scores {v}, above the chosen {}", best.1);
            }
        }
    }
}

/// Native threads (`name@N`, `ai::bots::threaded`) are seeded as the page's workers: thread
/// `w` is worker `w`, so one thread is the bot's own move; N threads share the bot's work (each
/// part told it is one of N), where each of the page's workers searches whole.
#[test]
fn threads_search_as_the_pages_workers_do() {
    let pos = midgame();
    let view = PlayerView::new(&pos, pos.to_move());
    let budget = Budget::nodes(3000);
    for parts in PARTS {
        for seed in [42, 7] {
            let name = parts.bot;
            let mut bot = make_bot(name).unwrap();
            let own = think(bot.as_mut(), &view, budget, &FrozenClock, seed, &mut quiet()).unwrap();
            let mut one = make_bot_threaded(&format!("{name}@1")).unwrap();
            let t1 = think(one.as_mut(), &view, budget, &FrozenClock, seed, &mut quiet()).unwrap();
            assert_eq!(
                (t1.mv, &t1.candidates, t1.nodes),
                (own.mv, &own.candidates, own.nodes),
                "{name}@1, seed {seed}"
            );

            let shared: Vec<Part> = (0..2)
                .map(|w| {
                    let rng = rng_from_seed(part_seed(seed, w));
                    run_part(parts, &view, budget, &FrozenClock, rng, Split::Threads(2), None, &mut |_: &Progress| {})
                })
                .collect();
            let page: Vec<Part> = (0..2)
                .map(|w| think_part(parts, &view, budget, &FrozenClock, seed, (w, 2), &mut quiet()).unwrap())
                .collect();
            for (w, (s, p)) in shared.iter().zip(&page).enumerate() {
                assert!(
                    s.counted > 0 && s.counted < p.counted,
                    "{name}, worker {w}: a thread's share ({}) is less than a page worker's whole search ({})",
                    s.counted,
                    p.counted
                );
            }
            // The threads meet (for the second look, which this budget does not reach): the
            // same parts.
            assert_eq!(parts_on_threads(parts, &view, budget, seed, 2), shared, "{name}, seed {seed}");
            let threads = combine_parts(parts, &view, &shared).unwrap();
            let mut two = make_bot_threaded(&format!("{name}@2")).unwrap();
            let t2 = think(two.as_mut(), &view, budget, &FrozenClock, seed, &mut quiet()).unwrap();
            assert_eq!(
                (t2.mv, &t2.candidates, t2.nodes),
                (threads.mv, &threads.candidates, threads.nodes),
                "{name}@2, seed {seed}"
            );
            // Reproducible under a node budget whatever the threads' timing.
            let again = think(two.as_mut(), &view, budget, &FrozenClock, seed, &mut quiet()).unwrap();
            assert_eq!((again.mv, again.nodes), (t2.mv, t2.nodes));
        }
    }
    // Names the registry cannot make on threads.
    for bad in ["random@2", "strategist@0", "strategist@", "strategist@two", "nobody@2"] {
        assert!(make_bot_threaded(bad).is_none(), "{bad}");
    }
    assert_eq!(make_bot_threaded("negamax").unwrap().name(), "negamax");
}

/// The parts of a move split on `n` threads as `name@n` searches them: one thread a part, each
/// seated at one table (for the second look).
fn parts_on_threads(
    parts: &stratagem::ai::BotParts,
    view: &PlayerView,
    budget: Budget,
    seed: u64,
    n: u32,
) -> Vec<Part> {
    let table = Table::new(n as usize);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .map(|w| {
                let table = &table;
                s.spawn(move || {
                    let seat = table.seat(w as usize);
                    let rng = rng_from_seed(part_seed(seed, w));
                    let split = Split::Threads(n);
                    run_part(parts, view, budget, &FrozenClock, rng, split, Some(&seat), &mut |_: &Progress| {})
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// Strategist's second look (`VERIFY`) on threads: once the first passes reach the depth cap
/// with budget to spare, the threads add them up, look again at the best moves of the sum on
/// fresh armies, and part 0 carries the whole move (session 56). Before, `strategist@N` had
/// no look at all.
#[test]
fn threads_look_again_at_the_best_moves_of_their_sum() {
    let parts = &PARTS[0];
    let pos = midgame();
    let view = PlayerView::new(&pos, pos.to_move());
    let first_passes = |budget: Budget| -> Vec<Part> {
        (0..2u32)
            .map(|w| {
                let rng = rng_from_seed(part_seed(5, w));
                run_part(parts, &view, budget, &FrozenClock, rng, Split::Threads(2), None, &mut |_: &Progress| {})
            })
            .collect()
    };
    // 20,000 nodes: one thread's first pass stops at depth 4, below the cap, so nobody looks.
    let short = Budget::nodes(20_000);
    let first = first_passes(short);
    assert!(first.iter().any(|p| p.depth < 5), "{first:?}");
    assert_eq!(parts_on_threads(parts, &view, short, 5, 2), first);

    // 50,000: both first passes reach depth 5 with most of the budget left.
    let budget = Budget::nodes(50_000);
    let first = first_passes(budget);
    assert!(first.iter().all(|p| p.depth == 5 && p.nodes < 35_000), "{first:?}");
    let looked = parts_on_threads(parts, &view, budget, 5, 2);
    let n1: usize = first.iter().map(|p| p.counted).sum();
    assert_eq!(looked[0].counted, n1, "part 0 carries the whole move, in the first passes' units");
    assert_eq!((looked[1].counted, looked[1].sums.iter().all(|&s| s == 0)), (0, true), "part 1 adds nothing");
    let nodes = |list: &[Part]| list.iter().map(|p| p.nodes).sum::<u64>();
    assert!(nodes(&looked) > nodes(&first), "the look searched more armies");
    // The move is one of the best three of the first passes added up; every other move falls
    // below the three.
    let before = combine_parts(parts, &view, &first).unwrap();
    let after = combine_parts(parts, &view, &looked).unwrap();
    let top: Vec<_> = before.candidates.iter().take(3).map(|c| c.0).collect();
    assert!(top.contains(&after.mv), "{} not among {top:?}", after.mv);
    let after_top: Vec<_> = after.candidates.iter().take(3).map(|c| c.0).collect();
    let mut sorted = (top.clone(), after_top);
    sorted.0.sort_by_key(|m| m.to_string());
    sorted.1.sort_by_key(|m| m.to_string());
    assert_eq!(sorted.0, sorted.1, "the three looked at head the list");
    // Their means are over both passes now (the look's armies blended in), not the first's:
    // some sum moves by more than the point of the tie-break.
    let sum = |t: &stratagem::ai::engine::Thought, mv| t.candidates.iter().find(|c| c.0 == mv).unwrap().1 * n1 as f64;
    assert!(
        top.iter().any(|&mv| (sum(&before, mv) - sum(&after, mv)).abs() > 1.5),
        "the look changed no sum of the three"
    );
    // `strategist@2` is these parts, reproducibly.
    let mut two = make_bot_threaded("strategist@2").unwrap();
    for _ in 0..2 {
        let t2 = think(two.as_mut(), &view, budget, &FrozenClock, 5, &mut quiet()).unwrap();
        assert_eq!((t2.mv, &t2.candidates, t2.nodes), (after.mv, &after.candidates, after.nodes));
    }
}

/// The threads' table: every seat gets every payload in seat order, round after round; a seat
/// dropped without handing in (a part that returned early or panicked) makes that round and
/// the later ones `None` for everybody instead of leaving them waiting.
#[test]
fn a_table_gathers_every_part_and_nobody_waits_for_a_part_that_ended() {
    use stratagem::ai::Gather;
    let table = Table::new(3);
    let got: Vec<Vec<Option<Vec<Vec<i64>>>>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..3usize)
            .map(|w| {
                let table = &table;
                s.spawn(move || {
                    let seat = table.seat(w);
                    assert_eq!(seat.index(), w);
                    let mut rounds = vec![seat.gather(vec![w as i64, 10 * w as i64])];
                    if w == 2 {
                        // Ends after one round; with a panic the seat is dropped alike.
                        return rounds;
                    }
                    rounds.push(seat.gather(vec![100 + w as i64]));
                    rounds.push(seat.gather(vec![200 + w as i64]));
                    rounds
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let round0 = Some(vec![vec![0, 0], vec![1, 10], vec![2, 20]]);
    for (w, rounds) in got.iter().enumerate() {
        assert_eq!(rounds[0], round0, "seat {w}");
    }
    assert_eq!(got[2].len(), 1);
    for rounds in &got[..2] {
        assert_eq!(&rounds[1..], &[None, None]);
    }

    // A part that panics before its first round: the other part is not left waiting.
    let table = Table::new(2);
    let outcome = std::thread::scope(|s| {
        let table = &table;
        let quitter = s.spawn(move || {
            let _seat = table.seat(0);
            panic!("a part's search failed");
        });
        let other = s.spawn(move || table.seat(1).gather(vec![7]));
        (quitter.join().is_err(), other.join().unwrap())
    });
    assert_eq!(outcome, (true, None));
}

#[test]
fn parts_differ_by_worker_and_a_part_of_another_view_is_refused() {
    let seeds: Vec<u64> = (0..16).map(|w| part_seed(99, w)).collect();
    assert_eq!(seeds[0], 99, "worker 0 searches with the move's own seed");
    let mut sorted = seeds.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), seeds.len(), "16 workers, 16 different seeds");

    let parts = &PARTS[0];
    let pos = midgame();
    let view = PlayerView::new(&pos, pos.to_move());
    let part = think_part(parts, &view, Budget::nodes(500), &FrozenClock, 3, (0, 1), &mut quiet()).unwrap();
    // A worker's index must be below the number of workers, which is at least one.
    for (worker, workers) in [(0, 0), (1, 1), (4, 2)] {
        let err =
            think_part(parts, &view, Budget::nodes(500), &FrozenClock, 3, (worker, workers), &mut quiet()).unwrap_err();
        assert_eq!(err, ThinkError::BadWorker { bot: parts.bot, worker, workers });
        assert!(err.to_string().contains(&format!("worker {worker} of {workers}")), "{err}");
    }
    let err = combine_parts(parts, &view, &[]).unwrap_err();
    assert_eq!(err, ThinkError::NoParts(parts.bot));
    // A part with a move missing (the part of another position) is refused, naming the part.
    let mut short = part.clone();
    short.moves.pop();
    short.sums.pop();
    let err = combine_parts(parts, &view, &[part.clone(), short]).unwrap_err();
    assert!(matches!(err, ThinkError::BadPart { index: 1, .. }), "{err:?}");
    assert!(err.to_string().contains("part 1"), "{err}");
    let mut no_sums = part.clone();
    no_sums.sums.clear();
    let err = combine_parts(parts, &view, &[no_sums]).unwrap_err();
    assert!(err.to_string().contains("sums"), "{err}");
    // The other side's view (not its turn) is refused as think refuses it.
    let other = PlayerView::new(&pos, pos.to_move().opponent());
    let err = combine_parts(parts, &other, &[part]).unwrap_err();
    assert!(matches!(err, ThinkError::NotYourTurn { .. }), "{err:?}");
}
