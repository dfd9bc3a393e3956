//! Tests of Invincible's setup generation (`stratagem::ai::setupgen::invincible`) and of the
//! embedded setup statistics (`stratagem::ai::belief::setupstats`).
//!
//! - H1-H9 on hand-made setups whose values are derived by hand from the thesis's definitions
//!   (de Boer 2007, section 4.3.4), with the derivation in the comments.
//! - Generated setups are legal (many seeds, both variants) and reproducible from the seed.
//! - The embedded statistics equal a recount of `data/*.txt` and the counts in
//!   `data/gravon-classic-stats.json`.
//! - Generated setups look like human ones (flag on the back row, flag bombed in, bombs on the
//!   front row, Marshal in the front two rows), within the tolerances documented in
//!   docs/bots/invincible-setup.md.
//! - The ordering of the thesis's Table 4.3 (printed with `--nocapture`).
//!
//! Setup strings are written as four 10-letter rows, own back row first (row 1, then 2, 3, 4 =
//! front row); letters: B Bomb, C Spy, D Scout, E Miner, F Sergeant, G Lieutenant, H Captain,
//! I Major, J Colonel, K General, L Marshal, M Flag.

use stratagem::ai::belief::setupstats::{self, DerivedFile, SetupStats};
use stratagem::ai::rng_from_seed;
use stratagem::ai::setupgen::invincible::{
    self as setup, SetupScore, TRAPPED, distance_to_freedom, fully_random, generate, h2_surrounded_by_bombs,
    h3_flag_bombed_in, h4_flag_defense, h5_blocked_by_spy, h6_blocked_by_lower, h7_miners_front_row,
    h8_bomb_protection, h9_starting_pieces, score, semi_random, semi_random_for,
};
use stratagem::rules::{PieceKind, Setup, Variant};

const T: u8 = TRAPPED;

fn classic(rows: [&str; 4]) -> Setup {
    let text = rows.concat();
    Setup::parse_for(&text, Variant::Classic).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// T1: flag b1 bombed in by a1, c1, b2; Captain j1 walled in by i1 and j2.
fn t1() -> Setup {
    classic(["BMBDEEFGBH", "DBDEEFGHIB", "DFGHIJKLCB", "DDEFGHIJDD"])
}

/// T2: a wall of six bombs on a2-f2 makes a1-e1 walk round by g1.
fn t2() -> Setup {
    classic(["LFGHDDDEEM", "BBBBBBEEFF", "HHHEIIIJJK", "DDCFGGGDDD"])
}

/// T3: obstacles only on dead ends (a1 flag, c1 d1 g1 h1 i1 j1 bombs), spy b3 with Marshal b2
/// and General c3, Captain e2 under Majors e1 and d2, Lieutenant f2 under Major f1.
fn t3() -> Setup {
    classic(["MDBBIIBBBB", "DLDIHGDDEE", "JCKEGHFFHJ", "DDEEFFGGHD"])
}

/// T4: flag on a4, bombs d4 g4 h4, six Scouts, four Sergeants, one Miner among the starters.
fn t4() -> Setup {
    classic(["BBBCDDEEEE", "LGGGHHHIIJ", "GDHIDDJKDE", "MDDBFFBBFF"])
}

/// T5: flag e1 (middle side), General d3, Major g4, Miners e3 f3, Marshal on e4 (a blank field).
fn t5() -> Setup {
    classic(["BBBBMBHHHH", "BCDDEEEFFF", "DDJKEEFJIG", "DDGGLDIGDI"])
}

/// T5 with Marshal (e4) and General (d3) swapped.
fn t5b() -> Setup {
    classic(["BBBBMBHHHH", "BCDDEEEFFF", "DDJLEEFJIG", "DDGGKDIGDI"])
}

/// T6: flag c4 behind the left lake, bombed in by b4, d4 and c3.
fn t6() -> Setup {
    classic(["BBBCDEEFFF", "IHHHHGGGGF", "EEBELKJJII", "DBMBDDDDDD"])
}

/// T6b: flag e4 with bombs d4, f4, e3: open ground in front, so not bombed in.
fn t6b() -> Setup {
    classic(["BBBCDEEFFF", "IHHHHGGGGF", "EEELBKJJII", "DDDBMBDDDD"])
}

/// T7: T6 with the Major of a2 and the Bomb of c1 swapped: Bomb a1 walled in by b1 and a2.
fn t7() -> Setup {
    classic(["BBICDEEFFF", "BHHHHGGGGF", "EEBELKJJII", "DBMBDDDDDD"])
}

#[test]
fn h1_distance_to_freedom_by_hand() {
    // T1 by hand. Exits a4 b4 e4 f4 i4 j4 = 0; c4 d4 g4 h4 = 1 (one exit piece beside them).
    // Row 3: a3 b3 e3 f3 i3 j3 = 1 (behind an exit), c3 d3 g3 h3 = 2; the bomb j3 = 1 (its
    // neighbour j4 is an exit). Row 2 likewise +1, except the bomb j2 = 3: its neighbours are
    // the bomb j3, the walled-in j1 and i2 (2, plus i2 itself = 3). Row 1: flag b1 and Captain
    // j1 have only bomb neighbours: trapped. Bomb a1 via a2 (2 + 1 = 3), bomb c1 via c2 (3 + 1),
    // d1 via c2/d2 or e1 = 4, e1 via e2 = 3, f1 3, g1 4, h1 4, bomb i1 via i2 = 3.
    assert_eq!(
        distance_to_freedom(&t1()),
        [
            3, T, 4, 4, 3, 3, 4, 4, 3, T, //
            2, 2, 3, 3, 2, 2, 3, 3, 2, 3, //
            1, 1, 2, 2, 1, 1, 2, 2, 1, 1, //
            0, 0, 1, 1, 0, 0, 1, 1, 0, 0,
        ]
    );
    // T2: g3 2 (behind g4 1), g2 3, so g1 4 (g2 and g3 must move, then ... : 1 + 3). h1 4
    // (via h2 3 or i1), i1 3 (via i2 2: i3 1 behind the exit i4), the flag j1 3 (via j2 2).
    // a1..f1 cannot go up (bombs a2-f2) and walk along row 1 to g1: f1 5, e1 6, d1 7, c1 8,
    // b1 9, a1 10.
    let d = distance_to_freedom(&t2());
    assert_eq!(&d[0..10], &[10, 9, 8, 7, 6, 5, 4, 4, 3, 3]);
    // T6: the flag c4 has bombs b4, d4, c3 around it and the lake in front: trapped.
    assert_eq!(distance_to_freedom(&t6())[32], T);
}

#[test]
fn h2_pieces_surrounded_by_bombs_by_hand() {
    // T1: Captain j1 trapped: -2. Flag b1 trapped but the flag is excluded. No finite
    // distance above 5 (the largest is 4). Total -2.
    let s = t1();
    assert_eq!(h2_surrounded_by_bombs(&s, &distance_to_freedom(&s)), -2.0);
    // T2: distances above 5: Marshal a1 (10) -1, Sergeant b1 (9) excluded, Lieutenant c1 (8)
    // excluded, Captain d1 (7) -1, Scout e1 (6) -1; Scout f1 (5) is not above 5. Total -3.
    let s = t2();
    assert_eq!(h2_surrounded_by_bombs(&s, &distance_to_freedom(&s)), -3.0);
    // T6: only the flag is trapped: 0. T7: the bomb a1 is walled in by bombs b1 and a2: -2
    // (bombs count too).
    let s = t6();
    assert_eq!(h2_surrounded_by_bombs(&s, &distance_to_freedom(&s)), 0.0);
    let s = t7();
    assert_eq!(h2_surrounded_by_bombs(&s, &distance_to_freedom(&s)), -2.0);
}

#[test]
fn h3_flag_bombed_in_by_hand() {
    // T1: flag b1, neighbours a1 c1 b2 all bombs: +5. T6: flag c4, b4 d4 c3 bombs and the lake
    // in front: +5. T2: flag j1 beside Miner i1: 0. T6b: flag e4 with bombs d4 f4 e3 but open
    // ground in front (an attacker walks in from e5): 0.
    assert_eq!(h3_flag_bombed_in(&t1()), 5.0);
    assert_eq!(h3_flag_bombed_in(&t6()), 5.0);
    assert_eq!(h3_flag_bombed_in(&t2()), 0.0);
    assert_eq!(h3_flag_bombed_in(&t6b()), 0.0);
}

#[test]
fn h4_flag_defense_by_hand() {
    // T1: flag b1 -> left side; fields a4 b4 c4 a3 b3 c3 hold Scout, Scout, Miner, Scout,
    // Sergeant, Lieutenant: no Marshal/General/Major/Colonel; 3 Scouts > 2: -2; one each of
    // Sergeant, Miner, Lieutenant: 0. Total -2.
    assert_eq!(h4_flag_defense(&t1()), -2.0);
    // T2: flag j1 -> right; h4 i4 j4 h3 i3 j3 = Scout, Scout, Scout, Colonel, Colonel, General:
    // General +2 (no Marshal), Colonel +1, 3 Scouts -2. Total +1.
    assert_eq!(h4_flag_defense(&t2()), 1.0);
    // T5: flag e1 -> middle; fields d4 g4 (e4 f4 are blank) d3 e3 f3 g3 = Lieutenant, Major,
    // General, Miner, Miner, Sergeant. The Marshal on e4 is not on a field. General +2,
    // Major +1, 2 Miners -1. Total +2.
    assert_eq!(h4_flag_defense(&t5()), 2.0);
    // T5b: the Marshal on d3 instead: +3 (the General is then not counted), +1, -1 = +3.
    assert_eq!(h4_flag_defense(&t5b()), 3.0);
    // T4: flag a4 -> left; b4 c4 a3 b3 c3 = Scout, Scout, Lieutenant, Scout, Captain: -2.
    assert_eq!(h4_flag_defense(&t4()), -2.0);
}

#[test]
fn h5_pieces_blocked_by_spy_by_hand() {
    // T3: Spy b3 (distance 1). Neighbours: Marshal b2 (distance 2 > 1) -1, General c3 (2 > 1)
    // -1, Colonel a3 (1, not higher) 0, Scout b4 (not a Major or higher) 0. Total -2.
    let s = t3();
    assert_eq!(h5_blocked_by_spy(&s, &distance_to_freedom(&s)), -2.0);
    // T1: Spy i3 (1): Marshal h3 (2) -1, Major i2 (2) -1, bomb j3 and Scout i4 0. Total -2.
    let s = t1();
    assert_eq!(h5_blocked_by_spy(&s, &distance_to_freedom(&s)), -2.0);
    // T6: Spy d1 has neighbours c1 Bomb, e1 Scout, d2 Captain: nothing of Major rank: 0.
    let s = t6();
    assert_eq!(h5_blocked_by_spy(&s, &distance_to_freedom(&s)), 0.0);
}

#[test]
fn h6_pieces_blocked_by_slightly_lower_by_hand() {
    // T3, distances as without obstacles (rows 3,3/4,.. see h1 test). Pieces with distance >= 2
    // next to a piece one or two ranks higher with a higher distance:
    //  Captain e2 (6, d2) next to Major e1 (7, d3) and Major d2 (7, d3): -1 (once per piece);
    //  Lieutenant f2 (5, d2) next to Major f1 (7, d3): -1.
    // Not counted: Lieutenant e3 (5) under Captain e2 (d1: starting pieces are excluded);
    //  Miner d3 (3, d2) next to Lieutenant e3 (5) whose distance 1 is not higher;
    //  Scout h2 (2, d3) next to Miner i2 (3) and Sergeant h3 (4), both distance 2. Total -2.
    let s = t3();
    assert_eq!(h6_blocked_by_lower(&s, &distance_to_freedom(&s)), -2.0);
    // T1: Miner f1 (3, d3) next to Sergeant g1 (4, d4): -1; Sergeant f2 (4, d2) next to
    // Lieutenant g2 (5, d3): -1; Captain j1 is trapped and skipped. Total -2.
    let s = t1();
    assert_eq!(h6_blocked_by_lower(&s, &distance_to_freedom(&s)), -2.0);
}

#[test]
fn h7_miners_on_front_row_by_hand() {
    // T3 front row DDEEFFGGHD: Miners c4 d4: -2. T1 front row DDEFGHIJDD: -1. T2: none.
    assert_eq!(h7_miners_front_row(&t3()), -2.0);
    assert_eq!(h7_miners_front_row(&t1()), -1.0);
    assert_eq!(h7_miners_front_row(&t2()), 0.0);
}

#[test]
fn h8_bomb_protection_by_hand() {
    // T1 bombs: a1 (next to flag b1, no Sergeant/Lieutenant) -3; c1 (next to flag, none) -3;
    // i1 (Lieutenant h1) +2; b2 (Sergeant b3) +2; j2 and j3 (neither) 0.
    // Scouts/Spy next to a bomb (once each): Scout d1 (c1), Scout a2 (a1, b2), Scout c2
    // (b2, c1), Spy i3 (j3), Scout j4 (j3): -5. Total -7.
    assert_eq!(h8_bomb_protection(&t1()), -7.0);
    // T3 bombs c1 d1 g1 h1 i1 j1: no Sergeant/Lieutenant beside any, none beside the flag a1;
    // Scouts b1 (c1), c2 (c1), g2 (g1), h2 (h1): -4.
    assert_eq!(h8_bomb_protection(&t3()), -4.0);
}

#[test]
fn h9_starting_pieces_by_hand() {
    // T1 starting squares (distance <= 1): the front row and a3 b3 e3 f3 i3 j3:
    // Scouts a4 b4 i4 j4 a3 (5, not > 5), Miner c4, Sergeants d4 b3, Lieutenant e4,
    // Captain f4, Majors g4 e3, Colonels h4 f3, Spy i3, Bomb j3.
    // Both Colonels -1; Majors + Colonels = 4 > 2: -2. Total -3.
    let s = t1();
    assert_eq!(h9_starting_pieces(&s, &distance_to_freedom(&s)), -3.0);
    // T4: flag a4 (exit) makes a3 distance 2; starters: Flag a4 -10; Bombs d4 g4 h4 (each
    // beside an exit piece: distance 1) -1; Scouts b4 c4 b3 e3 f3 i3 = 6 > 5: -1; Sergeants
    // e4 f4 i4 j4 = 4 > 3: -2; one Miner j3: 0. Total -14.
    let s = t4();
    assert_eq!(h9_starting_pieces(&s, &distance_to_freedom(&s)), -14.0);
}

#[test]
fn total_is_the_plain_sum() {
    // T1: H2 -2, H3 +5, H4 -2, H5 -2, H6 -2, H7 -1, H8 -7, H9 -3 = -14.
    let sc: SetupScore = score(&t1());
    assert_eq!(sc.per_heuristic, [0.0, -2.0, 5.0, -2.0, -2.0, -2.0, -1.0, -7.0, -3.0]);
    assert_eq!(sc.total, -14.0);
}

#[test]
fn generated_setups_are_legal_and_reproducible() {
    for seed in 0..300u64 {
        let mut rng = rng_from_seed(seed);
        for v in [Variant::Classic, Variant::Barrage] {
            let s = semi_random_for(v, &mut rng);
            assert_eq!(s.check(v), Ok(()), "seed {seed}: {s}");
            let g = generate(v, 5, &mut rng);
            assert_eq!(g.check(v), Ok(()), "seed {seed}: {g}");
        }
        assert_eq!(fully_random(&mut rng).check(Variant::Classic), Ok(()));
    }
    // Same seed, same setup; different seeds, different setups.
    let a = generate(Variant::Classic, setup::THESIS_N, &mut rng_from_seed(11));
    let b = generate(Variant::Classic, setup::THESIS_N, &mut rng_from_seed(11));
    let c = generate(Variant::Classic, setup::THESIS_N, &mut rng_from_seed(12));
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn best_of_n_never_scores_below_its_first_candidate() {
    // best_of draws candidates from the same stream: its result is the max over them, so
    // it is at least the first candidate's score (drawn first from the same seed).
    for seed in 0..20u64 {
        let first = score(&semi_random(&mut rng_from_seed(seed))).total;
        let (s, sc) = setup::best_of(20, &mut rng_from_seed(seed), semi_random);
        assert!(sc.total >= first);
        assert_eq!(score(&s), sc);
    }
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

fn data(name: &str) -> String {
    let path = format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn human_classic() -> Vec<Setup> {
    data("gravon-classic-setups.txt").lines().map(|l| Setup::parse_for(l, Variant::Classic).unwrap()).collect()
}

/// Writes the derived file in a diff-friendly layout (one table row a line).
fn derived_text(file: &DerivedFile) -> String {
    fn table(rows: &[[u64; setupstats::KINDS]]) -> String {
        let lines: Vec<String> = rows.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
        format!("[\n      {}\n    ]", lines.join(",\n      "))
    }
    fn variant(s: &SetupStats) -> String {
        format!(
            "{{\n    \"setups\": {},\n    \"square_counts\": {},\n    \"beside_counts\": {},\n    \"behind_counts\": {}\n  }}",
            s.setups,
            table(&s.square_counts),
            table(&s.beside_counts),
            table(&s.behind_counts)
        )
    }
    format!(
        "{{\n  \"origin\": {},\n  \"kinds\": {},\n  \"classic\": {},\n  \"barrage\": {}\n}}\n",
        serde_json::to_string(&file.origin).unwrap(),
        serde_json::to_string(&file.kinds).unwrap(),
        variant(&file.classic),
        variant(&file.barrage)
    )
}

#[test]
fn derived_file_matches_the_setups() {
    let (classic, skipped_c) = SetupStats::from_text(&data("gravon-classic-setups.txt"), Variant::Classic);
    let (barrage, skipped_b) = SetupStats::from_text(&data("gravon-barrage-setups.txt"), Variant::Barrage);
    assert_eq!((classic.setups, skipped_c), (58_366, 0));
    assert_eq!((barrage.setups, skipped_b), (3_579, 0));
    let file =
        DerivedFile { origin: setupstats::ORIGIN.to_string(), kinds: setupstats::kind_names(), classic, barrage };
    if std::env::var_os("STRATAGEM_WRITE_DERIVED").is_some() {
        let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), setupstats::DERIVED_PATH);
        std::fs::write(&path, derived_text(&file)).unwrap();
        eprintln!("wrote {path}: run the test again (without the variable) to check the rebuilt library");
        return;
    }
    // (assert! rather than assert_eq!: the Debug dump of both files would be 100 KB)
    assert!(
        setupstats::embedded_file() == &file,
        "data/derived/setup-stats.json differs from a recount of data/*.txt: rerun this test with \
         STRATAGEM_WRITE_DERIVED=1 and rebuild"
    );
}

#[test]
fn derived_counts_match_the_project_stats_json() {
    #[derive(serde::Deserialize)]
    struct Json {
        setups: u64,
        square_counts: Vec<Vec<u64>>,
        beside_counts: Vec<Vec<u64>>,
        behind_counts: Vec<Vec<u64>>,
    }
    let j: Json = serde_json::from_str(&data("gravon-classic-stats.json")).unwrap();
    let ours = SetupStats::embedded(Variant::Classic);
    assert_eq!(j.setups, ours.setups);
    for i in 0..40 {
        assert_eq!(j.square_counts[i], ours.square_counts[i][..12].to_vec(), "square {i}");
    }
    for a in 0..12 {
        assert_eq!(j.beside_counts[a], ours.beside_counts[a][..12].to_vec(), "beside row {a}");
        assert_eq!(j.behind_counts[a], ours.behind_counts[a][..12].to_vec(), "behind row {a}");
    }
    // Beside is symmetric; in front is the transpose of behind (checked through `observed`).
    for a in 0..12 {
        for b in 0..12 {
            assert_eq!(ours.beside_counts[a][b], ours.beside_counts[b][a]);
            assert_eq!(
                ours.observed(setupstats::Direction::InFront, a, b),
                ours.observed(setupstats::Direction::Behind, b, a)
            );
        }
    }
    // The thesis's Table 4.1 (20,000 setups) vs ours: the same signs of deviation from 1.0
    // for its strongest relations (Flag beside Bomb 5.6, Spy beside General 2.3, Marshal
    // beside Flag 0.4).
    let army = setupstats::army_counts(Variant::Classic);
    let rel = |a: PieceKind, b: PieceKind| ours.relation(setupstats::Direction::Beside, a.index(), b.index(), &army);
    assert!(rel(PieceKind::Flag, PieceKind::Bomb) > 3.0);
    assert!(rel(PieceKind::Spy, PieceKind::General) > 2.0);
    assert!(rel(PieceKind::Marshal, PieceKind::Flag) < 0.5);
}

/// The four measures of docs/bots/invincible-setup.md, as shares of setups (the third is the
/// mean number of bombs on the front row).
#[derive(Debug, Clone, Copy)]
struct Measures {
    flag_back_row: f64,
    flag_bombed_in: f64,
    front_row_bombs: f64,
    marshal_front_two: f64,
}

fn measures(setups: &[Setup]) -> Measures {
    let n = setups.len() as f64;
    let share = |f: &dyn Fn(&Setup) -> bool| setups.iter().filter(|s| f(s)).count() as f64 / n;
    let index = |s: &Setup, k: PieceKind| s.slots().iter().position(|x| *x == Some(k)).unwrap();
    Measures {
        flag_back_row: share(&|s| index(s, PieceKind::Flag) < 10),
        flag_bombed_in: share(&|s| setup::flag_bombed_in(s)),
        front_row_bombs: setups
            .iter()
            .map(|s| s.slots()[30..40].iter().filter(|k| **k == Some(PieceKind::Bomb)).count())
            .sum::<usize>() as f64
            / n,
        marshal_front_two: share(&|s| index(s, PieceKind::Marshal) >= 20),
    }
}

#[test]
fn generated_statistics_sit_close_to_the_human_ones() {
    let human = measures(&human_classic());
    let mut rng = rng_from_seed(2026);
    let semi: Vec<Setup> = (0..2000).map(|_| semi_random(&mut rng)).collect();
    let best: Vec<Setup> = (0..400).map(|_| generate(Variant::Classic, setup::THESIS_N, &mut rng)).collect();
    let (semi, best) = (measures(&semi), measures(&best));
    eprintln!("human {human:?}\nsemi-random {semi:?}\nbest of 50 {best:?}");
    // Semi-random (thesis 4.3.2) samples every piece from the human per-square statistics.
    // The flag is placed first, from unchanged weights: its row is reproduced (3 points,
    // 4 standard errors of 2,000 draws). Later pieces see weights changed by the neighbour
    // factors of earlier ones, which shifts their marginals a little: the Marshal is pushed
    // away from the (mostly back-row) bombs and flag, so it stands forward somewhat more
    // often (6 points allowed); front-row bombs within 0.15 of the human mean.
    assert!((semi.flag_back_row - human.flag_back_row).abs() < 0.03, "{semi:?} vs {human:?}");
    assert!((semi.marshal_front_two - human.marshal_front_two).abs() < 0.06, "{semi:?} vs {human:?}");
    assert!((semi.front_row_bombs - human.front_row_bombs).abs() < 0.15, "{semi:?} vs {human:?}");
    // A flag walled in by bombs is a joint pattern of three or four squares, which the thesis's
    // model (pairwise neighbour factors only: "I chose not to take more complicated relations
    // into account like bomb patterns") cannot reproduce: semi-random walls the flag in about
    // half as often as people (human 44%). Documented range: 15-30%.
    assert!((0.15..=0.30).contains(&semi.flag_bombed_in), "{semi:?}");
    // Best of 50 departs where H1-H9 push: H3 (+5 bombed in) walls the flag in more often
    // than people do, H9 (-10 for a starting flag) keeps it back, H9's bomb rule keeps
    // front-row bombs at most as frequent as in semi-random, and H4 (+3 for the Marshal on the
    // flag side's defensive fields, which are in the front two rows) moves the Marshal forward.
    assert!(best.flag_back_row >= human.flag_back_row - 0.03, "{best:?}");
    assert!(best.flag_bombed_in > human.flag_bombed_in, "{best:?}");
    assert!(best.front_row_bombs <= semi.front_row_bombs + 0.05, "{best:?}");
    assert!(best.marshal_front_two >= human.marshal_front_two - 0.03, "{best:?}");
}

#[test]
fn barrage_setups_follow_the_barrage_statistics() {
    // The generator never puts the Flag on the front row (issue 9; docs/bots/invincible-setup.md),
    // so it is compared with the human setups that do not either.
    let human: Vec<Setup> = data("gravon-barrage-setups.txt")
        .lines()
        .filter_map(|l| Setup::parse_for(l, Variant::Barrage).ok())
        .filter(|s| !s.slots()[30..].contains(&Some(PieceKind::Flag)))
        .collect();
    let mut rng = rng_from_seed(5);
    let generated: Vec<Setup> = (0..2000).map(|_| generate(Variant::Barrage, setup::THESIS_N, &mut rng)).collect();
    let back = |v: &[Setup]| {
        v.iter().filter(|s| s.slots()[..10].contains(&Some(PieceKind::Flag))).count() as f64 / v.len() as f64
    };
    let (h, g) = (back(&human), back(&generated));
    eprintln!("barrage flag on back row: human {h:.3}, generated {g:.3}");
    assert!((h - g).abs() < 0.04, "human {h}, generated {g}");
}

// ---------------------------------------------------------------------------------------------
// Table 4.3
// ---------------------------------------------------------------------------------------------

fn summary(scores: &[f64]) -> (f64, f64, f64, f64) {
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let sd = (scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let min = scores.iter().cloned().fold(f64::INFINITY, f64::min);
    let max = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    (min, mean, max, sd)
}

#[test]
fn table_4_3_ordering() {
    // 1,000 setups per method (the thesis used 200); printed with --nocapture.
    const SETUPS: usize = 1000;
    let mut rng = rng_from_seed(43);
    let mut run = |n: usize, semi: bool| -> Vec<f64> {
        (0..SETUPS)
            .map(|_| {
                if semi {
                    setup::best_of(n, &mut rng, semi_random).1.total
                } else {
                    setup::best_of(n, &mut rng, fully_random).1.total
                }
            })
            .collect()
    };
    let rows = [
        ("1 Fully random", run(1, false)),
        ("2 Best of 50 random", run(50, false)),
        ("3 Best of 1000 random", run(1000, false)),
        ("4 Semi-random", run(1, true)),
        ("5 Best of 20 semi-random", run(20, true)),
        ("6 Best of 50 semi-random", run(50, true)),
    ];
    let stats: Vec<(f64, f64, f64, f64)> = rows.iter().map(|(_, s)| summary(s)).collect();
    eprintln!("method | worst | mean | best | sd");
    for ((name, _), (min, mean, max, sd)) in rows.iter().zip(&stats) {
        eprintln!("{name} | {min} | {mean:.2} | {max} | {sd:.2}");
    }
    let mean = |i: usize| stats[i].1;
    // Each best-of improves on its base; semi-random beats fully random; best of 50
    // semi-random beats best of 1000 random (thesis: 17 vs 14). The thesis's stronger claim,
    // best of 20 semi-random above best of 1000 random (15 vs 14), comes out as a tie here
    // (within 0.1 point, one standard error), so it is reported in the doc, not asserted.
    assert!(mean(0) < mean(1) && mean(1) < mean(2));
    assert!(mean(3) < mean(4) && mean(4) < mean(5));
    assert!(mean(0) < mean(3));
    assert!(mean(2) + 1.0 < mean(5), "best of 1000 random {} vs best of 50 semi-random {}", mean(2), mean(5));
}

#[test]
fn human_setups_score_above_random_ones() {
    // The thesis's premise (4.3.5): the evaluation gives human-made setups higher values than
    // fully random ones. Printed per heuristic (with --nocapture) for the doc.
    fn mean_scores(setups: &[Setup]) -> (f64, [f64; 9]) {
        let mut per = [0.0; 9];
        let mut total = 0.0;
        for s in setups {
            let sc = score(s);
            total += sc.total;
            for (p, v) in per.iter_mut().zip(sc.per_heuristic) {
                *p += v;
            }
        }
        let n = setups.len() as f64;
        (total / n, per.map(|p| p / n))
    }
    let human = human_classic();
    let mut rng = rng_from_seed(7);
    let random: Vec<Setup> = (0..5000).map(|_| fully_random(&mut rng)).collect();
    let semi: Vec<Setup> = (0..5000).map(|_| semi_random(&mut rng)).collect();
    let best: Vec<Setup> = (0..500).map(|_| generate(Variant::Classic, setup::THESIS_N, &mut rng)).collect();
    let rows = [("human (Gravon)", &human), ("fully random", &random), ("semi-random", &semi), ("best of 50", &best)];
    let mut means = Vec::new();
    eprintln!("setups | total | H2 | H3 | H4 | H5 | H6 | H7 | H8 | H9");
    for (name, v) in rows {
        let (t, per) = mean_scores(v);
        let cells: Vec<String> = per[1..].iter().map(|x| format!("{x:.2}")).collect();
        eprintln!("{name} | {t:.2} | {}", cells.join(" | "));
        means.push(t);
    }
    assert!(means[0] > means[1] + 5.0, "human {} vs fully random {}", means[0], means[1]);
    assert!(means[3] > means[0], "best of 50 {} vs human {}", means[3], means[0]);
}
