/** @type {import('next').NextConfig} */
const analyze = process.env.QUIZ_ARENA_ANALYZE === '1';
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: {
    // Fewer, larger script chunks (decision 039): a phone on a slow network pays a round trip per
    // request on each of its six connections, and every page may be the first a player opens.
    turbopackChunking: { firstPageLoadPriority: 1, requestCost: 1_000_000, minChunkSize: 300_000, maxChunkCountPerGroup: 3 },
    // Each page's server code loads when the page is first asked for, not all of them at start
    // (decision 054): the server starts smaller, and a page nobody opens costs nothing.
    preloadEntriesOnStart: false,
  },
  trailingSlash: true,
  // `npm test` checks the types itself (scripts/test-all.sh: `next typegen`, then `tsc --noEmit`,
  // in the lane before the build) and then builds with QA_TYPES_CHECKED=1, so the build does not
  // check them a second time. Every other build, `npm start`'s included, checks them.
  typescript: { ignoreBuildErrors: process.env.QA_TYPES_CHECKED === '1' },
  // Pages never import services/server; the database client lives only in server.ts's process.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino'],
  // ESM-only packages used by server code; listed so that next/jest compiles them for the tests.
  transpilePackages: ['entities', 'stream-json', 'stream-chain'],
  // bench/web's module report: a second build with browser source maps, beside the real one.
  ...(analyze ? { distDir: '.next-analyze', productionBrowserSourceMaps: true } : {}),
};

module.exports = nextConfig;
