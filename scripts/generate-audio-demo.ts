/**
 * `npx tsx scripts/generate-audio-demo.ts`: writes the audio-questions demo — the content files
 * (content/demo/en/audio-listening.json, content/demo/en/audio-everyday.json,
 * content/demo/es/audio-escucha.json) and their clips (public/audio/demo/<language>/<key>.ogg).
 *
 * Every clip is our own text spoken by espeak-ng (Debian package `espeak-ng`) and compressed to
 * Ogg Opus at 16 kbit/s mono by opusenc (`opus-tools`): a few kilobytes each. Deterministic text (a
 * seeded generator picks the numbers); `--text-only` rewrites the JSON without the tools.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '@/services/domain/seeded-random';

type Lang = 'en' | 'es';

interface Clip {
  key: string;
  /** What the clip says (also its transcript). */
  spoken: string;
  question: string;
  right: string;
  wrong: [string, string, string];
  note: string;
}

const random = seededRandom(20261126);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
function pick<T>(list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** Three distinct wrong numbers near the right one. */
function nearNumbers(right: number, spread: readonly number[]): [string, string, string] {
  const out = new Set<number>();
  for (const d of spread) {
    if (out.size === 3) break;
    const n = right + d;
    if (n > 0 && n !== right) out.add(n);
  }
  let k = 1;
  while (out.size < 3) out.add(right + 10 * k++);
  return [...out].map(String) as [string, string, string];
}

// ---- English ---------------------------------------------------------------------------------

const EN_ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
function enNumber(n: number): string {
  if (n < 20) return EN_ONES[n]!;
  if (n < 100) return EN_TENS[Math.floor(n / 10)]! + (n % 10 ? `-${EN_ONES[n % 10]}` : '');
  const rest = n % 100;
  return `${EN_ONES[Math.floor(n / 100)]} hundred${rest ? ` and ${enNumber(rest)}` : ''}`;
}

function enNumbers(): Clip[] {
  return Array.from({ length: 10 }, (_, i) => {
    const n = int(101, 989);
    return {
      key: `audio.listening.numbers.${String(i + 1).padStart(3, '0')}`,
      spoken: `The number is ${enNumber(n)}.`,
      question: `Number ${i + 1}: which number do you hear?`,
      right: String(n),
      wrong: nearNumbers(n, [10, -10, 100, 1, -100, -1, 11]),
      note: `The speaker says ${enNumber(n)}, written ${n}.`,
    };
  });
}

function enSums(): Clip[] {
  const ops = [
    { word: 'plus', f: (a: number, b: number) => a + b },
    { word: 'minus', f: (a: number, b: number) => a - b },
    { word: 'times', f: (a: number, b: number) => a * b },
  ];
  return Array.from({ length: 10 }, (_, i) => {
    const op = ops[i % 3]!;
    const a = op.word === 'times' ? int(3, 12) : int(12, 60);
    const b = op.word === 'times' ? int(3, 12) : int(2, 11);
    const right = op.f(a, b);
    return {
      key: `audio.listening.sums.${String(i + 1).padStart(3, '0')}`,
      spoken: `What is ${enNumber(a)} ${op.word} ${enNumber(b)}?`,
      question: `Sum ${i + 1}: answer the question you hear.`,
      right: String(right),
      wrong: nearNumbers(right, [1, -1, 2, 10, -2, -10]),
      note: `${a} ${op.word} ${b} is ${right}.`,
    };
  });
}

const EN_WORDS: [string, [string, string, string]][] = [
  ['planet', ['plant', 'planed', 'planter']],
  ['rhythm', ['rhyme', 'ribbon', 'rhymed']],
  ['island', ['iceland', 'highland', 'isolate']],
  ['knight', ['night', 'knit', 'knife']],
  ['castle', ['cattle', 'cassette', 'casual']],
  ['science', ['silence', 'scene', 'sequence']],
  ['library', ['liberty', 'literary', 'lottery']],
  ['weather', ['whether', 'feather', 'leather']],
  ['orange', ['arrange', 'orang', 'ranger']],
  ['journey', ['journal', 'jersey', 'attorney']],
];
function enSpelling(): Clip[] {
  return EN_WORDS.map(([word, wrong], i) => ({
    key: `audio.listening.spelling.${String(i + 1).padStart(3, '0')}`,
    spoken: `${[...word.toUpperCase()].join(', ')}.`,
    question: `Spelling ${i + 1}: which word is spelled out?`,
    right: word,
    wrong,
    note: `The letters spell "${word}".`,
  }));
}

const EN_PLACES = ['museum', 'library', 'swimming pool', 'bakery', 'post office', 'cinema', 'market', 'pharmacy', 'bank', 'zoo'];
const EN_TIMES: [string, string][] = [
  ['quarter past nine', '9:15'],
  ['half past four', '4:30'],
  ['quarter to eleven', '10:45'],
  ['ten past eight', '8:10'],
  ['twenty to six', '5:40'],
  ['half past seven', '7:30'],
  ['five to three', '2:55'],
  ['quarter past two', '2:15'],
  ['twenty-five past ten', '10:25'],
  ['noon', '12:00'],
];
function enTimes(): Clip[] {
  const all = EN_TIMES.map(([, t]) => t);
  return EN_PLACES.map((place, i) => {
    const [said, time] = EN_TIMES[i]!;
    const wrong = all.filter((t) => t !== time);
    const w: [string, string, string] = [wrong[(i + 1) % wrong.length]!, wrong[(i + 4) % wrong.length]!, wrong[(i + 7) % wrong.length]!];
    return {
      key: `audio.everyday.times.${String(i + 1).padStart(3, '0')}`,
      spoken: `The ${place} opens at ${said} today.`,
      question: `When does the ${place} open today?`,
      right: time,
      wrong: w,
      note: `"${said[0]!.toUpperCase()}${said.slice(1)}" is ${time}.`,
    };
  });
}

const EN_CITIES = ['Lisbon', 'Vienna', 'Glasgow', 'Marseille', 'Bologna', 'Seville', 'Hamburg', 'Krakow', 'Porto', 'Ghent'];
function enPlatforms(): Clip[] {
  return EN_CITIES.map((city, i) => {
    const platform = int(2, 14);
    return {
      key: `audio.everyday.platforms.${String(i + 1).padStart(3, '0')}`,
      spoken: `The next train to ${city} leaves from platform ${enNumber(platform)}.`,
      question: `Which platform does the train to ${city} leave from?`,
      right: String(platform),
      wrong: nearNumbers(platform, [1, -1, 10, 2, -2]),
      note: `The announcement names platform ${platform}.`,
    };
  });
}

const EN_GOODS = ['apples', 'lemons', 'eggs', 'pears', 'bread rolls', 'tomatoes', 'bananas', 'peaches', 'onions', 'oranges'];
function enPrices(): Clip[] {
  return EN_GOODS.map((goods, i) => {
    const euros = int(1, 4);
    const cents = pick([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const count = int(3, 9);
    const right = `€${euros}.${cents}`;
    const wrong: [string, string, string] = [`€${euros}.${(cents + 20) % 100 || 10}`, `€${euros + 1}.${cents}`, `€${euros}.${String(cents / 10).padStart(2, '0')}`];
    return {
      key: `audio.everyday.prices.${String(i + 1).padStart(3, '0')}`,
      spoken: `${enNumber(count)[0]!.toUpperCase()}${enNumber(count).slice(1)} ${goods} cost ${enNumber(euros)} euro ${enNumber(cents)}.`,
      question: `How much do ${count} ${goods} cost?`,
      right,
      wrong,
      note: `${enNumber(euros)} euro ${enNumber(cents)} is ${right}.`,
    };
  });
}

// ---- Spanish ---------------------------------------------------------------------------------

const ES_ONES = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const ES_TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const ES_HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];
function esNumber(n: number): string {
  if (n < 30) return ES_ONES[n]!;
  if (n < 100) return ES_TENS[Math.floor(n / 10)]! + (n % 10 ? ` y ${ES_ONES[n % 10]}` : '');
  if (n === 100) return 'cien';
  const rest = n % 100;
  return `${ES_HUNDREDS[Math.floor(n / 100)]}${rest ? ` ${esNumber(rest)}` : ''}`;
}

function esNumbers(): Clip[] {
  return Array.from({ length: 10 }, (_, i) => {
    const n = int(101, 989);
    return {
      key: `audio.escucha.numeros.${String(i + 1).padStart(3, '0')}`,
      spoken: `El número es ${esNumber(n)}.`,
      question: `Número ${i + 1}: ¿qué número oyes?`,
      right: String(n),
      wrong: nearNumbers(n, [10, -10, 100, 1, -100, -1]),
      note: `Se dice ${esNumber(n)}, que se escribe ${n}.`,
    };
  });
}

function esSums(): Clip[] {
  const ops = [
    { word: 'más', f: (a: number, b: number) => a + b },
    { word: 'menos', f: (a: number, b: number) => a - b },
    { word: 'por', f: (a: number, b: number) => a * b },
  ];
  return Array.from({ length: 10 }, (_, i) => {
    const op = ops[i % 3]!;
    const a = op.word === 'por' ? int(3, 12) : int(12, 60);
    const b = op.word === 'por' ? int(3, 12) : int(2, 11);
    const right = op.f(a, b);
    return {
      key: `audio.escucha.cuentas.${String(i + 1).padStart(3, '0')}`,
      spoken: `¿Cuánto es ${esNumber(a)} ${op.word} ${esNumber(b)}?`,
      question: `Cuenta ${i + 1}: responde a la pregunta que oyes.`,
      right: String(right),
      wrong: nearNumbers(right, [1, -1, 2, 10, -2, -10]),
      note: `${a} ${op.word} ${b} es ${right}.`,
    };
  });
}

const ES_PLACES = ['el museo', 'la biblioteca', 'la piscina', 'la panadería', 'correos', 'el cine', 'el mercado', 'la farmacia', 'el banco', 'el zoo'];
const ES_TIMES: [string, string][] = [
  ['las nueve y cuarto', '9:15'],
  ['las cuatro y media', '4:30'],
  ['las once menos cuarto', '10:45'],
  ['las ocho y diez', '8:10'],
  ['las seis menos veinte', '5:40'],
  ['las siete y media', '7:30'],
  ['las tres menos cinco', '2:55'],
  ['las dos y cuarto', '2:15'],
  ['las diez y veinticinco', '10:25'],
  ['las doce en punto', '12:00'],
];
function esTimes(): Clip[] {
  const all = ES_TIMES.map(([, t]) => t);
  return ES_PLACES.map((place, i) => {
    const [said, time] = ES_TIMES[i]!;
    const wrong = all.filter((t) => t !== time);
    return {
      key: `audio.escucha.horas.${String(i + 1).padStart(3, '0')}`,
      spoken: `Hoy ${place} abre a ${said}.`,
      question: `¿A qué hora abre hoy ${place}?`,
      right: time,
      wrong: [wrong[(i + 1) % wrong.length]!, wrong[(i + 4) % wrong.length]!, wrong[(i + 7) % wrong.length]!],
      note: `"${said}" son las ${time}.`,
    };
  });
}

// ---- Files -----------------------------------------------------------------------------------

interface Sub {
  slug: string;
  name: string;
  clips: Clip[];
}

function contentFile(language: Lang, slug: string, name: string, rowOrder: number, subs: Sub[]) {
  return {
    language,
    category: { slug, name, row_order: rowOrder, kind: 'audio' },
    subcategories: subs.map((s, i) => ({
      slug: s.slug,
      name: s.name,
      row_order: i + 1,
      questions: s.clips.map((c) => {
        // The right option's place comes from the key, so a rerun keeps it.
        const at = [...c.key].reduce((n, ch) => n + ch.charCodeAt(0), 0) % 4;
        const options = [...c.wrong];
        options.splice(at, 0, c.right);
        return {
          key: c.key,
          type: 'multiple',
          level: 1,
          question: c.question,
          options,
          answer: at,
          note: c.note,
          audio: `/audio/demo/${language}/${c.key}.ogg`,
          transcript: c.spoken,
        };
      }),
    })),
  };
}

const files: { rel: string; language: Lang; data: ReturnType<typeof contentFile>; clips: Clip[] }[] = [];
function add(rel: string, language: Lang, slug: string, name: string, rowOrder: number, subs: Sub[]) {
  files.push({ rel, language, data: contentFile(language, slug, name, rowOrder, subs), clips: subs.flatMap((s) => s.clips) });
}
add('content/demo/en/audio-listening.json', 'en', 'audio-listening', 'Listen and answer', 1, [
  { slug: 'numbers', name: 'Numbers', clips: enNumbers() },
  { slug: 'sums', name: 'Mental sums', clips: enSums() },
  { slug: 'spelling', name: 'Spelling', clips: enSpelling() },
]);
add('content/demo/en/audio-everyday.json', 'en', 'audio-everyday', 'Everyday listening', 2, [
  { slug: 'opening-times', name: 'Opening times', clips: enTimes() },
  { slug: 'station', name: 'At the station', clips: enPlatforms() },
  { slug: 'shopping', name: 'Shopping', clips: enPrices() },
]);
add('content/demo/es/audio-escucha.json', 'es', 'audio-escucha', 'Escucha y responde', 1, [
  { slug: 'numeros', name: 'Números', clips: esNumbers() },
  { slug: 'cuentas', name: 'Cálculo mental', clips: esSums() },
  { slug: 'horas', name: 'Horarios', clips: esTimes() },
]);

const root = process.cwd();
const textOnly = process.argv.includes('--text-only');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-demo-'));
let bytes = 0;
for (const file of files) {
  fs.writeFileSync(path.join(root, file.rel), `${JSON.stringify(file.data, null, 2)}\n`);
  if (textOnly) continue;
  const dir = path.join(root, 'public', 'audio', 'demo', file.language);
  fs.mkdirSync(dir, { recursive: true });
  for (const clip of file.clips) {
    const wav = path.join(work, `${clip.key}.wav`);
    const out = path.join(dir, `${clip.key}.ogg`);
    // A slower voice with a short pause at the start: clearer on a phone speaker.
    execFileSync('espeak-ng', ['-v', file.language, '-s', '140', '-g', '4', '-w', wav, clip.spoken]);
    execFileSync('opusenc', ['--quiet', '--bitrate', '16', '--downmix-mono', wav, out]);
    bytes += fs.statSync(out).size;
  }
}
fs.rmSync(work, { recursive: true, force: true });
const clips = files.reduce((n, f) => n + f.clips.length, 0);
console.log(`${files.length} content files, ${clips} clips${textOnly ? '' : `, ${(bytes / 1024).toFixed(0)} KiB of audio`}`);
