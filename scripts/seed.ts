/**
 * `npm run seed`: seeds the configured database (DATA_DIR / DATABASE_URL) with the setting
 * defaults, languages, interface strings, pages and demo content. Safe to run again: nothing an admin
 * changed is overwritten. SEED_DEMO=0 leaves the demo questions out.
 */
import { readConfig } from '@/services/server/config';
import { openConfiguredDatabase } from '@/services/server/api-runtime';
import { ensureSeeded } from '@/services/server/content/seed';
import { runMain } from './support/run-main';

async function main(): Promise<number> {
  const config = readConfig();
  const started = Date.now();
  const database = await openConfiguredDatabase(config);
  const close = () => database.close();
  try {
    console.log(`Seeding ${database.kind} database at ${database.location}`);
    const { report } = await ensureSeeded(database.db, { rootDir: process.cwd(), demo: config.seedDemo, force: true });
    if (report) {
      const d = report.demo;
      console.log(`  settings added:           ${report.settings.inserted}`);
      console.log(`  content languages added:  ${report.languages.inserted}`);
      console.log(
        report.systemLanguages.skipped
          ? '  interface languages:      skipped (no locales/languages.json)'
          : `  interface languages added: ${report.systemLanguages.inserted}, strings added: ${report.systemLanguages.keysAdded}`,
      );
      console.log(`  pages added:              ${report.pages.inserted}`);
      console.log(
        config.seedDemo
          ? `  demo content:             ${d.categories} categories, ${d.subcategories} subcategories, ${d.inserted} questions added, ` +
              `${d.updated} updated, ${d.unchanged} unchanged, ${d.kept} left as they are`
          : '  demo content:             skipped (SEED_DEMO=0)',
      );
      if (config.seedDemo) {
        const sc = report.schedule;
        console.log(`  demo contests and exams:  ${sc.contests.inserted} contests and ${sc.exams.inserted} exams added, ${sc.contests.kept + sc.exams.kept} kept`);
      }
    }
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await close();
  }
}

runMain(main);
