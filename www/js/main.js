// @ts-check
/**
 * The page's wiring: boots the wasm, the board and the bot worker, binds every control to the
 * game's state machine (game.js), and installs the test hook. No game logic lives here.
 *
 * `window.stratagemTest` reads only what the human may know (www/README.md, "Test hook").
 */

import init, * as wasm from '../../pkg/stratagem.js';
import { BoardView, squareIndex, squareName } from './board.js';
import { BotPool, workerCount } from './bot.js';
import { setKinds, isMovable, tip } from './pieces.js';
import { sounds, setSound, soundOn } from './sound.js';
import { S, $, $btn, $input, $select, message, notice, errText, currentLevel, outcome, botSide } from './state.js';
import { fillLevels, fillSavedSetups, showLevelAbout, updateStatus, showBelief } from './panels.js';
import {
  loadGame, loadPrefs, savePrefs as storePrefs, rememberSetup, loadSavedSetups, storeSavedSetups, saveGame, checkStorage, claimGame, checkSavedSetups,
} from './persist.js';
import {
  ui, render, validSetup, setSetup, swapSquares, setupIndexOf, setVariant, setupClick, randomSeed, setupFromHash, startGame, playClick, tryMove,
  undo, resign, newGame, playAgain, exportGame, importGame, showPly, humanTurn, clearSelection, resumeGame,
  offerDraw, startReview, toggleReviewPlay, endReview, requestHint, explainLastBotMove,
} from './game.js';
import { bindEditor, editorSwap } from './editor.js';
import { botSetup, fetchPeople, loadPeople } from './people.js';

/** @typedef {import('./board.js').Cell} Cell */

/** @param {string} text */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function bindControls() {
  // Colour and variant are chosen for the next game; in the setup phase the board follows.
  $select('side').addEventListener('change', () => {
    S.sidePref = /** @type {'Red'|'Blue'|'random'} */ ($select('side').value);
    savePrefs();
    if (S.phase === 'setup') {
      if (S.sidePref !== 'random') S.human = S.sidePref;
      render();
    } else message('The colour applies from the next game.');
  });
  $select('variant').addEventListener('change', () => {
    const v = /** @type {'classic'|'barrage'} */ ($select('variant').value);
    savePrefs();
    if (S.phase !== 'setup') {
      message('The variant applies from the next game.');
      return;
    }
    setVariant(v);
    setSetup(S.setup, v === 'barrage' ? 'Barrage: 8 pieces each (Flag, Bomb, Spy, 2 Scouts, Miner, General, Marshal) anywhere on your four rows.' : 'Classic: 40 pieces each.');
  });
  $select('level').addEventListener('change', () => {
    S.level = $select('level').value;
    savePrefs();
    const lv = currentLevel();
    showLevelAbout();
    message(`${lv.label}: ${lv.about}`);
    if (S.referee && S.phase !== 'setup') saveGame();
    updateStatus();
  });
  // Leaving or replacing a game under way takes a second click: a slip must not lose the game.
  const underWay = () => S.phase === 'play' && (S.referee?.ply() ?? 0) > 0;
  $btn('btn-new-game').addEventListener('click', () => {
    if (underWay() && !confirmed('btn-new-game', 'Abandon game?', 'Click "Abandon game?" again to leave this game for a new one.')) return;
    newGame();
  });
  $btn('btn-undo').addEventListener('click', undo);
  $btn('btn-resign').addEventListener('click', () => {
    if (S.phase !== 'play') return;
    if (!confirmed('btn-resign', 'Resign?', 'Click "Resign?" again to give up this game.')) return;
    resign();
  });
  $btn('btn-flip').addEventListener('click', () => {
    S.flipped = !S.flipped;
    render(); // game.js orients the board: the player's side at the bottom unless flipped
  });
  $btn('btn-sound').addEventListener('click', () => {
    setSound(!soundOn());
    savePrefs();
    showSound();
    if (soundOn()) sounds.move();
  });
  $btn('btn-export').addEventListener('click', () => exportGame('record'));
  $btn('btn-export-over').addEventListener('click', () => exportGame('record'));
  $btn('btn-export-gravon').addEventListener('click', () => exportGame('gravon'));
  $btn('btn-import').addEventListener('click', () => {
    if (underWay() && !confirmed('btn-import', 'Replace game?', 'Click "Replace game?" again to open a record in place of this game.')) return;
    $input('import-file').click();
  });
  $input('import-file').addEventListener('change', () => {
    const f = $input('import-file').files?.[0];
    $input('import-file').value = '';
    if (f) importGame(f);
  });
  $btn('btn-play-again').addEventListener('click', () => {
    endReview();
    playAgain();
  });
  $btn('btn-draw').addEventListener('click', offerDraw);
  $btn('btn-hint').addEventListener('click', requestHint);
  $btn('btn-why').addEventListener('click', explainLastBotMove);
  $btn('btn-review').addEventListener('click', startReview);
  $btn('btn-review-play').addEventListener('click', toggleReviewPlay);
  $btn('btn-review-end').addEventListener('click', endReview);
  $btn('btn-step-back').addEventListener('click', () => {
    const r = S.referee;
    if (r) showPly((S.viewPly ?? r.ply()) - 1);
  });
  $btn('btn-step-forward').addEventListener('click', () => {
    if (S.viewPly != null) showPly(S.viewPly + 1);
  });
  // The move list is one stop in the Tab order; the arrow keys step through it.
  $('move-list').addEventListener('keydown', (ev) => {
    const r = S.referee;
    if (!r || (S.phase !== 'play' && S.phase !== 'over')) return;
    const now = S.viewPly ?? r.ply();
    /** @type {Record<string, number>} */
    const to = { ArrowUp: now - 1, ArrowLeft: now - 1, ArrowDown: now + 1, ArrowRight: now + 1, Home: 0, End: r.ply(), PageUp: now - 10, PageDown: now + 10 };
    if (!(ev.key in to)) return;
    ev.preventDefault();
    showPly(Math.max(0, Math.min(r.ply(), to[ev.key])));
  });

  $btn('btn-random-setup').addEventListener('click', () => setSetup(wasm.randomSetup(S.variant, randomSeed()), 'A random setup.'));
  $btn('btn-smart-setup').addEventListener('click', () => {
    const lv = currentLevel();
    try {
      const made = botSetup(lv.bot, S.variant, randomSeed());
      setSetup(made.setup, made.people ? `One of people's setups, as the ${lv.bot} bot draws them.` : `A setup from the ${lv.bot} bot's generator.`);
    } catch (e) {
      message(errText(e), 'warn');
    }
  });
  $btn('btn-copy-setup').addEventListener('click', async () => {
    const ok = await copyText(S.setup);
    if (!ok) $input('setup-string').select();
    message(ok ? 'Setup string copied.' : 'Select the setup string and copy it (Ctrl+C).');
  });
  const apply = () => {
    const text = $input('setup-input').value;
    try {
      setSetup(text, 'Setup applied.');
    } catch (e) {
      $('setup-error').textContent = errText(e);
    }
  };
  $btn('btn-apply-setup').addEventListener('click', apply);
  $input('setup-input').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') apply();
  });
  $btn('btn-share-link').addEventListener('click', async () => {
    const url = `${location.href.split('#')[0]}#setup=${S.setup}`;
    history.replaceState(null, '', url);
    const ok = await copyText(url);
    message(ok ? 'Link copied: it opens the page with this setup.' : `Share this link: ${url}`);
  });
  $btn('btn-save-setup').addEventListener('click', () => {
    const list = loadSavedSetups();
    const name = $input('setup-name').value.trim() || `Setup ${list.length + 1}`;
    const i = list.findIndex((x) => x.name === name);
    if (i >= 0) list[i] = { name, setup: S.setup, variant: S.variant };
    else list.push({ name, setup: S.setup, variant: S.variant });
    if (!storeSavedSetups(list)) {
      message('The setup could not be saved (the browser storage is full or disabled).', 'warn');
      return;
    }
    fillSavedSetups();
    $select('saved-setups').value = name;
    $input('setup-name').value = '';
    message(`Saved as "${name}".`);
  });
  $btn('btn-load-setup').addEventListener('click', () => {
    const name = $select('saved-setups').value;
    const x = loadSavedSetups().find((s) => s.name === name);
    if (!x) return;
    try {
      const v = x.variant === 'barrage' ? 'barrage' : 'classic';
      wasm.checkSetup(x.setup, v);
      if (v !== S.variant) setVariant(v);
      setSetup(x.setup, `Loaded "${name}".`);
    } catch (e) {
      $('setup-error').textContent = `The saved setup "${name}" is not valid: ${errText(e)}`;
    }
  });
  $btn('btn-start').addEventListener('click', startGame);
  window.addEventListener('hashchange', () => {
    const h = setupFromHash();
    if (!h || S.phase !== 'setup') return;
    if (h.ok && h.variant && h.variant !== S.variant) setVariant(h.variant);
    if (h.ok) setSetup(h.ok, 'Setup loaded from the link.');
    else $('setup-error').textContent = h.error ?? '';
  });
}

/** @type {Record<string, number>} */
const confirmTimers = {};

/**
 * Two-click confirmation on a button: the first click turns its label into `question` for 4 s
 * and returns false; a second click within that time returns true.
 * @param {string} id @param {string} question @param {string} note
 */
function confirmed(id, question, note) {
  const b = $btn(id);
  const reset = () => {
    clearTimeout(confirmTimers[id]);
    if (b.dataset.label != null) b.textContent = b.dataset.label;
    delete b.dataset.confirm;
    delete b.dataset.label;
  };
  if (b.dataset.confirm) {
    reset();
    return true;
  }
  b.dataset.confirm = '1';
  b.dataset.label = b.textContent ?? '';
  b.textContent = question;
  message(note);
  confirmTimers[id] = window.setTimeout(reset, 4000);
  return false;
}

function savePrefs() {
  storePrefs({ level: S.level, sound: soundOn(), side: S.sidePref, variant: $select('variant').value });
}

function showSound() {
  const b = $btn('btn-sound');
  b.textContent = soundOn() ? 'Sound: on' : 'Sound: off';
  b.setAttribute('aria-pressed', String(soundOn()));
}

/** @param {number|null} sq */
function hover(sq) {
  let t = '';
  if (sq != null) {
    /** @type {Cell|null} */
    const cell = ui.board.model?.cells[sq] ?? null;
    if (cell?.kind) t = tip(cell.kind);
    else if (cell?.scout) t = 'A Scout (it moved more than one square)';
    else if (cell && cell.side === botSide()) t = cell.moved ? 'An unknown enemy piece that has moved: no Bomb or Flag' : 'An unknown enemy piece';
  }
  if (ui.board.canvas.title !== t) ui.board.canvas.title = t;
  if (sq != null) showBelief(sq);
}

/**
 * The service worker (sw.js) that keeps the page's own files for offline play; once it is
 * active (the files cached) `body[data-offline="1"]` says so. A browser without service
 * workers, or a refusal, leaves the page as it is (online only).
 */
function registerOffline() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then(() => {
      document.body.dataset.offline = '1';
    })
    .catch((e) => console.warn(`offline play is not available: ${errText(e)}`));
}

function installTestHook() {
  /** @type {any} */ (window).stratagemTest = {
    legalMoves: () => (humanTurn() ? /** @type {wasm.Referee} */ (S.referee).legalMoves() : []),
    squareCenter: (sq) => ui.board.squareCenter(sq),
    cursorSquare: () => squareName(ui.board.cursor),
    setupString: () => (S.phase === 'setup' || !S.referee ? S.setup : S.human === 'Red' ? S.referee.redSetup() : S.referee.blueSetup()),
    state: () => ({
      phase: S.phase === 'loading' ? 'setup' : S.phase,
      toMove: S.referee ? /** @type {'Red'|'Blue'} */ (S.referee.toMove()) : 'Red',
      humanSide: S.human,
      ply: S.referee?.ply() ?? 0,
      lastBotMoveMs: S.lastBotMoveMs,
      outcome: outcome()?.text ?? null,
    }),
  };
}

async function boot() {
  const board = new BoardView(/** @type {HTMLCanvasElement} */ ($('board')), $('board-wrap'), {
    onClick: (sq) => (S.phase === 'setup' ? setupClick(sq) : S.phase === 'loading' ? undefined : playClick(sq)),
    onDrop: (from, to) => {
      if (S.phase === 'setup') {
        if (S.draft != null) editorSwap(from, to);
        else swapSquares(from, to);
      } else if (humanTurn() && S.viewPly == null) tryMove(from, to);
    },
    canDrag: (sq) => {
      if (S.phase === 'setup') return setupIndexOf(sq) >= 0 && !!board.model?.cells[sq];
      if (!humanTurn() || S.viewPly != null) return false;
      const cell = board.model?.cells[sq];
      return !!cell && cell.side === S.human && !!cell.kind && isMovable(cell.kind);
    },
    onEscape: () => {
      S.setupSel = null;
      clearSelection();
      render();
    },
    onHover: hover,
  });
  ui.board = board;
  render();
  // The Strategist's classic setups are people's: the list beside the module (js/people.js),
  // fetched while the module loads.
  const people = fetchPeople();
  try {
    await init();
  } catch (e) {
    $('status').textContent = `The game engine could not be loaded: ${errText(e)}`;
    throw e;
  }
  try {
    loadPeople(await people);
  } catch (e) {
    notice('people', `The Strategist sets up with its generator: people's setups could not be loaded (${errText(e)}).`);
  }
  setKinds(wasm.pieceKinds());
  board.setLakes(wasm.lakeSquares().map(squareIndex));
  S.levels = wasm.levels();
  const prefs = loadPrefs();
  S.level = S.levels.some((l) => l.id === prefs.level) ? /** @type {string} */ (prefs.level) : (S.levels[0]?.id ?? '');
  setSound(prefs.sound !== false);
  S.sidePref = prefs.side === 'Blue' || prefs.side === 'random' ? prefs.side : 'Red';
  S.human = S.sidePref === 'Blue' ? 'Blue' : 'Red';
  $select('side').value = S.sidePref;
  showSound();
  fillLevels();
  fillSavedSetups();
  const query = new URLSearchParams(location.search);
  ui.bot = new BotPool(
    // one worker per core but one (kept for the page), 1 to 4; ?workers=N (tests, benchmarks) sets it
    workerCount(navigator.hardwareConcurrency, query.get('workers')),
    (p) => {
      S.progress = p;
    },
    {
      combine: (view, level, parts, budgetMs) => wasm.combineParts(view, level, parts, budgetMs),
      // test only: the e2e fault tests open the page with ?fault=panic|hang|load (www/README.md, "Faults")
      fault: query.get('fault'),
      onStatus: (why) =>
        notice('bot', why == null ? null : `The bot could not be loaded (${why}): random legal moves are played for it. Reload the page to try again.`),
    },
  );
  bindControls();
  bindEditor();

  // the setup: the share link, else the last one used, else a random one
  setVariant(prefs.variant === 'barrage' ? 'barrage' : 'classic');
  const fromLink = setupFromHash();
  S.phase = 'setup';
  if (fromLink?.ok) {
    if (fromLink.variant && fromLink.variant !== S.variant) setVariant(fromLink.variant);
    S.setup = fromLink.ok;
    rememberSetup(S.setup, S.variant);
  }
  installTestHook();
  checkStorage();
  checkSavedSetups();
  // another tab's saved setups appear here too (a setup saved there is not lost by a save here:
  // each save reads the stored list afresh)
  window.addEventListener('storage', (ev) => {
    if (ev.key === null || ev.key === 'stratagem.setups.v1') {
      fillSavedSetups();
      checkSavedSetups();
    }
  });
  // one tab at a time keeps the game (the others neither restore nor overwrite it)
  await claimGame();
  const saved = loadGame();
  const restored = !!saved;
  if (saved) {
    if (saved.level && S.levels.some((l) => l.id === saved.level)) {
      S.level = saved.level;
      $select('level').value = saved.level;
      showLevelAbout();
    }
    S.human = saved.humanSide;
    resumeGame(saved.referee, saved.seed);
    const n = saved.referee.ply();
    if (saved.note) message(saved.note, 'warn');
    else if (!outcome()) {
      const last = n > 0 ? /** @type {import('./state.js').Report} */ (saved.referee.reportAt(n)) : null;
      message(n ? `Your game was restored (${n} moves played${last ? `, last ${last.text}` : ''}).` : 'Your game was restored.');
    }
  } else {
    S.phase = 'setup';
    render();
  }
  if (fromLink?.ok) message(restored ? 'The setup from the link is ready for your next game.' : 'Setup loaded from the link.');
  if (fromLink?.error) $('setup-error').textContent = fromLink.error;
  document.body.dataset.ready = '1';
  registerOffline();
}
boot();
