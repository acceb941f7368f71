import { SETTING_GROUPS, SYSTEM_SETTINGS, WEB_SETTINGS, type SettingDef } from '@/services/domain/settings';

function table(defs: readonly SettingDef[]): string {
  const rows = defs.map((d) => {
    const range = d.kind === 'int' ? `${d.min} – ${d.max}` : d.kind === 'flag' ? "'0' / '1'" : 'text';
    return `| \`${d.key}\` | \`${d.default}\` | ${range} | ${d.description} |`;
  });
  return ['| setting | default | allowed | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** The catalogue's groups in order, each a heading over its table (as the console lists them). */
function grouped(defs: readonly SettingDef[]): string {
  return (Object.keys(SETTING_GROUPS) as (keyof typeof SETTING_GROUPS)[])
    .map((g) => ({ title: SETTING_GROUPS[g], defs: defs.filter((d) => d.group === g) }))
    .filter((g) => g.defs.length > 0)
    .map((g) => `### ${g.title}\n\n${table(g.defs)}`)
    .join('\n\n');
}

/** The settings reference page, generated from the catalogue so the two never disagree. */
export function renderSettingsDoc(): string {
  return `# Settings

Generated from \`services/domain/settings.ts\` by \`npx tsx scripts/settings-doc.ts\`; do not edit by hand.

Every setting is stored as a string in the \`settings\` table, seeded with the default below on
first start (a re-seed never overwrites a value an operator changed). Change one with
\`npm run settings -- set <key> <value>\`; the value is checked against the allowed range.
\`get_system_configurations\` returns the system settings, \`get_web_settings\` the web settings.

## System configuration

${grouped(SYSTEM_SETTINGS)}

## Web settings

${grouped(WEB_SETTINGS)}
`;
}
