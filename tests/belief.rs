//! Tests of `stratagem::ai::belief`: sampled positions are consistent with the view, the true
//! position is always one of the consistent ones, and the marginals of many samples match
//! `Unknowns::marginals`.
//!
//! Consistency is checked here from the view alone, by [`consistent`], written from the rules
//! of what a view tells (docs/rules.md, "Information"), not from the belief module's own split.

use rand::Rng;
use stratagem::ai::belief::{Unknowns, determinize_with, sample_position};
use stratagem::ai::setupgen::random::random_setup;
use stratagem::ai::{BotRng, rng_from_seed};
use stratagem::rules::{Army, PieceId, PieceKind, PlayerView, Position, Rules, Side, Variant};

/// Whether `assignment` (a kind for every unknown enemy piece of `view`) fits what `view`
/// knows: Scouts seen moving far are Scouts, pieces seen moving are movable, and the kinds
/// used are exactly the enemy army minus its losses minus its revealed living pieces.
fn consistent(view: &PlayerView, assignment: &[(PieceId, PieceKind)]) -> Result<(), String> {
    let unknown: Vec<PieceId> = view.unknown_enemies().collect();
    let mut ids: Vec<PieceId> = assignment.iter().map(|a| a.0).collect();
    ids.sort();
    if ids != unknown {
        return Err(format!("assignment covers {ids:?}, unknown pieces are {unknown:?}"));
    }
    // The kinds the unknown pieces must share, computed from first principles.
    let mut left = view.enemy_army();
    let lost = view.captured()[view.side().opponent()];
    for k in PieceKind::ALL {
        left[k] -= lost[k];
    }
    for id in view.pieces_of(view.side().opponent()) {
        if let Some(k) = view.kind(id) {
            left[k] -= 1;
        }
    }
    let mut used = Army::default();
    for &(id, k) in assignment {
        let p = view.piece(id);
        if p.scout_known && k != PieceKind::Scout {
            return Err(format!("piece {} moved like a Scout but is a {k}", id.0));
        }
        if p.moved && !k.is_movable() {
            return Err(format!("piece {} moved but is a {k}", id.0));
        }
        used.add(k);
    }
    if used != left {
        return Err(format!("kinds used {used:?} differ from the kinds left {left:?}"));
    }
    Ok(())
}

/// Random games, returning positions along the way (every `every` plies).
fn positions(seed: u64, variant: Variant, games: usize, every: u32) -> Vec<Position> {
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let (a, b) = (random_setup(variant, &mut rng), random_setup(variant, &mut rng));
        let mut pos = Position::new(Rules::for_variant(variant), &a, &b);
        while pos.outcome().is_none() && pos.ply() < 600 {
            if pos.ply().is_multiple_of(every) {
                out.push(pos.clone());
            }
            let m = pos.legal_moves();
            pos.play_unchecked(m[rng.random_range(0..m.len())]);
        }
    }
    out
}

/// The true kinds of the unknown enemy pieces of `view` in `pos`.
fn true_assignment(pos: &Position, view: &PlayerView) -> Vec<(PieceId, PieceKind)> {
    view.unknown_enemies().map(|id| (id, pos.piece(id).kind)).collect()
}

#[test]
fn samples_are_consistent_and_so_is_the_truth() {
    let mut rng: BotRng = rng_from_seed(99);
    let mut checked = 0;
    for variant in [Variant::Classic, Variant::Barrage] {
        for pos in positions(1, variant, 6, 25) {
            for side in Side::BOTH {
                let view = PlayerView::new(&pos, side);
                let truth = true_assignment(&pos, &view);
                consistent(&view, &truth).unwrap_or_else(|e| panic!("the true position fails: {e}"));
                let u = Unknowns::of(&view);
                for _ in 0..5 {
                    let a = u.sample(&mut rng).expect("a real game's view has consistent assignments");
                    consistent(&view, &a).unwrap_or_else(|e| panic!("a sample fails: {e}"));
                    // The sampled position keeps everything the view knows.
                    let p = determinize_with(&view, &a);
                    for id in view.pieces_of(side).chain(view.pieces_of(side.opponent())) {
                        let vp = view.piece(id);
                        assert_eq!(p.piece(id).square, vp.square);
                        if let Some(k) = vp.kind {
                            assert_eq!(p.piece(id).kind, k, "a known piece changed kind");
                        }
                    }
                    assert_eq!(p.to_move(), view.to_move());
                    assert_eq!(p.ply(), view.ply());
                }
                let p = sample_position(&view, &mut rng).unwrap();
                // Own legal moves do not depend on hidden kinds.
                if view.to_move() == side {
                    assert_eq!(p.legal_moves(), view.legal_moves());
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} views checked");
}

#[test]
fn the_consistency_check_rejects_what_it_should() {
    // The oracle itself must be able to fail: a moved piece made a Bomb, a Scout-mover made a
    // Marshal, and a kind count off by one are all rejected.
    let mut found = [false; 3];
    for pos in positions(4, Variant::Classic, 4, 10) {
        let view = PlayerView::new(&pos, Side::Red);
        let truth = true_assignment(&pos, &view);
        if let Some(i) = truth.iter().position(|&(id, _)| view.piece(id).moved) {
            let mut bad = truth.clone();
            bad[i].1 = PieceKind::Bomb;
            assert!(consistent(&view, &bad).is_err());
            found[0] = true;
        }
        if let Some(i) = truth.iter().position(|&(id, _)| view.piece(id).scout_known) {
            let mut bad = truth.clone();
            bad[i].1 = PieceKind::Marshal;
            assert!(consistent(&view, &bad).is_err());
            found[1] = true;
        }
        if let Some(i) = truth.iter().position(|&(_, k)| k == PieceKind::Sergeant) {
            let mut bad = truth.clone();
            bad[i].1 = PieceKind::Lieutenant;
            assert!(consistent(&view, &bad).is_err());
            found[2] = true;
        }
    }
    assert_eq!(found, [true; 3], "the random games did not produce every case");
}

#[test]
fn sample_marginals_match_the_exact_marginals() {
    // For a few views, draw many samples and compare each (piece, kind) frequency with the
    // exact marginal: a chi-square-like statistic per piece, summed, against a generous bound.
    let mut rng = rng_from_seed(2024);
    let n = 4000usize;
    let mut views = Vec::new();
    for (i, pos) in positions(7, Variant::Classic, 3, 60).into_iter().enumerate() {
        if i % 3 == 1 {
            views.push(PlayerView::new(&pos, Side::Blue));
        }
    }
    for pos in positions(8, Variant::Barrage, 3, 15).into_iter().take(4) {
        views.push(PlayerView::new(&pos, Side::Red));
    }
    assert!(views.len() >= 4);
    for view in views {
        let u = Unknowns::of(&view);
        let exact = u.marginals().unwrap();
        let mut counts = vec![[0usize; 12]; exact.len()];
        for _ in 0..n {
            let a = u.sample(&mut rng).unwrap();
            for (row, &(id, k)) in a.iter().enumerate() {
                assert_eq!(id, exact[row].0, "samples and marginals list pieces in the same order");
                counts[row][k.index()] += 1;
            }
        }
        for (row, (id, p)) in exact.iter().enumerate() {
            let total: f64 = p.iter().sum();
            assert!((total - 1.0).abs() < 1e-9, "piece {}: marginals sum to {total}", id.0);
            for k in 0..12 {
                let expected = p[k] * n as f64;
                let got = counts[row][k] as f64;
                if p[k] == 0.0 {
                    assert_eq!(got, 0.0, "piece {} got kind {k} with probability 0", id.0);
                    continue;
                }
                // Binomial standard deviation; 5 sigma keeps the test stable over the many cells.
                let sd = (n as f64 * p[k] * (1.0 - p[k])).sqrt();
                assert!(
                    (got - expected).abs() <= 5.0 * sd + 1.0,
                    "piece {} kind {k}: {got} samples, expected {expected:.1} (sd {sd:.1})",
                    id.0
                );
            }
        }
        // One chi-square over all cells with positive probability, against its expectation
        // (about the number of free cells): a uniform sampler stays well under twice that.
        let mut chi2 = 0.0;
        let mut cells = 0usize;
        for (row, (_, p)) in exact.iter().enumerate() {
            for k in 0..12 {
                if p[k] > 0.0 {
                    let e = p[k] * n as f64;
                    chi2 += (counts[row][k] as f64 - e).powi(2) / e;
                    cells += 1;
                }
            }
        }
        let dof = cells.saturating_sub(exact.len()).max(1) as f64;
        assert!(chi2 < 2.0 * dof + 30.0, "chi-square {chi2:.1} over {dof} degrees of freedom");
    }
}
