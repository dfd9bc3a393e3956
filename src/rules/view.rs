//! `PlayerView`: exactly what one side knows (docs/rules.md, "Information"), kept up to date from
//! move reports. It is the only thing a bot is ever given.
//!
//! Inside, a *shadow* [`Position`] holds the board with a placeholder kind on every enemy
//! piece whose kind this side has not seen; the placeholder never leaves the view (every
//! accessor answers `None` for it). Own moves and the repetition rules need no enemy kinds,
//! so the shadow generates this side's legal moves exactly as the referee does.
//!
//! A view serializes as where it started ([`ViewStart`]) plus the reports since, and is rebuilt
//! by replaying them: what crosses to the bot worker is public by construction.

use super::movegen::MoveList;
use super::piece::{Army, BySide, PieceKind, Side};
use super::position::{Move, MoveReport, PieceId, Position, PositionError, ReportError};
use super::square::Square;
use super::switches::Rules;
use serde::{Deserialize, Serialize};

/// The kind a shadow position shows for an unseen enemy piece. Never exposed.
const PLACEHOLDER: PieceKind = PieceKind::Bomb;

/// Where a view starts: the board as this side sees it before any ply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewStart {
    /// The rules.
    pub rules: Rules,
    /// Whose view.
    pub side: Side,
    /// Who moves first from here.
    pub to_move: Side,
    /// 100 squares: the occupant's side and, for own pieces, its kind (`None` for enemy pieces).
    pub squares: Vec<Option<(Side, Option<PieceKind>)>>,
    /// The enemy army at the start (public: both players know what the other set up with).
    pub enemy_army: Army,
}

/// A view and the reports it has seen, the form in which views cross to a bot worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewRecord {
    /// Where it started.
    pub start: ViewStart,
    /// The plies since, oldest first.
    pub reports: Vec<MoveReport>,
}

/// Why a view could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// The start is malformed.
    #[error("bad view start: {0}")]
    Start(String),
    /// A report does not fit (message out of order, or corrupt).
    #[error("report {index}: {source}")]
    Report {
        /// 0-based index of the report.
        index: usize,
        /// What is wrong.
        source: ReportError,
    },
}

impl From<PositionError> for ViewError {
    fn from(e: PositionError) -> Self {
        ViewError::Start(e.to_string())
    }
}

/// What a side knows about one piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ViewPiece {
    /// Owner.
    pub side: Side,
    /// Where it stands (or stood when removed).
    pub square: Square,
    /// Where it stood at the start.
    pub start: Square,
    /// Still on the board.
    pub alive: bool,
    /// Has moved (so is no Bomb or Flag).
    pub moved: bool,
    /// Has moved more than one square at once (so is a Scout).
    pub scout_known: bool,
    /// Has been in an attack.
    pub revealed: bool,
    /// Its kind, if this side knows it (own pieces, revealed enemy pieces).
    pub kind: Option<PieceKind>,
}

/// One side's knowledge of the game.
#[derive(Clone, Debug)]
pub struct PlayerView {
    side: Side,
    start: ViewStart,
    shadow: Position,
}

impl PlayerView {
    /// `side`'s view of `pos` (the referee's position), by replaying its history from its
    /// start as `side` saw it.
    pub fn new(pos: &Position, side: Side) -> PlayerView {
        let mut start = pos.clone();
        while start.undo().is_some() {}
        let enemy = side.opponent();
        let mut enemy_army = Army::default();
        for id in start.pieces_of(enemy) {
            enemy_army.add(start.piece(id).kind);
        }
        let squares = Square::all().map(|sq| start.occupant(sq).map(|(s, k)| (s, (s == side).then_some(k)))).collect();
        let vs = ViewStart { rules: *pos.rules(), side, to_move: start.to_move(), squares, enemy_army };
        let reports: Vec<MoveReport> = pos.history().iter().map(|r| r.report).collect();
        PlayerView::from_record(&ViewRecord { start: vs, reports }).expect("the referee's own history fits")
    }

    /// Rebuilds a view from its start and reports; errors name the report that does not fit.
    pub fn from_record(rec: &ViewRecord) -> Result<PlayerView, ViewError> {
        let s = &rec.start;
        if s.squares.len() != 100 {
            return Err(ViewError::Start(format!("{} squares instead of 100", s.squares.len())));
        }
        let mut placement = [None; 100];
        for (i, sq) in s.squares.iter().enumerate() {
            if let Some((side, kind)) = *sq {
                let name = Square::from_index_unchecked(i);
                if side == s.side && kind.is_none() {
                    return Err(ViewError::Start(format!("own piece on {name} without a kind")));
                }
                if side != s.side && kind.is_some() {
                    return Err(ViewError::Start(format!("enemy piece on {name} with a kind: a view never knows it")));
                }
                placement[i] = Some((side, kind.unwrap_or(PLACEHOLDER)));
            }
        }
        let mut shadow = Position::from_placement(s.rules, &placement, s.to_move)?;
        let enemy = s.side.opponent();
        let on_board = shadow.alive_mask(enemy).count_ones();
        if s.enemy_army.total() != on_board {
            return Err(ViewError::Start(format!(
                "the enemy army has {} pieces but {} enemy pieces stand on the board",
                s.enemy_army.total(),
                on_board
            )));
        }
        let ids: Vec<PieceId> = shadow.pieces_of(enemy).collect();
        for id in ids {
            shadow.set_kind(id, PLACEHOLDER, false);
        }
        let mut view = PlayerView { side: s.side, start: s.clone(), shadow };
        for (index, r) in rec.reports.iter().enumerate() {
            view.apply(r).map_err(|source| ViewError::Report { index, source })?;
        }
        Ok(view)
    }

    /// The view as start plus reports (for the worker, for saving).
    pub fn to_record(&self) -> ViewRecord {
        ViewRecord { start: self.start.clone(), reports: self.reports().collect() }
    }

    /// Learns one ply. A report that does not fit changes nothing and says why: besides what
    /// [`Position::apply_report`] checks, a battle may not reveal more enemy pieces of a kind
    /// than the enemy army has.
    pub fn apply(&mut self, r: &MoveReport) -> Result<(), ReportError> {
        let enemy = self.side.opponent();
        if let Some(b) = r.battle {
            let (id, k) = if r.side == enemy { (r.piece, b.attacker_kind) } else { (b.defender, b.defender_kind) };
            if id.index() < PieceId::COUNT && id.side() == enemy && !self.shadow.piece(id).kind_known {
                // Every enemy piece whose kind is known (alive or removed) was revealed in battle.
                let known = (0..40)
                    .map(|i| self.shadow.piece(PieceId::new(enemy, i)))
                    .filter(|p| p.revealed && p.kind == k)
                    .count();
                if known >= self.start.enemy_army[k] as usize {
                    return Err(ReportError::Mismatch(format!(
                        "the report reveals a {k} of {enemy}, but all {} of its army are known already",
                        self.start.enemy_army[k]
                    )));
                }
            }
        }
        self.shadow.apply_report(r)
    }

    /// Whose view this is.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.shadow.rules()
    }

    /// Who is to move.
    pub fn to_move(&self) -> Side {
        self.shadow.to_move()
    }

    /// Plies seen.
    pub fn ply(&self) -> u32 {
        self.shadow.ply()
    }

    /// Plies in a row without an attack.
    pub fn plies_since_attack(&self) -> u32 {
        self.shadow.plies_since_attack()
    }

    /// The reports seen, oldest first.
    pub fn reports(&self) -> impl Iterator<Item = MoveReport> + '_ {
        self.shadow.history().iter().map(|r| r.report)
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<PieceId> {
        self.shadow.piece_at(sq)
    }

    /// What this side knows of piece `id`.
    pub fn piece(&self, id: PieceId) -> ViewPiece {
        let p = self.shadow.piece(id);
        ViewPiece {
            side: id.side(),
            square: p.square,
            start: p.start,
            alive: p.alive,
            moved: p.moved,
            scout_known: p.scout_known,
            revealed: p.revealed,
            kind: p.kind_known.then_some(p.kind),
        }
    }

    /// The kind of `id`, if known to this side.
    pub fn kind(&self, id: PieceId) -> Option<PieceKind> {
        let p = self.shadow.piece(id);
        p.kind_known.then_some(p.kind)
    }

    /// Pieces of `side` on the board.
    pub fn pieces_of(&self, side: Side) -> impl Iterator<Item = PieceId> + '_ {
        self.shadow.pieces_of(side)
    }

    /// Pieces of `side` that are still on the board.
    pub(crate) fn alive_count(&self, side: Side) -> u32 {
        self.shadow.alive_mask(side).count_ones()
    }

    /// The enemy army at the start.
    pub fn enemy_army(&self) -> Army {
        self.start.enemy_army
    }

    /// Pieces each side has lost, by kind (all removed pieces were revealed in battle).
    pub fn captured(&self) -> BySide<Army> {
        let mut lost = BySide::<Army>::default();
        for r in self.reports() {
            if let Some(b) = r.battle {
                use crate::rules::Battle::*;
                let (a_side, d_side) = (r.side, r.side.opponent());
                match b.result {
                    AttackerWins => lost[d_side].add(b.defender_kind),
                    DefenderWins => lost[a_side].add(b.attacker_kind),
                    BothRemoved => {
                        lost[a_side].add(b.attacker_kind);
                        lost[d_side].add(b.defender_kind);
                    }
                }
            }
        }
        lost
    }

    /// Enemy pieces still on the board, by kind, counting unknown ones: the start army minus
    /// what was captured.
    pub fn enemy_remaining(&self) -> Army {
        let mut a = self.start.enemy_army;
        let lost = self.captured()[self.side.opponent()];
        for k in PieceKind::ALL {
            a[k] = a[k].saturating_sub(lost[k]);
        }
        a
    }

    /// Enemy kinds not yet pinned to a piece: remaining enemy army minus the alive revealed
    /// enemy pieces. These are what the unknown enemy pieces can be.
    pub fn enemy_unassigned(&self) -> Army {
        let mut a = self.enemy_remaining();
        for id in self.shadow.pieces_of(self.side.opponent()) {
            if let Some(k) = self.kind(id) {
                a.remove(k);
            }
        }
        a
    }

    /// Alive enemy pieces whose kind this side does not know.
    pub fn unknown_enemies(&self) -> impl Iterator<Item = PieceId> + '_ {
        self.shadow.pieces_of(self.side.opponent()).filter(|&id| !self.shadow.piece(id).kind_known)
    }

    /// This side's legal moves (empty when it is not this side's turn).
    pub fn legal_moves(&self) -> MoveList {
        if self.to_move() != self.side {
            return MoveList::new();
        }
        self.shadow.legal_moves()
    }

    /// Checks one of this side's moves, naming the rule it breaks.
    pub fn check_move(&self, mv: Move) -> Result<(), super::IllegalMove> {
        if self.to_move() != self.side {
            return Err(super::IllegalMove::NotYourPiece(mv.from));
        }
        self.shadow.check_move(mv).map(|_| ())
    }

    /// A full position consistent with this view: every unknown enemy piece gets the kind
    /// `assign` gives it. The caller (the belief module) keeps the counts right.
    pub fn determinize(&self, mut assign: impl FnMut(PieceId) -> PieceKind) -> Position {
        let mut p = self.shadow.clone();
        let unknown: Vec<PieceId> = self.unknown_enemies().collect();
        for id in unknown {
            p.set_kind(id, assign(id), true);
        }
        p
    }
}
