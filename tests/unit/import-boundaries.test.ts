import { execFileSync } from 'node:child_process';

// Runs the project's real ESLint configuration on probe sources placed (virtually) in each layer,
// so a change to eslint.config.mjs that loosens a boundary fails here.
const probes = [
  { file: 'machines/probe.machine.ts', code: "import { createGateway } from '@/services/server/gateway/gateway';\nexport const p = createGateway;\n" },
  { file: 'machines/probe.machine.ts', code: "import { useState } from 'react';\nexport const p = useState;\n" },
  { file: 'machines/probe.machine.ts', code: "import { apiCall } from '@/services/client/api';\nexport const p = apiCall;\n" },
  { file: 'components/probe-view.tsx', code: "import { openDatabase } from '@/services/server/db/client';\nexport const p = openDatabase;\n" },
  { file: 'app/probe/page.tsx', code: "import { createRegistry } from '@/services/server/endpoints/registry';\nexport const p = createRegistry;\n" },
  { file: 'services/domain/probe.ts', code: "import { readConfig } from '@/services/server/config';\nexport const p = readConfig;\n" },
  { file: 'services/client/probe.ts', code: "import { hashToken } from '@/services/server/accounts/sessions';\nexport const p = hashToken;\n" },
  { file: 'components/probe-ok.tsx', code: "import { CODES } from '@/services/domain/codes';\nexport const p = CODES;\n" },
  { file: 'services/server/probe-ok.ts', code: "import { CODES } from '@/services/domain/codes';\nexport const p = CODES;\n" },
];

const script = `
const { ESLint } = require('eslint');
const probes = JSON.parse(process.argv[1]);
(async () => {
  // no-cycle needs files on disk; the probes are virtual, and cycles are not what is tested here.
  const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
  const out = [];
  for (const p of probes) {
    const [result] = await eslint.lintText(p.code, { filePath: p.file });
    out.push(result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId));
  }
  process.stdout.write(JSON.stringify(out));
})();
`;

let results: string[][];

beforeAll(() => {
  results = JSON.parse(execFileSync(process.execPath, ['-e', script, JSON.stringify(probes)], { encoding: 'utf8' }));
}, 120_000);

describe('import boundaries are enforced by lint', () => {
  test('a machine may not import server code', () => expect(results[0]).toContain('import/no-restricted-paths'));
  test('a machine may not import React', () => expect(results[1]).toContain('no-restricted-imports'));
  test('a machine may not import the browser API client', () => expect(results[2]).toContain('import/no-restricted-paths'));
  test('a view may not import server code', () => expect(results[3]).toContain('import/no-restricted-paths'));
  test('a page may not import server code', () => expect(results[4]).toContain('import/no-restricted-paths'));
  test('domain rules may not import server code', () => expect(results[5]).toContain('import/no-restricted-paths'));
  test('the browser client may not import server code', () => expect(results[6]).toContain('import/no-restricted-paths'));
  test('views and the server may both import the shared domain', () => {
    expect(results[7]).toEqual([]);
    expect(results[8]).toEqual([]);
  });
});
