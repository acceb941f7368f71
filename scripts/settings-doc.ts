/**
 * Writes docs/settings.md from the settings catalogue (services/domain/settings.ts):
 *   npx tsx scripts/settings-doc.ts
 * A test checks that the committed page matches the catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderSettingsDoc } from '@/services/domain/settings-doc';

fs.writeFileSync(path.join(process.cwd(), 'docs', 'settings.md'), renderSettingsDoc());
console.log('docs/settings.md written');
