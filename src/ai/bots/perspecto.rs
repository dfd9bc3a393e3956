//! The Perspecto bots (seed 000, docs/bots/perspecto.md): `perspecto` as the thesis's final
//! agent, and the experimental variants of its chapters 8 and 10 as further configurations.
//!
//! One move (the thesis's `Perspecto.moveAPiece`, Fig. 15): the move analysis replays the
//! public reports (`AnalyzeMove`, `Psychology`); `ownFear` is drawn anew in [0.2, 0.5];
//! `AnalyzeBoard` precomputes pools, values and probabilities ([`Analysis`]); the tactical
//! search scores the one-square moves, deepening one ply at a time while the budget lasts
//! (the last complete depth counts); the strategic search scores every legal move; `MakeMove`
//! plays the move with the highest sum. Scout long moves have no tactical value (the tactical
//! search does not generate them, section 7.2), only a strategic one.
//!
//! Invariants: returns one of `view.legal_moves()`; reads only the view; all randomness from
//! `ctx.rng`; the search stops on the budget (clock read every few hundred nodes).

use crate::ai::belief::perspecto::{AnalysisSteps, Fears, MoveAnalysis, OWN_FEAR_RANGE};
use crate::ai::plans::perspecto::{StrategicMode, Strategy};
use crate::ai::ranking;
use crate::ai::search::perspecto::{Algorithm, Analysis, Evaluation, SBoard, SearchConfig, Searcher};
use crate::ai::{Bot, BotRng, SearchContext};
use crate::rules::{Move, PlayerView, Setup, Variant};
use rand::Rng;

/// One Perspecto configuration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerspectoConfig {
    /// Registry name.
    pub name: &'static str,
    /// The tactical search.
    pub search: SearchConfig,
    /// The strategic layer.
    pub strategy: StrategicMode,
    /// The psychological model (fears and move analysis); off: purely combinatorial.
    pub psychology: bool,
}

/// The final agent of chapter 9: p-e-minimax, radius 2, depth 5-9, smoothing, material
/// evaluation with decay, psychology and the full strategic search.
pub const PERSPECTO: PerspectoConfig = PerspectoConfig {
    name: "perspecto",
    search: SearchConfig {
        algorithm: Algorithm::PeMinimax,
        alpha_beta: false,
        depth: 9,
        normal_plies: Some(4),
        radius: Some(2),
        comparison: true,
        smoothing: Some(3.0),
        evaluation: Evaluation::Material,
        decay: 0.95,
        random: 2.0,
        fail_as_passive: true,
    },
    strategy: StrategicMode::Full,
    psychology: true,
};

/// Section 10.3.1 without variable depth: flat depth 5.
pub(crate) const PERSPECTO_FLAT: PerspectoConfig = PerspectoConfig {
    name: "perspecto-flat",
    search: SearchConfig { depth: 5, normal_plies: None, ..PERSPECTO.search },
    ..PERSPECTO
};

/// Section 10.3.2: "everyone wants forward" instead of the strategic search.
pub(crate) const PERSPECTO_FORWARD: PerspectoConfig =
    PerspectoConfig { name: "perspecto-forward", strategy: StrategicMode::Forward, ..PERSPECTO };

/// The chapter 8 algorithm tests: depth 5, the section 7.5 evaluation, no strategic search and
/// no move analysis.
const CHAPTER_8: SearchConfig = SearchConfig {
    algorithm: Algorithm::Minimax,
    alpha_beta: false,
    depth: 5,
    normal_plies: None,
    radius: Some(2),
    comparison: true,
    smoothing: None,
    evaluation: Evaluation::Positional,
    decay: 1.0,
    random: 2.0,
    fail_as_passive: false,
};

/// Section 8.1: minimax over the most probable outcome.
pub(crate) const PERSPECTO_MINIMAX: PerspectoConfig =
    PerspectoConfig { name: "perspecto-minimax", search: CHAPTER_8, strategy: StrategicMode::Off, psychology: false };

/// Section 8.2: expectiminimax.
pub(crate) const PERSPECTO_EXPECTIMAX: PerspectoConfig = PerspectoConfig {
    name: "perspecto-expectimax",
    search: SearchConfig { algorithm: Algorithm::Expectimax, ..CHAPTER_8 },
    ..PERSPECTO_MINIMAX
};

/// Section 8.3: p-e-minimax.
pub(crate) const PERSPECTO_PE: PerspectoConfig = PerspectoConfig {
    name: "perspecto-pe",
    search: SearchConfig { algorithm: Algorithm::PeMinimax, fail_as_passive: true, ..CHAPTER_8 },
    ..PERSPECTO_MINIMAX
};

/// Section 10.3.1's minimax: alpha-beta, attacks valued `P v1 - (1-P) v2`, in the final
/// agent's frame (not registered; the tests and docs use it).
pub const PERSPECTO_MINIMAX_AB: PerspectoConfig = PerspectoConfig {
    name: "perspecto-minimax-ab",
    search: SearchConfig {
        algorithm: Algorithm::MinimaxExpected,
        alpha_beta: true,
        smoothing: None,
        ..PERSPECTO.search
    },
    ..PERSPECTO
};

/// A Perspecto bot.
#[derive(Debug, Clone)]
pub struct PerspectoBot {
    /// Its configuration.
    pub config: PerspectoConfig,
    /// Fixed fears instead of the drawn `ownFear` and the analysed `estOppFear` (tests).
    pub fixed_fears: Option<Fears>,
}

/// What one decision found: every legal move with its tactical and strategic value.
#[derive(Debug, Clone)]
pub struct Decision {
    /// The move played.
    pub mv: Move,
    /// Legal moves with (tactical, strategic) values.
    pub scores: Vec<(Move, f64, f64)>,
    /// Deepest complete tactical depth (0: none).
    pub depth: u32,
    /// The fears used.
    pub fears: Fears,
}

impl PerspectoBot {
    /// A bot with `config`.
    pub fn new(config: PerspectoConfig) -> PerspectoBot {
        PerspectoBot { config, fixed_fears: None }
    }

    /// The fears for this move.
    fn fears(&self, view: &PlayerView, ctx: &mut SearchContext) -> (Fears, MoveAnalysis) {
        let history = MoveAnalysis::of(view, AnalysisSteps::STANDARD);
        let fears = match self.fixed_fears {
            Some(f) => f,
            None if self.config.psychology => {
                let own = ctx.rng.random_range(OWN_FEAR_RANGE.0..=OWN_FEAR_RANGE.1);
                Fears::standard(own, history.est_opp_fear)
            }
            None => Fears::NONE,
        };
        (fears, history)
    }

    /// Decides a move and says why.
    pub fn decide(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Decision {
        let moves: Vec<Move> = view.legal_moves().iter().copied().collect();
        assert!(!moves.is_empty(), "asked to move without a legal move");
        let (fears, history) = self.fears(view, ctx);
        let an = Analysis::new(view, fears, history);
        let board = SBoard::from_view(view);
        let steps: Vec<Move> = moves.iter().copied().filter(|m| m.from.is_adjacent(m.to)).collect();
        let strategic = Strategy::new(view, self.config.strategy).scores(&moves);
        ctx.add_nodes(moves.len() as u64);
        let mut tactical: Option<Vec<f64>> = None;
        let mut depth = 0;
        for d in 1..=self.config.search.depth {
            if ctx.out_of_budget() {
                break;
            }
            let seed = ctx.rng.random::<u64>();
            let mut s = Searcher::new(&an, self.config.search, Some(&mut *ctx), seed);
            let Some(scores) = s.score_root(&board, &steps, d) else { break };
            drop(s);
            depth = d;
            let best = steps.iter().zip(&scores).max_by(|a, b| a.1.total_cmp(b.1)).map(|(m, v)| (*m, *v));
            ctx.report(d, best.map(|b| b.0), best.map(|b| b.1));
            tactical = Some(scores);
        }
        let tac = |m: &Move| -> f64 {
            match &tactical {
                Some(t) => steps.iter().position(|s| s == m).map_or(0.0, |i| t[i]),
                None => 0.0,
            }
        };
        let scores: Vec<(Move, f64, f64)> = moves.iter().zip(&strategic).map(|(m, s)| (*m, tac(m), *s)).collect();
        let mut best: Option<(Move, f64)> = None;
        let mut ties = 0u32;
        for &(m, t, s) in &scores {
            let v = t + s;
            match best {
                Some((_, b)) if v < b => {}
                Some((_, b)) if v == b => {
                    ties += 1;
                    if ctx.rng.random_range(0..ties) == 0 {
                        best = Some((m, v));
                    }
                }
                _ => {
                    best = Some((m, v));
                    ties = 1;
                }
            }
        }
        let (mv, v) = best.expect("at least one legal move");
        ctx.report(depth, Some(mv), Some(v));
        // Candidates for the engine's Thought: every move's tactical plus strategic value, the
        // chosen move first (it won a random tie-break among equals), then highest first.
        let mut candidates: Vec<(Move, f64)> = scores.iter().map(|&(m, t, s)| (m, t + s)).collect();
        ranking::sort_by_key128(&mut candidates, |&(m, v)| ranking::then(u128::from(m != mv), ranking::desc_f64(v)));
        ctx.set_candidates(candidates);
        Decision { mv, scores, depth, fears }
    }
}

impl Bot for PerspectoBot {
    fn name(&self) -> &'static str {
        self.config.name
    }

    fn choose_move(&mut self, view: &PlayerView, ctx: &mut SearchContext) -> Move {
        self.decide(view, ctx).mv
    }

    fn setup(&mut self, variant: Variant, rng: &mut BotRng) -> Setup {
        crate::ai::setupgen::perspecto::generate(variant, rng)
    }
}
