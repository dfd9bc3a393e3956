//! Searches, by algorithm, shared by the bots: the budget meter of the depth-limited
//! searches, negamax alpha-beta over sampled positions (integer scores), the seed-003
//! alpha-beta (Table 6.1 scores) and expectimax, UCT (MCTS and information-set MCTS), and the
//! strategist's determinized alpha-beta over belief samples.
//!
//! Every search is anytime (a legal move is ready from the first iteration on), reads the
//! budget through the [`SearchContext`](crate::ai::SearchContext), and sees only a view or
//! positions sampled from it.

pub mod alphabeta;
pub mod determinized;
pub mod expectimax;
pub mod meter;
pub mod negamax;
pub mod perspecto;
pub mod uct;
