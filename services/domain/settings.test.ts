import fs from 'node:fs';
import path from 'node:path';
import {
  ALL_SETTINGS,
  defaultSettings,
  intSetting,
  validateSetting,
} from '@/services/domain/settings';
import { renderSettingsDoc } from '@/services/domain/settings-doc';

describe('the settings catalogue', () => {
  test('holds every number rules.md names with its default', () => {
    const d = defaultSettings();
    expect(d).toMatchObject({
      quiz_zone_total_level_question: '10',
      quiz_zone_duration: '30',
      quiz_winning_percentage: '30',
      maximum_winning_coins: '4',
      minimum_coins_winning_percentage: '70',
      // Ours (docs/economy.md): a first session that can try every mode once. rules.md: 10, 10, 10, 50.
      quiz_zone_lifeline_deduct_coin: '5',
      guess_the_word_hint_deduct_coin: '2',
      guess_the_word_max_winning_coins: '10',
      self_challenge_max_questions: '50',
      self_challenge_max_minutes: '30',
      review_answers_deduct_coin: '5',
      random_battle_entry_coin: '5',
      random_battle_search_seconds: '30',
      battle_correct_answer_points: '4',
      battle_quick_answer_bonus_2s: '2',
      battle_quick_answer_bonus_4s: '1',
      battle_reconnect_grace_seconds: '10',
      group_battle_max_players: '4',
      welcome_bonus_coin: '50',
      earn_coin: '75',
      refer_coin: '100',
      per_coin: '10',
      coin_amount: '1',
      coin_limit: '100',
      payment_request_interval_hours: '48',
      exam_violation_hidden_seconds: '5',
      maintenance_mode: '0',
      demo_mode: '0',
    });
  });

  test('has no key twice', () => {
    const keys = ALL_SETTINGS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('every default passes its own validation', () => {
    for (const def of ALL_SETTINGS) expect([def.key, validateSetting(def.key, def.default)]).toEqual([def.key, null]);
  });

  test('refuses a flag that is not 0 or 1, a number out of range and an unknown key', () => {
    expect(validateSetting('maintenance_mode', 'yes')).toBe("maintenance_mode must be '0' or '1'");
    expect(validateSetting('quiz_winning_percentage', '101')).toBe('quiz_winning_percentage must be at most 100');
    expect(validateSetting('quiz_zone_duration', '2.5')).toBe('quiz_zone_duration must be a whole number');
    expect(validateSetting('no_such_setting', '1')).toBe('unknown setting no_such_setting');
  });

  test('reads an unusable stored number as its default', () => {
    expect(intSetting({ quiz_zone_duration: 'abc' }, 'quiz_zone_duration')).toBe(30);
    expect(intSetting({ quiz_zone_duration: '45' }, 'quiz_zone_duration')).toBe(45);
  });

  test('every setting the other docs name with a figure, `name` (N), is given its default', () => {
    const defaults = defaultSettings();
    const wrong: string[] = [];
    let checked = 0;
    for (const file of fs.readdirSync(path.join(process.cwd(), 'docs')).filter((f) => f.endsWith('.md') && f !== 'settings.md')) {
      const text = fs.readFileSync(path.join(process.cwd(), 'docs', file), 'utf8');
      for (const m of text.matchAll(/`([a-z_]+)` \((-?[0-9][0-9,]*)\)/g)) {
        const key = m[1]!;
        if (!(key in defaults)) continue; // an error code, not a setting
        checked += 1;
        if (m[2]!.replace(/,/g, '') !== defaults[key]) wrong.push(`docs/${file}: ${key} (${m[2]}), default ${defaults[key]}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(5);
  });

  test('docs/settings.md is the page the catalogue renders', () => {
    const committed = fs.readFileSync(path.join(process.cwd(), 'docs', 'settings.md'), 'utf8');
    expect(committed).toBe(renderSettingsDoc());
  });
});
