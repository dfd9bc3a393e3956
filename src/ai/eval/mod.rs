//! Evaluations of a full position: the tutorial's material in integer points (negamax) and
//! the seed-003 Table 6.1 with its dynamic adjustments (alpha-beta, expectimax, MCTS playouts).

pub mod material;
pub mod perspecto;
pub mod table61;
