//! Perspecto (seed 000, docs/bots/perspecto.md): the five attack-probability cases with
//! counts worked by hand, the thesis's Fig. 14 and Fig. 16 situations, the strategic rules one
//! by one, the miner example, the move analysis, the search area's branching factor beside
//! Table 3, and the semi-random setup. The shared invariants (legal moves, determinism, no
//! peeking, budgets) run for every registered Perspecto variant in tests/bots.rs.

mod common;

use common::{board, mv, play_all, sq};
use stratagem::ai::belief::perspecto::{
    AnalysisSteps, Fears, MoveAnalysis, Pool, known_vs_moved, known_vs_unmoved, unknown_vs_known, unknown_vs_unknown,
};
use stratagem::ai::bots::perspecto::{PERSPECTO, PerspectoBot, PerspectoConfig};
use stratagem::ai::plans::perspecto::{RULES, StrategicMode, Strategy, pull};
use stratagem::ai::search::perspecto::{Algorithm, Analysis, Evaluation, SBoard, SearchConfig, Searcher, search_area};
use stratagem::ai::{Budget, FrozenClock, Progress, SearchContext, rng_from_seed};
use stratagem::rules::{Army, Game, PieceKind, PlayerView, Position, Rules, Side, Variant};

use PieceKind::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fn full_pool(moved: u32) -> Pool {
    Pool { kinds: Army::CLASSIC, moved }
}

#[test]
fn case_1_unknown_attacker_against_a_known_sergeant() {
    // Movable unknowns 33; beating a Sergeant: Lt 4 + Cpt 4 + Maj 3 + Col 2 + Gen 1 + Mar 1 = 15,
    // plus half of the 4 Sergeants.
    assert!(close(unknown_vs_known(&full_pool(0), Sergeant), 17.0 / 33.0));
    // Only the Spy beats a Marshal, half of the one enemy Marshal ties: 1.5 / 33.
    assert!(close(unknown_vs_known(&full_pool(0), Marshal), 1.5 / 33.0));
}

#[test]
fn case_2_known_sergeant_against_a_moved_unknown() {
    // Spy 1 + Scouts 8 + Miners 5 + half of 4 Sergeants = 16 of 33 movable.
    assert!(close(known_vs_moved(Sergeant, &full_pool(3)), 16.0 / 33.0));
}

#[test]
fn case_3_known_attacker_against_an_unmoved_unknown() {
    // Nothing moved: s = 16 * 33/33; plus the Flag; over 40.
    assert!(close(known_vs_unmoved(Sergeant, &full_pool(0)), 17.0 / 40.0));
    // A Miner: Spy 1 + Scouts 8 + half of 5 Miners = 11.5, plus Flag and 6 Bombs.
    assert!(close(known_vs_unmoved(Miner, &full_pool(0)), 18.5 / 40.0));
    // Five pieces have moved: s = 16 * 28/33, over the 35 unmoved.
    assert!(close(known_vs_unmoved(Sergeant, &full_pool(5)), (16.0 * 28.0 / 33.0 + 1.0) / 35.0));
}

#[test]
fn cases_4_and_5_unknown_against_unknown() {
    let mut a = Army::default();
    a.add(Spy);
    a.add(Marshal);
    let attackers = Pool { kinds: a, moved: 2 };
    // Spy: the enemy Marshal and half the enemy Spy, 1.5 of 33; Marshal: 32 wins and half a
    // Marshal, 32.5 of 33.
    let case4 = unknown_vs_unknown(&attackers, &full_pool(4), true);
    assert!(close(case4, 0.5 * (1.5 / 33.0) + 0.5 * (32.5 / 33.0)));
    // Unmoved and nothing moved: add the Flag, over all 40.
    let case5 = unknown_vs_unknown(&attackers, &full_pool(0), false);
    assert!(close(case5, 0.5 * (2.5 / 40.0) + 0.5 * (33.5 / 40.0)));
}

/// Red's view after `moves`, with the analysis of its history and the fears given.
fn analysed(pos: &Position, fears: Fears) -> (PlayerView, Analysis, SBoard) {
    let view = PlayerView::new(pos, Side::Red);
    let history = MoveAnalysis::of(&view, AnalysisSteps::STANDARD);
    let an = Analysis::new(&view, fears, history);
    let b = SBoard::from_view(&view);
    (view, an, b)
}

/// Red fillers: 32 movable pieces, none a Marshal or Spy (rows 1-3 from column c on).
fn red_fillers() -> Vec<(&'static str, char)> {
    let squares = [
        "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2", "c3", "d3",
        "e3", "f3", "g3", "h3", "i3", "j3", "c4", "d4", "e4", "f4", "g4", "h4", "i4", "j4",
    ];
    // Scouts 8, Miners 5, Sergeants 4, Lieutenants 4, Captains 4, Majors 3, Colonels 2, General 1, one more Scout.
    let kinds = "DDDDDDDDEEEEEFFFFGGGGHHHHIIIJJKD";
    squares.iter().zip(kinds.chars()).map(|(s, k)| (*s, k)).collect()
}

#[test]
fn fig_14_hidden_spy_against_the_known_marshal() {
    // Blue's Marshal takes a Red Scout (and shows itself); Red's unrevealed Spy stands next to it.
    let mut pieces = red_fillers();
    pieces.extend([("a5", 'C'), ("a7", 'D'), ("a8", 'X'), ("j10", 'Y'), ("i10", 'P')]);
    let mut pos = board(&pieces, Rules::default(), Side::Blue);
    play_all(&mut pos, &["a8xa7", "a5-a6", "i10-i9"]);
    let (view, an, b) = analysed(&pos, Fears::NONE);
    let spy = view.piece_at(sq("a6")).unwrap();
    let marshal = view.piece_at(sq("a7")).unwrap();
    let (own, opp, fail_passive) = an.attack(&b, spy, marshal);
    assert_eq!(own, 1.0, "the bot knows its Spy beats the Marshal");
    // The opponent sees 33 unrevealed movable Red pieces, one of them a Spy, no Marshal.
    assert!(close(opp, 1.0 / 33.0), "opponent's estimate {opp}, expected 1/33 = 3 %");
    assert!(fail_passive, "a failed attack of an unknown piece on a known one is the passive move");
}

/// The position of Fig. 16: Red's revealed Marshal can take a revealed Blue Captain; an unknown
/// Blue piece stepped next to the Captain's square after the Marshal became known. Blue has 33
/// unknown movable pieces, one of them the Spy, no Marshal.
fn fig_16() -> Position {
    let mut pieces: Vec<(&str, char)> =
        vec![("a2", 'L'), ("a4", 'D'), ("j1", 'F'), ("a3", 'R'), ("a5", 'T'), ("a6", 'O')];
    let blue = [
        "b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "j7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "i8",
        "j8", "a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "j9", "a10", "b10", "c10",
    ];
    // Scouts 9, Miners 5, Sergeants 4, Lieutenants 4, Captains 4, Majors 3, Colonels 2, General 1.
    let kinds = "PPPPPPPPPQQQQQRRRRSSSSTTTTUUUVVW";
    pieces.extend(blue.iter().zip(kinds.chars()).map(|(s, k)| (*s, k)));
    pieces.push(("j10", 'Y'));
    let mut pos = board(&pieces, Rules::default(), Side::Red);
    play_all(&mut pos, &["a2xa3", "a5xa4", "j1-j2", "a6-a5"]);
    pos
}

fn fig_16_config() -> PerspectoConfig {
    PerspectoConfig {
        name: "perspecto",
        search: SearchConfig {
            algorithm: Algorithm::PeMinimax,
            alpha_beta: false,
            depth: 2,
            normal_plies: None,
            radius: None,
            comparison: true,
            smoothing: None,
            evaluation: Evaluation::Material,
            decay: 0.95,
            random: 0.0,
            fail_as_passive: true,
        },
        strategy: StrategicMode::Off,
        psychology: true,
    }
}

fn decide(bot: &mut PerspectoBot, view: &PlayerView) -> stratagem::ai::bots::perspecto::Decision {
    let clock = FrozenClock;
    let mut progress = |_: &Progress| {};
    let mut ctx = SearchContext::new(Budget::nodes(50_000_000), &clock, 7, &mut progress);
    bot.decide(view, &mut ctx)
}

#[test]
fn fig_16_the_marshal_holds_back_once_own_fear_reaches_0_24() {
    let pos = fig_16();
    let view = PlayerView::new(&pos, Side::Red);
    let take = mv("a3-a4");
    let p_safe = 32.0 / 33.0; // the combinatorial "0.97"
    for (fear, takes) in [(0.0, true), (0.22, true), (0.26, false), (0.5, false)] {
        let mut bot = PerspectoBot::new(fig_16_config());
        bot.fixed_fears = Some(Fears::standard(fear, 0.3));
        let d = decide(&mut bot, &view);
        let (_, tactical, _) = d.scores.iter().find(|s| s.0 == take).copied().unwrap();
        // +25 when the unknown piece is not the Spy, 25 - 95 = -70 when it is.
        let py = p_safe - p_safe * fear;
        let expected = py * 25.0 + (1.0 - py) * -70.0;
        assert!((tactical - expected).abs() < 1e-6, "ownFear {fear}: capture worth {tactical}, expected {expected}");
        assert_eq!(d.mv == take, takes, "ownFear {fear}: played {}", d.mv);
    }
    // The break-even fear: 0.74 = 0.97 - 0.97 ownFear.
    let threshold = 1.0 - (70.0 / 95.0) / p_safe;
    assert!((threshold - 0.24).abs() < 0.005, "break-even ownFear {threshold}");
}

#[test]
fn fig_16_without_the_approach_the_fear_does_not_apply() {
    // Same pieces, but the unknown piece came next to the Captain before the Marshal was known.
    let mut pieces: Vec<(&str, char)> =
        vec![("a2", 'L'), ("a4", 'D'), ("j1", 'F'), ("a3", 'R'), ("a5", 'T'), ("b5", 'O')];
    pieces.push(("j10", 'Y'));
    pieces.push(("j9", 'P'));
    let mut pos = board(&pieces, Rules::default(), Side::Blue);
    play_all(&mut pos, &["b5-b4", "j1-j2", "a5xa4", "a2xa3", "j9-j8"]);
    let (view, an, b) = analysed(&pos, Fears::standard(0.5, 0.3));
    let marshal = view.piece_at(sq("a3")).unwrap();
    let unknown = view.piece_at(sq("b4")).unwrap();
    let lone = analysed(&pos, Fears::NONE).1;
    assert!(!an.history.approached(unknown, marshal));
    assert_eq!(an.attack(&b, unknown, marshal), lone.attack(&b, unknown, marshal));
}

fn strategy_score(pos: &Position, mode: StrategicMode, m: &str) -> f64 {
    let view = PlayerView::new(pos, Side::Red);
    let s = Strategy::new(&view, mode);
    s.scores(&[mv(m)])[0]
}

/// A Blue piece of `blue` revealed on e7 (it takes a Red Scout there), a Red `red` on e2;
/// Red's step e2-e3 towards it, one move ahead.
fn known_target_score(red: char, blue: char) -> f64 {
    let mut pos = board(&[("e2", red), ("e7", 'D'), ("e8", blue)], Rules::default(), Side::Blue);
    play_all(&mut pos, &["e8xe7"]);
    strategy_score(&pos, StrategicMode::OneMove, "e2-e3")
}

#[test]
fn each_rule_with_a_known_target() {
    // (rule number, Red piece, Blue target, force): the target is 5 steps away, t = 1.
    let cases = [
        (1, 'C', 'X', 40.0),
        (9, 'H', 'U', -6.0),
        (10, 'I', 'T', 8.0),
        (11, 'I', 'V', -10.0),
        (12, 'J', 'T', 8.0),
        (13, 'J', 'U', 16.0),
        (14, 'J', 'W', -16.0),
        (15, 'K', 'T', 4.0),
        (16, 'K', 'V', 16.0),
        (17, 'K', 'X', -20.0),
        (18, 'L', 'T', 4.0),
        (19, 'L', 'U', 16.0),
        (20, 'L', 'W', 32.0),
    ];
    for (rule, red, blue, force) in cases {
        assert_eq!(RULES[rule - 1].force, force, "rule {rule}");
        let got = known_target_score(red, blue);
        assert!(close(got, force / 5.0), "rule {rule}: {red} towards {blue} scores {got}, expected {}", force / 5.0);
    }
    // A rule that does not apply pulls nothing: a Sergeant has no rule for a known Captain.
    assert_eq!(known_target_score('F', 'T'), 0.0);
}

#[test]
fn rule_2_miner_to_a_known_bomb() {
    // A Red Scout finds the Bomb on e7; Blue answers with a Scout's long move (a known Scout,
    // which no Miner rule targets).
    let mut pos = board(&[("e2", 'E'), ("e6", 'D'), ("e7", 'N'), ("j10", 'P')], Rules::default(), Side::Red);
    play_all(&mut pos, &["e6xe7", "j10-j6"]);
    let got = strategy_score(&pos, StrategicMode::OneMove, "e2-e3");
    assert!(close(got, 16.0 / 5.0), "{got}");
}

#[test]
fn rules_with_unknown_targets() {
    // One unknown, unmoved Blue piece on e7 (not the back row, no known Bomb: no suspicion).
    let score = |red: char, blue_army: &[(&str, char)]| {
        let mut pieces = vec![("e2", red)];
        pieces.extend_from_slice(blue_army);
        let pos = board(&pieces, Rules::default(), Side::Red);
        strategy_score(&pos, StrategicMode::OneMove, "e2-e3")
    };
    // Rules 6, 7, 8: Sergeant 1, Lieutenant 1, Captain 0.5 towards every unknown (a Bomb here).
    for (red, force) in [('F', 1.0), ('G', 1.0), ('H', 0.5)] {
        assert!(close(score(red, &[("e7", 'N')]), force / 5.0), "{red}");
    }
    // Miner and a lone unknown Bomb: rule 3 (16 x P(bomb) = 16) and rule 4 (-2).
    assert!(close(score('E', &[("e7", 'N')]), (16.0 - 2.0) / 5.0));
    // Miner and a lone unknown Flag with no suspicion: the Flag is spread over the unmoved
    // pieces, P(flag) = 1: rule 5 (80) and rule 4 (-2); no Bombs left, rule 3 gives 0.
    assert!(close(score('E', &[("e7", 'Y')]), (80.0 - 2.0) / 5.0));
    // Rule 21: a Major towards an open unknown with P(flag) = 1; walled in, nothing.
    assert!(close(score('I', &[("e7", 'Y')]), 80.0 / 5.0));
    let walled = [("e7", 'Y'), ("d7", 'N'), ("f7", 'N'), ("e6", 'N'), ("e8", 'N')];
    // The walls are unknown unmoved pieces too: each gets P(flag) 1/5 and is itself open.
    let got = score('I', &walled);
    assert!(got < 80.0 / 5.0 - 1.0, "walled-in flag suspect still pulls {got}");
}

#[test]
fn moved_pieces_pull_harder_by_kind() {
    use stratagem::ai::plans::perspecto::moved_multiplier;
    assert_eq!(moved_multiplier(Miner), 2.0);
    assert_eq!(moved_multiplier(Spy), 2.0);
    assert_eq!(moved_multiplier(Sergeant), 1.0);
    assert_eq!(moved_multiplier(Major), 1.0);
    assert_eq!(moved_multiplier(Colonel), 2.0);
    assert_eq!(moved_multiplier(Marshal), 2.0);
    // A Marshal that has moved, towards a known Captain: twice rule 18's 4 / L.
    let mut pos = board(&[("e1", 'L'), ("e7", 'D'), ("e8", 'T')], Rules::default(), Side::Red);
    play_all(&mut pos, &["e1-e2", "e8xe7"]);
    assert!(close(strategy_score(&pos, StrategicMode::OneMove, "e2-e3"), 2.0 * 4.0 / 5.0));
}

#[test]
fn thesis_miner_example_about_4_3() {
    // A Miner 6 squares from a Bomb with a suspected Flag (probability 1/8): 16/6 + 80/8/6.
    let f = pull(16.0, 6, 10) + pull(80.0 / 8.0, 6, 10);
    assert!((f - 4.33).abs() < 0.01, "{f}");
    // L has a minimum of 4 and t of 1: the same rule at 2 squares with 40 enemy pieces left.
    assert!(close(pull(16.0, 2, 40), 16.0 / (4.0 * 4.0)));
}

#[test]
fn two_moves_ahead_adds_the_best_second_move() {
    // A Sergeant towards a lone unknown: the second step scores the same, so the sum doubles.
    let pos = board(&[("e2", 'F'), ("e7", 'N')], Rules::default(), Side::Red);
    let one = strategy_score(&pos, StrategicMode::OneMove, "e2-e3");
    let two = strategy_score(&pos, StrategicMode::Full, "e2-e3");
    // After e2-e3 the best second move is e3-e4: 1/4 (L = 4).
    assert!(close(two, one + 1.0 / 4.0), "{one} {two}");
    // "Everyone wants forward": one point a row.
    assert_eq!(strategy_score(&pos, StrategicMode::Forward, "e2-e3"), 1.0);
    assert_eq!(strategy_score(&pos, StrategicMode::Off, "e2-e3"), 0.0);
}

#[test]
fn scout_long_moves_score_by_their_target() {
    // A Red Scout lines up with an unknown unmoved Blue piece on the back row (one suspicion).
    let pos = board(&[("e2", 'D'), ("e10", 'N'), ("a10", 'Y')], Rules::default(), Side::Red);
    let got = strategy_score(&pos, StrategicMode::OneMove, "e2-e6");
    assert!(close(got, 0.1 * 4.0 + 1.0), "{got}");
    assert_eq!(strategy_score(&pos, StrategicMode::NoScouts, "e2-e6"), 0.0);
}

#[test]
fn move_analysis_updates_est_opp_fear() {
    // Red's unknown moved Lieutenant attacks Blue's known Major: -0.02.
    let mut pos = board(
        &[("a1", 'G'), ("a4", 'D'), ("a5", 'U'), ("j1", 'F'), ("j10", 'Y'), ("j9", 'P')],
        Rules::default(),
        Side::Blue,
    );
    play_all(&mut pos, &["a5xa4", "a1-a2", "j9-j8", "a2-a3", "j8-j7", "a3xa4"]);
    let view = PlayerView::new(&pos, Side::Red);
    let a = MoveAnalysis::of(&view, AnalysisSteps::STANDARD);
    // Before the attack, Blue's known Major stood next to Red's unknown moved Lieutenant
    // (after a2-a3) and moved elsewhere (j8-j7): +0.04 once.
    assert!(close(a.est_opp_fear, 0.3 + 0.04 - 0.02), "{}", a.est_opp_fear);
}

/// Average branching factor below the root at depth 3 for `radius`, over the first moves of
/// a few starts from the semi-random setup.
fn branching(radius: Option<u32>) -> f64 {
    let cfg = SearchConfig {
        algorithm: Algorithm::PeMinimax,
        alpha_beta: false,
        depth: 3,
        normal_plies: None,
        radius,
        comparison: false,
        smoothing: None,
        evaluation: Evaluation::Material,
        decay: 1.0,
        random: 0.0,
        fail_as_passive: true,
    };
    let mut rng = rng_from_seed(3);
    let (mut nodes, mut children) = (0u64, 0u64);
    for _ in 0..4 {
        let red = stratagem::ai::setupgen::perspecto::generate(Variant::Classic, &mut rng);
        let blue = stratagem::ai::setupgen::perspecto::generate(Variant::Classic, &mut rng);
        let mut game = Game::new(Rules::default(), &red, &blue).unwrap();
        // Sixty plies in, so that the armies have opened up as in the thesis's test games.
        for i in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            let v = game.view(game.to_move());
            let moves = v.legal_moves();
            game.play(moves[(i * 7) % moves.len()]).unwrap();
        }
        let view = game.view(game.to_move());
        let an = Analysis::new(&view, Fears::NONE, MoveAnalysis::of(&view, AnalysisSteps::STANDARD));
        let b = SBoard::from_view(&view);
        let moves: Vec<_> = view.legal_moves().iter().copied().filter(|m| m.from.is_adjacent(m.to)).collect();
        let mut s = Searcher::new(&an, cfg, None, 1);
        s.score_root(&b, &moves, 3).unwrap();
        nodes += s.branching.0;
        children += s.branching.1;
    }
    children as f64 / nodes as f64
}

#[test]
fn search_area_branching_beside_table_3() {
    // Table 3: 2.2, 4.2, 6.8, 9.9 and 31.4 (global). Ours counts the passive move.
    let ours: Vec<f64> = [Some(0), Some(1), Some(2), Some(3), None].into_iter().map(branching).collect();
    println!("branching at radius 0, 1, 2, 3, global: {ours:.1?} (thesis 2.2, 4.2, 6.8, 9.9, 31.4)");
    for w in ours.windows(2) {
        assert!(w[0] < w[1], "branching must grow with the radius: {ours:?}");
    }
    assert!(ours[0] >= 1.0 && ours[0] < 5.0, "radius 0: {}", ours[0]);
    assert!(ours[4] > 15.0 && ours[4] < 45.0, "global: {}", ours[4]);
    // The area itself: radius 0 is the move's two squares.
    assert_eq!(search_area(mv("e4-e5"), Some(0)).count_ones(), 2);
    assert_eq!(search_area(mv("e4-e5"), Some(1)).count_ones(), 8);
}

#[test]
fn semi_random_setup_keeps_its_shape() {
    let mut rng = rng_from_seed(11);
    for _ in 0..200 {
        let s = stratagem::ai::setupgen::perspecto::generate(Variant::Classic, &mut rng);
        s.check(Variant::Classic).expect("legal classic setup");
        common::assert_back_row_flag_bombed_in(&s);
        for i in 30..40 {
            let k = s.get(i).unwrap();
            assert!(
                !matches!(k, Miner | Scout | Spy | Bomb | Flag | Marshal | General | Colonel),
                "front row holds a {k:?}"
            );
        }
        for i in 0..40 {
            if matches!(s.get(i), Some(Marshal | General | Colonel)) {
                assert!((10..30).contains(&i), "top piece on setup row {}", i / 10);
            }
        }
    }
    let b = stratagem::ai::setupgen::perspecto::generate(Variant::Barrage, &mut rng);
    b.check(Variant::Barrage).expect("legal barrage setup");
}

#[test]
fn perspecto_answers_within_a_node_budget_and_reports_depth() {
    let mut rng = rng_from_seed(5);
    let red = stratagem::ai::setupgen::perspecto::generate(Variant::Classic, &mut rng);
    let blue = stratagem::ai::setupgen::perspecto::generate(Variant::Classic, &mut rng);
    let game = Game::new(Rules::default(), &red, &blue).unwrap();
    let view = game.view(Side::Red);
    let mut bot = PerspectoBot::new(PERSPECTO);
    let clock = FrozenClock;
    let mut depths = Vec::new();
    let mut progress = |p: &Progress| depths.push(p.depth);
    let mut ctx = SearchContext::new(Budget::nodes(200_000), &clock, 1, &mut progress);
    let d = bot.decide(&view, &mut ctx);
    let nodes = ctx.nodes();
    assert!(view.legal_moves().contains(&d.mv));
    assert!(nodes <= 200_000 + 300, "{nodes} nodes for a 200000 budget");
    assert!(d.depth >= 2, "completed only depth {}", d.depth);
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "progress depths {depths:?}");
}

#[test]
fn fig_11_the_opponent_attacks_the_piece_that_moved() {
    // An unknown enemy piece next to our Major (moved) and our Miner (not moved), full armies.
    let enemy = full_pool(0);
    let ours = full_pool(1);
    // With all the bot's knowledge (expectiminimax) the Miner is the likelier victim ...
    let own_major = unknown_vs_known(&enemy, Major);
    let own_miner = unknown_vs_known(&enemy, Miner);
    assert!(close(own_major, 5.5 / 33.0) && close(own_miner, 21.5 / 33.0));
    // ... but the opponent, who sees neither kind, rates the moved piece (no Bomb) higher.
    let opp_major = unknown_vs_unknown(&enemy, &ours, true);
    let opp_miner = unknown_vs_unknown(&enemy, &ours, false);
    assert!(opp_major > opp_miner, "moved {opp_major}, unmoved {opp_miner}");
}
