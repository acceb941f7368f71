/**
 * The game's sounds, made here with the Web Audio API (no sound files: a few oscillator notes
 * each, a few milliseconds of work), and the matching vibrations on phones. Loaded the first time
 * a play needs one; played only when the player's sound setting is on (useSoundOn).
 */
export type GameSound = 'tap' | 'right' | 'wrong' | 'tick' | 'win' | 'lose';

export interface Note {
  /** Frequency in Hz. */
  readonly f: number;
  /** Start, after the sound starts, and length, in seconds. */
  readonly at: number;
  readonly len: number;
  readonly type?: OscillatorType;
  readonly gain?: number;
}

// A major arpeggio up for a win, a falling minor third for a loss; a short rising pair for a
// right answer, a low square buzz for a wrong one.
const SOUNDS: Readonly<Record<GameSound, readonly Note[]>> = {
  tap: [{ f: 660, at: 0, len: 0.05, type: 'triangle', gain: 0.12 }],
  right: [
    { f: 784, at: 0, len: 0.09, type: 'triangle' },
    { f: 1175, at: 0.08, len: 0.16, type: 'triangle' },
  ],
  wrong: [
    { f: 196, at: 0, len: 0.12, type: 'square', gain: 0.08 },
    { f: 147, at: 0.1, len: 0.2, type: 'square', gain: 0.08 },
  ],
  tick: [{ f: 1046, at: 0, len: 0.04, type: 'sine', gain: 0.1 }],
  win: [
    { f: 523, at: 0, len: 0.12, type: 'triangle' },
    { f: 659, at: 0.11, len: 0.12, type: 'triangle' },
    { f: 784, at: 0.22, len: 0.12, type: 'triangle' },
    { f: 1046, at: 0.33, len: 0.35, type: 'triangle' },
  ],
  lose: [
    { f: 392, at: 0, len: 0.18, type: 'sine' },
    { f: 330, at: 0.17, len: 0.3, type: 'sine' },
  ],
};

/** Vibration patterns (ms on, off, on…) for the same moments. */
const VIBRATIONS: Readonly<Partial<Record<GameSound, number | number[]>>> = {
  right: 20,
  wrong: [40, 40, 40],
  tick: 10,
  win: [30, 50, 30, 50, 60],
  lose: 80,
};

let context: AudioContext | null = null;

/** The page's one audio context (made on first use; resumed when a tap allows it), or null without Web Audio. */
export function audio(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  context ??= new Ctor();
  // A context made before the player touched the page starts suspended: a tap resumes it.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

/** Schedules notes on the context from `start` (its time, in seconds). */
export function playNotes(ctx: AudioContext, notes: readonly Note[], start: number, destination: AudioNode = ctx.destination): void {
  for (const note of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = note.type ?? 'sine';
    osc.frequency.value = note.f;
    const peak = note.gain ?? 0.15;
    // A quick attack and an exponential release: no click at either end.
    gain.gain.setValueAtTime(0.0001, start + note.at);
    gain.gain.exponentialRampToValueAtTime(peak, start + note.at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.len);
    osc.connect(gain).connect(destination);
    osc.start(start + note.at);
    osc.stop(start + note.at + note.len + 0.02);
  }
}

/** Plays a sound and its vibration now. Never throws: a game goes on without its sounds. */
export function playGameSound(sound: GameSound): void {
  try {
    const pattern = VIBRATIONS[sound];
    if (pattern !== undefined && typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
    const ctx = audio();
    if (!ctx) return;
    playNotes(ctx, SOUNDS[sound], ctx.currentTime + 0.01);
  } catch {
    // No audio device, a browser without the API: silence.
  }
}

/** The sounds' count of notes (for the tests): every sound has at least one. */
export const SOUND_NAMES = Object.keys(SOUNDS) as GameSound[];
