import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { auditOnly } from '@/tests/e2e/support/browser';
import { browserSuite } from '@/tests/e2e/support/suite';
import { signInPage, signUpPlayer, type Player } from '@/tests/e2e/support/player';

/**
 * Every page reachable by following links, opened one after another in one signed-in tab: for a
 * player from the home page, for an admin from the operators' console. None is a dead end (the
 * not-found page), none throws in the browser or logs an error to its console, and no call a page
 * makes on its own is refused, apart from "nothing to list yet" for a new account.
 */

/** A crawl opens a hundred pages or more, about two seconds each on a 2-core machine (three tabs at once): more than the suite's default. */
const CRAWL_TIMEOUT_MS = 360_000;

const suite = browserSuite({ env: { DEV_OUTBOX: '1' } }, { width: 1280, height: 900 });

/** "No data found" and the contest lists' "none yet" codes: a new account's empty lists, shown as empty states. */
const emptyList = new Set(['102', '113', '114', '115', '116', '117', '118']);

interface Trouble {
  readonly page: string;
  readonly what: string;
}

interface Crawl {
  readonly visited: string[];
  readonly troubles: Trouble[];
  /** The routes whose first page axe audited. */
  readonly audited: ReadonlySet<string>;
}

/** Tabs open at once: each page's wait is mostly the browser's idle time before its background parts load. */
const TABS = 3;

/**
 * Watches one tab: its console errors, uncaught errors, failed page loads and refused calls, each
 * charged to the page the tab was on. A call's refusal is read from its envelope before the page
 * is left (Chromium drops the body of a response whose page has gone): the tab waits for every
 * call it made to finish, its body read, before it goes on. The calls are watched through the
 * page's events, not a route: a route would switch the browser's HTTP cache off, and every page
 * would fetch its scripts again.
 */
function watch(page: Page, troubles: Trouble[]): { at(path: string): void; settled(): Promise<void> } {
  let current = '';
  // Calls under way, and who waits for none to be.
  const pending = new Set<Request>();
  let waiters: (() => void)[] = [];
  const done = (request: Request) => {
    if (!pending.delete(request) || pending.size > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  page.on('console', (message) => {
    // A refused call is also logged by Chromium as a failed load; the call's own check judges those.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) troubles.push({ page: current, what: `console: ${message.text()}` });
  });
  page.on('pageerror', (error) => troubles.push({ page: current, what: `uncaught: ${error.message}` }));
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() >= 400 && !path.startsWith('/api/')) troubles.push({ page: current, what: `HTTP ${response.status()} ${path}` });
  });
  // The room stream (GET) is a long-lived response: only the calls (POST) are waited for.
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  page.on('requestfinished', async (request) => {
    if (!pending.has(request)) return;
    const at = current;
    try {
      const response = await request.response();
      if (response && response.status() >= 400) {
        const body = (await response.json().catch(() => ({ message: 'no JSON envelope' }))) as { message?: string };
        if (response.status() >= 500 || !emptyList.has(String(body.message))) troubles.push({ page: at, what: `HTTP ${response.status()} ${new URL(request.url()).pathname}: ${body.message}` });
      }
    } catch (error) {
      // A call a page's timer made after the crawl's last wait is still being read when the test
      // closes its context: nothing is left to judge. Any other failure to read a call is a trouble.
      if (!page.isClosed()) troubles.push({ page: at, what: `call not read: ${(error as Error).message}` });
    } finally {
      done(request);
    }
  });
  // A call the page itself gave up (it left the view that made it) has nothing to judge.
  page.on('requestfailed', (request) => done(request));
  return {
    at: (path) => (current = path),
    settled: () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

/**
 * The route an address is a page of: the app's pattern from the build's routes manifest
 * (`/quiz-zone/[category]`), or the address itself for a page without parameters.
 */
function routeOf(): (pathname: string) => string {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next', 'routes-manifest.json'), 'utf8')) as { dynamicRoutes: { page: string; regex: string }[] };
  const dynamic = manifest.dynamicRoutes.map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  return (pathname) => dynamic.find((r) => r.regex.test(pathname))?.page ?? pathname;
}

/**
 * Opens `start`, then every same-origin link it finds, breadth first, up to `limit` pages, except
 * those `skip` matches: `TABS` tabs of the page's context, each signed in as `player`, take the
 * next address in turn.
 */
async function crawl(first: Page, player: Player, origin: string, start: string, skip: RegExp, limit: number): Promise<Crawl> {
  const troubles: Trouble[] = [];
  const seen = new Set<string>([start]);
  const queue = [start];
  const visited: string[] = [];
  let busy = 0;
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };

  const tab = async (page: Page) => {
    const watcher = watch(page, troubles);
    for (;;) {
      if (visited.length >= limit) break;
      const path = queue.shift();
      if (path === undefined) {
        // Another tab may still find links: wait for it, or stop when none is busy.
        if (busy === 0) break;
        await changed;
        continue;
      }
      busy += 1;
      visited.push(path);
      watcher.at(path);
      try {
        await page.goto(`${origin}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // The page's own first calls come back before it is left: the route bar is in (the page
        // settled a second ago) and no call the tab made is still under way.
        await page.waitForFunction(() => document.querySelector('[data-route-progress]')?.getAttribute('data-route-progress') === 'idle');
        await watcher.settled();
        if (await page.getByRole('heading', { level: 1, name: /not found/i }).count()) troubles.push({ page: path, what: 'not found' });
        const hrefs = await page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
        for (const href of hrefs) {
          const url = new URL(href);
          if (url.origin !== origin || skip.test(url.pathname) || seen.has(url.pathname)) continue;
          seen.add(url.pathname);
          queue.push(url.pathname);
        }
      } finally {
        busy -= 1;
        signal();
      }
    }
  };

  // axe audits the first page of each route as it is left; the other pages of a route (each
  // category's page, each contest's) share its template and are checked for all the rest.
  const route = routeOf();
  const audited = new Set<string>();
  auditOnly(first.context(), (url) => {
    const key = route(url.pathname);
    if (audited.has(key)) return false;
    audited.add(key);
    return true;
  });
  const pages = [first, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => first.context().newPage())))];
  for (const page of pages) await signInPage(page, player);
  await Promise.all(pages.map(tab));
  return { visited, troubles, audited };
}

test('every page a signed-in player reaches by links opens without a dead end, an error or a refused call', async () => {
  const { page, server } = suite;
  // Not followed: the operators' console (refused to a player, tested on its own), the development outbox, logging out.
  const { visited, troubles, audited } = await crawl(page, await signUpPlayer(server, 'crawler'), server.url, '/', /^\/(admin|dev)\/|logout/, 150);
  // Each route's first page went through axe, a category's page among them.
  expect([...audited]).toEqual(expect.arrayContaining(['/', '/quiz-zone/', '/quiz-zone/[category]']));
  // The crawl reached the modes, not only the shell.
  expect(visited).toEqual(expect.arrayContaining(['/quiz-zone/', '/contest-play/', '/exam-module/', '/guess-the-word/', '/math-mania/', '/random-battle/', '/profile/wallet/']));
  expect(troubles).toEqual([]);
}, CRAWL_TIMEOUT_MS);

test('every page of the operators’ console an admin reaches by links opens without a dead end, an error or a refused call', async () => {
  const { page, server } = suite;
  const admin: Player = await signUpPlayer(server, 'crawling admin');
  await server.restart(() => server.operatorCommand('admin', ['grant', admin.email]));
  const { visited, troubles, audited } = await crawl(page, admin, server.url, '/admin/', /^\/(?!admin\/)|logout/, 150);
  expect([...audited]).toEqual(expect.arrayContaining(['/admin/', '/admin/questions/', '/admin/questions/[id]']));
  expect(visited).toEqual(expect.arrayContaining(['/admin/questions/', '/admin/contests/', '/admin/exams/', '/admin/players/', '/admin/settings/', '/admin/audit/']));
  expect(troubles).toEqual([]);
}, CRAWL_TIMEOUT_MS);
