/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  trailingSlash: true,
  // Pages never import services/server; the database client lives only in server.ts's process.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino'],
};

module.exports = nextConfig;
