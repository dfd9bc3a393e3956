// @ts-check
/**
 * Small WebAudio beeps (no audio files): a tick for a move, two tones for a battle, a short
 * phrase at the end. The AudioContext is made on the first sound after a user gesture;
 * browsers refuse it before one, and then the page simply stays silent.
 */

/** @type {AudioContext|null} */
let ctx = null;
let enabled = true;

/** @param {boolean} on */
export function setSound(on) {
  enabled = on;
}

export function soundOn() {
  return enabled;
}

function audio() {
  if (!enabled) return null;
  try {
    if (!ctx) {
      // Before any click or key press the browser refuses audio (and warns in the console).
      const ua = /** @type {any} */ (navigator).userActivation;
      if (ua && !ua.hasBeenActive) return null;
      const AC = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
      if (!AC) return null;
      ctx = new AC();
    }
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    return ctx;
  } catch {
    return null;
  }
}

/** @param {number} freq Hz @param {number} start s from now @param {number} dur s @param {number} vol */
function tone(freq, start, dur, vol = 0.06) {
  const a = audio();
  if (!a) return;
  const t = a.currentTime + start;
  const o = a.createOscillator();
  const gain = a.createGain();
  o.type = 'sine';
  o.frequency.value = freq;
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(vol, t + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  o.connect(gain).connect(a.destination);
  o.start(t);
  o.stop(t + dur + 0.02);
}

/**
 * Makes the AudioContext now (call from a user gesture that is not time-critical, such as
 * Start): creating it can take 100+ ms of main-thread time, which must not fall while the bot
 * thinks and the page should stay responsive.
 */
export function warmUp() {
  audio();
}

export const sounds = {
  move() {
    tone(520, 0, 0.07);
  },
  battle() {
    tone(330, 0, 0.12, 0.08);
    tone(220, 0.1, 0.16, 0.08);
  },
  illegal() {
    tone(160, 0, 0.12, 0.05);
  },
  win() {
    tone(523, 0, 0.15);
    tone(659, 0.15, 0.15);
    tone(784, 0.3, 0.3);
  },
  lose() {
    tone(392, 0, 0.2);
    tone(311, 0.2, 0.35);
  },
};
