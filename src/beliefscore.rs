//! How well a belief model predicts the enemy's hidden pieces (issue 11: "log-loss and top-1
//! accuracy of the predicted kind of every unknown piece, over games between our bots, against
//! the uniform belief and Invincible's matrix").
//!
//! A finished game is replayed ply by ply. Every `every` plies, for each side, every enemy
//! piece that side's view does not know is predicted by each model from that view alone (the
//! models never see the true position), and the prediction is scored against the piece's true
//! kind, which only the scorer reads from the start position:
//!
//! - log-loss: `-log2 p(true kind)` in bits, the probability floored at [`FLOOR`] so that a
//!   model that rules out the truth costs a large finite amount (counted apart as `ruled_out`);
//! - top-1: the model's most likely kind is the true one (ties: the first kind in
//!   [`PieceKind::ALL`] order among the tied, so a flat row is not lucky).
//!
//! Models:
//! - `uniform`: the exact marginals of the uniform distribution over the assignments that fit
//!   the view ([`Unknowns::marginals`]: counts left, moved pieces are no Bomb or Flag, pieces
//!   seen moving far are Scouts);
//! - `matrix`: Invincible's belief matrix (seed 001, chapter 6; [`BeliefMatrix`]): the human
//!   setup prior updated on public behaviour, the rows `strategist` draws its armies from;
//! - `sampler`: the frequencies of the kinds in `samples` armies drawn by
//!   [`BeliefMatrix::sample`], what `strategist`'s search actually meets (a sequential draw,
//!   not exactly the rows' marginals), or with `proposals` > 1 by
//!   [`BeliefMatrix::sample_joint`] (the joint law of the rows), mixed 95/5 with `uniform` so that a kind no sample drew
//!   keeps some probability (the mix is this scorer's choice, written here so the figure can
//!   be read).
//!
//! Besides, every attack a scored side makes on an enemy piece its view does not know is
//! checked against the `matrix` model's row of that piece just before the attack: the odds of
//! winning, trading and losing it gives against what happened ([`AttackOdds`], by the
//! attacker's rank and whether the defender had moved). The bots' root attacks are chance
//! nodes over these odds; a model that calls the outcome too rosy sends pieces to die.
//!
//! Native tooling (`stratagem beliefs`): nothing here is used by a bot.

use crate::ai::BotRng;
use crate::ai::belief::library::{
    Evidence, LibraryParams, LibraryPosterior, SetupLibrary, library_marginals, library_matrix,
};
use crate::ai::belief::matrix::PublicReplay;
use crate::ai::belief::{BeliefMatrix, Unknowns};
use crate::rules::{Battle, MoveReport, PieceKind, PlayerView, Position, Side, battle};
use rand::SeedableRng;

/// The smallest probability a prediction is scored with (so a ruled-out truth costs about 20
/// bits, not infinity).
pub const FLOOR: f64 = 1e-6;

/// Share of the uniform marginals mixed into the sampler's frequencies.
pub const SAMPLER_MIX: f64 = 0.05;

/// The models scored, in table order.
pub const MODELS: [&str; 4] = ["uniform", "matrix", "sampler", "library"];

/// Number of models.
pub const NM: usize = MODELS.len();

/// Phases of the game the scores are split by (plies played before the prediction).
pub const PHASES: [(&str, u32, u32); 3] =
    [("plies 0-99", 0, 100), ("plies 100-299", 100, 300), ("plies 300+", 300, u32::MAX)];

/// One model's accumulated score.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    /// Pieces predicted.
    pub predictions: u64,
    /// Sum of `-log2 p(true kind)`.
    pub bits: f64,
    /// Predictions whose most likely kind was the true one.
    pub top1: u64,
    /// Predictions that gave the true kind a probability below [`FLOOR`].
    pub ruled_out: u64,
    /// Bomb calibration, by bin of the predicted Bomb probability ([`BOMB_BINS`]):
    /// predictions, the sum of their predicted Bomb probabilities, and Bombs among them.
    pub bomb_bins: [(u64, f64, u64); 6],
    /// Sum of the binary log-loss of "is a Bomb" (`-log2 P(Bomb)` for a Bomb, `-log2
    /// (1 - P(Bomb))` for another kind), in bits.
    pub bomb_bits: f64,
    /// Flag calibration, as `bomb_bins` by bin of the predicted Flag probability
    /// ([`FLAG_BINS`]).
    pub flag_bins: [(u64, f64, u64); 5],
}

/// Upper edges of the Flag calibration bins.
pub const FLAG_BINS: [f64; 5] = [0.01, 0.03, 0.1, 0.3, 1.0];

/// Upper edges of the Bomb calibration bins.
pub const BOMB_BINS: [f64; 6] = [0.02, 0.05, 0.1, 0.2, 0.4, 1.0];

impl Score {
    fn add(&mut self, p: &[f64; 12], truth: PieceKind) {
        let pt = p[truth.index()];
        if pt < FLOOR {
            self.ruled_out += 1;
        }
        self.bits -= pt.max(FLOOR).log2();
        let mut best = 0;
        for k in 1..12 {
            if p[k] > p[best] {
                best = k;
            }
        }
        if best == truth.index() {
            self.top1 += 1;
        }
        let pb = p[PieceKind::Bomb.index()];
        let bin = BOMB_BINS.iter().position(|&hi| pb <= hi).unwrap_or(BOMB_BINS.len() - 1);
        self.bomb_bins[bin].0 += 1;
        self.bomb_bins[bin].1 += pb;
        self.bomb_bins[bin].2 += u64::from(truth == PieceKind::Bomb);
        let pf = p[PieceKind::Flag.index()];
        let bin = FLAG_BINS.iter().position(|&hi| pf <= hi).unwrap_or(FLAG_BINS.len() - 1);
        self.flag_bins[bin].0 += 1;
        self.flag_bins[bin].1 += pf;
        self.flag_bins[bin].2 += u64::from(truth == PieceKind::Flag);
        let p_truth = if truth == PieceKind::Bomb { pb } else { 1.0 - pb };
        self.bomb_bits -= p_truth.max(FLOOR).log2();
        self.predictions += 1;
    }

    /// Mean log-loss in bits per prediction.
    pub fn log_loss(&self) -> f64 {
        if self.predictions == 0 { 0.0 } else { self.bits / self.predictions as f64 }
    }

    /// Mean binary log-loss of "is a Bomb" in bits per prediction.
    pub fn bomb_log_loss(&self) -> f64 {
        if self.predictions == 0 { 0.0 } else { self.bomb_bits / self.predictions as f64 }
    }

    /// Share of predictions whose top kind was right.
    pub fn accuracy(&self) -> f64 {
        if self.predictions == 0 { 0.0 } else { self.top1 as f64 / self.predictions as f64 }
    }

    fn merge(&mut self, o: &Score) {
        self.predictions += o.predictions;
        self.bits += o.bits;
        self.top1 += o.top1;
        self.ruled_out += o.ruled_out;
        self.bomb_bits += o.bomb_bits;
        for (a, b) in self.bomb_bins.iter_mut().chain(&mut self.flag_bins).zip(o.bomb_bins.iter().chain(&o.flag_bins)) {
            a.0 += b.0;
            a.1 += b.1;
            a.2 += b.2;
        }
    }
}

/// Attackers grouped for [`AttackOdds`]: Marshal to Colonel, Major and Captain, the rest.
pub const ATTACKERS: [&str; 3] = ["Marshal-Colonel", "Major-Captain", "Lieutenant and below"];

/// The group of [`ATTACKERS`] an attacker falls in.
fn attacker_group(k: PieceKind) -> usize {
    use PieceKind::*;
    match k {
        Marshal | General | Colonel => 0,
        Major | Captain => 1,
        _ => 2,
    }
}

/// The `matrix` model's odds for attacks on unknown pieces against their outcomes, one cell per
/// attacker group ([`ATTACKERS`]) and defender that had or had not moved.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AttackOdds {
    /// Attacks.
    pub attacks: u64,
    /// Sums of the predicted probabilities: attacker wins, both removed, defender wins.
    pub predicted: [f64; 3],
    /// Outcomes, in the same order.
    pub observed: [u64; 3],
}

impl AttackOdds {
    fn add(&mut self, row: &[f64; 12], attacker: PieceKind, outcome: Battle) {
        let class = |b: Battle| match b {
            Battle::AttackerWins => 0,
            Battle::BothRemoved => 1,
            Battle::DefenderWins => 2,
        };
        let total: f64 = row.iter().sum();
        if total <= 0.0 {
            return;
        }
        for k in PieceKind::ALL {
            self.predicted[class(battle(attacker, k))] += row[k.index()] / total;
        }
        self.observed[class(outcome)] += 1;
        self.attacks += 1;
    }

    fn merge(&mut self, o: &AttackOdds) {
        self.attacks += o.attacks;
        for i in 0..3 {
            self.predicted[i] += o.predicted[i];
            self.observed[i] += o.observed[i];
        }
    }
}

/// Scores of every model, in all and split by phase and by whether the piece had moved.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scores {
    /// Games scored.
    pub games: u32,
    /// Index: model ([`MODELS`]).
    pub all: [Score; NM],
    /// Index: phase ([`PHASES`]), then model.
    pub by_phase: [[Score; NM]; 3],
    /// Index: 0 unmoved, 1 moved; then model.
    pub by_moved: [[Score; NM]; 2],
    /// The matrix's odds for the scored sides' attacks on unknown pieces. Index: attacker group
    /// ([`ATTACKERS`]), then 0 unmoved defender, 1 moved.
    pub attacks: [[AttackOdds; 2]; 3],
}

impl Scores {
    /// A calibration table of every model for `kind` (by bin of predicted probability, upper
    /// edges `edges`: pieces, their mean predicted probability, the share that were `kind`),
    /// percentages with `digits` decimals.
    fn calibration(
        &self,
        kind: &str,
        edges: &[f64],
        bins: impl Fn(&Score) -> &[(u64, f64, u64)],
        digits: usize,
    ) -> String {
        let mut s = format!("\n| P({kind}) predicted |");
        for m in MODELS {
            s += &format!(" {m}: pieces, mean predicted, {kind}s |");
        }
        s += "\n|---|";
        for _ in MODELS {
            s += "---|";
        }
        s.push('\n');
        let mut lo = 0.0;
        for (b, hi) in edges.iter().enumerate() {
            s += &format!("| {:.0}-{:.0} % |", 100.0 * lo, 100.0 * hi);
            for m in &self.all {
                match bins(m).get(b) {
                    Some(&(n, sum, hits)) if n > 0 => {
                        let (p, o) = (100.0 * sum / n as f64, 100.0 * hits as f64 / n as f64);
                        s += &format!(" {n}, {p:.digits$} %, {o:.digits$} % |");
                    }
                    _ => s += " 0 |",
                }
            }
            s.push('\n');
            lo = *hi;
        }
        s
    }

    /// Adds another set (e.g. another game's).
    pub fn merge(&mut self, o: &Scores) {
        self.games += o.games;
        for m in 0..NM {
            self.all[m].merge(&o.all[m]);
            for p in 0..3 {
                self.by_phase[p][m].merge(&o.by_phase[p][m]);
            }
            for v in 0..2 {
                self.by_moved[v][m].merge(&o.by_moved[v][m]);
            }
        }
        for (a, b) in self.attacks.iter_mut().zip(&o.attacks) {
            for v in 0..2 {
                a[v].merge(&b[v]);
            }
        }
    }

    /// A markdown table: one row per split, log-loss (bits) and top-1 for each model.
    pub fn markdown(&self) -> String {
        let mut s = String::from("| pieces | predictions |");
        for m in MODELS {
            s += &format!(" {m} log-loss | {m} top-1 |");
        }
        s += "\n|---|---:|";
        for _ in MODELS {
            s += "---:|---:|";
        }
        s.push('\n');
        let mut row = |name: &str, sc: &[Score; NM]| {
            s += &format!("| {name} | {} |", sc[0].predictions);
            for m in sc {
                s += &format!(" {:.3} | {:.1} % |", m.log_loss(), 100.0 * m.accuracy());
            }
            s.push('\n');
        };
        row("all", &self.all);
        for (p, (name, _, _)) in PHASES.iter().enumerate() {
            row(name, &self.by_phase[p]);
        }
        row("unmoved", &self.by_moved[0]);
        row("moved", &self.by_moved[1]);
        // Whether each unmoved piece is a Bomb, alone (what an attack on it risks).
        s += "\n| Bomb or not, unmoved pieces (bits) |";
        for m in MODELS {
            s += &format!(" {m} |");
        }
        s += "\n|---|";
        for _ in MODELS {
            s += "---:|";
        }
        s += "\n| binary log-loss |";
        for m in &self.by_moved[0] {
            s += &format!(" {:.4} |", m.bomb_log_loss());
        }
        s.push('\n');
        // Bomb calibration: among the pieces a model gave a Bomb probability in a bin, how
        // many were Bombs. (Totals per kind are exact for every model, since every model's
        // probabilities sum to the pieces left of each kind; what differs is which pieces.)
        // Observed above predicted means the model calls pieces safer than they are.
        s += &self.calibration("Bomb", &BOMB_BINS, |m| &m.bomb_bins, 1);
        // The same for the Flag (the search's Flag hunt follows these odds).
        s += &self.calibration("Flag", &FLAG_BINS, |m| &m.flag_bins, 2);
        let ruled: Vec<String> = MODELS.iter().zip(&self.all).map(|(m, sc)| format!("{m} {}", sc.ruled_out)).collect();
        s += &format!("\nGames: {}. Truth given less than {FLOOR:e} (ruled out): {}.\n", self.games, ruled.join(", "));
        // The matrix's odds for attacks on unknown pieces: predicted (mean) against observed
        // shares of won, traded and lost attacks.
        s += "\n| attacks on unknown pieces (matrix) | attacks | won: predicted, observed | traded: predicted, observed | lost: predicted, observed |\n|---|---:|---|---|---|\n";
        for (g, name) in ATTACKERS.iter().enumerate() {
            for (v, moved) in ["unmoved", "moved"].iter().enumerate() {
                let a = &self.attacks[g][v];
                if a.attacks == 0 {
                    continue;
                }
                let n = a.attacks as f64;
                s += &format!("| {name} on {moved} | {} |", a.attacks);
                for i in 0..3 {
                    s += &format!(" {:.1} %, {:.1} % |", 100.0 * a.predicted[i] / n, 100.0 * a.observed[i] as f64 / n);
                }
                s.push('\n');
            }
        }
        s
    }
}

/// How to score a game.
#[derive(Clone, Copy, Debug)]
pub struct ScoreSettings {
    /// Predict after every `every` plies (1: every ply). At least 1.
    pub every: u32,
    /// Armies drawn for the `sampler` model per prediction (0: the model is skipped and its
    /// column stays empty).
    pub samples: u32,
    /// Proposals per army for the `sampler` model: 1 draws with [`BeliefMatrix::sample`] (the
    /// sequential draw), more with [`BeliefMatrix::sample_joint`] (the rows' joint law).
    pub proposals: usize,
    /// Seed of the sampler's draws.
    pub seed: u64,
    /// Whose views predict: Red's, Blue's (the other side's pieces).
    pub sides: [bool; 2],
    /// The `matrix` and `sampler` models' tilt of moved pieces towards the stronger kinds
    /// ([`PublicReplay::matrix_tilted`]; 0: the matrix as `invincible` reads it).
    pub tilt: f64,
    /// The `matrix` and `sampler` models' "stood its ground" factor
    /// ([`PublicReplay::start_standing`]; 1: the matrix as `invincible` reads it).
    pub stand: f64,
    /// The `matrix` and `sampler` models' "came up to a known piece" factor
    /// ([`PublicReplay::start_reading`]; 1: the matrix as `invincible` reads it).
    pub approach: f64,
    /// The `matrix` and `sampler` models' sharpening of the Bomb and Flag odds of unmoved pieces
    /// ([`PublicReplay::matrix_shaped`]; 1: the matrix as `invincible` reads it).
    pub sharpen: f64,
    /// How the `library` model weighs the human setups ([`crate::ai::belief::library`]); the
    /// model is skipped where no library is built in.
    pub library: LibraryParams,
    /// The setups the `library` model weighs: `None` for the Gravon classic setups built in,
    /// or another set (`stratagem beliefs --setups FILE`, e.g. a bot's own setups, to measure
    /// what knowing an opponent's way of setting up would be worth).
    pub setups: Option<&'static SetupLibrary>,
}

/// Scores one game: `start` is its first position (the truth), `reports` its plies in order.
pub fn score_game(start: &Position, reports: &[MoveReport], settings: &ScoreSettings) -> Scores {
    let every = settings.every.max(1);
    let mut scores = Scores { games: u32::from(settings.sides.iter().any(|&s| s)), ..Scores::default() };
    let mut views = [PlayerView::new(start, Side::Red), PlayerView::new(start, Side::Blue)];
    let mut replays = [
        PublicReplay::start_reading(&views[0], settings.stand, settings.approach),
        PublicReplay::start_reading(&views[1], settings.stand, settings.approach),
    ];
    let mut rng = BotRng::seed_from_u64(settings.seed);
    for ply in 0..=reports.len() {
        if (ply as u32).is_multiple_of(every) {
            for s in (0..2).filter(|&s| settings.sides[s]) {
                predict(start, &views[s], &replays[s], ply as u32, settings, &mut rng, &mut scores);
            }
        }
        if let Some(r) = reports.get(ply) {
            let s = usize::from(r.side == Side::Blue);
            if let Some(b) = r.battle.filter(|_| settings.sides[s])
                && views[s].piece(b.defender).kind.is_none()
            {
                let row = replays[s]
                    .matrix_shaped(r.side.opponent(), settings.tilt, settings.sharpen)
                    .probabilities(b.defender);
                let moved = usize::from(views[s].piece(b.defender).moved);
                scores.attacks[attacker_group(b.attacker_kind)][moved].add(&row, b.attacker_kind, b.result);
            }
            for s in 0..2 {
                // A report that does not fit a view cannot come from a replay the engine
                // accepted; stop scoring this game rather than score a wrong view.
                if views[s].apply(r).is_err() {
                    return scores;
                }
                replays[s].apply(r);
            }
        }
    }
    scores
}

fn predict(
    start: &Position,
    view: &PlayerView,
    replay: &PublicReplay,
    ply: u32,
    settings: &ScoreSettings,
    rng: &mut BotRng,
    scores: &mut Scores,
) {
    let Ok(uniform) = Unknowns::of(view).marginals() else {
        return;
    };
    if uniform.is_empty() {
        return;
    }
    let matrix: BeliefMatrix = replay.matrix_shaped(view.side().opponent(), settings.tilt, settings.sharpen);
    // The sampler's frequencies over `samples` drawn armies.
    let mut counts = vec![[0u32; 12]; uniform.len()];
    let mut drawn = 0u32;
    for _ in 0..settings.samples {
        let army = if settings.proposals > 1 {
            matrix.sample_joint(view, rng, settings.proposals)
        } else {
            matrix.sample(view, rng)
        };
        let Ok(pos) = army else { break };
        for (i, (id, _)) in uniform.iter().enumerate() {
            counts[i][pos.piece(*id).kind.index()] += 1;
        }
        drawn += 1;
    }
    let library = settings
        .setups
        .or_else(SetupLibrary::classic)
        .filter(|_| view.rules().variant == crate::rules::Variant::Classic)
        .and_then(|lib| LibraryPosterior::new(lib, &Evidence::of(view), settings.library))
        .map(|post| library_matrix(view, &matrix, &post, &library_marginals(view, &matrix, &post)));
    let phase = PHASES.iter().position(|&(_, lo, hi)| ply >= lo && ply < hi).unwrap_or(2);
    for (i, (id, pu)) in uniform.iter().enumerate() {
        let truth = start.piece(*id).kind;
        let moved = usize::from(view.piece(*id).moved);
        let pm = matrix.probabilities(*id);
        let mut rows: [Option<[f64; 12]>; NM] =
            [Some(*pu), Some(pm), None, library.as_ref().map(|l| l.probabilities(*id))];
        if drawn > 0 {
            let mut ps = [0.0; 12];
            for k in 0..12 {
                ps[k] = (1.0 - SAMPLER_MIX) * counts[i][k] as f64 / drawn as f64 + SAMPLER_MIX * pu[k];
            }
            rows[2] = Some(ps);
        }
        for (m, row) in rows.iter().enumerate() {
            if let Some(p) = row {
                scores.all[m].add(p, truth);
                scores.by_phase[phase][m].add(p, truth);
                scores.by_moved[moved][m].add(p, truth);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(pairs: &[(PieceKind, f64)]) -> [f64; 12] {
        let mut p = [0.0; 12];
        for &(k, v) in pairs {
            p[k.index()] = v;
        }
        p
    }

    #[test]
    fn a_certain_right_prediction_costs_nothing_and_a_wrong_one_the_floor() {
        let mut s = Score::default();
        s.add(&row(&[(PieceKind::Bomb, 1.0)]), PieceKind::Bomb);
        assert_eq!((s.predictions, s.top1, s.ruled_out), (1, 1, 0));
        assert!(s.log_loss().abs() < 1e-12);
        s.add(&row(&[(PieceKind::Bomb, 1.0)]), PieceKind::Flag);
        assert_eq!((s.predictions, s.top1, s.ruled_out), (2, 1, 1));
        assert!((s.bits - (-FLOOR.log2())).abs() < 1e-9);
    }

    #[test]
    fn a_half_prediction_costs_one_bit_and_ties_do_not_count_as_right_by_luck() {
        let mut s = Score::default();
        // Tied at 0.5: the kind with the lower index is the top pick, the other is not.
        let p = row(&[(PieceKind::Scout, 0.5), (PieceKind::Marshal, 0.5)]);
        s.add(&p, PieceKind::Scout);
        s.add(&p, PieceKind::Marshal);
        assert!((s.log_loss() - 1.0).abs() < 1e-12);
        assert_eq!(s.top1, 1, "exactly one of two tied kinds is the top pick");
    }
}
