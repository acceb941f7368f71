import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './services/server/db/schema.ts',
  out: './services/server/db/migrations',
});
