//! Whole human setups as a belief about where the enemy's Bombs and Flag are (issue 11: "sample
//! whole consistent armies, not square by square").
//!
//! The belief matrix ([`super::matrix`]) starts every piece from the Gravon frequency of each
//! kind on its start square and then moves its rows by what it sees; the Bombs of a setup are
//! not independent squares, though: people wall the Flag in, leave lanes open, bomb corners in
//! pairs. The library keeps the 58,366 classic setups people played on Gravon
//! (`data/gravon-classic-setups.txt`), each also mirrored left to right, and weighs every one by
//! how well its Bombs and Flag fit what the view has seen of the enemy's start squares:
//!
//! - a start square whose piece moved, or whose piece was seen to be a movable kind, holds no
//!   Bomb or Flag;
//! - a start square whose piece was seen to be a Bomb holds a Bomb.
//!
//! A setup breaking `m` of these facts weighs `exp(-m * penalty)` (the enemy need not set up as
//! people on Gravon did: a bot's setup may fit none of them exactly), and optionally a setup
//! whose kind on a square matches a movable kind seen there weighs `exp(bonus)` more per match
//! (a player's style). Only setups within [`SLACK`] facts of the best fit are kept.
//!
//! What it gives: the posterior probability of a Bomb and of the Flag on each start square
//! ([`LibraryPosterior::marginals`]), pulled towards another model's by `kappa` pseudo-setups
//! when few setups fit (the library is finite), and whole layouts drawn by weight
//! ([`LibraryPosterior::sample`]) for a search that draws armies.
//!
//! Natively only: the setups (2.4 MB of text) are not in the page's module.

use crate::ai::BotRng;
use crate::ai::belief::BeliefMatrix;
use crate::rules::{PieceKind, PlayerView, Setup};
use rand::Rng;

/// Setups fitting more than this many facts worse than the best one are dropped (their weight
/// is at most `exp(-SLACK * penalty)` of the best).
pub const SLACK: u32 = 3;

/// One setup's immovable pieces and its kinds, by setup index (0..40, the setup string's order).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Bit `i` set: a Bomb on setup index `i`.
    pub bombs: u64,
    /// The setup index of the Flag.
    pub flag: u8,
    /// [`PieceKind::index`] of the kind on each setup index.
    pub kinds: [u8; 40],
}

impl Layout {
    fn from_setup(s: &Setup) -> Option<Layout> {
        let mut bombs = 0u64;
        let mut flag = None;
        let mut kinds = [0u8; 40];
        for (i, slot) in s.slots().iter().enumerate() {
            let k = (*slot)?;
            kinds[i] = k.index() as u8;
            match k {
                PieceKind::Bomb => bombs |= 1 << i,
                PieceKind::Flag => flag = Some(i as u8),
                _ => {}
            }
        }
        Some(Layout { bombs, flag: flag?, kinds })
    }

    /// The same setup seen in a mirror (columns a-j reversed).
    fn mirrored(&self) -> Layout {
        let m = |i: usize| i / 10 * 10 + 9 - i % 10;
        let mut bombs = 0u64;
        let mut kinds = [0u8; 40];
        for i in 0..40 {
            if self.bombs >> i & 1 == 1 {
                bombs |= 1 << m(i);
            }
            kinds[m(i)] = self.kinds[i];
        }
        Layout { bombs, flag: m(self.flag as usize) as u8, kinds }
    }

    /// Bombs and Flag.
    pub fn immovable(&self) -> u64 {
        self.bombs | 1 << self.flag
    }
}

/// The Gravon classic setups' file (`data/gravon-classic-setups.txt`), natively only: the page's
/// module has no room for it.
#[cfg(not(target_arch = "wasm32"))]
pub const CLASSIC_TEXT: &str = include_str!("../../../data/gravon-classic-setups.txt");

/// The valid classic setups of `text` (one per line; other lines skipped), as played.
pub fn classic_setups(text: &str) -> impl Iterator<Item = Setup> + '_ {
    text.lines().filter_map(|line| Setup::parse(line).ok()).filter(|s| s.check(crate::rules::Variant::Classic).is_ok())
}

/// The human setups, each with its mirror image.
#[derive(Debug)]
pub struct SetupLibrary {
    layouts: Vec<Layout>,
}

impl SetupLibrary {
    /// The library of `text`'s setups (one 40-letter setup per line; lines that are not a
    /// classic army are skipped), each with its mirror image.
    pub fn from_text(text: &str) -> SetupLibrary {
        let mut layouts = Vec::new();
        for l in classic_setups(text).filter_map(|s| Layout::from_setup(&s)) {
            layouts.push(l);
            layouts.push(l.mirrored());
        }
        SetupLibrary { layouts }
    }

    /// The Gravon classic setups (natively; `None` in WebAssembly, whose module has no room).
    pub fn classic() -> Option<&'static SetupLibrary> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            static LIB: std::sync::OnceLock<SetupLibrary> = std::sync::OnceLock::new();
            Some(LIB.get_or_init(|| SetupLibrary::from_text(CLASSIC_TEXT)))
        }
        #[cfg(target_arch = "wasm32")]
        {
            None
        }
    }

    /// Layouts held (twice the setups read).
    pub fn len(&self) -> usize {
        self.layouts.len()
    }

    /// Whether the library is empty.
    pub fn is_empty(&self) -> bool {
        self.layouts.is_empty()
    }
}

/// What a view has seen of the enemy's start squares, by setup index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evidence {
    /// Bit `i`: the piece that started on setup index `i` is movable (it moved or was seen).
    pub movable: u64,
    /// Bit `i`: the piece that started there is a Bomb.
    pub bombs: u64,
    /// Movable kinds seen, by setup index.
    pub kinds: Vec<(u8, u8)>,
}

impl Evidence {
    /// The evidence of `view` about the enemy's setup (public facts only).
    pub fn of(view: &PlayerView) -> Evidence {
        let enemy = view.side().opponent();
        let mut ev = Evidence::default();
        for local in 0..40 {
            let p = view.piece(crate::rules::PieceId::new(enemy, local));
            let Some(i) = Setup::index_of(enemy, p.start) else { continue };
            match p.kind {
                Some(PieceKind::Bomb) => ev.bombs |= 1 << i,
                Some(PieceKind::Flag) => {}
                Some(k) => {
                    ev.movable |= 1 << i;
                    ev.kinds.push((i as u8, k.index() as u8));
                }
                None if p.moved => ev.movable |= 1 << i,
                None => {}
            }
        }
        ev
    }
}

/// How the library weighs setups.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LibraryParams {
    /// Log weight lost per fact a setup's Bombs and Flag break.
    pub penalty: f64,
    /// Log weight gained per movable kind seen that the setup has on the same square.
    pub bonus: f64,
    /// Pseudo-setups of the other model mixed into the marginals.
    pub kappa: f64,
    /// Whether the library gives the Bombs' probabilities as well as the Flag's (else
    /// [`library_matrix`] keeps the matrix's Bomb odds, scaled to what the library's Flag odds
    /// leave).
    pub bombs: bool,
}

impl Default for LibraryParams {
    fn default() -> LibraryParams {
        LibraryParams { penalty: 5.0, bonus: 0.0, kappa: 20.0, bombs: true }
    }
}

/// The library weighed by one view's evidence.
#[derive(Clone, Debug)]
pub struct LibraryPosterior<'a> {
    lib: &'a SetupLibrary,
    /// Kept layouts (index into the library) and their cumulative weights.
    picks: Vec<(u32, f64)>,
    /// Effective number of setups, `(sum w)^2 / sum w^2`.
    pub effective: f64,
    /// The fewest facts any setup breaks.
    pub best_fit: u32,
    kappa: f64,
    bombs: bool,
}

impl<'a> LibraryPosterior<'a> {
    /// `lib` weighed by `ev`. `None` when the library is empty.
    pub fn new(lib: &'a SetupLibrary, ev: &Evidence, params: LibraryParams) -> Option<LibraryPosterior<'a>> {
        let breaks = |l: &Layout| (l.immovable() & ev.movable).count_ones() + (ev.bombs & !l.bombs).count_ones();
        let best_fit = lib.layouts.iter().map(breaks).min()?;
        let mut picks = Vec::new();
        let (mut sum, mut sum2) = (0.0, 0.0);
        for (j, l) in lib.layouts.iter().enumerate() {
            let m = breaks(l);
            if m > best_fit + SLACK {
                continue;
            }
            let mut logw = -params.penalty * f64::from(m - best_fit);
            if params.bonus != 0.0 {
                let hits = ev.kinds.iter().filter(|&&(i, k)| l.kinds[i as usize] == k).count();
                logw += params.bonus * hits as f64;
            }
            let w = logw.exp();
            sum += w;
            sum2 += w * w;
            picks.push((j as u32, sum));
        }
        Some(LibraryPosterior {
            lib,
            picks,
            effective: sum * sum / sum2.max(f64::MIN_POSITIVE),
            best_fit,
            kappa: params.kappa,
            bombs: params.bombs,
        })
    }

    fn total(&self) -> f64 {
        self.picks.last().map_or(0.0, |p| p.1)
    }

    /// The probability of a Bomb and of the Flag on each setup index, the library's posterior
    /// pulled towards `other` (the same, from another model) by the posterior's `kappa`
    /// pseudo-setups: `(n * library + kappa * other) / (n + kappa)` with `n` the effective
    /// number of setups.
    pub fn marginals(&self, other: &[[f64; 2]; 40]) -> [[f64; 2]; 40] {
        let mut acc = [[0.0f64; 2]; 40];
        let mut prev = 0.0;
        for &(j, cum) in &self.picks {
            let w = cum - prev;
            prev = cum;
            let l = &self.lib.layouts[j as usize];
            let mut b = l.bombs;
            while b != 0 {
                acc[b.trailing_zeros() as usize][0] += w;
                b &= b - 1;
            }
            acc[l.flag as usize][1] += w;
        }
        let total = self.total();
        let n = self.effective;
        let mut out = [[0.0; 2]; 40];
        for i in 0..40 {
            for c in 0..2 {
                let lib = if total > 0.0 { acc[i][c] / total } else { other[i][c] };
                out[i][c] = (n * lib + self.kappa * other[i][c]) / (n + self.kappa);
            }
        }
        out
    }

    /// One layout drawn by weight.
    pub fn sample(&self, rng: &mut BotRng) -> &'a Layout {
        let x = rng.random::<f64>() * self.total();
        let k = self.picks.partition_point(|p| p.1 <= x).min(self.picks.len().saturating_sub(1));
        &self.lib.layouts[self.picks.get(k).map_or(0, |p| p.0 as usize)]
    }

    /// Setups kept.
    pub fn kept(&self) -> usize {
        self.picks.len()
    }
}

/// The Bomb and Flag probabilities of `matrix` (the belief about `view`'s enemy) by setup index.
fn matrix_marginals(view: &PlayerView, matrix: &BeliefMatrix) -> [[f64; 2]; 40] {
    let enemy = view.side().opponent();
    let mut out = [[0.0; 2]; 40];
    for id in view.unknown_enemies() {
        if let Some(i) = Setup::index_of(enemy, view.piece(id).start) {
            let row = matrix.probabilities(id);
            out[i] = [row[PieceKind::Bomb.index()], row[PieceKind::Flag.index()]];
        }
    }
    out
}

/// The library's Bomb and Flag odds by setup index, pulled towards those of `matrix` (the belief
/// about `view`'s enemy): [`LibraryPosterior::marginals`] of `post` against `matrix`. What
/// [`library_matrix`] and [`layout_matrix`] take.
pub fn library_marginals(view: &PlayerView, matrix: &BeliefMatrix, post: &LibraryPosterior) -> [[f64; 2]; 40] {
    post.marginals(&matrix_marginals(view, matrix))
}

/// `matrix` (the belief about `view`'s enemy) with its Bomb and Flag probabilities on the unmoved
/// unknown pieces taken from `marginals` ([`library_marginals`] of `post`), or only its Flag's
/// when `post` was weighed without the Bombs ([`LibraryParams::bombs`]).
pub fn library_matrix(
    view: &PlayerView,
    matrix: &BeliefMatrix,
    post: &LibraryPosterior,
    marginals: &[[f64; 2]; 40],
) -> BeliefMatrix {
    let enemy = view.side().opponent();
    matrix.with_immovable(view, |id| {
        let i = Setup::index_of(enemy, view.piece(id).start)?;
        if post.bombs {
            return Some(marginals[i]);
        }
        let row = matrix.probabilities(id);
        Some(flag_only(row[PieceKind::Bomb.index()], row[PieceKind::Flag.index()], marginals[i][1]))
    })
}

/// The Flag's odds `pf` alone in a row whose Bomb and Flag odds were `rb` and `rf`: the Bomb
/// keeps its share of what is not the Flag, `rb / (1 - rf)` of `1 - pf`, so that the two never
/// sum above 1 (which would leave the piece no movable kind).
fn flag_only(rb: f64, rf: f64, pf: f64) -> [f64; 2] {
    let pb = if rf < 1.0 { rb * (1.0 - pf) / (1.0 - rf) } else { 0.0 };
    [pb, pf]
}

/// `matrix` conditioned on one drawn `layout`: each unmoved unknown piece's odds of a Bomb and
/// of the Flag are `(1 - soft)` times the layout's (1 or 0) plus `soft` times `marginals` (the
/// library's odds pulled towards the matrix's, [`library_marginals`]), so that a layout that
/// breaks a fact of the view still yields a consistent army.
pub fn layout_matrix(
    view: &PlayerView,
    matrix: &BeliefMatrix,
    layout: &Layout,
    marginals: &[[f64; 2]; 40],
    soft: f64,
) -> BeliefMatrix {
    let enemy = view.side().opponent();
    matrix.with_immovable(view, |id| {
        let i = Setup::index_of(enemy, view.piece(id).start)?;
        let hard = [f64::from(u8::from(layout.bombs >> i & 1 == 1)), f64::from(u8::from(layout.flag as usize == i))];
        Some([0, 1].map(|c| (1.0 - soft) * hard[c] + soft * marginals[i][c]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Rules, Side};

    const ONE: &str = "MBGDEDEDEEBHJEJHFIBFLDDCIDBHFBIGHKGDFBDG";

    /// Red's view of a game both sides start with [`ONE`], before any move, its belief matrix,
    /// and the library of that one setup (and its mirror).
    fn start_of_one() -> (PlayerView, BeliefMatrix, SetupLibrary) {
        let setup = Setup::parse(ONE).unwrap();
        let pos = Position::new(Rules::default(), &setup, &setup);
        let view = PlayerView::new(&pos, Side::Red);
        let matrix = BeliefMatrix::from_view(&view);
        (view, matrix, SetupLibrary::from_text(ONE))
    }

    #[test]
    fn a_setup_and_its_mirror_are_both_kept() {
        let lib = SetupLibrary::from_text(&format!("{ONE}\nnot a setup\n"));
        assert_eq!(lib.len(), 2);
        let (a, b) = (lib.layouts[0], lib.layouts[1]);
        assert_eq!(a.flag, 0);
        assert_eq!(b.flag, 9);
        assert_eq!(a.bombs.count_ones(), 6);
        assert_eq!(b.bombs.count_ones(), 6);
        assert_ne!(a.bombs, b.bombs);
        assert_eq!(b.mirrored().bombs, a.bombs);
    }

    #[test]
    fn the_posterior_keeps_only_setups_that_fit_what_was_seen() {
        let lib = SetupLibrary::from_text(ONE);
        let (a, b) = (lib.layouts[0], lib.layouts[1]);
        // Pieces seen moving from every square where the mirror has a Bomb or its Flag and
        // the original has neither: the mirror breaks more facts than the slack allows.
        let ev = Evidence { movable: b.immovable() & !a.immovable(), ..Evidence::default() };
        assert!(ev.movable.count_ones() > SLACK, "{} facts", ev.movable.count_ones());
        let post = LibraryPosterior::new(&lib, &ev, LibraryParams { kappa: 0.0, ..LibraryParams::default() }).unwrap();
        assert_eq!(post.kept(), 1);
        assert_eq!(post.best_fit, 0);
        let m = post.marginals(&[[0.0; 2]; 40]);
        assert_eq!(m[a.flag as usize][1], 1.0, "the original's Flag square");
        assert_eq!(m[b.flag as usize][1], 0.0);
        let mut rng = <BotRng as rand::SeedableRng>::seed_from_u64(1);
        for _ in 0..20 {
            assert_eq!(post.sample(&mut rng).flag, a.flag);
        }
        // One broken fact only: both kept, the mirror at exp(-penalty) of the original's weight.
        let ev = Evidence { movable: 1 << b.flag, ..Evidence::default() };
        let post = LibraryPosterior::new(&lib, &ev, LibraryParams { kappa: 0.0, ..LibraryParams::default() }).unwrap();
        assert_eq!(post.kept(), 2);
        let m = post.marginals(&[[0.0; 2]; 40]);
        let w = (-LibraryParams::default().penalty).exp();
        assert!((m[b.flag as usize][1] - w / (1.0 + w)).abs() < 1e-12, "{}", m[b.flag as usize][1]);
    }

    #[test]
    fn the_flag_odds_alone_leave_the_bomb_its_share_of_the_rest() {
        // A square the matrix calls 70 % Bomb and 10 % Flag, the library 60 % Flag: the Bomb
        // keeps 7/9 of the 40 % left, and the two stay below 1.
        let [pb, pf] = flag_only(0.7, 0.1, 0.6);
        assert_eq!(pf, 0.6);
        assert!((pb - 0.7 * 0.4 / 0.9).abs() < 1e-12, "{pb}");
        assert!(pb + pf < 1.0);
        // The matrix's own Flag odds change nothing.
        let [pb, _] = flag_only(0.3, 0.2, 0.2);
        assert!((pb - 0.3).abs() < 1e-12);
        // A row certain to be the Flag leaves no Bomb odds to share.
        assert_eq!(flag_only(0.0, 1.0, 0.5), [0.0, 0.5]);
        // Along the library: every row sums to 1 and its Bomb and Flag odds to at most 1.
        let (view, matrix, lib) = start_of_one();
        let params = LibraryParams { kappa: 0.0, bombs: false, ..LibraryParams::default() };
        let post = LibraryPosterior::new(&lib, &Evidence::default(), params).unwrap();
        let m = library_matrix(&view, &matrix, &post, &library_marginals(&view, &matrix, &post));
        for id in view.unknown_enemies() {
            let row = m.probabilities(id);
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-6);
            assert!(row[PieceKind::Bomb.index()] + row[PieceKind::Flag.index()] <= 1.0 + 1e-9);
        }
    }

    #[test]
    fn evidence_reads_moves_from_the_view() {
        let setup = Setup::parse(ONE).unwrap();
        let mut pos = Position::new(Rules::default(), &setup, &setup);
        let mut view = PlayerView::new(&pos, Side::Red);
        assert_eq!(Evidence::of(&view), Evidence::default());
        // Red moves, then Blue moves one of its front-row pieces.
        for _ in 0..2 {
            let mv = *pos.legal_moves().iter().find(|m| m.from.is_adjacent(m.to)).unwrap();
            let r = pos.play(mv).unwrap();
            view.apply(&r).unwrap();
        }
        let blue_moved = pos.history()[1].report;
        let from = pos.piece(blue_moved.piece).start;
        let i = Setup::index_of(Side::Blue, from).unwrap();
        let ev = Evidence::of(&view);
        assert_eq!(ev.movable, 1 << i, "index {i}");
        assert_eq!(ev.bombs, 0);
        assert!(ev.kinds.is_empty());
    }

    #[test]
    fn an_army_drawn_from_a_layout_has_its_bombs_and_flag_where_the_layout_does() {
        // Before any move nothing rules a layout out: with no softness every army drawn puts
        // Blue's Bombs and Flag exactly on the layout's squares, and the rest are movable.
        let (view, matrix, lib) = start_of_one();
        let mut rng = <BotRng as rand::SeedableRng>::seed_from_u64(3);
        for layout in &lib.layouts {
            for _ in 0..5 {
                let army = layout_matrix(&view, &matrix, layout, &[[0.0; 2]; 40], 0.0).sample(&view, &mut rng).unwrap();
                for i in 0..40 {
                    let kind = army.piece(army.piece_at(Setup::square(Side::Blue, i)).unwrap()).kind;
                    let want = if layout.bombs >> i & 1 == 1 {
                        Some(PieceKind::Bomb)
                    } else if layout.flag as usize == i {
                        Some(PieceKind::Flag)
                    } else {
                        None
                    };
                    match want {
                        Some(k) => assert_eq!(kind, k, "index {i}"),
                        None => assert!(kind.is_movable(), "index {i}: {kind:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn the_library_matrix_takes_the_libraries_odds_and_still_fits_the_counts() {
        // One setup and its mirror, no pseudo-setups: each layout weighs one half, so every
        // square that is a Bomb in one of them has P(Bomb) about 1/2 (1 in both, 0 in
        // neither), and the matrix still sums to the counts left and to 1 per piece.
        let (view, matrix, lib) = start_of_one();
        let post =
            LibraryPosterior::new(&lib, &Evidence::default(), LibraryParams { kappa: 0.0, ..LibraryParams::default() })
                .unwrap();
        let m = library_matrix(&view, &matrix, &post, &library_marginals(&view, &matrix, &post));
        let (a, b) = (lib.layouts[0], lib.layouts[1]);
        let mut column = [0.0; 12];
        for id in view.unknown_enemies() {
            let i = Setup::index_of(Side::Blue, view.piece(id).start).unwrap();
            let row = m.probabilities(id);
            let want = f64::from(u8::from(a.bombs >> i & 1 == 1) + u8::from(b.bombs >> i & 1 == 1)) / 2.0;
            // Within the refit to the counts, which moves every entry a little.
            assert!(
                (row[PieceKind::Bomb.index()] - want).abs() < 0.02,
                "index {i}: {} against {want}",
                row[PieceKind::Bomb.index()]
            );
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-6);
            for k in 0..12 {
                column[k] += row[k];
            }
        }
        let army = view.enemy_unassigned();
        for k in PieceKind::ALL {
            assert!((column[k.index()] - f64::from(army[k])).abs() < 1e-3, "{k:?}: {}", column[k.index()]);
        }
    }

    #[test]
    fn the_classic_library_holds_every_setup_twice() {
        let lib = SetupLibrary::classic().unwrap();
        assert_eq!(lib.len(), 2 * 58_366);
        let post = LibraryPosterior::new(lib, &Evidence::default(), LibraryParams::default()).unwrap();
        let m = post.marginals(&[[0.0; 2]; 40]);
        let bombs: f64 = m.iter().map(|x| x[0]).sum();
        let flags: f64 = m.iter().map(|x| x[1]).sum();
        assert!((bombs - 6.0 * post.effective / (post.effective + 20.0)).abs() < 1e-6);
        assert!((flags - post.effective / (post.effective + 20.0)).abs() < 1e-9);
        // The back row holds the Flag in nearly every human setup.
        let back: f64 = m[..10].iter().map(|x| x[1]).sum::<f64>() / flags;
        assert!(back > 0.85, "{back}");
    }
}
