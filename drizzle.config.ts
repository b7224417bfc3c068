import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; they only ever move forward.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
});
