// Optional sounds (issue 31), off unless the player turns them on ("Sounds", kept in the browser):
// a short click for each card played, two notes for a trick taken, a soft ping when my turn comes.
// Made by WebAudio oscillators: no sound file to download.

import { $ } from "./util.js";

const KEY = "atout-sounds";
let audio = null;
let chosen = null; // this page's choice, when the browser keeps none (private browsing)

function soundOn() {
  if (chosen !== null) return chosen;
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

/** One tone: `freq` Hz for `ms`, starting `delay` ms from now, fading out. */
function tone(freq, ms, delay = 0, type = "triangle", level = 0.07) {
  if (!audio) return;
  const start = audio.currentTime + delay / 1000;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(level, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
  osc.connect(gain).connect(audio.destination);
  osc.start(start);
  osc.stop(start + ms / 1000 + 0.02);
}

function show(button, on) {
  button.setAttribute("aria-pressed", String(on));
}

/** The audio context, made (or resumed) on a tap or a key: browsers play nothing before one. */
function wake() {
  if (!soundOn() || !window.AudioContext) return;
  audio ||= new AudioContext();
  if (audio.state === "suspended") audio.resume();
}

/** Wire the toggle, and wake the sound on the player's first gesture when it was left on. */
export function initSound() {
  const button = $("#sound-btn");
  if (!button) return;
  show(button, soundOn());
  document.addEventListener("pointerdown", wake);
  document.addEventListener("keydown", wake);
  button.addEventListener("click", () => {
    const on = !soundOn();
    chosen = on;
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      // The choice lasts for this page only.
    }
    show(button, on);
    wake();
    if (on) tone(660, 120);
  });
}

const played = (v) => [...(v.tricks || []), ...(v.trick ? [v.trick] : [])].reduce((n, t) => n + ((t && t.cards) || []).length, 0);

/** Between two frames of the same hand: the sounds of what happened. */
export function soundChanges(app, before, after) {
  if (!audio || !soundOn()) return;
  const a = (before && before.view) || {};
  const b = (after && after.view) || {};
  if (!a.hand_number || a.hand_number !== b.hand_number) return;
  if (played(b) > played(a)) tone(320, 60, 0, "square", 0.03);
  if ((b.tricks || []).length > (a.tricks || []).length) {
    tone(523, 110, 80);
    tone(784, 160, 190);
  }
  const mine = app.F.mySeat;
  if (mine && b.to_move === mine && a.to_move !== mine) tone(880, 180, 60, "sine", 0.05);
}
