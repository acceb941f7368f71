import type { PlayOption, QuestionType } from '@/services/domain/play-session';

/**
 * An answer in words, for the feedback line and the review, in every question shape: "C. Mars";
 * a set "A. Mars, C. Venus"; an order "Mercury → Venus → Earth"; a word as it is. Null when the
 * answer names nothing (none given).
 */
export function answerLabel(question: { question_type: QuestionType; options: readonly PlayOption[] }, answer: string | null): string | null {
  if (answer === null || answer === '') return null;
  const named = (key: string) => {
    const position = question.options.findIndex((o) => o.key === key);
    return position < 0 ? null : { letter: String.fromCharCode(65 + position), text: question.options[position]!.text };
  };
  switch (question.question_type) {
    case 'word':
      return answer;
    case 'multiselect': {
      const parts = answer.split(',').map((k) => named(k.trim())).filter((p) => p !== null);
      return parts.length ? parts.sort((a, b) => a.letter.localeCompare(b.letter)).map((p) => `${p.letter}. ${p.text}`).join(', ') : null;
    }
    case 'sequence': {
      const parts = answer.split(',').map((k) => named(k.trim())).filter((p) => p !== null);
      return parts.length ? parts.map((p) => p.text).join(' → ') : null;
    }
    default: {
      const p = named(answer);
      return p ? `${p.letter}. ${p.text}` : null;
    }
  }
}
