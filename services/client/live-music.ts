import { audio, playNotes, type Note } from '@/services/client/game-sounds';

/**
 * The host's background music in a live game, made with the Web Audio API like the game's sounds
 * (no files): a relaxed loop while players join, a driving one while a question is open. Each tune
 * is one bar of eighth notes, scheduled a bar ahead on the audio clock so that it never stutters
 * when the page is busy; `stopMusic` lets the notes already scheduled fade out with the bar.
 */
export type MusicTune = 'lobby' | 'question';

interface Tune {
  /** Seconds per step (an eighth note). */
  readonly step: number;
  /** One bar: each step's notes, `at` relative to the step. */
  readonly bar: readonly (readonly Note[])[];
}

const bass = (f: number, len = 0.22): Note => ({ f, at: 0, len, type: 'triangle', gain: 0.09 });
const lead = (f: number, len = 0.16): Note => ({ f, at: 0, len, type: 'sine', gain: 0.05 });
const hat: Note = { f: 5200, at: 0, len: 0.02, type: 'square', gain: 0.008 };

// Lobby: C major pentatonic over C and A bass, 112 bpm. Question: A minor, a pulsing low A with a
// rising figure and a hat on every step, 140 bpm.
export const TUNES: Readonly<Record<MusicTune, Tune>> = {
  lobby: {
    step: 60 / 112 / 2,
    bar: [
      [bass(131), lead(523)],
      [lead(659)],
      [lead(784)],
      [bass(131), lead(880)],
      [bass(110), lead(784)],
      [lead(659)],
      [lead(587)],
      [bass(110), lead(659)],
    ],
  },
  question: {
    step: 60 / 140 / 2,
    bar: [
      [bass(110, 0.14), hat],
      [bass(110, 0.1), hat],
      [bass(110, 0.14), lead(440, 0.1), hat],
      [bass(110, 0.1), hat],
      [bass(131, 0.14), hat],
      [bass(131, 0.1), lead(494, 0.1), hat],
      [bass(147, 0.14), lead(523, 0.1), hat],
      [bass(165, 0.1), lead(587, 0.1), hat],
    ],
  },
};

let playing: { tune: MusicTune; timer: ReturnType<typeof setInterval>; gain: GainNode } | null = null;

/** Starts a tune (or keeps it going); another tune playing stops. Never throws. */
export function playMusic(tune: MusicTune): void {
  if (playing?.tune === tune) return;
  stopMusic();
  try {
    const ctx = audio();
    if (!ctx) return;
    const gain = ctx.createGain();
    gain.gain.value = 1;
    gain.connect(ctx.destination);
    const { step, bar } = TUNES[tune];
    let next = ctx.currentTime + 0.05;
    let index = 0;
    const schedule = () => {
      // Keep a bar's worth of notes ahead of the audio clock.
      while (next < ctx.currentTime + step * bar.length) {
        playNotes(ctx, bar[index % bar.length]!, next, gain);
        next += step;
        index += 1;
      }
    };
    schedule();
    playing = { tune, timer: setInterval(schedule, 200), gain };
  } catch {
    playing = null;
  }
}

/** Stops the music: the bar already scheduled fades out in a tenth of a second. */
export function stopMusic(): void {
  if (!playing) return;
  clearInterval(playing.timer);
  try {
    const ctx = audio();
    if (ctx) {
      playing.gain.gain.setValueAtTime(playing.gain.gain.value, ctx.currentTime);
      playing.gain.gain.linearRampToValueAtTime(0, ctx.currentTime + 0.1);
      const gain = playing.gain;
      setTimeout(() => gain.disconnect(), 200);
    }
  } catch {
    // Nothing to fade.
  }
  playing = null;
}

/** The tune playing now, if any (for the tests and the mute button's state). */
export function musicPlaying(): MusicTune | null {
  return playing?.tune ?? null;
}
