//! The `alphabeta` bot (seed 003, Irovský 2023, Section 6.4; docs/bots/alphabeta.md): the
//! depth-3 alpha-beta of [`crate::ai::search::alphabeta`] with the Table 6.1 evaluation, run
//! on positions sampled from the view, each sample voting for its best move.

use crate::ai::belief::sample_position;
use crate::ai::ranking;
use crate::ai::search::alphabeta::{AlphaBeta, MAX_SAMPLES, Table61};
use crate::ai::setupgen::irovsky as setup;
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};

/// Search depth of alpha-beta and expectimax in plies (Sections 6.4 and 6.5: "3 úrovně").
pub(crate) const SEARCH_DEPTH: u32 = 3;

/// The thesis's alpha-beta bot.
#[derive(Debug, Clone, Copy)]
pub struct AlphaBetaBot {
    /// Search depth in plies (3 in the thesis).
    pub depth: u32,
    /// At most this many sampled positions per move.
    pub max_samples: u32,
}

impl Default for AlphaBetaBot {
    fn default() -> Self {
        AlphaBetaBot { depth: SEARCH_DEPTH, max_samples: MAX_SAMPLES }
    }
}

impl AlphaBetaBot {
    /// The bot with the thesis's depth.
    pub fn new() -> AlphaBetaBot {
        AlphaBetaBot::default()
    }
}

impl Bot for AlphaBetaBot {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        let legal = view.legal_moves();
        let mut best = legal[0];
        let frozen: u128 = view.unknown_enemies().fold(0, |m, id| m | 1u128 << id.index());
        // (move, votes, summed value) for each move some sample chose at full depth.
        let mut votes: Vec<(Move, u32, f64)> = Vec::new();
        for sample in 0..self.max_samples.max(1) {
            if ctx.out_of_budget() {
                break;
            }
            let Ok(mut pos) = sample_position(view, &mut ctx.rng) else { break };
            let first_depth = if sample == 0 { 1 } else { self.depth };
            let mut done = None;
            for d in first_depth..=self.depth {
                let r = AlphaBeta::new(Some(&mut *ctx), Table61 { frozen }).root(&mut pos, d);
                let Some((m, v)) = r else { break };
                if sample == 0 {
                    best = m;
                }
                ctx.report(d, Some(m), Some(v));
                if d == self.depth {
                    done = Some((m, v));
                }
            }
            let Some((m, v)) = done else { break };
            match votes.iter_mut().find(|e| e.0 == m) {
                Some(e) => {
                    e.1 += 1;
                    e.2 += v;
                }
                None => votes.push((m, 1, v)),
            }
        }
        let mut chosen: Option<(Move, u32, f64)> = None;
        for &e in &votes {
            if chosen.is_none_or(|c| e.1 > c.1 || e.1 == c.1 && e.2 > c.2) {
                chosen = Some(e);
            }
        }
        // Candidates: the moves samples voted for, most votes first, scored by mean value.
        let mut ranked = votes.clone();
        ranking::sort_by_key128(&mut ranked, |&(_, n, v)| {
            ranking::then(ranking::desc_i64(n.into()), ranking::desc_f64(v))
        });
        ctx.set_candidates(ranked.iter().map(|&(m, n, v)| (m, v / f64::from(n))).collect());
        let mv = chosen.map_or(best, |c| c.0);
        if legal.contains(&mv) { mv } else { legal[0] }
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        setup::generate(variant, rng)
    }
}
