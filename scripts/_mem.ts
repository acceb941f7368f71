import fs from 'node:fs';
import { readConfig } from '@/services/server/config';
import { openConfiguredDatabase } from '@/services/server/api-runtime';
import { importContent } from '@/services/server/content/import';
const mb = (n: number) => Math.round(n / 1048576);
const show = (l: string) => { const m = process.memoryUsage(); console.log(l, 'rss', mb(m.rss), 'heap', mb(m.heapUsed), '/', mb(m.heapTotal), 'ext', mb(m.external), 'ab', mb(m.arrayBuffers), 'peak', Math.round(process.resourceUsage().maxRSS / 1024)); };
(async () => {
  show('start');
  const d = await openConfiguredDatabase(readConfig());
  show('open');
  let k = 0;
  await importContent(d.db, { fileName: process.argv[2]!, input: fs.createReadStream(process.argv[2]!), onProgress: () => { if (++k % 40 === 0) show('batch ' + k); } });
  show('end');
  await d.close();
})();
