import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (npm run db:generate) and committed; the server applies them at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
