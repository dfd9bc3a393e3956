//! What each unknown enemy piece can still be, and sampling of full positions consistent
//! with a view, uniform over the consistent assignments (the resampling seam of IS-MCTS).
//!
//! What a view tells about an unknown enemy piece (docs/rules.md, "Information"): a piece that
//! moved more than one square at once is a Scout; a piece that moved is neither Bomb nor
//! Flag; an unmoved piece can be anything. The counts of what is left come from the enemy's
//! starting army minus what was captured and minus the alive revealed pieces
//! ([`PlayerView::enemy_unassigned`]).
//!
//! Uniform sampling, exactly: known Scouts take Scouts; the immovable kinds (Bombs, Flag) go
//! to a uniformly chosen subset of the unmoved pieces; the movable kinds left are shuffled
//! over every remaining piece. Every consistent assignment arises from exactly one such
//! choice, and all choices are equally likely, so assignments are uniform.

use crate::ai::BotRng;
use crate::ai::ranking;
use crate::rules::{Army, PieceId, PieceKind, PlayerView, Position};
use rand::seq::SliceRandom;

/// What the view says about one unknown enemy piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Constraint {
    /// Moved more than one square at once: a Scout.
    Scout,
    /// Moved: any movable kind.
    Movable,
    /// Never moved: any kind.
    Any,
}

impl Constraint {
    /// What a piece's public flags say: a known Scout, a piece that moved, or neither.
    pub const fn from_flags(moved: bool, scout_known: bool) -> Constraint {
        if scout_known {
            Constraint::Scout
        } else if moved {
            Constraint::Movable
        } else {
            Constraint::Any
        }
    }
}

/// The unknown enemy pieces of a view with their constraints, and the kinds left to share.
#[derive(Clone, Debug)]
pub struct Unknowns {
    /// Unknown enemy pieces in id order with what the view says of each.
    pub pieces: Vec<(PieceId, Constraint)>,
    /// Kinds not yet pinned to a piece (the unknown pieces share exactly these).
    pub kinds: Army,
}

/// Why no consistent assignment exists (a corrupt view, or an army the view contradicts).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no assignment of hidden pieces fits the view: {0}")]
pub struct Inconsistent(pub String);

impl Unknowns {
    /// Reads the unknowns of `view`.
    pub fn of(view: &PlayerView) -> Unknowns {
        let pieces = view
            .unknown_enemies()
            .map(|id| {
                let p = view.piece(id);
                (id, Constraint::from_flags(p.moved, p.scout_known))
            })
            .collect();
        Unknowns { pieces, kinds: view.enemy_unassigned() }
    }

    fn split(&self) -> Result<(Army, usize, usize, usize), Inconsistent> {
        let mut kinds = self.kinds;
        let total: u32 = kinds.total();
        if total as usize != self.pieces.len() {
            return Err(Inconsistent(format!("{} unknown pieces but {} kinds left", self.pieces.len(), total)));
        }
        let scouts = self.pieces.iter().filter(|p| p.1 == Constraint::Scout).count();
        if (kinds[PieceKind::Scout] as usize) < scouts {
            return Err(Inconsistent(format!("{scouts} known Scouts but {} Scouts left", kinds[PieceKind::Scout])));
        }
        kinds[PieceKind::Scout] -= scouts as u8;
        let unmoved = self.pieces.iter().filter(|p| p.1 == Constraint::Any).count();
        let immovable = (kinds[PieceKind::Bomb] + kinds[PieceKind::Flag]) as usize;
        if immovable > unmoved {
            return Err(Inconsistent(format!("{immovable} Bombs and Flags left but only {unmoved} unmoved pieces")));
        }
        Ok((kinds, scouts, unmoved, immovable))
    }

    /// Probability of each kind (indexed by [`PieceKind::index`]) for each unknown piece,
    /// under the uniform distribution over consistent assignments.
    pub fn marginals(&self) -> Result<Vec<(PieceId, [f64; 12])>, Inconsistent> {
        let (kinds, _, unmoved, immovable) = self.split()?;
        let movable_total: f64 = PieceKind::ALL.iter().filter(|k| k.is_movable()).map(|&k| kinds[k] as f64).sum();
        Ok(self
            .pieces
            .iter()
            .map(|&(id, c)| {
                let mut p = [0.0; 12];
                match c {
                    Constraint::Scout => p[PieceKind::Scout.index()] = 1.0,
                    Constraint::Movable | Constraint::Any => {
                        let movable_share =
                            if c == Constraint::Any { 1.0 - immovable as f64 / unmoved as f64 } else { 1.0 };
                        for k in PieceKind::ALL {
                            if k.is_movable() {
                                if movable_total > 0.0 {
                                    p[k.index()] = movable_share * kinds[k] as f64 / movable_total;
                                }
                            } else if c == Constraint::Any {
                                p[k.index()] = kinds[k] as f64 / unmoved as f64;
                            }
                        }
                    }
                }
                (id, p)
            })
            .collect())
    }

    /// One assignment of kinds to the unknown pieces, uniform over consistent assignments.
    pub fn sample(&self, rng: &mut BotRng) -> Result<Vec<(PieceId, PieceKind)>, Inconsistent> {
        let (kinds, _, _, _) = self.split()?;
        let mut out: Vec<(PieceId, PieceKind)> = Vec::with_capacity(self.pieces.len());
        // immovables to a uniform subset of the unmoved pieces
        let mut unmoved: Vec<PieceId> = self.pieces.iter().filter(|p| p.1 == Constraint::Any).map(|p| p.0).collect();
        unmoved.shuffle(rng);
        let mut immovables: Vec<PieceKind> = Vec::new();
        for k in [PieceKind::Flag, PieceKind::Bomb] {
            immovables.extend(std::iter::repeat_n(k, kinds[k] as usize));
        }
        let rest_unmoved = unmoved.split_off(immovables.len());
        out.extend(unmoved.into_iter().zip(immovables));
        // movables shuffled over everything else
        let mut slots: Vec<PieceId> =
            self.pieces.iter().filter(|p| p.1 == Constraint::Movable).map(|p| p.0).chain(rest_unmoved).collect();
        ranking::sort_by_key128(&mut slots, |id| id.0.into());
        let mut movables: Vec<PieceKind> = Vec::new();
        for k in PieceKind::ALL.into_iter().filter(|k| k.is_movable()) {
            movables.extend(std::iter::repeat_n(k, kinds[k] as usize));
        }
        movables.shuffle(rng);
        out.extend(slots.into_iter().zip(movables));
        out.extend(self.pieces.iter().filter(|p| p.1 == Constraint::Scout).map(|p| (p.0, PieceKind::Scout)));
        ranking::sort_by_key128(&mut out, |&(id, k)| ranking::then(id.0.into(), k.index() as u128));
        Ok(out)
    }
}

/// A full position consistent with `view`, the hidden kinds drawn uniformly.
pub fn sample_position(view: &PlayerView, rng: &mut BotRng) -> Result<Position, Inconsistent> {
    let assignment = Unknowns::of(view).sample(rng)?;
    Ok(determinize_with(view, &assignment))
}

/// The position `view` describes with the hidden kinds set by `assignment` (every unknown
/// enemy piece must appear in it).
pub fn determinize_with(view: &PlayerView, assignment: &[(PieceId, PieceKind)]) -> Position {
    view.determinize(|id| {
        assignment
            .binary_search_by_key(&id, |a| a.0)
            .map(|i| assignment[i].1)
            .expect("the assignment covers every unknown piece")
    })
}
