//! wasm-bindgen tests of the page's bindings (`stratagem_web`, web/src/lib.rs), run in Node by
//! wasm-bindgen-test-runner: `cargo test --target wasm32-unknown-unknown -p stratagem-web --test wasm_node`
//! (the runner is set in `.cargo/config.toml`; scripts/test.sh runs this).
//!
//! Invariants checked: the referee the page holds agrees with the rules engine when compiled
//! to wasm32; bad input from JS (setup strings, move text, views) comes back as a JS `Error`
//! carrying the rule's text, never a panic (with `panic = "abort"` a panic traps and the whole
//! test binary fails); `think` returns a legal move of the view it is given, at every level;
//! for levels whose bot splits its move among workers, `thinkPart` of worker 0 combined alone
//! by `combineParts` is the bot's own move (same seed and node budget), and two workers' parts
//! combine to a legal move; the page's strategist carries v15's two terms (the calibrated Flag
//! odds and the value of finding out), which change its root scores as they do natively, and
//! v20's endgame march, which walks its Miner towards the enemy's last unknown piece.
//! Natively this file compiles to nothing.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Error, Reflect};
use stratagem::ai::{Budget, FrozenClock, Progress, engine, make_bot};
use stratagem::rules::{Game, Move, PieceKind, Rules, Setup, Side, Square};
use stratagem::rules::{PlayerView, ViewRecord};
use stratagem_web::{Referee, check_setup, combine_parts, inject_fault, levels, think, think_part};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// Human setups from the project's Gravon data (the first is the crate's doc example's).
const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";
const BLUE: &str = "GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG";

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or_else(|_| panic!("no field {key} in {obj:?}"))
}

fn get_str(obj: &JsValue, key: &str) -> String {
    get(obj, key).as_string().unwrap_or_else(|| panic!("field {key} of {obj:?} is not a string"))
}

/// The message of a JS `Error`; fails the test if `v` is anything else (a string, a number).
fn error_message(v: JsValue) -> String {
    let e: Error = v.dyn_into().unwrap_or_else(|v| panic!("expected a JS Error, got {v:?}"));
    e.message().into()
}

fn referee() -> Referee {
    Referee::new(RED, BLUE, JsValue::UNDEFINED).expect("two valid setups make a game")
}

#[wasm_bindgen_test]
fn new_game_from_two_setup_strings() {
    let r = referee();
    assert_eq!(r.red_setup(), RED);
    assert_eq!(r.blue_setup(), BLUE);
    assert_eq!(r.to_move(), "Red");
    assert_eq!(r.ply(), 0);
    assert!(r.outcome().unwrap().is_null(), "a new game has no outcome");
    // Red's legal moves in wasm are exactly the engine's.
    let engine = Game::new(Rules::default(), &Setup::parse(RED).unwrap(), &Setup::parse(BLUE).unwrap()).unwrap();
    let mut want: Vec<String> = engine.position().legal_moves().iter().map(|m| m.to_string()).collect();
    let mut got = r.legal_moves();
    want.sort();
    got.sort();
    assert!(!got.is_empty());
    assert_eq!(got, want);
}

#[wasm_bindgen_test]
fn legal_targets_match_the_engine_on_every_square() {
    let r = referee();
    let engine = Game::new(Rules::default(), &Setup::parse(RED).unwrap(), &Setup::parse(BLUE).unwrap()).unwrap();
    let mut movable = 0;
    for sq in Square::all() {
        let got = r.legal_targets(&sq.to_string()).unwrap();
        let want: Vec<String> = engine.legal_targets(sq).iter().map(|s| s.to_string()).collect();
        assert_eq!(got, want, "legal targets of {sq}");
        movable += usize::from(!got.is_empty());
    }
    assert!(movable > 0, "Red can move something at the start");
    // The Scout on b4 runs up the open b file.
    let scout = r.legal_targets("b4").unwrap();
    assert!(scout.contains(&"b5".to_string()) && scout.contains(&"b6".to_string()), "{scout:?}");
    // A square name that is no square is an Error, not a panic.
    let msg = error_message(r.legal_targets("k11").unwrap_err());
    assert!(!msg.is_empty());
}

#[wasm_bindgen_test]
fn play_a_move_and_read_its_report() {
    let mut r = referee();
    let report = r.play("b4-b5").expect("b4-b5 is legal");
    assert_eq!(get(&report, "ply").as_f64(), Some(1.0));
    assert_eq!(get_str(&report, "side"), "Red");
    assert_eq!(get_str(&report, "from"), "b4");
    assert_eq!(get_str(&report, "to"), "b5");
    assert_eq!(get_str(&report, "text"), "b4-b5");
    assert!(get(&report, "battle").is_null(), "b5 was empty: no battle");
    assert!(get(&report, "outcome").is_null());
    assert_eq!(r.ply(), 1);
    assert_eq!(r.to_move(), "Blue");
    // The history holds the same report.
    let history: Array = r.history().unwrap().dyn_into().unwrap();
    assert_eq!(history.length(), 1);
    assert_eq!(get_str(&history.get(0), "text"), "b4-b5");
    // Undo takes it back.
    let undone = r.undo().unwrap();
    assert_eq!(get_str(&undone, "text"), "b4-b5");
    assert_eq!(r.ply(), 0);
    assert_eq!(r.to_move(), "Red");
}

#[wasm_bindgen_test]
fn an_illegal_move_is_an_error_with_the_rules_text() {
    let mut r = referee();
    r.play("b4-b5").unwrap();
    // The engine's own words for the same attempt.
    let mut engine = Game::new(Rules::default(), &Setup::parse(RED).unwrap(), &Setup::parse(BLUE).unwrap()).unwrap();
    engine.play(Move::parse("b4-b5").unwrap()).unwrap();
    let want = engine.play(Move::parse("b5-b6").unwrap()).unwrap_err().to_string();
    assert_eq!(want, "the piece on b5 is not yours");

    let msg = error_message(r.play("b5-b6").unwrap_err());
    assert_eq!(msg, want);
    assert_eq!(r.why_illegal("b5-b6").unwrap().as_deref(), Some(want.as_str()));
    // Diagonal, lake, malformed text: each its own rule, and the game is unchanged.
    let before = r.legal_moves();
    let diag = error_message(r.play("a7-b6").unwrap_err());
    assert!(diag.contains("diagonal"), "{diag}");
    let text = error_message(r.play("hello").unwrap_err());
    assert!(text.contains("hello") && text.contains("not a move"), "{text}");
    let empty = error_message(r.play_from_to("e5", "e6").unwrap_err());
    assert_eq!(empty, "there is no piece on e5");
    assert_eq!(r.ply(), 1);
    assert_eq!(r.legal_moves(), before);
}

#[wasm_bindgen_test]
fn a_malformed_setup_string_is_a_located_error() {
    // A bad letter: the message names the side, the letter's place and the letter.
    let bad = format!("{}Z{}", &RED[..12], &RED[13..]);
    let msg = error_message(Referee::new(&bad, BLUE, JsValue::UNDEFINED).err().expect("Z is no piece"));
    assert!(msg.starts_with("Red's setup"), "{msg}");
    assert!(msg.contains("letter 13") && msg.contains("row 2 from the back, column c") && msg.contains("'Z'"), "{msg}");
    let msg = error_message(Referee::new(RED, &BLUE[..39], JsValue::UNDEFINED).err().expect("39 letters"));
    assert!(msg.starts_with("Blue's setup") && msg.contains("39"), "{msg}");
    // Wrong counts: a second Marshal where a Scout stood.
    let (scout, marshal) = (PieceKind::Scout.letter(Side::Red), PieceKind::Marshal.letter(Side::Red));
    let i = RED.find(scout).unwrap();
    let two_marshals = format!("{}{marshal}{}", &RED[..i], &RED[i + 1..]);
    let msg = error_message(check_setup(&two_marshals, "classic").unwrap_err());
    assert!(msg.contains("2 Marshals") && msg.contains("Scouts"), "{msg}");
    assert_eq!(check_setup(&format!("  {RED} "), "classic").unwrap(), RED, "surrounding space is trimmed");
    let msg = error_message(check_setup(RED, "chess").unwrap_err());
    assert!(msg.contains("chess"), "{msg}");
}

#[wasm_bindgen_test]
fn think_returns_a_legal_move_at_every_level() {
    let mut r = referee();
    r.play("b4-b5").unwrap();
    let legal = r.legal_moves();
    let view = r.view_record("Blue").unwrap();
    let levels: Array = levels().unwrap().dyn_into().unwrap();
    assert!(levels.length() > 0);
    for (i, level) in levels.iter().enumerate() {
        let id = get_str(&level, "id");
        // A short budget: legality, not strength, is checked here.
        let answer = think(JsValue::from_str(&view), &id, 150.0, JsValue::from_str(&format!("seed-{i}")), None)
            .unwrap_or_else(|e| panic!("level {id}: {}", error_message(e)));
        let mv = get_str(&answer, "move");
        assert!(legal.contains(&mv), "level {id} chose {mv}, not among Blue's legal moves");
        // "Why?": candidates are legal `[move, score]` pairs, and come with the name of their
        // scale; a bot that gives none has none.
        let info = get(&answer, "info");
        let candidates: Array = get(&info, "candidates").dyn_into().unwrap();
        let scale = get_str(&info, "scale");
        assert_eq!(
            candidates.length() == 0,
            scale.is_empty(),
            "level {id}: {} candidates, scale {scale:?}",
            candidates.length()
        );
        for c in candidates.iter() {
            let pair: Array = c.dyn_into().unwrap();
            let m = pair.get(0).as_string().unwrap();
            assert!(legal.contains(&m), "level {id}: candidate {m} is not legal");
            assert!(pair.get(1).as_f64().is_some_and(f64::is_finite), "level {id}: candidate {m} has no score");
        }
        // The referee accepts it.
        let mut copy = Referee::new(RED, BLUE, JsValue::UNDEFINED).unwrap();
        copy.play("b4-b5").unwrap();
        copy.play(&mv).unwrap_or_else(|e| panic!("level {id}: {mv}: {}", error_message(e)));
    }
}

#[wasm_bindgen_test]
fn inject_fault_refuses_an_unknown_fault_with_an_error() {
    // Only the error path is testable here: "panic" traps the whole test binary and "hang" never
    // returns; both are exercised in the browser by tests/e2e/faults.test.mjs.
    let msg = error_message(inject_fault("flood").unwrap_err());
    assert!(msg.contains("unknown fault 'flood'"), "{msg}");
}

#[wasm_bindgen_test]
fn think_refuses_bad_views_with_errors() {
    let r = referee();
    // Red is to move: Blue's view cannot be answered.
    let blue = r.view_record("Blue").unwrap();
    let msg = error_message(think(JsValue::from_str(&blue), "random", 50.0, JsValue::from_f64(1.0), None).unwrap_err());
    assert!(msg.contains("turn"), "{msg}");
    let msg =
        error_message(think(JsValue::from_str("{not json"), "random", 50.0, JsValue::from_f64(1.0), None).unwrap_err());
    assert!(msg.starts_with("view"), "{msg}");
    let red = r.view_record("Red").unwrap();
    let msg =
        error_message(think(JsValue::from_str(&red), "no-such-level", 50.0, JsValue::from_f64(1.0), None).unwrap_err());
    assert!(msg.contains("no-such-level"), "{msg}");
    // The side name is checked too.
    let msg = error_message(r.view_record("Green").unwrap_err());
    assert!(msg.contains("Green"), "{msg}");
}

/// Objects from JS cross into the module as JSON text (`from_js` in web/src/lib.rs: one
/// deserializer per input type keeps the module small), so an object must mean exactly what its
/// JSON text means, and anything that is neither must be refused with an error, not a trap.
#[wasm_bindgen_test]
fn objects_mean_what_their_json_text_means_and_other_values_are_refused() {
    let r = referee();
    let red = r.view_record("Red").unwrap();
    let as_object = js_sys::JSON::parse(&red).unwrap();
    let seed = || JsValue::from_str("same seed");
    let from_text = think(JsValue::from_str(&red), "random", 50.0, seed(), None).unwrap();
    let from_object = think(as_object, "random", 50.0, seed(), None).unwrap();
    assert_eq!(get_str(&from_text, "move"), get_str(&from_object, "move"));

    let rules_text = r#"{"two_square_limit": 2, "variant": "classic"}"#;
    for rules in [JsValue::from_str(rules_text), js_sys::JSON::parse(rules_text).unwrap()] {
        let game = Referee::new(RED, BLUE, rules).unwrap();
        assert_eq!(get(&game.rules().unwrap(), "two_square_limit").as_f64(), Some(2.0));
    }
    let bad_rules = js_sys::JSON::parse(r#"{"two_square_limit": "two"}"#).unwrap();
    let msg = error_message(Referee::new(RED, BLUE, bad_rules).err().unwrap());
    assert!(msg.starts_with("rules: "), "{msg}");

    // undefined, a number and a function are no view; a BigInt makes JSON.stringify throw.
    let bigint = js_sys::eval("10n").unwrap();
    let function = js_sys::eval("(function () {})").unwrap();
    for v in [JsValue::UNDEFINED, JsValue::from_f64(5.0), function, bigint] {
        let msg = error_message(think(v.clone(), "random", 50.0, seed(), None).unwrap_err());
        assert!(msg.starts_with("view: "), "{v:?}: {msg}");
    }
    // Numbers in messages are written as JavaScript writes them (no Rust float formatting).
    let msg = error_message(think(JsValue::from_str(&red), "random", 50.0, JsValue::from_f64(1.5), None).unwrap_err());
    assert!(msg.starts_with("seed 1.5 is not"), "{msg}");
}

/// The levels whose bot splits its move among workers (`parts: true` in `levels()`).
fn part_levels() -> Vec<(String, String)> {
    let levels: Array = levels().unwrap().dyn_into().unwrap();
    levels
        .iter()
        .filter(|l| get(l, "parts").as_bool().expect("every level says whether it has parts"))
        .map(|l| (get_str(&l, "id"), get_str(&l, "bot")))
        .collect()
}

#[wasm_bindgen_test]
fn one_part_alone_is_the_bots_move_and_two_parts_combine_to_a_legal_move() {
    let mut r = referee();
    r.play("b4-b5").unwrap();
    let legal = r.legal_moves();
    let text = r.view_record("Blue").unwrap();
    let view = JsValue::from_str(&text);
    let levels = part_levels();
    assert!(!levels.is_empty(), "no level splits its move among workers");
    const NODES: u64 = 1500;
    for (id, bot) in levels {
        // The bot's own move through the engine, with 10 s and a node budget (a frozen clock:
        // the nodes alone stop it; the time sets how much work the bot plans, as in the page).
        let rec: ViewRecord = serde_json::from_str(&text).unwrap();
        let pv = PlayerView::from_record(&rec).unwrap();
        let mut b = make_bot(&bot).unwrap();
        let budget = Budget { time_ms: Some(10_000.0), nodes: Some(NODES) };
        let own = engine::think(b.as_mut(), &pv, budget, &FrozenClock, 1234, &mut |_: &Progress| {}).unwrap();
        // The same through the exports: worker 0's part (10 s of time, so the nodes stop it).
        let part = |worker: u32, workers: u32| {
            think_part(
                view.clone(),
                &id,
                10_000.0,
                JsValue::from_str("1234"),
                worker,
                workers,
                None,
                Some(NODES as f64),
            )
            .unwrap_or_else(|e| panic!("level {id}, worker {worker}: {}", error_message(e)))
        };
        let p0 = part(0, 1);
        let moves: Array = get(&p0, "moves").dyn_into().unwrap();
        let moves: Vec<String> = moves.iter().map(|m| m.as_string().unwrap()).collect();
        assert_eq!(moves, legal, "level {id}: the part lists Blue's legal moves in order");
        let alone = combine_parts(view.clone(), &id, Array::of1(&p0).into(), 0.0)
            .unwrap_or_else(|e| panic!("level {id}: {}", error_message(e)));
        assert_eq!(get_str(&alone, "move"), own.mv.to_string(), "level {id}: one part alone plays the bot's move");
        let info = get(&alone, "info");
        assert_eq!(get(&info, "workers").as_f64(), Some(1.0));
        assert_eq!(get(&info, "nodes").as_f64(), Some(own.nodes as f64), "level {id}: the same work");
        let cands: Array = get(&info, "candidates").dyn_into().unwrap();
        let first: Array = cands.get(0).dyn_into().unwrap();
        assert_eq!(first.get(0).as_string().unwrap(), own.candidates[0].0.to_string());
        assert_eq!(first.get(1).as_f64().unwrap(), own.candidates[0].1, "level {id}: the same best score");
        // Two workers: another seed, other samples; the combined move is legal and the referee takes it.
        let (p0, p1) = (part(0, 2), part(1, 2));
        let both = combine_parts(view.clone(), &id, Array::of2(&p0, &p1).into(), 0.0)
            .unwrap_or_else(|e| panic!("level {id}: {}", error_message(e)));
        let mv = get_str(&both, "move");
        assert!(legal.contains(&mv), "level {id}: two parts chose {mv}, not among Blue's legal moves");
        let info = get(&both, "info");
        assert_eq!(get(&info, "workers").as_f64(), Some(2.0));
        let n = |p: &JsValue| get(p, "nodes").as_f64().unwrap();
        assert_eq!(get(&info, "nodes").as_f64(), Some(n(&p0) + n(&p1)), "level {id}: the nodes add up");
        let mut copy = Referee::new(RED, BLUE, JsValue::UNDEFINED).unwrap();
        copy.play("b4-b5").unwrap();
        copy.play(&mv).unwrap_or_else(|e| panic!("level {id}: {mv}: {}", error_message(e)));
    }
}

#[wasm_bindgen_test]
fn parts_refuse_bad_input_with_errors() {
    let mut r = referee();
    r.play("b4-b5").unwrap();
    let view = JsValue::from_str(&r.view_record("Blue").unwrap());
    let (id, _) = part_levels().into_iter().next().expect("a level with parts");
    // A bot without parts says which bots have them.
    let msg =
        error_message(think_part(view.clone(), "random", 50.0, JsValue::from_f64(1.0), 0, 1, None, None).unwrap_err());
    assert!(msg.contains("does not split") && msg.contains("strategist"), "{msg}");
    let msg =
        error_message(think_part(view.clone(), &id, 50.0, JsValue::from_f64(1.0), 0, 1, None, Some(0.5)).unwrap_err());
    assert!(msg.starts_with("maxNodes"), "{msg}");
    // Damaged parts are errors that name the part and the field.
    // A worker's index must be below the number of workers.
    for (worker, workers) in [(0, 0), (2, 2)] {
        let msg = error_message(
            think_part(view.clone(), &id, 50.0, JsValue::from_f64(1.0), worker, workers, None, Some(200.0))
                .unwrap_err(),
        );
        assert!(msg.contains(&format!("worker {worker} of {workers}")), "{msg}");
    }
    let p = think_part(view.clone(), &id, 50.0, JsValue::from_f64(1.0), 0, 1, None, Some(200.0)).unwrap();
    let sums: Array = get(&p, "sums").dyn_into().unwrap();
    sums.set(0, JsValue::from_f64(0.5));
    let msg = error_message(combine_parts(view.clone(), &id, Array::of2(&p, &p).into(), 0.0).unwrap_err());
    assert!(msg.contains("parts[0].sums[0]"), "{msg}");
    sums.set(0, JsValue::from_f64(0.0));
    let moves: Array = get(&p, "moves").dyn_into().unwrap();
    moves.pop();
    let msg = error_message(combine_parts(view.clone(), &id, Array::of1(&p).into(), 0.0).unwrap_err());
    assert!(msg.contains("part 0"), "{msg}");
    let msg = error_message(combine_parts(view.clone(), &id, Array::new().into(), 0.0).unwrap_err());
    assert!(msg.contains("every worker failed"), "{msg}");
    let msg = error_message(combine_parts(view, &id, JsValue::from_str("[]"), 0.0).unwrap_err());
    assert!(msg.contains("array"), "{msg}");
}

#[wasm_bindgen_test]
fn the_pages_strategist_weighs_the_flag_odds_and_the_value_of_finding_out() {
    // v15 (docs/bots/strategist.md, session 36): the page plays the arena's bot, so both of
    // its terms must be live in this module, not compiled out of it as measured switches are.
    // Along a game between strategists (node budget, frozen clock): the value of finding out
    // raises some attack on an unknown enemy piece above its score with the term off, and the
    // calibrated Flag odds change some attack's score against the belief's own odds.
    use stratagem::ai::belief::matrix::BeliefCache;
    use stratagem::ai::bots::strategist::{FLAG_ODDS, PROBE, StrategistBot, StrategistConfig, combine, root_scores};
    use stratagem::ai::{Bot, SearchContext, rng_from_seed};
    use stratagem::rules::{Position, Variant};
    let default = StrategistConfig::default();
    assert_eq!((default.flag_odds, default.probe), (FLAG_ODDS, PROBE));
    let mut rng = rng_from_seed(36);
    let mut bot = StrategistBot::new();
    let (red, blue) = (bot.setup(Variant::Classic, &mut rng), bot.setup(Variant::Classic, &mut rng));
    let mut pos = Position::new(Rules::for_variant(Variant::Classic), &red, &blue);
    let (mut probe_paid, mut flag_weighed) = (0, 0);
    for ply in 0..300u64 {
        if pos.outcome().is_some() || (probe_paid > 0 && flag_weighed > 0) {
            break;
        }
        let view = PlayerView::new(&pos, pos.to_move());
        let scores: Vec<_> =
            [default, StrategistConfig { probe: 0, ..default }, StrategistConfig { flag_odds: 100, ..default }]
                .into_iter()
                .map(|config| {
                    let mut progress = |_: &Progress| {};
                    let mut ctx = SearchContext::new(Budget::nodes(1_500), &FrozenClock, ply, &mut progress);
                    root_scores(&view, &mut ctx, config, &mut BeliefCache::new())
                })
                .collect();
        for (i, mv) in scores[0].0.iter().enumerate() {
            let blind = view.piece_at(mv.to).is_some_and(|d| d.side() != view.side() && view.kind(d).is_none());
            if !blind {
                continue;
            }
            probe_paid += u32::from(scores[0].1[i] > scores[1].1[i] + 1);
            flag_weighed += u32::from(scores[0].1[i] != scores[2].1[i]);
        }
        pos.play(combine(&scores[..1]).unwrap()).unwrap();
    }
    assert!(probe_paid > 0, "no attack on an unknown piece was paid for what it tells");
    assert!(flag_weighed > 0, "the Flag odds changed no attack's score");
}

#[wasm_bindgen_test]
fn the_pages_strategist_marches_its_miner_in_an_endgame_it_leads() {
    // The endgame march (session 58; in the page since session 59) must be live in this
    // module with the page's default settings, not compiled out as measured switches are. The
    // position of tests/strategist.rs's native test: Blue is down to one Scout (moved, unknown)
    // and its Flag on j10 behind two Bombs shown in battle; Red's Miner on a4 is fifteen
    // squares from it, too far for the search's plies and the flag danger's five squares. With
    // the march the Miner walks towards j10 (natively, with the march off, the Sergeant moves).
    use stratagem::ai::bots::strategist::{ENDGAME_MARCH, StrategistBot, StrategistConfig};
    use stratagem::ai::{Bot, SearchContext};
    use stratagem::rules::Position;
    assert!(StrategistConfig::default().search.endgame_march == ENDGAME_MARCH && ENDGAME_MARCH > 0);
    let mut placement = [None; 100];
    for (s, c) in [
        ("a1", 'M'),
        ("a2", 'B'),
        ("b1", 'B'),
        ("a4", 'E'),
        ("c3", 'F'),
        ("j8", 'D'),
        ("h10", 'G'),
        ("j10", 'Y'),
        ("i10", 'N'),
        ("j9", 'N'),
        ("e8", 'P'),
    ] {
        let square = s.parse::<Square>().unwrap();
        placement[square.index()] = PieceKind::from_letter(c).map(|(k, side)| (side, k));
    }
    let mut pos =
        Position::from_placement(Rules::for_variant(stratagem::rules::Variant::Classic), &placement, Side::Red)
            .unwrap();
    for m in ["j8-j9", "e8-e7", "h10-i10", "e7-e8"] {
        pos.play(Move::parse(m).unwrap()).unwrap();
    }
    let view = PlayerView::new(&pos, Side::Red);
    let (miner, flag) = ("a4".parse::<Square>().unwrap(), "j10".parse::<Square>().unwrap());
    let dist = |s: Square| (s.row() as i32 - flag.row() as i32).abs() + (s.col() as i32 - flag.col() as i32).abs();
    for seed in 0..3 {
        let mut progress = |_: &Progress| {};
        let mut ctx = SearchContext::new(Budget::nodes(40_000), &FrozenClock, seed, &mut progress);
        let m = StrategistBot::with_config(StrategistConfig::default()).choose_move(&view, &mut ctx);
        assert_eq!(m.from, miner, "seed {seed}: {m} is not the Miner's");
        assert!(dist(m.to) < dist(m.from), "seed {seed}: {m} does not near the Flag");
    }
}
