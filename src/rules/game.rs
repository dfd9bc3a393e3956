//! `Game`: the referee. Holds the true position, checks every move, and ends the game by
//! the rules, by resignation or by agreement.
//!
//! It also keeps both players' views ([`PlayerView`]) up to date: each ply played is applied to
//! both as a report, so reading what a side knows costs nothing, not a replay of the history
//! (issue 8: the page asked for about 15 such replays per move). Taking back a ply rebuilds the
//! two views from their records without the last report (a view cannot forget what it saw);
//! undo is rare, a move is not.
//!
//! Invariant: `views[s]` equals `PlayerView::new(&position, s)` after every call (checked by the
//! tests below over random games with undos).

use super::piece::{BySide, Side, Variant};
use super::position::{DrawReason, IllegalMove, Move, MoveReport, Outcome, Position, WinReason};
use super::setup::{Setup, SetupError};
use super::square::Square;
use super::switches::Rules;
use super::view::PlayerView;

/// A setup that does not fit the rules' variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{side}'s setup: {error}")]
pub struct GameSetupError {
    /// Whose setup.
    pub side: Side,
    /// What is wrong.
    pub error: SetupError,
}

/// A game under way or finished.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    outcome: Option<Outcome>,
    views: BySide<PlayerView>,
}

impl Game {
    /// A new game; both setups must be armies of the rules' variant.
    pub fn new(rules: Rules, red: &Setup, blue: &Setup) -> Result<Game, GameSetupError> {
        red.check(rules.variant).map_err(|error| GameSetupError { side: Side::Red, error })?;
        blue.check(rules.variant).map_err(|error| GameSetupError { side: Side::Blue, error })?;
        Ok(Game::from_position(Position::new(rules, red, blue)))
    }

    /// A game from any position (studies, Gravon fields with partial armies).
    pub fn from_position(position: Position) -> Game {
        let outcome = position.outcome();
        let views = BySide::from_fn(|s| PlayerView::new(&position, s));
        Game { position, outcome, views }
    }

    /// The true position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.position.rules()
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.position.rules().variant
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Who is to move.
    pub fn to_move(&self) -> Side {
        self.position.to_move()
    }

    /// Plays a move of the side to move, or says which rule forbids it.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let r = self.position.play(mv)?;
        for s in [Side::Red, Side::Blue] {
            self.views[s].apply(&r).expect("the referee's own report fits both views");
        }
        self.outcome = self.position.outcome();
        Ok(r)
    }

    /// Takes back the last ply (the game goes on again if it had ended by the rules).
    /// A game ended by the players (resignation, agreed draw, forfeit) stays ended: the
    /// ending is not a ply, so there is nothing to take back and `None` is returned.
    pub fn undo(&mut self) -> Option<MoveReport> {
        if self.outcome.is_some_and(|o| !Game::ended_by_rules(o)) {
            return None;
        }
        let r = self.position.undo()?;
        for s in [Side::Red, Side::Blue] {
            let mut rec = self.views[s].to_record();
            rec.reports.pop();
            self.views[s] = PlayerView::from_record(&rec).expect("a view's own record, one report shorter, fits");
        }
        self.outcome = self.position.outcome();
        Some(r)
    }

    /// Takes back an ending decided by the players (resignation, agreed draw, forfeit) and
    /// returns it; the game goes on from the same position. `None` (and nothing changes) if
    /// the game goes on or ended by the rules (take back a ply with [`Game::undo`] instead).
    pub fn take_back_ending(&mut self) -> Option<Outcome> {
        let o = self.outcome.filter(|&o| !Game::ended_by_rules(o))?;
        self.outcome = self.position.outcome();
        Some(o)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, IllegalMove> {
        self.end(Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation })
    }

    /// Both players agree a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, IllegalMove> {
        self.end(Outcome::Draw { reason: DrawReason::Agreed })
    }

    /// `side` loses on time or by leaving.
    pub fn forfeit(&mut self, side: Side) -> Result<Outcome, IllegalMove> {
        self.end(Outcome::Win { winner: side.opponent(), reason: WinReason::Forfeit })
    }

    /// Whether `o` is an ending the rules decide ([`Position::outcome`]) rather than the players.
    fn ended_by_rules(o: Outcome) -> bool {
        !matches!(
            o,
            Outcome::Win { reason: WinReason::Resignation | WinReason::Forfeit, .. }
                | Outcome::Draw { reason: DrawReason::Agreed }
        )
    }

    fn end(&mut self, o: Outcome) -> Result<Outcome, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.outcome = Some(o);
        Ok(o)
    }

    /// Squares the piece on `from` may legally move to now (empty if none, or not the side
    /// to move, or the game is over).
    pub fn legal_targets(&self, from: Square) -> Vec<Square> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.position.legal_moves().iter().filter(|m| m.from == from).map(|m| m.to).collect()
    }

    /// What `side` knows, as kept up to date ply by ply (no replay).
    pub fn player_view(&self, side: Side) -> &PlayerView {
        &self.views[side]
    }

    /// What `side` knows, as an owned copy (a clone of the kept view, no replay).
    pub fn view(&self, side: Side) -> PlayerView {
        self.views[side].clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::setup::Setup;
    use rand::{Rng, SeedableRng};

    fn setup(seed: u64) -> Setup {
        // A shuffled classic army: the rules' own tests need no bot.
        let mut slots: Vec<Option<crate::rules::PieceKind>> = Vec::new();
        for k in crate::rules::PieceKind::ALL {
            slots.extend(std::iter::repeat_n(Some(k), Variant::Classic.army().count(k) as usize));
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for i in (1..slots.len()).rev() {
            slots.swap(i, rng.random_range(0..=i));
        }
        Setup::from_slots(slots.try_into().expect("40 pieces"))
    }

    fn same_view(a: &PlayerView, b: &PlayerView) -> bool {
        a.to_record() == b.to_record()
            && a.legal_moves().iter().eq(b.legal_moves().iter())
            && Square::all().all(|sq| a.piece_at(sq).map(|id| a.piece(id)) == b.piece_at(sq).map(|id| b.piece(id)))
    }

    /// The kept views equal views rebuilt from the whole history, through plies, undos, a
    /// resignation taken back and the end of the game.
    #[test]
    fn kept_views_equal_replayed_views() {
        for seed in 0..6u64 {
            let mut g = Game::new(Rules::default(), &setup(seed), &setup(seed + 100)).expect("classic armies");
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for step in 0..400 {
                if g.outcome().is_some() {
                    break;
                }
                if step % 37 == 36 {
                    assert!(g.undo().is_some());
                } else if step % 53 == 52 {
                    let side = g.to_move();
                    g.resign(side).expect("the game goes on");
                    assert!(g.undo().is_none(), "undo must not take back a ply behind a resignation");
                    assert_eq!(
                        g.take_back_ending(),
                        Some(Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation })
                    );
                    assert_eq!(g.outcome(), None);
                } else {
                    let moves = g.position().legal_moves();
                    let mv = moves[rng.random_range(0..moves.len())];
                    g.play(mv).expect("a legal move");
                }
                for s in [Side::Red, Side::Blue] {
                    assert!(
                        same_view(g.player_view(s), &PlayerView::new(g.position(), s)),
                        "seed {seed} step {step}: {s}'s kept view differs from the replayed one"
                    );
                }
            }
        }
    }

    #[test]
    fn an_ending_by_the_rules_is_not_taken_back_as_a_players_ending() {
        let mut g = Game::new(Rules::default(), &setup(1), &setup(2)).expect("classic armies");
        assert_eq!(g.take_back_ending(), None, "nothing to take back while the game goes on");
        g.agree_draw().expect("the game goes on");
        assert_eq!(g.take_back_ending(), Some(Outcome::Draw { reason: DrawReason::Agreed }));
        assert_eq!(g.take_back_ending(), None);
    }
}
