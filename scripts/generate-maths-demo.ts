/**
 * `npx tsx scripts/generate-maths-demo.ts`: writes the maths-mania demo files
 * (content/demo/en/maths-arithmetic.json, content/demo/en/maths-algebra.json and the Spanish
 * content/demo/es/maths-arithmetic.json) from the exercises below. Deterministic: the numbers come
 * from a seeded generator, so running it again writes the same files. Questions and options carry
 * LaTeX between `$…$`; the maths pages render it with KaTeX.
 */
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '@/services/domain/seeded-random';

type Lang = 'en' | 'es';
interface Exercise {
  question: Record<Lang, string>;
  right: string;
  wrong: [string, string, string];
  note: Record<Lang, string>;
}

const random = seededRandom(20261125);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
const frac = (n: number, d: number) => {
  const g = gcd(n, d);
  const [p, q] = [n / g, d / g];
  return q === 1 ? `$${p}$` : `$\\frac{${p}}{${q}}$`;
};
const m = (x: number | string) => `$${x}$`;
/** Three wrong answers near the right one, all different from it and from each other. */
function near(right: number, spread: number[]): [string, string, string] {
  return three(
    m(right),
    spread.map((d) => m(right + d)),
    (k) => m(right + k),
  );
}

/** Three wrong options from the candidates, all different from each other and from the right one, filled up with `more`. */
function three(right: string, candidates: string[], more: (k: number) => string): [string, string, string] {
  const out: string[] = [];
  for (const c of candidates) if (c !== right && !out.includes(c) && out.length < 3) out.push(c);
  for (let k = 1; out.length < 3; k++) {
    const c = more(k);
    if (c !== right && !out.includes(c)) out.push(c);
  }
  return [out[0]!, out[1]!, out[2]!];
}

/** `count` exercises with different questions, made by `make` from a running index. */
function distinct(make: (i: number) => Exercise, count = 10): Exercise[] {
  const out: Exercise[] = [];
  for (let i = 0; out.length < count; i++) {
    const e = make(out.length);
    if (!out.some((o) => o.question.en === e.question.en)) out.push(e);
    if (i > 1000) throw new Error('not enough different exercises');
  }
  return out;
}

function additions(): Exercise[] {
  return distinct((i) => {
    const [a, b] = [int(120, 980), int(35, 890)];
    const plus = i % 2 === 0;
    const r = plus ? a + b : a - b;
    const op = plus ? '+' : '-';
    return {
      question: { en: `Work out ${m(`${a} ${op} ${b}`)}.`, es: `Calcula ${m(`${a} ${op} ${b}`)}.` },
      right: m(r),
      wrong: near(r, [10, -10, 100, 1, -100]),
      note: {
        en: plus ? `Add the units, tens and hundreds column by column: ${a} + ${b} = ${r}.` : `Take ${b} away from ${a} column by column: ${a} − ${b} = ${r}.`,
        es: plus ? `Suma unidades, decenas y centenas columna a columna: ${a} + ${b} = ${r}.` : `Resta ${b} de ${a} columna a columna: ${a} − ${b} = ${r}.`,
      },
    };
  });
}

function products(): Exercise[] {
  return distinct((i) => {
    const [a, b] = [int(12, 48), int(6, 19)];
    if (i % 2 === 0) {
      const r = a * b;
      return {
        question: { en: `Work out ${m(`${a} \\times ${b}`)}.`, es: `Calcula ${m(`${a} \\times ${b}`)}.` },
        right: m(r),
        wrong: near(r, [a, -a, b, 10]),
        note: { en: `${a} × ${b} = ${a} × ${b - 1} + ${a} = ${r}.`, es: `${a} × ${b} = ${a} × ${b - 1} + ${a} = ${r}.` },
      };
    }
    const p = a * b;
    return {
      question: { en: `Work out ${m(`${p} \\div ${b}`)}.`, es: `Calcula ${m(`${p} \\div ${b}`)}.` },
      right: m(a),
      wrong: near(a, [1, -1, 2, -2]),
      note: { en: `${b} × ${a} = ${p}, so ${p} ÷ ${b} = ${a}.`, es: `${b} × ${a} = ${p}, así que ${p} ÷ ${b} = ${a}.` },
    };
  });
}

function fractions(): Exercise[] {
  const dens = [2, 3, 4, 5, 6, 8, 10, 12];
  return distinct((i) => {
    const d1 = dens[int(0, dens.length - 1)]!;
    let d2 = dens[int(0, dens.length - 1)]!;
    if (d2 === d1) d2 = d1 === 12 ? 10 : 12;
    const [n1, n2] = [int(1, d1 - 1), int(1, d2 - 1)];
    const plus = i % 2 === 0;
    const num = plus ? n1 * d2 + n2 * d1 : n1 * d2 - n2 * d1;
    const den = d1 * d2;
    const right = num === 0 ? m(0) : num < 0 ? `$-${frac(-num, den).slice(1)}` : frac(num, den);
    const wrongs = three(right, [frac(n1 + n2, d1 + d2), frac(Math.abs(num) + 1, den), frac(Math.abs(num), den + d1)], (k) => frac(Math.abs(num) + k + 1, den + 1));
    const op = plus ? '+' : '-';
    return {
      question: { en: `Work out ${m(`\\frac{${n1}}{${d1}} ${op} \\frac{${n2}}{${d2}}`)}.`, es: `Calcula ${m(`\\frac{${n1}}{${d1}} ${op} \\frac{${n2}}{${d2}}`)}.` },
      right,
      wrong: [wrongs[0]!, wrongs[1]!, wrongs[2]!],
      note: {
        en: `Over the common denominator ${den}: ${n1 * d2} ${op} ${n2 * d1} = ${num}, then simplify.`,
        es: `Con el denominador común ${den}: ${n1 * d2} ${op} ${n2 * d1} = ${num}, y se simplifica.`,
      },
    };
  });
}

function equations(): Exercise[] {
  return distinct(() => {
    const [x, a, b] = [int(-9, 12), int(2, 9), int(-20, 25)];
    const c = a * x + b;
    const bText = b < 0 ? `- ${-b}` : `+ ${b}`;
    return {
      question: { en: `Solve ${m(`${a}x ${bText} = ${c}`)}.`, es: `Resuelve ${m(`${a}x ${bText} = ${c}`)}.` },
      right: m(`x = ${x}`),
      wrong: three(m(`x = ${x}`), [m(`x = ${x + 1}`), m(`x = ${-x}`), m(`x = ${x - 2}`)], (k) => m(`x = ${x + 2 + k}`)),
      note: { en: `Subtract ${b} from both sides, then divide by ${a}: x = (${c} − ${b}) ÷ ${a} = ${x}.`, es: `Resta ${b} en ambos lados y divide entre ${a}: x = (${c} − ${b}) ÷ ${a} = ${x}.` },
    };
  });
}

function powers(): Exercise[] {
  return distinct((i) => {
    if (i % 2 === 0) {
      const [b, e] = [int(2, 9), int(2, 4)];
      const r = b ** e;
      return {
        question: { en: `Work out ${m(`${b}^{${e}}`)}.`, es: `Calcula ${m(`${b}^{${e}}`)}.` },
        right: m(r),
        wrong: three(m(r), [m(b * e), m(r + b), m(b ** (e - 1))], (k) => m(r + k)),
        note: { en: `${b} multiplied by itself ${e} times is ${r}.`, es: `${b} multiplicado por sí mismo ${e} veces es ${r}.` },
      };
    }
    const r = int(4, 25);
    return {
      question: { en: `Work out ${m(`\\sqrt{${r * r}}`)}.`, es: `Calcula ${m(`\\sqrt{${r * r}}`)}.` },
      right: m(r),
      wrong: near(r, [1, -1, r, 2]),
      note: { en: `${r} × ${r} = ${r * r}.`, es: `${r} × ${r} = ${r * r}.` },
    };
  });
}

function percentages(): Exercise[] {
  const pcts = [5, 10, 12, 15, 20, 25, 30, 40, 60, 75];
  return pcts.map((p) => {
    const base = int(2, 30) * 20;
    const r = (p * base) / 100;
    return {
      question: { en: `What is ${m(`${p}\\%`)} of ${m(base)}?`, es: `¿Cuánto es el ${m(`${p}\\%`)} de ${m(base)}?` },
      right: m(r),
      wrong: near(r, [base / 10, -base / 20, r, 5]),
      note: { en: `${p}% of ${base} is ${p} ÷ 100 × ${base} = ${r}.`, es: `El ${p} % de ${base} es ${p} ÷ 100 × ${base} = ${r}.` },
    };
  });
}

/** Places the right option among the wrong ones, at a position that varies with the index. */
function placed(e: Exercise, index: number) {
  const options = [...e.wrong];
  const at = index % 4;
  options.splice(at, 0, e.right);
  return { options, answer: at };
}

function file(lang: Lang, slug: string, name: Record<Lang, string>, row: number, subs: { slug: string; name: Record<Lang, string>; exercises: Exercise[] }[]) {
  return {
    language: lang,
    category: { slug, name: name[lang], row_order: row, kind: 'maths' },
    subcategories: subs.map((s, i) => ({
      slug: s.slug,
      name: s.name[lang],
      row_order: i + 1,
      questions: s.exercises.map((e, k) => {
        const { options, answer } = placed(e, k);
        return { key: `${slug}.${s.slug}.${String(k + 1).padStart(3, '0')}`, type: 'multiple', level: 1, question: e.question[lang], options, answer, note: e.note[lang] };
      }),
    })),
  };
}

const arithmetic = [
  { slug: 'addition-subtraction', name: { en: 'Addition and subtraction', es: 'Suma y resta' }, exercises: additions() },
  { slug: 'multiplication-division', name: { en: 'Multiplication and division', es: 'Multiplicación y división' }, exercises: products() },
  { slug: 'fractions', name: { en: 'Fractions', es: 'Fracciones' }, exercises: fractions() },
];
const algebra = [
  { slug: 'linear-equations', name: { en: 'Linear equations', es: 'Ecuaciones lineales' }, exercises: equations() },
  { slug: 'powers-roots', name: { en: 'Powers and roots', es: 'Potencias y raíces' }, exercises: powers() },
  { slug: 'percentages', name: { en: 'Percentages', es: 'Porcentajes' }, exercises: percentages() },
];

const out: [string, unknown][] = [
  ['content/demo/en/maths-arithmetic.json', file('en', 'maths-arithmetic', { en: 'Arithmetic', es: 'Aritmética' }, 1, arithmetic)],
  ['content/demo/en/maths-algebra.json', file('en', 'maths-algebra', { en: 'Algebra', es: 'Álgebra' }, 2, algebra)],
  ['content/demo/es/maths-arithmetic.json', file('es', 'maths-arithmetic', { en: 'Arithmetic', es: 'Aritmética' }, 1, arithmetic)],
];
for (const [rel, data] of out) {
  fs.writeFileSync(path.join(process.cwd(), rel), `${JSON.stringify(data, null, 2)}\n`);
  console.log(`wrote ${rel}`);
}
