import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once at start.
 * A bad value stops start-up with a message naming the variable (see loadConfig).
 * Keep README's configuration table in step with this schema.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z
    .url({ message: 'must be an absolute URL such as https://certifiable.example' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SEED: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** postgres:// URL, or undefined for the embedded PGlite database under dataDir */
  databaseUrl: string | undefined;
  /** Absolute origin used in canonical links, sitemap and mails; defaults to http://localhost:PORT */
  publicUrl: string;
  logLevel: string;
  /** Directory holding the built web app (index.html + assets) */
  webDistDir: string;
  seed: boolean;
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set": `FOO= npm start` should not fail on FOO.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(projectRoot, 'dist', 'web')),
    seed: e.SEED === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
  };
}

export { projectRoot };
