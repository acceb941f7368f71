/** @type {import('next').NextConfig} */
const analyze = process.env.QUIZ_ARENA_ANALYZE === '1';
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  trailingSlash: true,
  // Pages never import services/server; the database client lives only in server.ts's process.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino'],
  // ESM-only packages used by server code; listed so that next/jest compiles them for the tests.
  transpilePackages: ['entities', 'stream-json', 'stream-chain'],
  // bench/web's module report: a second build with browser source maps, beside the real one.
  ...(analyze ? { distDir: '.next-analyze', productionBrowserSourceMaps: true } : {}),
};

module.exports = nextConfig;
