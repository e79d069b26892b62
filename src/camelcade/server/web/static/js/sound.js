// Optional sound cues made with Web Audio (nothing downloaded): a move, your turn, refused,
// game over; all behind one setting, off by default (store.js).
// Each cue is also said in words: sound never carries information alone.

let context = null;

const CUES = {
  move: [[440, 0, 0.07]],
  turn: [[660, 0, 0.12], [880, 0.14, 0.16]],
  refused: [[220, 0, 0.2]],
  over: [[523, 0, 0.15], [659, 0.16, 0.15], [784, 0.32, 0.3]],
};

export function play(cue, enabled) {
  if (!enabled || !CUES[cue]) return;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  context = context || new Audio();
  const start = context.currentTime + 0.01;
  for (const [frequency, offset, length] of CUES[cue]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = cue === "refused" ? "square" : "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
    osc.connect(gain).connect(context.destination);
    osc.start(start + offset);
    osc.stop(start + offset + length + 0.02);
  }
}
