//! How a bot answers a draw offer (issue 9; docs/bots/draw-offers.md): by the material it can
//! count from its own view, with the values of [`super::eval::material::piece_value`]. Its own pieces on
//! the board are known; the enemy's remaining army by kind is public (the army it set up with,
//! minus what battles removed), so the count needs nothing hidden. The bot accepts exactly when
//! it is behind: a draw is then worth more to it than playing on; level or ahead, it plays on.
//!
//! One rule for every registered bot: the bots' own searches score positions by material too
//! (the tutorial's values here), and a rule that depends on a search would make the answer
//! depend on the time and the seed.

use super::eval::material::piece_value;
use crate::rules::{PieceKind, PlayerView};

/// A bot's answer to a draw offer, with the counts it was made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DrawAnswer {
    /// Whether the bot accepts.
    pub accept: bool,
    /// The value of the bot's own pieces on the board.
    pub own: i32,
    /// The value of the enemy's remaining army.
    pub enemy: i32,
}

/// The answer of the side whose view this is (see the module documentation).
pub fn answer_draw_offer(view: &PlayerView) -> DrawAnswer {
    let own = view
        .pieces_of(view.side())
        .map(|id| view.piece(id))
        .filter(|p| p.alive)
        .filter_map(|p| p.kind)
        .map(piece_value)
        .sum();
    let remaining = view.enemy_remaining();
    let enemy = PieceKind::ALL.iter().map(|&k| piece_value(k) * i32::from(remaining[k])).sum();
    DrawAnswer { accept: own < enemy, own, enemy }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Rules, Setup, Side, Variant};

    const RED: &str = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";

    fn game() -> Game {
        let s = Setup::parse_for(RED, Variant::Classic).expect("a classic setup");
        Game::new(Rules::default(), &s, &s).expect("classic armies")
    }

    #[test]
    fn level_material_declines() {
        let g = game();
        for side in [Side::Red, Side::Blue] {
            let a = answer_draw_offer(g.player_view(side));
            assert_eq!(a.own, a.enemy, "equal armies at the start");
            assert!(!a.accept, "{side} accepted a draw with level material");
        }
    }

    #[test]
    fn the_side_behind_accepts_and_the_side_ahead_declines() {
        // Play random legal moves until the material differs, then ask both sides.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut g = game();
        while g.outcome().is_none() {
            let (r, b) = (answer_draw_offer(g.player_view(Side::Red)), answer_draw_offer(g.player_view(Side::Blue)));
            assert_eq!((r.own, r.enemy), (b.enemy, b.own), "both sides count the same material");
            if r.own != r.enemy {
                let (behind, ahead) = if r.own < r.enemy { (r, b) } else { (b, r) };
                assert!(behind.accept && !ahead.accept, "behind {behind:?}, ahead {ahead:?}");
                return;
            }
            let moves = g.position().legal_moves();
            g.play(moves[rng.random_range(0..moves.len())]).expect("legal");
        }
        panic!("the random game ended with level material throughout");
    }
}
