//! The true position: every piece with its kind, the side to move, and the public history
//! the repetition rules read.
//!
//! Invariants kept by every method:
//! - `board[sq] == Some(id)` exactly when piece `id` is alive and stands on `sq`; lakes are
//!   always empty;
//! - the square masks agree with the board: `occupied[side]` holds the squares of `side`'s
//!   pieces, `mobile[side]` those of its pieces whose (current) kind moves, `scouts[side]`
//!   those of its Scouts (checked with the hashes in debug builds);
//! - `hash` and `id_hash` equal [`Position::compute_hashes`] (checked in debug builds and by
//!   the property tests);
//! - pieces are only ever removed, never added;
//! - `history` holds one [`PlyRecord`] per ply played from this position's start, and
//!   [`Position::undo`] restores exactly the state before the last ply.
//!
//! Moves are applied through one path, [`Position::apply_report`], whether they come from the
//! referee ([`Position::play`]), the search ([`Position::play_unchecked`]) or a player's view
//! (which learns a move only as its public [`MoveReport`]).

use super::bitboard::{self, Bits};
use super::combat::{Battle, battle};
use super::movegen::MoveList;
use super::piece::{BySide, PieceKind, Side};
use super::repetition;
use super::setup::Setup;
use super::square::{Direction, Square};
use super::switches::Rules;
use super::zobrist;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One individual piece: Red's are 0..40, Blue's 40..80, numbered in the owner's setup order
/// (back row first, left to right from the owner's seat) among the squares that hold a piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId(pub u8);

impl PieceId {
    /// Number of ids (40 per side).
    pub const COUNT: usize = 80;

    /// The owner.
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 < 40 { Side::Red } else { Side::Blue }
    }

    /// Index 0..80.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Index within the owner's pieces, 0..40.
    #[inline]
    pub const fn local(self) -> usize {
        (self.0 % 40) as usize
    }

    /// The id of `side`'s piece number `local` (0..40).
    #[inline]
    pub const fn new(side: Side, local: usize) -> PieceId {
        PieceId((side.index() * 40 + local) as u8)
    }
}

/// A move: a piece goes from one square to another (possibly attacking there).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (or what it attacks).
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parses the move text `e4-e5` (also accepts `e4xe5` and `e4 e5`).
    pub fn parse(text: &str) -> Result<Move, MoveTextError> {
        let t = text.trim();
        let err = || MoveTextError(t.to_string());
        let (a, b) = t.split_once(['-', 'x', ' ']).ok_or_else(err)?;
        Ok(Move { from: Square::parse(a.trim()).map_err(|_| err())?, to: Square::parse(b.trim()).map_err(|_| err())? })
    }
}

/// A move text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a move: expected two squares like e4-e5")]
pub struct MoveTextError(pub String);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Move {
    type Err = MoveTextError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Move::parse(s)
    }
}

/// The public account of an attack: both kinds are revealed to both players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct BattleReport {
    /// The attacked piece.
    pub defender: PieceId,
    /// Kind of the attacking piece (now revealed).
    pub attacker_kind: PieceKind,
    /// Kind of the attacked piece (now revealed).
    pub defender_kind: PieceKind,
    /// Who was removed.
    pub result: Battle,
}

/// What both players learn from one ply. Contains nothing hidden: a move without an attack
/// does not say what moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MoveReport {
    /// Who moved.
    pub side: Side,
    /// Which piece moved.
    pub piece: PieceId,
    /// From where.
    pub from: Square,
    /// To where (the attacked square for an attack).
    pub to: Square,
    /// The attack, if the move was one.
    pub battle: Option<BattleReport>,
}

impl MoveReport {
    /// The move.
    pub const fn mv(&self) -> Move {
        Move { from: self.from, to: self.to }
    }

    /// Whether the move revealed the piece as a Scout by going more than one square.
    pub const fn reveals_scout(&self) -> bool {
        self.from.line_distance(self.to) > 1
    }
}

/// State of one piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceState {
    /// What it is.
    pub kind: PieceKind,
    /// Where it stands; once removed, the square of the battle that removed it (for a
    /// losing attacker that is the square it attacked, not the one it came from).
    pub square: Square,
    /// Where it stood at the start.
    pub start: Square,
    /// Still on the board.
    pub alive: bool,
    /// Has moved at least once (so is neither Bomb nor Flag).
    pub moved: bool,
    /// Has moved more than one square at once (so is a Scout).
    pub scout_known: bool,
    /// Has taken part in an attack (its kind is known to both).
    pub revealed: bool,
    /// Whether `kind` is the true kind. Always true in the referee's position; in a view's
    /// shadow position only for own and revealed pieces (the others hold a placeholder).
    pub kind_known: bool,
}

const NO_PIECE: PieceState = PieceState {
    kind: PieceKind::Flag,
    square: Square::from_index_unchecked(0),
    start: Square::from_index_unchecked(0),
    alive: false,
    moved: false,
    scout_known: false,
    revealed: false,
    kind_known: true,
};

/// One ply as stored in the history: the public report plus what [`Position::undo`] needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlyRecord {
    /// The public report.
    pub report: MoveReport,
    /// The mover, not attacking, ended next to an enemy piece (more-squares rule).
    pub threat: bool,
    /// The mover stood next to the piece that threatened it on the previous ply and moved
    /// away without attacking.
    pub evasion: bool,
    /// Identity hash after the ply.
    pub id_hash_after: u64,
    prev_plies_since_attack: u32,
    prev_chase_start: Option<u32>,
    prev_attacker: PieceState,
    prev_defender: Option<PieceState>,
    prev_flag_captured: Option<Side>,
}

/// Why a position could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A piece was placed on a lake.
    #[error("square {0}: a piece cannot stand on a lake")]
    OnLake(Square),
    /// More than 40 pieces for one side.
    #[error("{0} has more than 40 pieces")]
    TooManyPieces(Side),
}

/// The full, true position.
#[derive(Clone)]
pub struct Position {
    rules: Rules,
    board: [Option<PieceId>; 100],
    pieces: [PieceState; 80],
    alive: BySide<u64>,
    // Square masks for the move generator (see the invariants above).
    occupied: BySide<Bits>,
    mobile: BySide<Bits>,
    scouts: BySide<Bits>,
    to_move: Side,
    plies_since_attack: u32,
    hash: u64,
    id_hash: u64,
    history: Vec<PlyRecord>,
    chase_start: BySide<Option<u32>>,
    flag_captured: Option<Side>,
}

impl Position {
    /// The start of a game: `red` and `blue` setups (each in its owner's setup order). The
    /// setups are not checked against the variant here; the referee ([`crate::rules::Game`])
    /// does that.
    pub fn new(rules: Rules, red: &Setup, blue: &Setup) -> Position {
        let mut placement = [None; 100];
        for side in Side::BOTH {
            let s = if side == Side::Red { red } else { blue };
            for i in 0..40 {
                if let Some(k) = s.get(i) {
                    placement[Setup::square(side, i).index()] = Some((side, k));
                }
            }
        }
        // Home squares are never lakes and each side has at most 40: cannot fail.
        Position::from_placement(rules, &placement, Side::Red).expect("setups fill home squares only")
    }

    /// A position from any placement (studies, tests, Gravon fields), no pieces moved or
    /// revealed yet, with `to_move` to move. Piece ids follow each owner's reading order.
    pub fn from_placement(
        rules: Rules,
        placement: &[Option<(Side, PieceKind)>; 100],
        to_move: Side,
    ) -> Result<Position, PositionError> {
        let mut pos = Position {
            rules,
            board: [None; 100],
            pieces: [NO_PIECE; 80],
            alive: BySide::default(),
            occupied: BySide::default(),
            mobile: BySide::default(),
            scouts: BySide::default(),
            to_move,
            plies_since_attack: 0,
            hash: 0,
            id_hash: 0,
            history: Vec::new(),
            chase_start: BySide::default(),
            flag_captured: None,
        };
        for side in Side::BOTH {
            let mut n = 0usize;
            for i in 0..100 {
                // owner's reading order: Red a1..j10, Blue j10..a1
                let sq = Square::from_index_unchecked(if side == Side::Red { i } else { 99 - i });
                let Some((s, kind)) = placement[sq.index()] else { continue };
                if s != side {
                    continue;
                }
                if sq.is_lake() {
                    return Err(PositionError::OnLake(sq));
                }
                if n >= 40 {
                    return Err(PositionError::TooManyPieces(side));
                }
                let id = PieceId::new(side, n);
                n += 1;
                pos.pieces[id.index()] = PieceState { kind, square: sq, start: sq, alive: true, ..NO_PIECE };
                pos.board[sq.index()] = Some(id);
                pos.mask_add(side, kind, sq);
                pos.alive[side] |= 1 << id.local();
            }
        }
        (pos.hash, pos.id_hash) = pos.compute_hashes();
        Ok(pos)
    }

    /// The rule switches.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Who is to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies played since this position's start.
    #[inline]
    pub fn ply(&self) -> u32 {
        self.history.len() as u32
    }

    /// Plies in a row without an attack.
    #[inline]
    pub fn plies_since_attack(&self) -> u32 {
        self.plies_since_attack
    }

    /// The kind hash (for transposition tables).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The identity hash (for the more-squares rule).
    #[inline]
    pub fn id_hash(&self) -> u64 {
        self.id_hash
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<PieceId> {
        self.board[sq.index()]
    }

    /// State of piece `id` (also of removed pieces).
    #[inline]
    pub fn piece(&self, id: PieceId) -> &PieceState {
        &self.pieces[id.index()]
    }

    /// Side and kind on `sq`.
    #[inline]
    pub fn occupant(&self, sq: Square) -> Option<(Side, PieceKind)> {
        self.board[sq.index()].map(|id| (id.side(), self.pieces[id.index()].kind))
    }

    /// Ids of `side`'s pieces still on the board.
    pub fn pieces_of(&self, side: Side) -> impl Iterator<Item = PieceId> + '_ {
        let mut bits = self.alive[side];
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(PieceId::new(side, i))
        })
    }

    /// Bitmask of `side`'s pieces on the board (bit = [`PieceId::local`]).
    #[inline]
    pub fn alive_mask(&self, side: Side) -> u64 {
        self.alive[side]
    }

    /// The plies played so far, oldest first.
    #[inline]
    pub fn history(&self) -> &[PlyRecord] {
        &self.history
    }

    /// The side whose flag has been captured, if any.
    #[inline]
    pub fn flag_captured(&self) -> Option<Side> {
        self.flag_captured
    }

    /// Where the current chase by `side` began (index into the history), if `side` is chasing.
    #[inline]
    pub fn chase_start(&self, side: Side) -> Option<u32> {
        self.chase_start[side]
    }

    /// Both hashes from scratch.
    pub fn compute_hashes(&self) -> (u64, u64) {
        let mut h = 0;
        let mut ih = 0;
        for side in Side::BOTH {
            for id in self.pieces_of(side) {
                let p = &self.pieces[id.index()];
                h ^= zobrist::kind_key(side.index(), p.kind.index(), p.square.index());
                ih ^= zobrist::id_key(id.index(), p.square.index());
            }
        }
        if self.to_move == Side::Blue {
            h ^= zobrist::BLUE_TO_MOVE;
            ih ^= zobrist::BLUE_TO_MOVE;
        }
        (h, ih)
    }

    /// Whether `side` has a piece that could move, ignoring the repetition rules.
    pub fn has_pseudo_move(&self, side: Side) -> bool {
        bitboard::can_step_into(self.mobile[side], bitboard::PLAYABLE & !self.occupied[side]) != 0
    }

    /// Whether `side`, which just moved, would have a move on its next turn as far as can be
    /// told now: a move by geometry that its own last moves do not forbid under the
    /// two-squares rule. (The more-squares rule depends on the reply still to come.)
    pub fn could_move_next(&self, side: Side) -> bool {
        let mut list = MoveList::new();
        self.generate_pseudo(side, &mut list);
        list.iter().any(|&mv| {
            let id = self.board[mv.from.index()].expect("generated from a piece");
            !repetition::two_squares_would_forbid(self, id, mv)
        })
    }

    /// Whether `side` has any piece that can ever move.
    pub(crate) fn has_movable_piece(&self, side: Side) -> bool {
        self.mobile[side] != 0
    }

    /// Legal moves for the side to move, repetition rules included.
    // Always inlined: a call returned the 1.4 KB list by copying it (5 % of a search's time).
    #[inline(always)]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Checks `mv` for the side to move and says which rule forbids it, if one does.
    pub fn check_move(&self, mv: Move) -> Result<PieceId, IllegalMove> {
        use IllegalMove::*;
        if mv.from.is_lake() || mv.to.is_lake() {
            return Err(Lake);
        }
        let id = self.board[mv.from.index()].ok_or(NoPiece(mv.from))?;
        if id.side() != self.to_move {
            return Err(NotYourPiece(mv.from));
        }
        let kind = self.pieces[id.index()].kind;
        if !kind.is_movable() {
            return Err(Immovable(kind));
        }
        if mv.from == mv.to {
            return Err(NoMovement);
        }
        if !mv.from.in_line(mv.to) {
            return Err(NotStraight);
        }
        let dist = mv.from.line_distance(mv.to);
        if dist > 1 && kind != PieceKind::Scout {
            return Err(TooFar(kind));
        }
        // squares strictly between must be empty and not lakes
        let dir = direction(mv.from, mv.to);
        let mut s = mv.from;
        for _ in 1..dist {
            s = s.step(dir).expect("in line, on board");
            if s.is_lake() {
                return Err(Lake);
            }
            if self.board[s.index()].is_some() {
                return Err(Blocked(s));
            }
        }
        match self.board[mv.to.index()] {
            Some(t) if t.side() == self.to_move => return Err(OwnPiece(mv.to)),
            Some(_) if dist > 1 && !self.rules.scout_move_and_strike => return Err(ScoutStrike),
            _ => {}
        }
        let attack = self.board[mv.to.index()].is_some();
        if repetition::two_squares_forbids(self, id, mv) {
            return Err(TwoSquares(self.rules.two_square_limit.unwrap_or(0)));
        }
        if !attack && repetition::more_squares_forbids(self, id, mv) {
            return Err(MoreSquares);
        }
        Ok(id)
    }

    /// Plays a move after checking it; returns the public report.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]).
    ///
    /// # Panics
    /// If there is no piece of the side to move on `mv.from` (debug builds also check full
    /// legality). Search code only passes generated moves.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        debug_assert!(self.check_move(mv).is_ok(), "illegal move {mv}: {:?}", self.check_move(mv));
        let id = self.board[mv.from.index()].expect("a piece on the from-square");
        let battle = self.board[mv.to.index()].map(|def| {
            let (a, d) = (self.pieces[id.index()].kind, self.pieces[def.index()].kind);
            BattleReport { defender: def, attacker_kind: a, defender_kind: d, result: battle(a, d) }
        });
        let report = MoveReport { side: self.to_move, piece: id, from: mv.from, to: mv.to, battle };
        self.apply_unchecked(&report);
        report
    }

    /// Applies a public report (a view learning a move). Checks that it fits this position
    /// before changing anything: the game is not over; the right side moves one of its own
    /// pieces from where it stands, in a straight line over empty non-lake squares, to an
    /// empty non-lake square or onto an enemy piece; kinds already known (own pieces, revealed
    /// ones) and what the board shows (a moved piece is no Bomb or Flag, a piece that moved
    /// more than one square is a Scout) agree with the report; the battle result is the combat
    /// table's; and the repetition rules allow the move (they need no hidden kinds). A report
    /// that does not fit changes nothing.
    pub fn apply_report(&mut self, r: &MoveReport) -> Result<(), ReportError> {
        let mismatch = |s: String| Err(ReportError::Mismatch(s));
        if let Some(loser) = self.flag_captured {
            return mismatch(format!("the game is over ({loser}'s Flag was captured)"));
        }
        if r.side != self.to_move {
            return Err(ReportError::OutOfTurn { expected: self.to_move, got: r.side });
        }
        if r.piece.index() >= PieceId::COUNT || r.piece.side() != r.side {
            return mismatch(format!("piece {} is not one of {}'s pieces", r.piece.0, r.side));
        }
        if self.board[r.from.index()] != Some(r.piece) {
            return mismatch(format!("piece {} is not on {}", r.piece.0, r.from));
        }
        if r.to.is_lake() {
            return mismatch(format!("{} is a lake square", r.to));
        }
        if !r.from.in_line(r.to) || r.from == r.to {
            return mismatch(format!("{}-{} is not a straight move", r.from, r.to));
        }
        let dist = r.from.line_distance(r.to);
        let dir = direction(r.from, r.to);
        let mut s = r.from;
        for _ in 1..dist {
            s = s.step(dir).expect("in line, on board");
            if s.is_lake() || self.board[s.index()].is_some() {
                return mismatch(format!("{}-{} passes over {}", r.from, r.to, s));
            }
        }
        let mover = self.pieces[r.piece.index()];
        // What the board already says about a piece's kind: its true kind if known, else
        // only that it moves (moved) or is a Scout (moved more than one square).
        let fits = |p: &PieceState, k: PieceKind| {
            if p.kind_known {
                p.kind == k
            } else {
                (!p.moved || k.is_movable()) && (!p.scout_known || k == PieceKind::Scout)
            }
        };
        if mover.kind_known && (!mover.kind.is_movable() || dist > 1 && mover.kind != PieceKind::Scout) {
            return mismatch(format!("a {} cannot move {}-{}", mover.kind, r.from, r.to));
        }
        match (self.board[r.to.index()], r.battle) {
            (None, None) => {}
            (Some(t), Some(b)) if t == b.defender && t.side() != r.side => {
                if dist > 1 && !self.rules.scout_move_and_strike {
                    return mismatch(format!("{}-{}: under these rules a Scout cannot move and attack", r.from, r.to));
                }
                let a = b.attacker_kind;
                if !a.is_movable() || dist > 1 && a != PieceKind::Scout || !fits(&mover, a) {
                    return mismatch(format!("piece {} on {} cannot be a {} attacking {}", r.piece.0, r.from, a, r.to));
                }
                if !fits(&self.pieces[t.index()], b.defender_kind) {
                    return mismatch(format!("piece {} on {} cannot be a {}", t.0, r.to, b.defender_kind));
                }
                if battle(a, b.defender_kind) != b.result {
                    return mismatch(format!("a {} attacking a {} cannot end {:?}", a, b.defender_kind, b.result));
                }
            }
            _ => return mismatch(format!("the attack on {} does not match the board", r.to)),
        }
        let mv = r.mv();
        if repetition::two_squares_forbids(self, r.piece, mv) {
            return mismatch(format!("{mv} breaks the two-squares rule"));
        }
        if r.battle.is_none() && repetition::more_squares_forbids(self, r.piece, mv) {
            return mismatch(format!("{mv} breaks the more-squares rule"));
        }
        self.apply_unchecked(r);
        Ok(())
    }

    /// Adds square `sq` to the masks of `side` for a piece of `kind`.
    #[inline]
    fn mask_add(&mut self, side: Side, kind: PieceKind, sq: Square) {
        let b = bitboard::bit(sq.index());
        self.occupied[side] |= b;
        if kind.is_movable() {
            self.mobile[side] |= b;
        }
        if kind == PieceKind::Scout {
            self.scouts[side] |= b;
        }
    }

    /// Takes square `sq` out of the masks of `side`.
    #[inline]
    fn mask_remove(&mut self, side: Side, sq: Square) {
        let b = !bitboard::bit(sq.index());
        self.occupied[side] &= b;
        self.mobile[side] &= b;
        self.scouts[side] &= b;
    }

    /// The squares of `side`'s pieces.
    #[inline]
    pub(crate) fn occupied_bits(&self, side: Side) -> Bits {
        self.occupied[side]
    }

    /// The squares of `side`'s pieces whose kind moves (Scouts included).
    #[inline]
    pub(crate) fn mobile_bits(&self, side: Side) -> Bits {
        self.mobile[side]
    }

    /// The squares of `side`'s Scouts.
    #[inline]
    pub(crate) fn scout_bits(&self, side: Side) -> Bits {
        self.scouts[side]
    }

    /// The square masks rebuilt from the pieces (the invariant the debug builds check).
    fn compute_masks(&self) -> [BySide<Bits>; 3] {
        let mut m = [BySide::<Bits>::default(); 3];
        for side in Side::BOTH {
            for id in self.pieces_of(side) {
                let p = &self.pieces[id.index()];
                let b = bitboard::bit(p.square.index());
                m[0][side] |= b;
                if p.kind.is_movable() {
                    m[1][side] |= b;
                }
                if p.kind == PieceKind::Scout {
                    m[2][side] |= b;
                }
            }
        }
        m
    }

    /// Takes piece `id` off its square (board and masks); its hash keys go into `keys`
    /// (kind hash, identity hash), which the caller applies once: updating the hashes in
    /// place on every step made the compiler reload them through a stalled store.
    #[inline]
    fn unplace(&mut self, id: PieceId, keys: &mut (u64, u64)) {
        let p = self.pieces[id.index()];
        self.board[p.square.index()] = None;
        self.mask_remove(id.side(), p.square);
        keys.0 ^= zobrist::kind_key(id.side().index(), p.kind.index(), p.square.index());
        keys.1 ^= zobrist::id_key(id.index(), p.square.index());
    }

    /// Puts piece `id` on `sq` (board and masks); its hash keys go into `keys`.
    #[inline]
    fn place(&mut self, id: PieceId, sq: Square, keys: &mut (u64, u64)) {
        let p = &mut self.pieces[id.index()];
        p.square = sq;
        let kind = p.kind;
        self.board[sq.index()] = Some(id);
        self.mask_add(id.side(), kind, sq);
        keys.0 ^= zobrist::kind_key(id.side().index(), kind.index(), sq.index());
        keys.1 ^= zobrist::id_key(id.index(), sq.index());
    }

    /// Moves piece `id` of `side`, whose kind is `kind`, from `from` to the empty square
    /// `to`: board, masks and hash keys (the common case of play and undo, kept lean).
    #[inline(always)]
    fn shift(&mut self, id: PieceId, side: Side, kind: PieceKind, from: Square, to: Square, keys: &mut (u64, u64)) {
        self.board[from.index()] = None;
        self.board[to.index()] = Some(id);
        let m = bitboard::bit(from.index()) | bitboard::bit(to.index());
        self.occupied[side] ^= m;
        if kind.is_movable() {
            self.mobile[side] ^= m;
        }
        if kind == PieceKind::Scout {
            self.scouts[side] ^= m;
        }
        keys.0 ^= zobrist::kind_key(side.index(), kind.index(), from.index())
            ^ zobrist::kind_key(side.index(), kind.index(), to.index());
        keys.1 ^= zobrist::id_key(id.index(), from.index()) ^ zobrist::id_key(id.index(), to.index());
    }

    fn kill(&mut self, id: PieceId) {
        self.pieces[id.index()].alive = false;
        self.alive[id.side()] &= !(1u64 << id.local());
    }

    fn revive(&mut self, id: PieceId) {
        self.pieces[id.index()].alive = true;
        self.alive[id.side()] |= 1u64 << id.local();
    }

    /// The one place a ply changes the position.
    fn apply_unchecked(&mut self, r: &MoveReport) {
        let side = r.side;
        let id = r.piece;
        let (prev_threat, prev_to, prev_evasion) = match self.history.last() {
            Some(p) => (p.threat, Some(p.report.to), p.evasion),
            None => (false, None, false),
        };
        let mut rec = PlyRecord {
            report: *r,
            threat: false,
            // Evasion: the mover stood next to the piece that threatened on the previous ply.
            evasion: prev_threat && r.battle.is_none() && prev_to.is_some_and(|t| r.from.is_adjacent(t)),
            id_hash_after: 0,
            prev_plies_since_attack: self.plies_since_attack,
            prev_chase_start: self.chase_start[side],
            prev_attacker: self.pieces[id.index()],
            prev_defender: r.battle.map(|b| self.pieces[b.defender.index()]),
            prev_flag_captured: self.flag_captured,
        };
        let mut keys = (zobrist::BLUE_TO_MOVE, zobrist::BLUE_TO_MOVE);
        {
            let p = &mut self.pieces[id.index()];
            p.moved = true;
            if r.reveals_scout() {
                p.scout_known = true;
            }
        }
        match r.battle {
            None => {
                let kind = self.pieces[id.index()].kind;
                self.pieces[id.index()].square = r.to;
                self.shift(id, side, kind, r.from, r.to, &mut keys);
                self.plies_since_attack += 1;
            }
            Some(b) => {
                self.unplace(id, &mut keys);
                self.plies_since_attack = 0;
                let def = b.defender;
                self.unplace(def, &mut keys);
                // Kinds are revealed: a view's shadow learns them here.
                self.pieces[id.index()].kind = b.attacker_kind;
                self.pieces[id.index()].revealed = true;
                self.pieces[id.index()].kind_known = true;
                self.pieces[def.index()].kind = b.defender_kind;
                self.pieces[def.index()].revealed = true;
                self.pieces[def.index()].kind_known = true;
                match b.result {
                    Battle::AttackerWins => {
                        self.kill(def);
                        self.place(id, r.to, &mut keys);
                        if b.defender_kind == PieceKind::Flag {
                            self.flag_captured = Some(def.side());
                        }
                    }
                    Battle::DefenderWins => {
                        self.kill(id);
                        self.pieces[id.index()].square = r.to;
                        self.place(def, r.to, &mut keys);
                    }
                    Battle::BothRemoved => {
                        self.kill(id);
                        self.kill(def);
                        self.pieces[id.index()].square = r.to;
                    }
                }
            }
        }
        self.to_move = side.opponent();
        self.hash ^= keys.0;
        self.id_hash ^= keys.1;

        // Threat: a non-attacking move that ends next to an enemy piece.
        rec.threat = r.battle.is_none() && bitboard::neighbours(r.to.index()) & self.occupied[side.opponent()] != 0;
        self.chase_start[side] = if !rec.threat {
            None
        } else if self.chase_start[side].is_some() && prev_evasion {
            self.chase_start[side]
        } else {
            Some(self.history.len() as u32)
        };
        rec.id_hash_after = self.id_hash;
        self.history.push(rec);
        debug_assert_eq!((self.hash, self.id_hash), self.compute_hashes());
        debug_assert_eq!([self.occupied, self.mobile, self.scouts], self.compute_masks());
    }

    /// Takes back the last ply. Returns its report, or `None` at the start.
    pub fn undo(&mut self) -> Option<MoveReport> {
        let rec = self.history.pop()?;
        let r = rec.report;
        let id = r.piece;
        self.to_move = r.side;
        let mut keys = (zobrist::BLUE_TO_MOVE, zobrist::BLUE_TO_MOVE);
        match (r.battle, rec.prev_defender) {
            (Some(b), Some(d)) => {
                // Take off whatever stands on the target now, then put the old states back.
                if let Some(on_target) = self.board[r.to.index()] {
                    self.unplace(on_target, &mut keys);
                }
                self.pieces[b.defender.index()] = d;
                self.revive(b.defender);
                self.place(b.defender, d.square, &mut keys);
                self.pieces[id.index()] = rec.prev_attacker;
                self.revive(id);
                self.place(id, r.from, &mut keys);
            }
            _ => {
                // No battle: the mover stands on the target with its kind unchanged.
                self.shift(id, r.side, rec.prev_attacker.kind, r.to, r.from, &mut keys);
                self.pieces[id.index()] = rec.prev_attacker;
            }
        }
        self.hash ^= keys.0;
        self.id_hash ^= keys.1;
        self.plies_since_attack = rec.prev_plies_since_attack;
        self.chase_start[r.side] = rec.prev_chase_start;
        self.flag_captured = rec.prev_flag_captured;
        debug_assert_eq!((self.hash, self.id_hash), self.compute_hashes());
        debug_assert_eq!([self.occupied, self.mobile, self.scouts], self.compute_masks());
        Some(r)
    }

    /// Sets the kind of piece `id` (a view's determinization), keeping the hash right.
    pub(crate) fn set_kind(&mut self, id: PieceId, kind: PieceKind, known: bool) {
        let p = self.pieces[id.index()];
        if p.alive {
            self.hash ^= zobrist::kind_key(id.side().index(), p.kind.index(), p.square.index());
            self.hash ^= zobrist::kind_key(id.side().index(), kind.index(), p.square.index());
            self.mask_remove(id.side(), p.square);
            self.mask_add(id.side(), kind, p.square);
        }
        self.pieces[id.index()].kind = kind;
        self.pieces[id.index()].kind_known = known;
    }

    /// How the game stands by the rules alone (flag, no move, draw limits); `None` while it
    /// goes on. Resignation and agreed draws are the referee's ([`crate::rules::Game`]).
    ///
    /// Order: a captured Flag first; then a side to move without a legal move (a draw if the
    /// other side has no move either, judged by geometry alone); the draw limits last, so a
    /// ply that ends the game by the rules also on the last allowed ply keeps its result (as
    /// chess lets a mate on the move that reaches the move limit stand).
    pub fn outcome(&self) -> Option<Outcome> {
        // Only whether a legal move exists matters, which the masks tell without a list in
        // most positions: a search's horizon nodes ask this and nothing else.
        self.outcome_if(self.has_legal_move())
    }

    /// [`Position::outcome`] for a caller that has already generated `legal`, the legal moves
    /// of the side to move (a search has them at every node; generating them twice is the
    /// dearest thing a node does). The one definition of the end of the game: the referee and
    /// every search read it, so they cannot disagree (`tests/terminal.rs`).
    pub fn outcome_given(&self, legal: &MoveList) -> Option<Outcome> {
        self.outcome_if(!legal.is_empty())
    }

    /// The one definition behind [`Position::outcome`] and [`Position::outcome_given`]:
    /// `has_legal_move` says whether the side to move has a legal move (for a caller that
    /// knows it without the whole list: a quiescence search that listed only the attacks).
    pub fn outcome_if(&self, has_legal_move: bool) -> Option<Outcome> {
        if let Some(loser) = self.flag_captured {
            return Some(Outcome::Win { winner: loser.opponent(), reason: WinReason::FlagCaptured });
        }
        let side = self.to_move;
        if !has_legal_move {
            if !self.could_move_next(side.opponent()) {
                return Some(Outcome::Draw { reason: DrawReason::NeitherCanMove });
            }
            let reason = if self.has_movable_piece(side) { WinReason::NoLegalMove } else { WinReason::NoMovablePieces };
            return Some(Outcome::Win { winner: side.opponent(), reason });
        }
        if self.rules.max_plies.is_some_and(|m| self.ply() >= m) {
            return Some(Outcome::Draw { reason: DrawReason::MovesLimit });
        }
        if self.rules.max_plies_without_attack.is_some_and(|m| self.plies_since_attack >= m) {
            return Some(Outcome::Draw { reason: DrawReason::NoAttackLimit });
        }
        None
    }

    /// The 100-letter Gravon field of the current position (`A` empty, `_` lake).
    pub fn to_field(&self) -> String {
        Square::all()
            .map(|sq| if sq.is_lake() { '_' } else { self.occupant(sq).map_or('A', |(s, k)| k.letter(s)) })
            .collect()
    }
}

/// The direction from `a` to `b` (in line, different squares).
pub(crate) fn direction(a: Square, b: Square) -> Direction {
    if a.row() == b.row() {
        if b.col() > a.col() { Direction::Right } else { Direction::Left }
    } else if b.row() > a.row() {
        Direction::Up
    } else {
        Direction::Down
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Position ({} to move, ply {})", self.to_move, self.ply())?;
        for row in (0..10).rev() {
            for col in 0..10 {
                let sq = Square::new(col, row).expect("in range");
                let c = if sq.is_lake() { '_' } else { self.occupant(sq).map_or('.', |(s, k)| k.letter(s)) };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Why a move is not allowed. The text names the rule, for players.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Nothing on the from-square.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece belongs to the other side.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    /// Bombs and the Flag never move.
    #[error("a {0} never moves")]
    Immovable(PieceKind),
    /// From and to are the same square.
    #[error("a move must go somewhere")]
    NoMovement,
    /// Diagonal or crooked.
    #[error("pieces move straight: forward, backward or sideways, never diagonally")]
    NotStraight,
    /// More than one square for a non-Scout.
    #[error("a {0} moves one square at a time; only Scouts move further")]
    TooFar(PieceKind),
    /// Into or across a lake.
    #[error("nothing enters or crosses a lake")]
    Lake,
    /// A Scout's path is blocked.
    #[error("a Scout cannot jump: {0} is in the way")]
    Blocked(Square),
    /// Onto one's own piece.
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Square),
    /// Scout move-and-strike is switched off.
    #[error("under these rules a Scout cannot move and attack in the same turn")]
    ScoutStrike,
    /// Two-squares rule.
    #[error("two-squares rule: a piece may not move more than {0} times in a row between the same two squares")]
    TwoSquares(u8),
    /// More-squares rule.
    #[error("more-squares rule: this chasing move would bring back a position of the same chase")]
    MoreSquares,
}

/// A move report that does not fit the position it is applied to (a message out of order).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    /// The report is for the other side's turn.
    #[error("it is {expected}'s turn, but the report is a move of {got}")]
    OutOfTurn {
        /// Whose turn it is.
        expected: Side,
        /// Whose move the report is.
        got: Side,
    },
    /// The report contradicts the board.
    #[error("the move report does not fit the position: {0}")]
    Mismatch(String),
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {}", reason.text(winner.opponent())),
            Outcome::Draw { reason } => write!(f, "draw: {}", reason.text()),
        }
    }
}

/// Why a side won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum WinReason {
    /// The loser's Flag was captured.
    FlagCaptured,
    /// The loser, to move, had no movable piece left.
    NoMovablePieces,
    /// The loser, to move, had movable pieces but no legal move (blocked, or every move
    /// forbidden by the repetition rules).
    NoLegalMove,
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time or left.
    Forfeit,
}

impl WinReason {
    /// Words for players, about the `loser`.
    pub fn text(self, loser: Side) -> String {
        match self {
            WinReason::FlagCaptured => format!("{loser}'s Flag was captured"),
            WinReason::NoMovablePieces => format!("{loser} has no movable pieces left"),
            WinReason::NoLegalMove => format!("{loser} has no legal move"),
            WinReason::Resignation => format!("{loser} resigned"),
            WinReason::Forfeit => format!("{loser} forfeited (time or absence)"),
        }
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum DrawReason {
    /// Neither side can move.
    NeitherCanMove,
    /// The players agreed.
    Agreed,
    /// The total ply limit was reached.
    MovesLimit,
    /// Too many plies in a row without an attack.
    NoAttackLimit,
}

impl DrawReason {
    /// Words for players.
    pub fn text(self) -> &'static str {
        match self {
            DrawReason::NeitherCanMove => "neither side can move",
            DrawReason::Agreed => "agreed by both players",
            DrawReason::MovesLimit => "the move limit was reached",
            DrawReason::NoAttackLimit => "too many moves in a row without an attack",
        }
    }
}

/// A position of `pieces` (square, owner, kind) under `rules`, Red to move: for the unit tests
/// of the search, the evaluation and the bots, which set up small positions by hand.
#[cfg(test)]
pub(crate) fn placed_under(rules: Rules, pieces: &[(&str, Side, PieceKind)]) -> Position {
    let mut placement = [None; 100];
    for &(name, side, kind) in pieces {
        placement[Square::parse(name).unwrap().index()] = Some((side, kind));
    }
    Position::from_placement(rules, &placement, Side::Red).unwrap()
}

/// [`placed_under`] the classic rules.
#[cfg(test)]
pub(crate) fn placed(pieces: &[(&str, Side, PieceKind)]) -> Position {
    placed_under(Rules::default(), pieces)
}
