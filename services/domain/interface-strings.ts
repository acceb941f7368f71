/** A plural form's key (`key_one`, `key_few`…; i18next's names of Intl.PluralRules' categories). */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/**
 * A language's strings with English filling the keys it lacks. English plural forms are left out
 * for a key the language has itself: its own text (or its own forms) reads better than English
 * words ("1 question" in an Arabic page).
 */
export function withEnglishFallback(own: Readonly<Record<string, string>>, english: Readonly<Record<string, string>>): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const [key, text] of Object.entries(english)) {
    if (key in own) continue;
    const base = PLURAL_FORM.test(key) ? key.replace(PLURAL_FORM, '') : null;
    if (base !== null && base in own) continue;
    filled[key] = text;
  }
  return { ...filled, ...own };
}
