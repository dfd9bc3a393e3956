//! Notations end to end: every human setup of the project's data round-trips and passes its
//! check; wrong armies are always refused with a message naming the problem; Gravon fields
//! and XML files and the engine's own record round-trip; the test games replay to their
//! recorded results; and no parser panics on any input (property tests).

use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use stratagem::rules::notation::gravon::{format_square, parse_square};
use stratagem::rules::notation::{
    Agreement, Annotation, FieldError, GameRecord, GravonGame, RecordStart, ReplayError, compare_outcome,
    field_position, field_to_setups, format_placement, parse_field, replay, setups_to_field,
};
use stratagem::rules::setup::plural;
use stratagem::rules::{
    DrawReason, Move, Outcome, PieceKind, Position, Rules, Setup, SetupError, Side, Square, Variant, WinReason,
};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn setups(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("data").join(file)).expect("setup data file");
    // Every line must be a setup (the project copy dropped a stray `]` line of the shared
    // file, see data/README.md).
    text.lines().map(str::to_string).collect()
}

fn game_file(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/data/games").join(name)).expect("test game file")
}

// ---------------------------------------------------------------- setups and fields

fn round_trip_all(file: &str, variant: Variant) {
    let all = setups(file);
    assert!(all.len() > 1000, "{file} has only {} setups", all.len());
    let other = Setup::parse(&all[0]).unwrap();
    for (i, text) in all.iter().enumerate() {
        let s = Setup::parse(text).unwrap_or_else(|e| panic!("{file} line {}: {e}", i + 1));
        assert_eq!(&s.to_letters(), text, "{file} line {}", i + 1);
        s.check(variant).unwrap_or_else(|e| panic!("{file} line {}: {e}", i + 1));
        assert_eq!(s.likely_variant(), variant, "{file} line {}", i + 1);
        // As both Red's and Blue's setup of a field, and back.
        let field = setups_to_field(&s, &other);
        assert_eq!(&field[..40], text.as_str());
        assert_eq!(field_to_setups(&field).unwrap(), (s, other), "{file} line {}", i + 1);
        let field2 = setups_to_field(&other, &s);
        assert_eq!(field_to_setups(&field2).unwrap(), (other, s), "{file} line {}", i + 1);
        // Blue's part is field[60..100] reversed, re-lettered into Red's letters.
        let blue_part: String = field2[60..]
            .chars()
            .rev()
            .map(|c| match PieceKind::from_letter(c) {
                Some((k, Side::Blue)) => k.letter(Side::Red),
                _ => c,
            })
            .collect();
        assert_eq!(&blue_part, text);
        assert_eq!(format_placement(&parse_field(&field).unwrap()), field);
        assert_eq!(Position::new(Rules::for_variant(variant), &s, &other).to_field(), field);
    }
}

#[test]
fn every_classic_human_setup_round_trips() {
    round_trip_all("gravon-classic-setups.txt", Variant::Classic);
}

#[test]
fn every_barrage_human_setup_round_trips() {
    round_trip_all("gravon-barrage-setups.txt", Variant::Barrage);
}

/// The words [`Setup::check`] uses for one count: "2 Spies (the army has 1)".
fn count_words(kind: PieceKind, have: u8, want: u8) -> String {
    let name = if have == 1 { kind.name().to_string() } else { plural(kind) };
    format!("{have} {name} (the army has {want})")
}

#[test]
fn one_changed_letter_is_always_refused_and_named() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (file, variant) in
        [("gravon-classic-setups.txt", Variant::Classic), ("gravon-barrage-setups.txt", Variant::Barrage)]
    {
        let all = setups(file);
        for _ in 0..3000 {
            let text = all.choose(&mut rng).unwrap();
            let s = Setup::parse(text).unwrap();
            let i = rng.random_range(0..40);
            let old = s.get(i);
            // Any other content for that square: another kind or (Barrage) empty.
            let mut choices: Vec<Option<PieceKind>> = PieceKind::ALL.iter().map(|&k| Some(k)).collect();
            choices.push(None);
            choices.retain(|c| *c != old);
            let new = *choices.choose(&mut rng).unwrap();
            let mut m = s;
            m.slots_mut()[i] = new;
            let letters = m.to_letters();
            let parsed = Setup::parse(&letters).unwrap();
            let err = parsed.check(variant).expect_err(&format!("{letters} accepted as {variant:?}"));
            let msg = err.to_string();
            let want = variant.army();
            let have = m.army();
            for k in [old, new].into_iter().flatten() {
                assert!(msg.contains(&count_words(k, have.count(k), want.count(k))), "{letters}: {msg}");
            }
            // The same letters moved around are still a good setup.
            let mut shuffled = s;
            shuffled.slots_mut().swap(i, rng.random_range(0..40));
            assert_eq!(shuffled.check(variant), Ok(()));
        }
    }
}

#[test]
fn changed_counts_and_bad_letters_are_refused_and_located() {
    let all = setups("gravon-classic-setups.txt");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..2000 {
        let text = all.choose(&mut rng).unwrap();
        let mut chars: Vec<char> = text.chars().collect();
        match rng.random_range(0..3) {
            0 => {
                // a letter that is no Red piece letter
                let i = rng.random_range(0..40);
                let c = *['N', 'Y', '_', 'a', 'Z', '1', ' ', 'é'].choose(&mut rng).unwrap();
                chars[i] = c;
                let bad: String = chars.iter().collect();
                match Setup::parse(&bad) {
                    Err(SetupError::Letter { index, letter, .. }) => assert_eq!((index, letter), (i + 1, c)),
                    // a space at either end is trimmed, leaving 39 letters
                    Err(SetupError::Length(39)) if c == ' ' && (i == 0 || i == 39) => {}
                    other => panic!("{bad}: {other:?}"),
                }
            }
            1 => {
                // one letter fewer or more
                if rng.random_bool(0.5) {
                    chars.remove(rng.random_range(0..40));
                } else {
                    chars.insert(rng.random_range(0..41), 'D');
                }
                let bad: String = chars.iter().collect();
                let e = Setup::parse(&bad).unwrap_err();
                assert_eq!(e, SetupError::Length(bad.chars().count()), "{bad}");
                assert!(e.to_string().contains(&bad.chars().count().to_string()));
            }
            _ => {
                // the Flag turned into a second Marshal
                let i = chars.iter().position(|&c| c == 'M').unwrap();
                chars[i] = 'L';
                let bad: String = chars.iter().collect();
                let e = Setup::parse_for(&bad, Variant::Classic).unwrap_err().to_string();
                assert!(e.contains("0 Flags (the army has 1)") && e.contains("2 Marshals (the army has 1)"), "{e}");
            }
        }
    }
}

#[test]
fn field_errors_name_square_and_letter() {
    let s = Setup::parse(&setups("gravon-classic-setups.txt")[0]).unwrap();
    let field = setups_to_field(&s, &s);
    let with = |i: usize, c: char| -> String {
        let mut v: Vec<char> = field.chars().collect();
        v[i] = c;
        v.into_iter().collect()
    };
    assert_eq!(
        parse_field(&with(42, 'B')).unwrap_err().to_string(),
        "square c5 (letter 43): expected a lake '_' but found 'B'"
    );
    assert_eq!(
        parse_field(&with(57, 'A')).unwrap_err().to_string(),
        "square h6 (letter 58): expected a lake '_' but found 'A'"
    );
    assert_eq!(
        parse_field(&with(44, '_')).unwrap_err(),
        FieldError::FalseLake { square: Square::parse("e5").unwrap(), index: 45 }
    );
    let e = parse_field(&with(10, 'z')).unwrap_err().to_string();
    assert!(e.starts_with("square a2 (letter 11): 'z' is not a field letter"), "{e}");
    assert_eq!(parse_field(&field[1..]).unwrap_err().to_string(), "a field has 100 letters, this one has 99");
    // start fields: no pieces in the middle rows or in the other side's rows
    let e = field_to_setups(&with(44, 'D')).unwrap_err().to_string();
    assert!(e.starts_with("square e5 (letter 45): 'D' cannot stand there") && e.contains("rows 5 and 6"), "{e}");
    let e = field_to_setups(&with(0, 'P')).unwrap_err().to_string();
    assert!(e.starts_with("square a1 (letter 1): 'P'") && e.contains("Blue piece in Red's rows"), "{e}");
    // partial armies are fine as positions
    let p = field_position(&with(0, 'A'), Rules::default(), Side::Blue).unwrap();
    assert_eq!(p.to_move(), Side::Blue);
    assert_eq!(p.to_field(), with(0, 'A'));
}

// ---------------------------------------------------------------- Gravon XML

const GOOD_XML: [&str; 7] = [
    "generated-classic-flag.xml",
    "generated-classic-no-movable-pieces.xml",
    "generated-classic-no-legal-move.xml",
    "generated-barrage-flag.xml",
    "generated-classic-resignation.xml",
    "study-no-moves.xml",
    "bad-wrong-result.xml",
];

#[test]
fn xml_files_round_trip() {
    for name in GOOD_XML.iter().chain(&["bad-illegal-move.xml"]) {
        let g = GravonGame::read(&game_file(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(g.field.is_some() && !g.moves.is_empty() && g.result.is_some(), "{name}");
        let text = g.write();
        let again = GravonGame::read(&text).unwrap();
        assert_eq!(again, g, "{name}");
        assert_eq!(again.write(), text, "{name}");
    }
}

#[test]
fn xml_names_are_escaped_and_squares_spelled_gravon_style() {
    let mut g = GravonGame::read(&game_file("study-no-moves.xml")).unwrap();
    g.players = vec![("1".into(), "Tom & \"Jerry\" <3".into()), ("2".into(), "Ünïcode 'q'".into())];
    let text = g.write();
    assert!(text.contains("Tom &amp; &quot;Jerry&quot; &lt;3"), "{text}");
    assert!(text.contains("source=\"A1\" target=\"A9\""), "{text}");
    assert_eq!(GravonGame::read(&text).unwrap(), g);
    assert_eq!(g.player(Side::Red), Some("Tom & \"Jerry\" <3"));
    assert_eq!(format_square(Square::parse("j10").unwrap()), "K:");
    assert_eq!(parse_square("K:"), Square::parse("j10").ok());
}

#[test]
fn xml_in_the_converters_layout_and_every_result_type() {
    // The public .gsn-to-.xml converters of Gravon's archive write spaces around '=' and a
    // blank line after <game>; the first <player> is Red.
    let field = game_file("study-no-moves.xml")
        .lines()
        .find_map(|l| l.split("content=\"").nth(1).map(|r| r[..100].to_string()))
        .unwrap();
    let text = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type = \"classic\">\n\n  \
         <field content=\"{field}\"/>\n  <move id=\"1\" source=\"A1\" target=\"A9\"/>\n  \
         <player id =\"1\">first</player>\n  <player id =\"2\">second</player>\n  \
         <result type=\"0\" winner=\"1\"/>\n </game>\n</stratego>\n"
    );
    let g = GravonGame::read(&text).unwrap();
    assert_eq!(g.game_type.as_deref(), Some("classic"));
    assert_eq!((g.player(Side::Red), g.player(Side::Blue)), (Some("first"), Some("second")));
    assert_eq!(g.moves, vec![(1, Move::parse("a1-a9").unwrap())]);
    assert_eq!(g.move_lines, vec![6]);
    assert_eq!(g.recorded_outcome().unwrap(), Some(Outcome::Win { winner: Side::Red, reason: WinReason::NoLegalMove }));
    let with = |kind: u32, winner: u32| {
        let t = text.replace("type=\"0\" winner=\"1\"", &format!("type=\"{kind}\" winner=\"{winner}\""));
        GravonGame::read(&t).unwrap().recorded_outcome()
    };
    let win = |winner, reason| Ok(Some(Outcome::Win { winner, reason }));
    let draw = |reason| Ok(Some(Outcome::Draw { reason }));
    assert_eq!(with(1, 2), win(Side::Blue, WinReason::FlagCaptured));
    assert_eq!(with(2, 3), draw(DrawReason::NeitherCanMove));
    assert_eq!(with(3, 2), win(Side::Blue, WinReason::Resignation));
    assert_eq!(with(4, 3), draw(DrawReason::Agreed));
    for k in 10..=14 {
        assert_eq!(with(k, 1), win(Side::Red, WinReason::Forfeit));
        assert_eq!(with(k, 3), draw(DrawReason::Agreed));
    }
    assert!(with(1, 3).unwrap_err().message.contains("needs a winner"));
    assert!(with(7, 1).unwrap_err().message.contains("unknown result type 7"));
    // outcome -> Gravon result -> outcome keeps who won and whether the rules decided it
    for o in [
        Outcome::Win { winner: Side::Blue, reason: WinReason::FlagCaptured },
        Outcome::Win { winner: Side::Red, reason: WinReason::NoMovablePieces },
        Outcome::Win { winner: Side::Red, reason: WinReason::Resignation },
        Outcome::Win { winner: Side::Blue, reason: WinReason::Forfeit },
        Outcome::Draw { reason: DrawReason::NeitherCanMove },
        Outcome::Draw { reason: DrawReason::Agreed },
    ] {
        let back = stratagem::rules::notation::GravonResult::from_outcome(&o).outcome().unwrap();
        assert_eq!(back.winner(), o.winner(), "{o:?}");
        assert_eq!(
            compare_outcome(Some(back), Some(o)) == Agreement::Agree,
            stratagem::rules::notation::replay::by_rules(&o),
            "{o:?}"
        );
    }
}

fn gravon_replay(name: &str) -> (Result<stratagem::rules::notation::Replay, ReplayError>, Option<Outcome>) {
    let g = GravonGame::read(&game_file(name)).unwrap();
    let variant = if g.game_type.as_deref() == Some("barrage") { Variant::Barrage } else { Variant::Classic };
    // The games of that era: two-squares limit 5, no automatic draw limits.
    let rules = Rules { variant, max_plies: None, max_plies_without_attack: None, ..Rules::gravon() };
    let start = field_position(g.field.as_deref().unwrap(), rules, Side::Red).unwrap();
    (replay(start, &g.source_moves(), false), g.recorded_outcome().unwrap())
}

#[test]
fn test_games_replay_to_their_recorded_result() {
    for name in GOOD_XML.iter().filter(|n| !n.starts_with("bad")) {
        let (rp, recorded) = gravon_replay(name);
        let rp = rp.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(compare_outcome(recorded, rp.outcome), Agreement::Agree, "{name}: engine {:?}", rp.outcome);
    }
    let (rp, recorded) = gravon_replay("bad-wrong-result.xml");
    assert!(matches!(compare_outcome(recorded, rp.unwrap().outcome), Agreement::Disagree(_)));
    let (rp, _) = gravon_replay("bad-illegal-move.xml");
    let e = rp.unwrap_err();
    assert!(e.is_illegal_move(), "{e}");
    let msg = e.to_string();
    assert!(msg.contains("ply 41") && msg.contains("b2-b3") && msg.contains("a Bomb never moves"), "{msg}");
    let e = GravonGame::read(&game_file("bad-corrupt.xml")).unwrap_err();
    assert!(e.line > 1 && e.message.contains("XML"), "{e}");
}

#[test]
fn gravon_xml_errors_are_located() {
    let good = game_file("study-no-moves.xml");
    let cases = [
        (good.replace("source=\"A1\"", "source=\"L1\""), "'L1' is not a Gravon square"),
        (good.replace("id=\"1\" source", "id=\"x\" source"), "move id 'x' is not a number"),
        (good.replace("type=\"0\"", "type=\"zero\""), "result type 'zero' is not a number"),
        (good.replace("AANY\"", "AAYN_\""), "field: a field has 100 letters, this one has 101"),
        (good.replace(" target=\"A9\"", ""), "<move> has no 'target' attribute"),
        (good.replace("</game>", "</gaem>"), "not well-formed XML"),
    ];
    for (text, want) in cases {
        let e = GravonGame::read(&text).unwrap_err();
        assert!(e.message.contains(want), "{want}: {e}");
        assert!(e.line >= 4, "{e}");
    }
    let bom = format!("\u{feff}{good}");
    assert_eq!(GravonGame::read(&bom).unwrap(), GravonGame::read(&good).unwrap());
    assert!(GravonGame::read("").is_err());
    assert!(GravonGame::read("just text").is_err());
}

// ---------------------------------------------------------------- own record

/// A random game: human setups, random switches, random legal moves, some ending.
fn random_record(rng: &mut ChaCha8Rng, classic: &[String], barrage: &[String]) -> GameRecord {
    let variant = if rng.random_bool(0.3) { Variant::Barrage } else { Variant::Classic };
    let pool = if variant == Variant::Barrage { barrage } else { classic };
    let red = Setup::parse(pool.choose(rng).unwrap()).unwrap();
    let blue = Setup::parse(pool.choose(rng).unwrap()).unwrap();
    let rules = Rules {
        variant,
        two_square_limit: *[None, Some(3), Some(5)].choose(rng).unwrap(),
        more_squares_rule: rng.random_bool(0.7),
        scout_move_and_strike: rng.random_bool(0.8),
        max_plies: *[None, Some(2000), Some(150)].choose(rng).unwrap(),
        max_plies_without_attack: *[None, Some(200), Some(40)].choose(rng).unwrap(),
        repetition_binds_only: None,
    };
    let mut pos = Position::new(rules, &red, &blue);
    let mut moves = Vec::new();
    let plies = rng.random_range(0..400);
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        let legal = pos.legal_moves();
        let mv = *legal.choose(rng).unwrap();
        pos.play(mv).unwrap();
        moves.push(mv);
    }
    let side = pos.to_move();
    let result = match pos.outcome() {
        Some(o) => Some(o),
        None => match rng.random_range(0..4) {
            0 => None,
            1 => Some(Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation }),
            2 => Some(Outcome::Draw { reason: DrawReason::Agreed }),
            _ => Some(Outcome::Win { winner: side, reason: WinReason::Forfeit }),
        },
    };
    GameRecord {
        event: rng.random_bool(0.5).then(|| "Test \"quoted\" \\ event".to_string()),
        date: Some("2026.11.21".into()),
        red_player: Some("red".into()),
        blue_player: rng.random_bool(0.5).then(|| "blue player".to_string()),
        rules,
        start: RecordStart::Setups { red, blue },
        moves,
        result,
        extra_tags: if rng.random_bool(0.3) { vec![("Site".into(), "here".into())] } else { Vec::new() },
    }
}

#[test]
fn own_records_round_trip_over_random_games() {
    let (classic, barrage) = (setups("gravon-classic-setups.txt"), setups("gravon-barrage-setups.txt"));
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut battles = 0;
    for n in 0..150 {
        let r = random_record(&mut rng, &classic, &barrage);
        let text = r.write().unwrap_or_else(|e| panic!("game {n}: {e}"));
        battles += text.matches(['>', '<', '=']).count();
        let back = GameRecord::read(&text).unwrap_or_else(|e| panic!("game {n}: {e}\n{text}"));
        assert_eq!(back, r, "game {n}:\n{text}");
        assert_eq!(back.write().unwrap(), text, "game {n}");
        assert_eq!(GameRecord::read(&format!("\u{feff}{}", text.replace('\n', "\r\n"))).unwrap(), r, "game {n}");
        // A recorded result that the rules reached is the engine's verdict.
        let rp = back.replay(false).unwrap();
        let want = if back.result.is_some() { Agreement::Agree } else { Agreement::NoRecord };
        assert_eq!(compare_outcome(back.result, rp.outcome), want, "game {n}:\n{text}");
    }
    assert!(battles > 100, "the random games had only {battles} battles");
}

#[test]
fn own_records_from_a_field_round_trip() {
    let field = "DMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAPAAAAAAANY";
    for to_move in Side::BOTH {
        let start = field_position(field, Rules::default(), to_move).unwrap();
        // A quiet move: an attack is written with its battle (`a10xa1 Scout=Scout`).
        let mv = *start.legal_moves().iter().find(|m| start.piece_at(m.to).is_none()).unwrap();
        let r = GameRecord {
            event: None,
            date: None,
            red_player: None,
            blue_player: None,
            rules: Rules::default(),
            start: RecordStart::Field { field: field.into(), to_move },
            moves: vec![mv],
            result: None,
            extra_tags: Vec::new(),
        };
        let text = r.write().unwrap();
        if to_move == Side::Blue {
            assert!(text.contains(&format!("1... {mv}")), "{text}");
        }
        assert_eq!(GameRecord::read(&text).unwrap(), r, "{text}");
    }
}

fn a_record_with_battles() -> (GameRecord, String) {
    let (classic, barrage) = (setups("gravon-classic-setups.txt"), setups("gravon-barrage-setups.txt"));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    loop {
        let r = random_record(&mut rng, &classic, &barrage);
        let text = r.write().unwrap();
        if text.lines().any(|l| l.contains('>') && !l.starts_with('[')) && r.moves.len() > 20 {
            return (r, text);
        }
    }
}

#[test]
fn a_wrong_battle_or_mark_is_an_error_naming_line_and_ply() {
    let (r, text) = a_record_with_battles();
    let rp = r.replay(false).unwrap();
    let first = rp.plies.iter().find(|p| p.report.battle.is_some()).unwrap();
    let a = Annotation::of(&first.report).unwrap();
    let wrong = Annotation { attacker: PieceKind::Spy, ..a };
    let wrong = if wrong == a { Annotation { attacker: PieceKind::Marshal, ..a } } else { wrong };
    let bad = text.replacen(&format!(" {a}"), &format!(" {wrong}"), 1);
    let e = GameRecord::read(&bad).unwrap_err().to_string();
    let line = bad.lines().position(|l| l.contains(&wrong.to_string())).unwrap() + 1;
    assert!(e.contains(&format!("line {line}, ply {}", first.ply)) && e.contains(&wrong.to_string()), "{e}");
    // an attack written as a plain move
    let mv = first.report.mv();
    let bad = text.replacen(&format!("{}x{} {a}", mv.from, mv.to), &format!("{mv}"), 1);
    let e = GameRecord::read(&bad).unwrap_err().to_string();
    assert!(e.contains(&format!("ply {}", first.ply)) && e.contains("engine finds the battle"), "{e}");
}

#[test]
fn record_syntax_errors_are_located() {
    let (_, text) = a_record_with_battles();
    let line_of = |pat: &str| text.lines().position(|l| l.starts_with(pat)).unwrap() + 1;
    let cases: Vec<(String, String)> = vec![
        (text.replacen("[Variant \"", "[Variant \"x", 1), format!("line {}: unknown variant", line_of("[Variant"))),
        (text.replacen("[TwoSquares \"", "[TwoSquares \"q", 1), format!("line {}: TwoSquares", line_of("[TwoSquares"))),
        (text.replacen("[RedSetup \"", "[RedSetup \"B", 1), format!("line {}: Red's setup", line_of("[RedSetup"))),
        (text.replacen("1. ", "7. ", 1), format!("line {}: move number 7: expected 1", line_of("1. "))),
        (text.replacen("2. ", "2. z9-a1 ", 1), format!("line {}: ply 3: 'z9-a1' is not a move", line_of("2. "))),
        (text.replacen("[Date", "[Date \"x\"]\n[Date", 1), "tag Date is given twice".to_string()),
    ];
    for (bad, want) in cases {
        let e = GameRecord::read(&bad).unwrap_err().to_string();
        assert!(e.contains(&want), "want {want:?}, got {e:?}");
    }
}

#[test]
fn illegal_move_in_a_record_names_the_rule() {
    let (_, text) = a_record_with_battles();
    // Red's first move replaced by a move of a piece onto its own neighbour row-wise.
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let i = lines.iter().position(|l| l.starts_with("1. ")).unwrap();
    lines[i] = "1. a1-a2 j7-j6".to_string();
    let bad = lines.join("\n");
    let e = GameRecord::read(&bad).unwrap_err();
    let msg = e.to_string();
    assert!(msg.starts_with(&format!("line {}, ply 1 (Red a1-a2): illegal move: ", i + 1)), "{msg}");
}

#[test]
fn outcomes_compare_by_the_rules() {
    let flag = Outcome::Win { winner: Side::Red, reason: WinReason::FlagCaptured };
    let resign = Outcome::Win { winner: Side::Red, reason: WinReason::Resignation };
    let blocked = Outcome::Win { winner: Side::Blue, reason: WinReason::NoLegalMove };
    let no_pieces = Outcome::Win { winner: Side::Blue, reason: WinReason::NoMovablePieces };
    assert_eq!(compare_outcome(None, Some(flag)), Agreement::NoRecord);
    assert_eq!(compare_outcome(Some(flag), Some(flag)), Agreement::Agree);
    assert_eq!(compare_outcome(Some(blocked), Some(no_pieces)), Agreement::Agree);
    assert!(matches!(compare_outcome(Some(flag), None), Agreement::Disagree(_)));
    assert!(matches!(compare_outcome(Some(flag), Some(blocked)), Agreement::Disagree(_)));
    assert_eq!(compare_outcome(Some(resign), None), Agreement::Agree);
    assert!(matches!(compare_outcome(Some(resign), Some(flag)), Agreement::Disagree(_)));
}

// ---------------------------------------------------------------- never panic

fn feed_all(s: &str) {
    let _ = Setup::parse(s);
    let _ = Setup::parse_for(s, Variant::Classic);
    let _ = parse_field(s);
    let _ = field_to_setups(s);
    let _ = field_position(s, Rules::default(), Side::Red);
    let _ = GravonGame::read(s).map(|g| (g.write(), g.recorded_outcome()));
    let _ = GameRecord::read(s);
    let _ = GameRecord::parse(s);
    let _ = Move::parse(s);
    let _ = Square::parse(s);
    let _ = Annotation::parse(s);
    let _ = parse_square(s);
}

fn e_ply(e: &ReplayError) -> u32 {
    match e {
        ReplayError::Illegal { ply, .. } | ReplayError::Annotation { ply, .. } => *ply,
    }
}

fn mutate(base: &str, edits: &[(usize, char)]) -> String {
    let mut v: Vec<char> = base.chars().collect();
    for &(pos, c) in edits {
        if v.is_empty() {
            break;
        }
        let i = pos % v.len();
        match pos % 3 {
            0 => v[i] = c,
            1 => v.insert(i, c),
            _ => {
                v.remove(i);
            }
        }
    }
    v.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Any move at any point of a game is either played or refused with a reason.
    #[test]
    fn any_move_anywhere_is_played_or_refused(at in 0usize..200, from in 0usize..100, to in 0usize..100) {
        let text = game_file("generated-barrage-flag.record");
        let parsed = GameRecord::parse(&text).unwrap();
        let mut moves = parsed.source_moves.clone();
        let i = at % moves.len();
        moves[i].mv = Move::new(Square::from_index(from).unwrap(), Square::from_index(to).unwrap());
        moves[i].annotation = None;
        moves[i].attack_mark = None;
        let start = parsed.record.start_position().unwrap();
        match replay(start, &moves, true) {
            Ok(rp) => prop_assert_eq!(rp.plies.len(), moves.len()),
            Err(e) => {
                let want = format!("ply {}", e_ply(&e));
                prop_assert!(e.to_string().contains(&want), "{}", e);
            }
        }
    }

    #[test]
    fn parsers_never_panic_on_strings(s in ".{0,300}") {
        feed_all(&s);
    }

    #[test]
    fn parsers_never_panic_on_bytes(b in proptest::collection::vec(any::<u8>(), 0..300)) {
        feed_all(&String::from_utf8_lossy(&b));
    }

    #[test]
    fn parsers_never_panic_on_letter_soup(s in "[A-Y_a-j0-9 :<>=x.\\-\\[\\]\"\n]{0,200}") {
        feed_all(&s);
    }

    #[test]
    fn parsers_never_panic_on_damaged_files(
        edits in proptest::collection::vec((any::<usize>(), prop_oneof![Just('<'), Just('"'), Just('x'), Just('1'), Just('K'), Just(':'), Just(' '), Just('\n'), Just('>'), any::<char>()]), 1..8)
    ) {
        for name in ["study-no-moves.xml", "generated-barrage-flag.xml", "generated-barrage-flag.record"] {
            feed_all(&mutate(&game_file(name), &edits));
        }
    }
}
