//! Evaluations of a full position: the tutorial's material in integer points (negamax) and
//! the seed-003 Table 6.1 with its dynamic adjustments (alpha-beta, expectimax, MCTS playouts),
//! and the strategist's (dynamic values, value of staying unknown, flag danger).

pub mod material;
pub mod perspecto;
pub mod strategist;
pub mod table61;
