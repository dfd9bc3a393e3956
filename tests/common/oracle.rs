//! A deliberately slow legal-move generator written straight from docs/rules.md, independent of
//! `movegen.rs` and `repetition.rs`: it tries every (from, to) pair of squares and checks each
//! rule on its own, and it decides the repetition rules from the public history alone,
//! rebuilding the boards of earlier plies from the move reports.
//!
//! What it reads from the engine: the current board (`piece_at`), the kinds of the pieces
//! (`piece(id).kind`), the switches, the side to move and the list of move reports. Nothing
//! else (no hashes, no chase bookkeeping, no flags of the ply records).
//!
//! Two-squares rule (docs/rules.md, ISF art. 10): the mover's side's last N moves were all made by
//! this piece, and the squares the N moves and the new move occupy (start, end and every
//! square passed over) have at least two squares in common.
//!
//! More-squares rule (docs/rules.md, ISF art. 11): walking back through the history, the chase of
//! the side to move is the run of its latest moves that each ended, without attacking, next
//! to an enemy piece (a threat) and were each answered at once by the opponent moving, without
//! attacking, a piece that stood next to the threatening piece away (an evasion). A
//! non-attacking move that ends next to a piece that evaded in that chase (a chasing move,
//! art. 11.3) may not recreate the board (which piece stands where) that followed one of the
//! chase's moves, unless it takes the piece that moved last back to the square it came from.

use std::collections::HashSet;
use stratagem::rules::{Move, MoveReport, PieceId, PieceKind, Position, Side, Square};

/// Why the oracle refuses a move. The repetition rules are named so the fast generator's
/// error can be compared with them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The move is legal.
    Legal,
    /// Not a move by the geometry of the board and the pieces.
    Geometry,
    /// Forbidden by the two-squares rule.
    TwoSquares,
    /// Forbidden by the more-squares rule.
    MoreSquares,
}

type Board = [Option<PieceId>; 100];

fn col(i: usize) -> i32 {
    (i % 10) as i32
}
fn row(i: usize) -> i32 {
    (i / 10) as i32
}
fn lake(i: usize) -> bool {
    matches!(i, 42 | 43 | 52 | 53 | 46 | 47 | 56 | 57)
}
fn adjacent(a: usize, b: usize) -> bool {
    (row(a) - row(b)).abs() + (col(a) - col(b)).abs() == 1
}
fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    (0..100).filter(move |&j| adjacent(i, j) && !lake(j))
}
/// The squares a straight move occupies: start, end and all between.
fn span(from: usize, to: usize) -> HashSet<usize> {
    let (dr, dc) = ((row(to) - row(from)).signum(), (col(to) - col(from)).signum());
    let mut out = HashSet::new();
    let (mut r, mut c) = (row(from), col(from));
    loop {
        out.insert((r * 10 + c) as usize);
        if (r, c) == (row(to), col(to)) {
            return out;
        }
        r += dr;
        c += dc;
    }
}

/// One position prepared for judging many moves: the board and the boards after each ply.
pub struct Oracle<'a> {
    pos: &'a Position,
    board: Board,
    /// `after[i]`: the board right after history ply `i`.
    after: Vec<Board>,
}

impl<'a> Oracle<'a> {
    /// Prepares `pos`, rebuilding earlier boards backwards from the reports.
    pub fn new(pos: &'a Position) -> Oracle<'a> {
        let mut board: Board = [None; 100];
        for (i, b) in board.iter_mut().enumerate() {
            *b = pos.piece_at(Square::from_index(i).unwrap());
        }
        let h: Vec<MoveReport> = pos.history().iter().map(|r| r.report).collect();
        let mut after = vec![board; h.len()];
        let mut b = board;
        for i in (0..h.len()).rev() {
            after[i] = b;
            // Undo ply i by hand: the mover goes back, the defender (if any) reappears.
            let r = &h[i];
            b[r.from.index()] = Some(r.piece);
            b[r.to.index()] = r.battle.map(|bt| bt.defender);
        }
        Oracle { pos, board, after }
    }

    fn reports(&self) -> impl DoubleEndedIterator<Item = &MoveReport> + ExactSizeIterator {
        self.pos.history().iter().map(|r| &r.report)
    }

    /// All legal moves, by trying every pair of squares.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for f in 0..100 {
            for t in 0..100 {
                let mv = Move::new(Square::from_index(f).unwrap(), Square::from_index(t).unwrap());
                if self.judge(mv) == Verdict::Legal {
                    out.push(mv);
                }
            }
        }
        out
    }

    /// The verdict on one move of the side to move.
    pub fn judge(&self, mv: Move) -> Verdict {
        let (f, t) = (mv.from.index(), mv.to.index());
        let side = self.pos.to_move();
        if lake(f) || lake(t) || f == t {
            return Verdict::Geometry;
        }
        let Some(id) = self.board[f] else { return Verdict::Geometry };
        if id.side() != side {
            return Verdict::Geometry;
        }
        let kind = self.pos.piece(id).kind;
        if matches!(kind, PieceKind::Bomb | PieceKind::Flag) {
            return Verdict::Geometry;
        }
        if row(f) != row(t) && col(f) != col(t) {
            return Verdict::Geometry;
        }
        let squares = span(f, t);
        let dist = squares.len() - 1;
        if dist > 1 && kind != PieceKind::Scout {
            return Verdict::Geometry;
        }
        // Every square passed over is an empty non-lake square.
        if squares.iter().any(|&s| s != f && s != t && (lake(s) || self.board[s].is_some())) {
            return Verdict::Geometry;
        }
        let attack = match self.board[t] {
            None => false,
            Some(o) if o.side() == side => return Verdict::Geometry,
            Some(_) => true,
        };
        if attack && dist > 1 && !self.pos.rules().scout_move_and_strike {
            return Verdict::Geometry;
        }
        if self.two_squares_forbids(id, f, t) {
            return Verdict::TwoSquares;
        }
        if !attack && self.pos.rules().more_squares_rule && self.more_squares_forbids(id, side, f, t) {
            return Verdict::MoreSquares;
        }
        Verdict::Legal
    }

    fn two_squares_forbids(&self, id: PieceId, f: usize, t: usize) -> bool {
        let Some(n) = self.pos.rules().two_square_limit else { return false };
        let n = n as usize;
        let side = id.side();
        let own: Vec<&MoveReport> = self.reports().rev().filter(|r| r.side == side).take(n).collect();
        if n == 0 || own.len() < n || own.iter().any(|r| r.piece != id) {
            return false;
        }
        let mut common = span(f, t);
        for r in own {
            let s = span(r.from.index(), r.to.index());
            common.retain(|x| s.contains(x));
        }
        common.len() >= 2
    }

    fn more_squares_forbids(&self, id: PieceId, side: Side, f: usize, t: usize) -> bool {
        let h: Vec<&MoveReport> = self.reports().collect();
        let k = h.len();
        // Walk back over (chaser move, opponent answer) pairs while the chase goes on.
        let mut chase_boards: Vec<&Board> = Vec::new();
        let mut evaders: HashSet<PieceId> = HashSet::new();
        let mut j = k;
        while j >= 2 {
            let (c, e) = (h[j - 2], h[j - 1]);
            debug_assert!(c.side == side && e.side != side);
            let board_c = &self.after[j - 2];
            let threat =
                c.battle.is_none() && neighbours(c.to.index()).any(|n| board_c[n].is_some_and(|o| o.side() != side));
            let evasion = e.battle.is_none() && adjacent(e.from.index(), c.to.index());
            if !(threat && evasion) {
                break;
            }
            chase_boards.push(board_c);
            evaders.insert(e.piece);
            j -= 2;
        }
        if chase_boards.is_empty() {
            return false;
        }
        let last = h[k - 2];
        if last.piece == id && t == last.from.index() {
            return false; // back to the square it just came from (art. 11.2)
        }
        let chasing = neighbours(t).any(|n| self.board[n].is_some_and(|o| evaders.contains(&o)));
        if !chasing {
            return false;
        }
        let mut next = self.board;
        next[f] = None;
        next[t] = Some(id);
        chase_boards.iter().any(|b| **b == next)
    }
}

/// Perft by the oracle: counts leaves `depth` plies deep, treating a captured Flag as the
/// end of the game, like `stratagem::rules::perft::perft`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.flag_captured().is_some() {
        return 0;
    }
    let moves = Oracle::new(pos).legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for mv in moves {
        pos.play(mv).expect("the oracle's move is legal");
        n += perft(pos, depth - 1);
        pos.undo();
    }
    n
}
