/**
 * The shipped systemd units (deploy/systemd, docs/deploy.md): hardened alike, owner-only files,
 * a read-only system but for the folders each writes, a server that comes back after a clean exit,
 * instance ports the environment file cannot override, and `systemd-analyze verify` without a
 * word (it exits 0 on a directive it cannot parse, so its output is checked too).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const DIR = path.join(process.cwd(), 'deploy', 'systemd');
const SERVICES = ['quiz-arena.service', 'quiz-arena@.service', 'quiz-arena-backup.service'];

/** The [Service] section's directives: name → every value given, in order. */
function serviceSection(file: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  let section = '';
  for (const raw of fs.readFileSync(path.join(DIR, file), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    if (section !== 'Service') continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    directives.set(key, [...(directives.get(key) ?? []), line.slice(eq + 1)]);
  }
  return directives;
}

const HARDENING = ['UMask', 'NoNewPrivileges', 'ProtectSystem', 'ProtectHome', 'PrivateTmp', 'PrivateDevices', 'ProtectKernelTunables', 'ProtectKernelModules', 'ProtectControlGroups', 'RestrictSUIDSGID', 'RestrictRealtime', 'LockPersonality'];

test.each(SERVICES)('%s makes its files owner-only and sees the system read-only but for its folders', (file) => {
  const unit = serviceSection(file);
  expect(unit.get('UMask')).toEqual(['0077']);
  // "full" leaves /srv (the app and its data's parent) writable; "strict" leaves only ReadWritePaths.
  expect(unit.get('ProtectSystem')).toEqual(['strict']);
  const writable = (unit.get('ReadWritePaths') ?? []).join(' ').split(/\s+/);
  expect(writable).toContain('/srv/quiz-arena/data');
  if (file.includes('backup')) expect(writable).toContain('/srv/quiz-arena/backups');
  else expect(writable).toEqual(['/srv/quiz-arena/data']);
});

test('the backup unit is hardened exactly as the server', () => {
  const server = serviceSection('quiz-arena.service');
  const backup = serviceSection('quiz-arena-backup.service');
  for (const key of HARDENING) {
    expect([key, backup.get(key)]).toEqual([key, server.get(key)]);
    expect(server.get(key)).toBeDefined();
  }
  // Its folder is made quiz-arena's alone before the backup runs.
  expect(backup.get('ExecStartPre')?.join('\n')).toContain('install -d -o quiz-arena -g quiz-arena -m 0700 /srv/quiz-arena/backups');
});

test('a server that exits 0 after a drain comes back; an instance port cannot be overridden by the environment file', () => {
  expect(serviceSection('quiz-arena.service').get('Restart')).toEqual(['always']);
  const instance = serviceSection('quiz-arena@.service');
  expect(instance.get('Restart')).toEqual(['always']);
  // An EnvironmentFile= overrides Environment=, so PORT and HOST are set on the command itself.
  expect(instance.get('Environment')?.some((e) => /^(PORT|HOST)=/.test(e))).toBe(false);
  expect(instance.get('ExecStart')).toEqual(['/usr/bin/env PORT=%i HOST=127.0.0.1 /usr/bin/node --enable-source-maps dist/server.js']);
});

test("the server units set the variables `npm start` gives the server (package.json), the malloc threshold among them", () => {
  const start = (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
  const variables = start
    .slice(0, start.indexOf(' node '))
    .split(/\s+/)
    .filter((w) => /^[A-Z_][A-Z0-9_]*=/.test(w));
  expect(variables).toContain('MALLOC_MMAP_THRESHOLD_=65536');
  for (const file of ['quiz-arena.service', 'quiz-arena@.service']) {
    const environment = serviceSection(file).get('Environment') ?? [];
    expect([file, variables.filter((v) => !environment.includes(v))]).toEqual([file, []]);
  }
});

test('systemd-analyze verify finds nothing to say about any unit', () => {
  const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => fs.existsSync(p));
  if (!analyze) throw new Error('systemd-analyze is not installed (apt-get install -y systemd): the units cannot be verified');
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-units-'));
  try {
    for (const file of fs.readdirSync(DIR)) fs.copyFileSync(path.join(DIR, file), path.join(copy, file));
    // A template is verified through one of its instances.
    fs.copyFileSync(path.join(DIR, 'quiz-arena@.service'), path.join(copy, 'quiz-arena@3001.service'));
    const units = ['quiz-arena.service', 'quiz-arena@3001.service', 'quiz-arena-backup.service', 'quiz-arena-backup.timer'].map((u) => path.join(copy, u));
    const result = spawnSync(analyze, ['verify', '--man=no', ...units], { encoding: 'utf8' });
    expect({ status: result.status, output: `${result.stdout}${result.stderr}`.trim() }).toEqual({ status: 0, output: '' });
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test('docs/deploy.md gives every step the shipped rolling restart assumes, and the figures it states are the measured ones', () => {
  const doc = fs.readFileSync(path.join(process.cwd(), 'docs', 'deploy.md'), 'utf8');
  const script = fs.readFileSync(path.join(process.cwd(), 'deploy', 'rolling-restart.sh'), 'utf8');
  // The script restarts units named quiz-arena@<port>: the docs install the template, its shared
  // environment file (without PORT or HOST), take the one-machine unit away and enable the instances.
  expect(script).toContain('systemctl restart "quiz-arena@$port"');
  for (const step of [
    'sudo cp deploy/systemd/quiz-arena@.service /etc/systemd/system/',
    '/etc/quiz-arena.env',
    'must not set `PORT` or `HOST`',
    'sudo systemctl disable --now quiz-arena',
    'sudo systemctl enable --now quiz-arena@3001 quiz-arena@3002',
    'sites-enabled/default',
  ]) {
    expect([step, doc.includes(step)]).toEqual([step, true]);
  }
  // /readyz on a new connection to a draining instance is refused, not answered 503.
  expect(doc).not.toContain('`/readyz` answers 503 at once');
  expect(doc).not.toContain('about 0.2 s for a 45 MB database');
});
