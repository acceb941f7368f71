/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  trailingSlash: true,
  // Pages never import services/server; the database client lives only in server.ts's process.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino'],
  // ESM-only packages used by server code; listed so that next/jest compiles them for the tests.
  transpilePackages: ['entities'],
};

module.exports = nextConfig;
