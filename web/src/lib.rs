#![cfg(target_arch = "wasm32")]
//! wasm-bindgen facade for the page and the bot worker: the only code that touches JavaScript.
//!
//! The page holds a [`Referee`] (the true game) and sends the bot worker only the bot side's
//! [`ViewRecord`]; the worker calls [`think`], which rebuilds a [`PlayerView`] from that record
//! and asks a registered bot for a move. Nothing hidden crosses to the worker by construction.
//! For bots whose move splits among several workers, each worker calls [`think_part`] and the
//! page [`combine_parts`] (the engine's `think_part` / `combine_parts`: this only translates).
//!
//! Invariants:
//! - Every entry point returns `Result<_, JsValue>`; bad input (setup strings, move text,
//!   square names, JSON, seeds) becomes a JS `Error` whose message says what and where, never
//!   a panic (a panic with `panic = "abort"` traps and makes the wasm instance unusable).
//! - The board the human sees ([`Referee::board`]) carries enemy kinds only when revealed;
//!   the full board ([`Referee::board_revealed`]) is refused while the game goes on.
//! - 64-bit seeds cross as strings or 32-bit numbers (JS numbers lose bits above 2^53).
//! - Time in the worker comes from `js_sys::Date::now()` through the [`Clock`] trait:
//!   `web_sys::window()` does not exist inside a worker.

use serde::{Deserialize, Serialize};
use std::fmt::Display;
use stratagem::ai::engine;
use stratagem::ai::{self, Budget, Clock, Progress};
use stratagem::rules::notation::{GameRecord, GravonGame, GravonResult, RecordStart, field_to_setups, setups_to_field};
use stratagem::rules::{
    Battle, Game, IllegalMove, Move, MoveReport, Outcome, PieceKind, PlayerView, Rules, Side, Square, Variant,
    ViewRecord,
};
use stratagem::rules::{Position, Setup, WinReason};
use wasm_bindgen::prelude::*;

/// The longest a bot may think for one move, in milliseconds (docs/ux.md, "Playing": 10 s at most).
pub const MAX_THINK_MS: f64 = 10_000.0;

/// Installs the panic hook once, when the module is instantiated (page and worker alike), so
/// a bug shows its message in the console instead of a bare "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(console_error_panic_hook::set_once);
}

fn js_err(msg: impl Display) -> JsValue {
    js_sys::Error::new(&msg.to_string()).into()
}

/// Serializes with plain objects and `null` for `None` (what the page's code expects).
fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| js_err(format!("internal: {e}")))
}

/// Reads a value the page passes either as JSON text or as the object itself. Objects cross as
/// JSON text too (`JSON.stringify`), so every input type has one deserializer, serde_json's:
/// a second one (serde_wasm_bindgen's) for each would be code the module carries twice
/// (BENCHMARKS.md, "WebAssembly module size"). `what` starts the error message.
fn from_js<T: serde::de::DeserializeOwned>(v: &JsValue, what: &str) -> Result<T, JsValue> {
    let text = match v.as_string() {
        Some(s) => s,
        None => js_sys::JSON::stringify(v)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| js_err(format!("{what}: expected an object or its JSON text")))?,
    };
    serde_json::from_str(&text).map_err(|e| js_err(format!("{what}: {e}")))
}

/// A JS number as JavaScript writes it (error messages): Rust's own float formatting is
/// 13 KB of code the module needs nowhere else.
fn js_number(v: f64) -> String {
    String::from(js_sys::Number::from(v).to_string_with_radix(10).unwrap_or_else(|_| js_sys::JsString::from("NaN")))
}

fn parse_square(text: &str) -> Result<Square, JsValue> {
    Square::parse(text.trim()).map_err(js_err)
}

fn parse_side(text: &str) -> Result<Side, JsValue> {
    match text.trim().to_ascii_lowercase().as_str() {
        "red" => Ok(Side::Red),
        "blue" => Ok(Side::Blue),
        _ => Err(js_err(format!("'{text}' is not a side: expected Red or Blue"))),
    }
}

fn parse_variant(text: &str) -> Result<Variant, JsValue> {
    text.parse::<Variant>().map_err(js_err)
}

/// Rules from a JS object with any of the [`Rules`] fields (missing fields take the
/// defaults); `undefined`/`null` gives the default rules.
fn parse_rules(v: &JsValue) -> Result<Rules, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(Rules::default());
    }
    let rules: Rules = from_js(v, "rules")?;
    if rules.two_square_limit == Some(0) {
        return Err(js_err("rules: two_square_limit must be at least 1 (or null to switch the rule off)"));
    }
    Ok(rules)
}

/// A seed from a JS number (a non-negative integer up to 2^53) or a string (decimal u64, or
/// any other text, which is hashed).
fn parse_seed(v: &JsValue) -> Result<u64, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(0);
    }
    if let Some(s) = v.as_string() {
        let t = s.trim();
        if let Ok(n) = t.parse::<u64>() {
            return Ok(n);
        }
        // FNV-1a: any text names a reproducible seed.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in t.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        return Ok(h);
    }
    if let Some(f) = v.as_f64() {
        if f.is_finite() && f >= 0.0 && f.fract() == 0.0 && f <= 9_007_199_254_740_992.0 {
            return Ok(f as u64);
        }
        return Err(js_err(format!(
            "seed {} is not a non-negative whole number below 2^53: pass it as a string",
            js_number(f)
        )));
    }
    Err(js_err("seed must be a number or a string"))
}

/// A setup string as people type it: either case. A setup string names kinds only (the side is
/// the owner's), so lowercase (Blue's letters in a field) means the same kinds; the page took
/// "ibjeib..." for an error before (issue 9).
fn setup_letters(text: &str) -> String {
    text.trim().to_ascii_uppercase()
}

/// Parses a setup string (either case) and checks it against `variant`; the error says what
/// and where.
fn setup_for(text: &str, variant: Variant, whose: &str) -> Result<Setup, JsValue> {
    Setup::parse_for(&setup_letters(text), variant).map_err(|e| js_err(format!("{whose}: {e}")))
}

// ---------------------------------------------------------------------------------------
// Data for the page: levels, bots, kinds, setups.

#[derive(Serialize)]
struct KindJs {
    kind: &'static str,
    symbol: &'static str,
    strength: Option<u8>,
    letter: String,
    movable: bool,
    classic: u8,
    barrage: u8,
}

/// The piece kinds, Flag first, Marshal last: `{kind, symbol, strength, letter, movable,
/// classic, barrage}` (strength is the modern number; counts per army).
#[wasm_bindgen(js_name = pieceKinds)]
pub fn piece_kinds() -> Result<JsValue, JsValue> {
    let v: Vec<KindJs> = PieceKind::ALL
        .iter()
        .map(|&k| KindJs {
            kind: k.name(),
            symbol: k.symbol(),
            strength: k.strength(),
            letter: k.letter(Side::Red).to_string(),
            movable: k.is_movable(),
            classic: Variant::Classic.army().count(k),
            barrage: Variant::Barrage.army().count(k),
        })
        .collect();
    to_js(&v)
}

/// The lake squares (`"c5"`, ...): the page draws them from the engine's rule, not its own list.
#[wasm_bindgen(js_name = lakeSquares)]
pub fn lake_squares() -> Vec<String> {
    Square::all().filter(|s| s.is_lake()).map(|s| s.to_string()).collect()
}

/// The 40 home squares of `side` in setup-string order (index 0 = the owner's back row, from
/// the owner's left): the page maps setup letters to squares by the engine's rule, for either
/// colour.
#[wasm_bindgen(js_name = setupSquares)]
pub fn setup_squares(side: &str) -> Result<Vec<String>, JsValue> {
    let s = parse_side(side)?;
    Ok((0..40).map(|i| Setup::square(s, i).to_string()).collect())
}

/// The difficulty levels, weakest first: `{id, label, bot, movetime_ms, about, elo, parts}`;
/// `parts` is true when the level's bot can split its move among several workers
/// ([`think_part`], [`combine_parts`]).
#[wasm_bindgen]
pub fn levels() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct LevelJs {
        #[serde(flatten)]
        level: &'static ai::Level,
        parts: bool,
    }
    let v: Vec<LevelJs> =
        ai::LEVELS.iter().map(|l| LevelJs { level: l, parts: ai::bot_parts(l.bot).is_some() }).collect();
    to_js(&v)
}

#[derive(Serialize)]
struct BotJs {
    name: &'static str,
    description: &'static str,
    source: &'static str,
}

/// The registered bots: `{name, description, source}` (benches/bots_wasm.mjs measures each).
#[wasm_bindgen]
pub fn bots() -> Result<JsValue, JsValue> {
    let v: Vec<BotJs> =
        ai::BOTS.iter().map(|e| BotJs { name: e.name, description: e.description, source: e.source }).collect();
    to_js(&v)
}

/// Checks a setup string for `variant` (`"classic"` or `"barrage"`) and returns it
/// normalized (trimmed, uppercase); the error says what is wrong and where.
#[wasm_bindgen(js_name = checkSetup)]
pub fn check_setup(text: &str, variant: &str) -> Result<String, JsValue> {
    let v = parse_variant(variant)?;
    Setup::parse_for(&setup_letters(text), v).map(|s| s.to_letters()).map_err(js_err)
}

/// A uniformly random setup of `variant`, reproducible from `seed`.
#[wasm_bindgen(js_name = randomSetup)]
pub fn random_setup(variant: &str, seed: JsValue) -> Result<String, JsValue> {
    let v = parse_variant(variant)?;
    let mut rng = ai::rng_from_seed(parse_seed(&seed)?);
    Ok(ai::setupgen::random::random_setup(v, &mut rng).to_letters())
}

/// A setup from the generator of the bot named `bot` (or of the bot of level `bot`).
#[wasm_bindgen(js_name = botSetup)]
pub fn bot_setup(bot: &str, variant: &str, seed: JsValue) -> Result<String, JsValue> {
    let v = parse_variant(variant)?;
    let name = resolve_bot(bot)?;
    let mut b = ai::make_bot(name).ok_or_else(|| js_err(format!("no bot named '{name}'")))?;
    let mut rng = ai::rng_from_seed(parse_seed(&seed)?);
    let s = b.setup(v, &mut rng);
    // A generator bug must not start a game with a wrong army.
    s.check(v).map_err(|e| js_err(format!("bot '{name}' made a bad setup: {e}")))?;
    Ok(s.to_letters())
}

/// A level id or a bot name -> the bot's registry name.
fn resolve_bot(name: &str) -> Result<&'static str, JsValue> {
    if let Some(l) = ai::level(name) {
        return Ok(l.bot);
    }
    ai::bot_entry(name).map(|e| e.name).ok_or_else(|| {
        js_err(format!(
            "'{name}' is neither a level ({}) nor a bot ({})",
            ai::LEVELS.iter().map(|l| l.id).collect::<Vec<_>>().join(", "),
            ai::bot_names().join(", ")
        ))
    })
}

// ---------------------------------------------------------------------------------------
// Reports, outcomes and boards as the page sees them.

#[derive(Serialize)]
struct BattleJs {
    attacker: &'static str,
    defender: &'static str,
    /// "attacker", "defender" or "both": who won ("both" = both removed).
    result: &'static str,
    /// Words: "Captain (6) takes Sergeant (4)".
    text: String,
}

#[derive(Serialize)]
struct ReportJs {
    ply: u32,
    side: Side,
    piece: u8,
    from: String,
    to: String,
    /// `e4-e5`.
    text: String,
    /// Moved more than one square: a Scout.
    scout: bool,
    battle: Option<BattleJs>,
}

#[derive(Serialize)]
struct OutcomeJs {
    winner: Option<Side>,
    /// `FlagCaptured`, `NoMovablePieces`, `NoLegalMove`, `Resignation`, `Forfeit`,
    /// `NeitherCanMove`, `Agreed`, `MovesLimit`, `NoAttackLimit`.
    reason: String,
    /// The reason in words, without who won ("the flag was captured"): the page words the rest.
    why: String,
    text: String,
}

fn kind_label(k: PieceKind) -> String {
    match k.strength() {
        Some(s) => format!("{} ({s})", k.name()),
        None => k.name().to_string(),
    }
}

fn report_js(ply: u32, r: &MoveReport) -> ReportJs {
    let battle = r.battle.map(|b| {
        let (result, text) = match b.result {
            Battle::AttackerWins => {
                ("attacker", format!("{} takes {}", kind_label(b.attacker_kind), kind_label(b.defender_kind)))
            }
            Battle::DefenderWins => {
                ("defender", format!("{} loses to {}", kind_label(b.attacker_kind), kind_label(b.defender_kind)))
            }
            Battle::BothRemoved => {
                ("both", format!("{} and {}: both removed", kind_label(b.attacker_kind), kind_label(b.defender_kind)))
            }
        };
        BattleJs { attacker: b.attacker_kind.name(), defender: b.defender_kind.name(), result, text }
    });
    ReportJs {
        ply,
        side: r.side,
        piece: r.piece.0,
        from: r.from.to_string(),
        to: r.to.to_string(),
        text: r.mv().to_string(),
        scout: r.reveals_scout(),
        battle,
    }
}

fn outcome_js(o: &Outcome) -> OutcomeJs {
    let reason = match o {
        Outcome::Win { reason, .. } => format!("{reason:?}"),
        Outcome::Draw { reason } => format!("{reason:?}"),
    };
    let why = match o {
        Outcome::Win { winner, reason } => reason.text(winner.opponent()),
        Outcome::Draw { reason } => reason.text().to_string(),
    };
    OutcomeJs { winner: o.winner(), reason, why, text: o.to_string() }
}

#[derive(Serialize)]
struct CellJs {
    side: Side,
    /// Own pieces always; enemy pieces once revealed (or on the revealed board at the end).
    kind: Option<&'static str>,
    moved: bool,
    scout: bool,
    revealed: bool,
    /// Piece id (0..80), stable through the game: lets the page animate a piece.
    id: u8,
}

fn view_board(view: &PlayerView) -> Vec<Option<CellJs>> {
    Square::all()
        .map(|sq| {
            view.piece_at(sq).map(|id| {
                let p = view.piece(id);
                CellJs {
                    side: p.side,
                    kind: p.kind.map(|k| k.name()),
                    moved: p.moved,
                    scout: p.scout_known,
                    revealed: p.revealed,
                    id: id.0,
                }
            })
        })
        .collect()
}

fn full_board(pos: &Position) -> Vec<Option<CellJs>> {
    Square::all()
        .map(|sq| {
            pos.piece_at(sq).map(|id| {
                let p = pos.piece(id);
                CellJs {
                    side: id.side(),
                    kind: Some(p.kind.name()),
                    moved: p.moved,
                    scout: p.scout_known,
                    revealed: p.revealed,
                    id: id.0,
                }
            })
        })
        .collect()
}

#[derive(Serialize)]
struct ArmyJs {
    /// Count by kind name.
    counts: std::collections::BTreeMap<&'static str, u8>,
    total: u32,
}

fn army_js(a: stratagem::rules::Army) -> ArmyJs {
    ArmyJs { counts: PieceKind::ALL.iter().map(|&k| (k.name(), a.count(k))).collect(), total: a.total() }
}

// ---------------------------------------------------------------------------------------
// Old JSON game files, read only.

/// The JSON game file (`stratagem-json-1`) an earlier version of these bindings could write
/// (`exportJson`). The engine's record is the one saved-game format now (issue 8); such files
/// are still read by [`Referee::import_game`], so nobody loses a game, but never written.
#[derive(Deserialize)]
struct LegacyJson {
    format: String,
    rules: Rules,
    red: String,
    blue: String,
    moves: Vec<String>,
    #[serde(default)]
    resigned: Option<Side>,
}

const LEGACY_JSON_FORMAT: &str = "stratagem-json-1";

// ---------------------------------------------------------------------------------------
// The referee.

/// A game for the page: the true position, checked moves, the views of both sides.
#[wasm_bindgen]
pub struct Referee {
    game: Game,
    red: Setup,
    blue: Setup,
}

impl Referee {
    fn report_at(&self, ply: usize) -> Option<MoveReport> {
        self.game.position().history().get(ply).map(|r| r.report)
    }

    fn play_move(&mut self, mv: Move) -> Result<JsValue, JsValue> {
        let ply = self.game.position().ply();
        let r = self.game.play(mv).map_err(|e: IllegalMove| js_err(e))?;
        #[derive(Serialize)]
        struct Played {
            #[serde(flatten)]
            report: ReportJs,
            outcome: Option<OutcomeJs>,
        }
        to_js(&Played { report: report_js(ply + 1, &r), outcome: self.game.outcome().as_ref().map(outcome_js) })
    }

    /// The position after the first `ply` plies.
    fn position_at(&self, ply: u32) -> Result<Position, JsValue> {
        let now = self.game.position().ply();
        if ply > now {
            return Err(js_err(format!("ply {ply} is beyond the {now} plies played")));
        }
        let mut p = self.game.position().clone();
        for _ in ply..now {
            p.undo();
        }
        Ok(p)
    }
}

#[wasm_bindgen]
impl Referee {
    /// A new game from Red's and Blue's setup strings and the rules (a JS object with any
    /// of the `Rules` fields, or `undefined` for the defaults).
    #[wasm_bindgen(constructor)]
    pub fn new(red: &str, blue: &str, rules: JsValue) -> Result<Referee, JsValue> {
        let rules = parse_rules(&rules)?;
        let r = setup_for(red, rules.variant, "Red's setup")?;
        let b = setup_for(blue, rules.variant, "Blue's setup")?;
        let game = Game::new(rules, &r, &b).map_err(js_err)?;
        Ok(Referee { game, red: r, blue: b })
    }

    /// Red's setup string.
    #[wasm_bindgen(js_name = redSetup)]
    pub fn red_setup(&self) -> String {
        self.red.to_letters()
    }

    /// Blue's setup string.
    #[wasm_bindgen(js_name = blueSetup)]
    pub fn blue_setup(&self) -> String {
        self.blue.to_letters()
    }

    /// The rules as a JS object.
    pub fn rules(&self) -> Result<JsValue, JsValue> {
        to_js(self.game.rules())
    }

    /// `"Red"` or `"Blue"`.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self) -> String {
        self.game.to_move().name().to_string()
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.game.position().ply()
    }

    /// How the game ended (`{winner, reason, text}`), or `null` while it goes on.
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        to_js(&self.game.outcome().as_ref().map(outcome_js))
    }

    /// Squares the piece on `square` may move to now (empty when it is not the mover's, or
    /// the game is over). A Scout's whole lines are included.
    #[wasm_bindgen(js_name = legalTargets)]
    pub fn legal_targets(&self, square: &str) -> Result<Vec<String>, JsValue> {
        let sq = parse_square(square)?;
        Ok(self.game.legal_targets(sq).iter().map(|s| s.to_string()).collect())
    }

    /// Every legal move of the side to move, as `e4-e5` texts (empty once the game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        self.game.position().legal_moves().iter().map(|m| m.to_string()).collect()
    }

    /// Why the move `text` is illegal now, or `null` if it is legal.
    #[wasm_bindgen(js_name = whyIllegal)]
    pub fn why_illegal(&self, text: &str) -> Result<Option<String>, JsValue> {
        let mv = Move::parse(text).map_err(js_err)?;
        if self.game.outcome().is_some() {
            return Ok(Some(IllegalMove::GameOver.to_string()));
        }
        Ok(self.game.position().check_move(mv).err().map(|e| e.to_string()))
    }

    /// Plays the move `text` (`e4-e5`) and returns its report `{ply, side, piece, from, to,
    /// text, scout, battle: {attacker, defender, result, text} | null, outcome}`. An illegal
    /// move throws an Error whose message names the rule.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsValue> {
        let mv = Move::parse(text).map_err(js_err)?;
        self.play_move(mv)
    }

    /// Plays the move from `from` to `to` (square names); as [`Referee::play`].
    #[wasm_bindgen(js_name = playFromTo)]
    pub fn play_from_to(&mut self, from: &str, to: &str) -> Result<JsValue, JsValue> {
        let mv = Move::new(parse_square(from)?, parse_square(to)?);
        self.play_move(mv)
    }

    /// Takes back the last ply; returns its report or `null` if there is none. An ending by
    /// the players (a resignation, an agreed draw) is taken back first, on its own.
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        if self.game.take_back_ending().is_some() {
            return to_js(&Option::<ReportJs>::None);
        }
        let ply = self.game.position().ply();
        let r = self.game.undo();
        to_js(&r.map(|r| report_js(ply, &r)))
    }

    /// `side` (`"Red"`/`"Blue"`) resigns; returns the outcome.
    pub fn resign(&mut self, side: &str) -> Result<JsValue, JsValue> {
        let s = parse_side(side)?;
        let o = self.game.resign(s).map_err(js_err)?;
        to_js(&outcome_js(&o))
    }

    /// All plies so far, oldest first, as reports (see [`Referee::play`], without outcome).
    pub fn history(&self) -> Result<JsValue, JsValue> {
        let v: Vec<ReportJs> = self
            .game
            .position()
            .history()
            .iter()
            .enumerate()
            .map(|(i, r)| report_js(i as u32 + 1, &r.report))
            .collect();
        to_js(&v)
    }

    /// The report of ply `ply` (1-based), or `null`.
    #[wasm_bindgen(js_name = reportAt)]
    pub fn report_at_js(&self, ply: u32) -> Result<JsValue, JsValue> {
        let r = if ply == 0 { None } else { self.report_at(ply as usize - 1) };
        to_js(&r.map(|r| report_js(ply, &r)))
    }

    /// `side`'s view as a serializable record (JSON text): start plus public reports. This
    /// is all the bot worker receives.
    #[wasm_bindgen(js_name = viewRecord)]
    pub fn view_record(&self, side: &str) -> Result<String, JsValue> {
        let s = parse_side(side)?;
        serde_json::to_string(&self.game.player_view(s).to_record()).map_err(|e| js_err(format!("internal: {e}")))
    }

    /// The board as `side` sees it: 100 cells (a1, b1, .. j10), each `null` or `{side, kind,
    /// moved, scout, revealed, id}` with `kind` null for enemy pieces not yet revealed.
    pub fn board(&self, side: &str) -> Result<JsValue, JsValue> {
        let s = parse_side(side)?;
        to_js(&view_board(self.game.player_view(s)))
    }

    /// The board as `side` saw it after the first `ply` plies (for stepping through the
    /// move list). What was revealed later is not shown.
    #[wasm_bindgen(js_name = boardAt)]
    pub fn board_at(&self, side: &str, ply: u32) -> Result<JsValue, JsValue> {
        let s = parse_side(side)?;
        let p = self.position_at(ply)?;
        to_js(&view_board(&PlayerView::new(&p, s)))
    }

    /// Every piece with its kind: only once the game is over (the bot's pieces revealed).
    #[wasm_bindgen(js_name = boardRevealed)]
    pub fn board_revealed(&self) -> Result<JsValue, JsValue> {
        if self.game.outcome().is_none() {
            return Err(js_err("the hidden pieces are shown only when the game is over"));
        }
        to_js(&full_board(self.game.position()))
    }

    /// As [`Referee::board_revealed`], after the first `ply` plies (reviewing a finished game).
    #[wasm_bindgen(js_name = boardRevealedAt)]
    pub fn board_revealed_at(&self, ply: u32) -> Result<JsValue, JsValue> {
        if self.game.outcome().is_none() {
            return Err(js_err("the hidden pieces are shown only when the game is over"));
        }
        to_js(&full_board(&self.position_at(ply)?))
    }

    /// How `side` (the bot) answers a draw offer now, from its own view only:
    /// `{accept, own, enemy}` (material values; see `ai::draw`). Nothing changes.
    #[wasm_bindgen(js_name = drawAnswer)]
    pub fn draw_answer(&self, side: &str) -> Result<JsValue, JsValue> {
        let s = parse_side(side)?;
        if self.game.outcome().is_some() {
            return Err(js_err(IllegalMove::GameOver));
        }
        to_js(&ai::draw::answer_draw_offer(self.game.player_view(s)))
    }

    /// What `side` may believe about the enemy piece on `square`, from public facts only: the
    /// belief matrix the bots use (`BeliefMatrix::from_view` of `side`'s kept view). Returns
    /// `[{kind, p}]` for every kind (Flag first; the p sum to one, and are zero for kinds the
    /// piece cannot be) and whether its kind is public, or `null` if no enemy piece stands there.
    #[wasm_bindgen(js_name = beliefAt)]
    pub fn belief_at(&self, side: &str, square: &str) -> Result<JsValue, JsValue> {
        let s = parse_side(side)?;
        let sq = parse_square(square)?;
        let view = self.game.player_view(s);
        let Some(id) = view.piece_at(sq).filter(|id| id.side() != s) else {
            return to_js(&Option::<()>::None);
        };
        let m = stratagem::ai::belief::matrix::BeliefMatrix::from_view(view);
        let p = m.probabilities(id);
        #[derive(Serialize)]
        struct KindP {
            kind: &'static str,
            p: f64,
        }
        #[derive(Serialize)]
        struct Belief {
            kinds: Vec<KindP>,
            certain: bool,
        }
        let kinds = PieceKind::ALL.iter().map(|&k| KindP { kind: k.name(), p: p[k.index()] }).collect();
        to_js(&Belief { kinds, certain: m.is_certain(id) })
    }

    /// Both players agree a draw; returns the outcome.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> Result<JsValue, JsValue> {
        let o = self.game.agree_draw().map_err(js_err)?;
        to_js(&outcome_js(&o))
    }

    /// Pieces each side has lost, by kind: `{Red: {counts, total}, Blue: {counts, total}}`.
    pub fn captured(&self) -> Result<JsValue, JsValue> {
        let c = self.game.player_view(Side::Red).captured();
        let mut m = std::collections::BTreeMap::new();
        m.insert("Red", army_js(c.red));
        m.insert("Blue", army_js(c.blue));
        to_js(&m)
    }

    /// What `side`'s enemy still has on the board, by kind (known or not): `{counts, total}`.
    #[wasm_bindgen(js_name = enemyRemaining)]
    pub fn enemy_remaining(&self, side: &str) -> Result<JsValue, JsValue> {
        let s = parse_side(side)?;
        to_js(&army_js(self.game.player_view(s).enemy_remaining()))
    }

    /// As [`Referee::captured`], after the first `ply` plies (stepping through the moves).
    #[wasm_bindgen(js_name = capturedAt)]
    pub fn captured_at(&self, ply: u32) -> Result<JsValue, JsValue> {
        let c = PlayerView::new(&self.position_at(ply)?, Side::Red).captured();
        let mut m = std::collections::BTreeMap::new();
        m.insert("Red", army_js(c.red));
        m.insert("Blue", army_js(c.blue));
        to_js(&m)
    }

    /// As [`Referee::enemy_remaining`], after the first `ply` plies.
    #[wasm_bindgen(js_name = enemyRemainingAt)]
    pub fn enemy_remaining_at(&self, side: &str, ply: u32) -> Result<JsValue, JsValue> {
        let s = parse_side(side)?;
        to_js(&army_js(PlayerView::new(&self.position_at(ply)?, s).enemy_remaining()))
    }

    /// The game in the engine's own record format (tags, numbered moves with battles; see
    /// docs/record-format.md). `red`/`blue` name the players, `date` is free text.
    #[wasm_bindgen(js_name = exportRecord)]
    pub fn export_record(&self, red: &str, blue: &str, date: &str) -> Result<String, JsValue> {
        let mut rec = GameRecord::from_game(&self.game, &self.red, &self.blue);
        rec.event = Some("Stratagem game".to_string());
        rec.red_player = (!red.is_empty()).then(|| red.to_string());
        rec.blue_player = (!blue.is_empty()).then(|| blue.to_string());
        rec.date = (!date.is_empty()).then(|| date.to_string());
        rec.write().map_err(|e| js_err(format!("internal: the record could not be written: {e}")))
    }

    /// The game as a Gravon XML file (field, moves, players, result).
    #[wasm_bindgen(js_name = exportGravon)]
    pub fn export_gravon(&self, red: &str, blue: &str) -> String {
        let g = GravonGame {
            game_type: Some(self.game.variant().name().to_string()),
            field: Some(setups_to_field(&self.red, &self.blue)),
            moves: self
                .game
                .position()
                .history()
                .iter()
                .enumerate()
                .map(|(i, r)| (i as u32 + 1, r.report.mv()))
                .collect(),
            players: vec![("1".to_string(), red.to_string()), ("2".to_string(), blue.to_string())],
            result: self.game.outcome().map(|o| GravonResult::from_outcome(&o)),
            move_lines: Vec::new(),
            field_line: 0,
        };
        g.write()
    }

    /// A game from any record the page knows: the engine's record format, a Gravon XML file,
    /// or an old JSON game file (read only, see [`LegacyJson`]). Every move is replayed through
    /// the engine; errors name line and ply.
    /// A recorded resignation is kept; records that start from a position other than two
    /// setups are refused (the page plays from setups).
    #[wasm_bindgen(js_name = importGame)]
    pub fn import_game(text: &str) -> Result<Referee, JsValue> {
        let t = text.trim_start();
        if t.starts_with('{') {
            return Referee::from_legacy_json(t);
        }
        let resigned = |o: Option<Outcome>| match o {
            Some(Outcome::Win { winner, reason: WinReason::Resignation }) => Some(winner.opponent()),
            _ => None,
        };
        if t.starts_with('<') {
            let g = GravonGame::read(t).map_err(|e| js_err(format!("Gravon file, {e}")))?;
            let field = g.field.as_deref().ok_or_else(|| js_err("the Gravon file has no field"))?;
            let (red, blue) = field_to_setups(field).map_err(|e| js_err(format!("Gravon field: {e}")))?;
            let moves: Vec<Move> = g.moves.iter().map(|&(_, m)| m).collect();
            let outcome = g.recorded_outcome().map_err(|e| js_err(format!("Gravon file, {e}")))?;
            return Referee::from_parts(
                Rules::gravon(),
                &red.to_letters(),
                &blue.to_letters(),
                &moves,
                resigned(outcome),
            );
        }
        // Text that is neither XML nor JSON and has no record tag at all is not a record: say so
        // in plain words rather than with the first tag the record reader misses.
        if !t.lines().any(|l| l.trim_start().starts_with('[')) {
            return Err(js_err(
                "this is not a game record the page can open (a Stratagem record, a Gravon XML file, \
                 or a game exported from this page)",
            ));
        }
        let rec = GameRecord::read(t).map_err(|e| js_err(format!("this game record cannot be read: {e}")))?;
        let RecordStart::Setups { red, blue } = rec.start else {
            return Err(js_err("this record starts from a position, not from two setups: the page cannot play it"));
        };
        Referee::from_parts(rec.rules, &red.to_letters(), &blue.to_letters(), &rec.moves, resigned(rec.result))
    }
}

impl Referee {
    fn from_legacy_json(text: &str) -> Result<Referee, JsValue> {
        let rec: LegacyJson = serde_json::from_str(text)
            .map_err(|e| js_err(format!("this is not a game record the page can open (JSON, but {e})")))?;
        if rec.format != LEGACY_JSON_FORMAT {
            return Err(js_err(format!(
                "unknown JSON game format '{}' (the page reads {LEGACY_JSON_FORMAT} files)",
                rec.format
            )));
        }
        let moves: Result<Vec<Move>, JsValue> = rec
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| Move::parse(m).map_err(|e| js_err(format!("move {}: {e}", i + 1))))
            .collect();
        Referee::from_parts(rec.rules, &rec.red, &rec.blue, &moves?, rec.resigned)
    }

    fn from_parts(
        rules: Rules,
        red: &str,
        blue: &str,
        moves: &[Move],
        resigned: Option<Side>,
    ) -> Result<Referee, JsValue> {
        let mut r = Referee::new(red, blue, to_js(&rules)?)?;
        for (i, &mv) in moves.iter().enumerate() {
            r.game.play(mv).map_err(|e| js_err(format!("move {} ({mv}): {e}", i + 1)))?;
        }
        if let Some(s) = resigned {
            r.game.resign(s).map_err(|e| js_err(format!("resignation: {e}")))?;
        }
        Ok(r)
    }
}

// ---------------------------------------------------------------------------------------
// The bot worker's entry point.

/// Wall-clock time in the page or a worker (`Date.now()`; `window` is absent in a worker).
struct JsClock;

impl Clock for JsClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

#[derive(Serialize)]
struct ProgressJs {
    depth: u32,
    nodes: f64,
    elapsed_ms: f64,
    best: Option<String>,
    score: Option<f64>,
}

fn progress_js(p: &Progress) -> ProgressJs {
    ProgressJs {
        depth: p.depth,
        // u64 -> f64: exact below 2^53, far beyond any node count of a 10 s search.
        nodes: p.nodes as f64,
        elapsed_ms: p.elapsed_ms,
        best: p.best.map(|m| m.to_string()),
        score: p.score,
    }
}

/// The view a worker thinks on: the record from [`Referee::view_record`] (JSON text or the
/// parsed object).
fn parse_view(view: JsValue) -> Result<PlayerView, JsValue> {
    let rec: ViewRecord = from_js(&view, "view")?;
    PlayerView::from_record(&rec).map_err(|e| js_err(format!("view: {e}")))
}

/// A move's time: `budget_ms` clamped to 1..10000; 0 or not finite takes `level`'s time.
fn think_ms(level: &str, budget_ms: f64) -> f64 {
    let default_ms = ai::level(level).map_or(1000.0, |l| l.movetime_ms as f64);
    let ms = if budget_ms.is_finite() && budget_ms > 0.0 { budget_ms } else { default_ms };
    ms.clamp(1.0, MAX_THINK_MS)
}

/// Calls the page's `progress` callback, if any, with `{depth, nodes, elapsed_ms, best, score}`.
fn progress_caller(progress: Option<js_sys::Function>) -> impl FnMut(&Progress) {
    move |p: &Progress| {
        if let Some(f) = &progress
            && let Ok(v) = to_js(&progress_js(p))
        {
            // A throwing callback must not stop the search.
            let _ = f.call1(&JsValue::NULL, &v);
        }
    }
}

#[derive(Serialize)]
struct InfoJs {
    bot: &'static str,
    depth: u32,
    nodes: f64,
    elapsed_ms: f64,
    budget_ms: f64,
    score: Option<f64>,
    /// `[move, score]` pairs, best first (the "Why?" panel).
    candidates: Vec<(String, f64)>,
    /// What the candidates' scores mean, in words (empty if the bot gives none).
    scale: &'static str,
    /// How many workers' parts made the move (1 for [`think`]).
    workers: u32,
}

#[derive(Serialize)]
struct AnswerJs {
    #[serde(rename = "move")]
    mv: String,
    info: InfoJs,
}

fn answer_js(name: &'static str, budget_ms: f64, t: &engine::Thought, workers: u32) -> Result<JsValue, JsValue> {
    to_js(&AnswerJs {
        mv: t.mv.to_string(),
        info: InfoJs {
            bot: name,
            depth: t.depth,
            nodes: t.nodes as f64,
            elapsed_ms: t.elapsed_ms,
            budget_ms,
            score: t.score,
            candidates: t.candidates.iter().map(|(m, v)| (m.to_string(), *v)).collect(),
            scale: ai::bot_entry(name).map_or("", |e| e.scale),
            workers,
        },
    })
}

/// Chooses the bot's move from its view: `view` is the record from
/// [`Referee::view_record`] (JSON text or the parsed object), `level` a level id or bot
/// name, `budget_ms` the time (clamped to 1..10000; 0 or not finite takes the level's time),
/// `seed` a u32 number or a string. `progress`, if given, is called now and then with
/// `{depth, nodes, elapsed_ms, best, score}`. Returns `{move, info: {bot, depth, nodes,
/// elapsed_ms, budget_ms, score, candidates, scale, workers}}`, `candidates` being `[move,
/// score]` pairs, best first (empty for bots that give none), `workers` 1. The seed is the
/// move's own: a caller replaying a game derives it as the engine does, `move_seed(game_seed,
/// ply)` (`ai::engine`).
#[wasm_bindgen]
pub fn think(
    view: JsValue,
    level: &str,
    budget_ms: f64,
    seed: JsValue,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    let view = parse_view(view)?;
    let name = resolve_bot(level)?;
    let ms = think_ms(level, budget_ms);
    let seed = parse_seed(&seed)?;
    let mut bot = ai::make_bot(name).ok_or_else(|| js_err(format!("no bot named '{name}'")))?;
    let mut on_progress = progress_caller(progress);
    // The engine checks the turn, the legal moves and the bot's answer; this only translates.
    let t = engine::think(bot.as_mut(), &view, Budget::time(ms), &JsClock, seed, &mut on_progress)
        .map_err(|e| js_err(e.to_string()))?;
    answer_js(name, ms, &t, 1)
}

/// The bot of `level` (a level id or bot name) if its move splits among workers, else an
/// error naming the bots that do.
fn parts_of(level: &str) -> Result<(&'static str, &'static ai::BotParts), JsValue> {
    let name = resolve_bot(level)?;
    let parts = ai::bot_parts(name).ok_or_else(|| {
        js_err(format!(
            "bot '{name}' does not split its move among workers (bots that do: {})",
            ai::PARTS.iter().map(|p| p.bot).collect::<Vec<_>>().join(", ")
        ))
    })?;
    Ok((name, parts))
}

/// One worker's part as it crosses to the page and back: moves as text, numbers as JS numbers.
#[derive(Serialize, Deserialize)]
struct PartJs {
    moves: Vec<String>,
    sums: Vec<f64>,
    counted: f64,
    nodes: f64,
    depth: u32,
    elapsed_ms: f64,
}

/// A whole number from JS: finite, integral and within 2^53 in magnitude.
fn whole(v: f64, what: &dyn Fn() -> String) -> Result<i64, JsValue> {
    if v.is_finite() && v.fract() == 0.0 && v.abs() <= 9_007_199_254_740_992.0 {
        Ok(v as i64)
    } else {
        Err(js_err(format!("{}: {} is not a whole number", what(), js_number(v))))
    }
}

fn part_from_js(i: usize, v: JsValue) -> Result<engine::Part, JsValue> {
    let p: PartJs = from_js(&v, &format!("parts[{i}]"))?;
    let moves = p
        .moves
        .iter()
        .enumerate()
        .map(|(j, m)| Move::parse(m).map_err(|e| js_err(format!("parts[{i}].moves[{j}]: {e}"))))
        .collect::<Result<Vec<Move>, JsValue>>()?;
    let sums = p
        .sums
        .iter()
        .enumerate()
        .map(|(j, &x)| whole(x, &|| format!("parts[{i}].sums[{j}]")))
        .collect::<Result<Vec<i64>, JsValue>>()?;
    let counted = whole(p.counted, &|| format!("parts[{i}].counted"))?;
    let nodes = whole(p.nodes, &|| format!("parts[{i}].nodes"))?;
    if counted < 0 || nodes < 0 {
        return Err(js_err(format!("parts[{i}]: counted and nodes cannot be negative")));
    }
    Ok(engine::Part {
        moves,
        sums,
        counted: counted as usize,
        nodes: nodes as u64,
        depth: p.depth,
        elapsed_ms: p.elapsed_ms,
    })
}

/// One worker's part of the move of `level`'s bot (a bot listed in `ai::PARTS`; others are an
/// error): `view`, `budget_ms` and `progress` as for [`think`]; `seed` the move's seed, the
/// same for every worker; `worker` this worker's index (0 searches with the move's seed itself,
/// so one worker alone plays as [`think`]) and `workers` how many share the move (the bot shares
/// out among them what the time buys beyond its base work; `worker` must be below it);
/// `max_nodes`, if given, a node budget as well (tests and benchmarks: fixed work). Returns
/// `{moves, sums, counted, nodes, depth, elapsed_ms}` for [`combine_parts`].
#[wasm_bindgen(js_name = thinkPart)]
#[allow(clippy::too_many_arguments)] // the JS call's positional arguments
pub fn think_part(
    view: JsValue,
    level: &str,
    budget_ms: f64,
    seed: JsValue,
    worker: u32,
    workers: u32,
    progress: Option<js_sys::Function>,
    max_nodes: Option<f64>,
) -> Result<JsValue, JsValue> {
    let view = parse_view(view)?;
    let (_, parts) = parts_of(level)?;
    let mut budget = Budget::time(think_ms(level, budget_ms));
    if let Some(n) = max_nodes {
        let n = whole(n, &|| "maxNodes".to_string())?;
        if n < 1 {
            return Err(js_err(format!("maxNodes: {n} is not a positive number of nodes")));
        }
        budget.nodes = Some(n as u64);
    }
    let seed = parse_seed(&seed)?;
    let mut on_progress = progress_caller(progress);
    let p = engine::think_part(parts, &view, budget, &JsClock, seed, (worker, workers), &mut on_progress)
        .map_err(|e| js_err(e.to_string()))?;
    to_js(&PartJs {
        moves: p.moves.iter().map(|m| m.to_string()).collect(),
        // i64 -> f64: exact below 2^53; sums are points times a few samples.
        sums: p.sums.iter().map(|&x| x as f64).collect(),
        counted: p.counted as f64,
        nodes: p.nodes as f64,
        depth: p.depth,
        elapsed_ms: p.elapsed_ms,
    })
}

/// The move the workers' `parts` (an array of [`think_part`] results for this `view` and
/// `level`) add up to, by the bot's own rule: `{move, info}` as [`think`] returns it, `info`
/// summing the nodes, taking the deepest depth and the longest time, with `workers` the number
/// of parts and `budget_ms` the budget the parts were given (for the "Why?" panel). Parts that
/// do not list the view's legal moves are an error that names the part.
#[wasm_bindgen(js_name = combineParts)]
pub fn combine_parts(view: JsValue, level: &str, parts: JsValue, budget_ms: f64) -> Result<JsValue, JsValue> {
    let view = parse_view(view)?;
    let (name, bp) = parts_of(level)?;
    if !js_sys::Array::is_array(&parts) {
        return Err(js_err("parts must be an array of thinkPart results"));
    }
    let list = js_sys::Array::from(&parts)
        .iter()
        .enumerate()
        .map(|(i, v)| part_from_js(i, v))
        .collect::<Result<Vec<_>, JsValue>>()?;
    let t = engine::combine_parts(bp, &view, &list).map_err(|e| js_err(e.to_string()))?;
    answer_js(name, think_ms(level, budget_ms), &t, list.len() as u32)
}

/// Injects a fault into this wasm instance, for the page's fault tests only (www/README.md,
/// "Faults"): `"panic"` panics (with `panic = "abort"` the instance traps with
/// `RuntimeError: unreachable` and is unusable afterwards, as after a bug in a bot), `"hang"`
/// never returns (as a search that does not stop). The bot worker calls it only when the page
/// was opened with a `fault=` query parameter; no control of the page reaches it. Any other
/// `kind` is an error.
#[wasm_bindgen(js_name = injectFault)]
pub fn inject_fault(kind: &str) -> Result<(), JsValue> {
    match kind {
        "panic" => panic!("injected fault: a bot panicked inside wasm (test only)"),
        "hang" => loop {
            // black_box: a loop the optimiser cannot prove empty, like a search that never ends.
            std::hint::black_box(());
        },
        _ => Err(js_err(format!("injectFault: unknown fault '{kind}' (panic, hang)"))),
    }
}

/// Does the fixed work `name` of the native/WebAssembly speed comparison
/// ([`stratagem::benchwork`]) and returns the number of units done; the caller times it.
#[wasm_bindgen(js_name = benchWork)]
pub fn bench_work(name: &str) -> Result<f64, JsValue> {
    stratagem::benchwork::run(name).map(|n| n as f64).map_err(js_err)
}
