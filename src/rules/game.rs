//! `Game`: the referee. Holds the true position, checks every move, and ends the game by
//! the rules, by resignation or by agreement.

use super::piece::{Side, Variant};
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
        Game { position, outcome }
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
        self.outcome = self.position.outcome();
        Some(r)
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

    /// What `side` knows.
    pub fn view(&self, side: Side) -> PlayerView {
        PlayerView::new(&self.position, side)
    }
}
