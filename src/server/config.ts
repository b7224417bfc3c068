import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  // PostgreSQL: how many server processes share the port (issue 25, docs/decisions/116, 138); unset → one per core,
  // less one when the database runs on this machine. The embedded database is one process's: without DATABASE_URL
  // there is always one.
  SERVER_PROCESSES: z.coerce
    .number({ message: 'must be a whole number of processes from 1 to 256 (unset: one per CPU core)' })
    .int('must be a whole number of processes from 1 to 256 (unset: one per CPU core)')
    .min(1, 'must be at least 1 (1 = a single process, no cluster)')
    .max(256, 'must be at most 256')
    .optional(),
  // PostgreSQL: how long one statement may take before it is cancelled and the request answered 503 (issue 24).
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(4_000),
  PUBLIC_URL: z
    .url({ message: 'must be an absolute URL such as https://certifiable.example' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SEED: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  // HTTP connections (docs/decisions/052): slow and idle clients are cut off, the connection count is capped.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 32)').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: z
    .url({ message: 'must be an absolute URL such as https://accounts.google.com' })
    .default('https://accounts.google.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ADMIN_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  // GET /metrics (issue 24): with a token, only `Authorization: Bearer <token>`; without, loopback and private addresses.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(128).optional(),
  // Certificate render pool and cache (docs/decisions/021).
  RENDER_WORKERS: z.coerce.number().int().min(1).max(32).optional(),
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(16),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(20_000),
  RENDER_MEMORY_MB: z.coerce.number().int().min(128).max(65_536).default(768),
  RENDER_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(512),
  // A full disk (issue 24, docs/decisions/112): the free space DATA_DIR keeps; below it the server's own files are
  // evicted, uploads refused and (embedded database) writes answered 507; /readyz says disk: false. 0 turns it off.
  DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_048_576).default(64),
  // Card payments (docs/decisions/074): Stripe when both are set, else the built-in test card processor.
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  /** Only for contract tests against a loopback server that speaks Stripe's API. */
  STRIPE_API_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  // US sales tax (docs/decisions/133): off (none charged) or worked out by Stripe Tax with STRIPE_SECRET_KEY.
  US_SALES_TAX: z.enum(['off', 'stripe'], { message: 'must be off or stripe' }).default('off'),
  // Print-on-demand (docs/decisions/083): Printful when the token is set, else the built-in local print shop.
  PRINTFUL_API_TOKEN: z.string().min(10, 'must be a Printful API token').optional(),
  PRINTFUL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters (try: openssl rand -hex 24)').optional(),
  PRINTFUL_STORE_ID: z.string().regex(/^\d+$/, 'must be a Printful store id (digits)').optional(),
  /** Only for contract tests against a loopback server that speaks Printful's API. */
  PRINTFUL_API_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  /** The local print shop: minutes from submission to "in production", and again to "shipped"; 0 = only by an admin. */
  PRINT_SHOP_STEP_MINUTES: z.coerce.number().min(0).max(10_080).default(30),
  /** The local print shop's files in DATA_DIR/print-shop: the least recently written go first past this size. */
  PRINT_SHOP_FILES_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(256),
  // File storage (docs/decisions/093): S3-compatible object storage when S3_BUCKET is set, else DATA_DIR/storage.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens)')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (R2: auto)').default('us-east-1'),
  /** For S3-compatible providers (MinIO, Cloudflare R2, Backblaze B2, …); unset → AWS S3. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an absolute URL such as https://s3.example.com' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  /** Public base URL of the bucket's award-images/ prefix (a CDN or the bucket's public domain); unset → served by us. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an absolute URL such as https://files.certifiable.example' }).optional(),
  // Background jobs (docs/decisions/085).
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** First retry delay of a failed job; later retries back off exponentially (at most an hour apart). */
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A job whose process stops sending heartbeats for this long is retried elsewhere (pg-boss minimum 10). */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  // /readyz reports the job queue unwell when a due job has waited longer than this for a worker (issue 24).
  JOBS_READY_MAX_WAIT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  /**
   * How long a job may wait for a pause in the requests before it runs anyway, on either database (decisions 140 and
   * 143; a queue may ask for longer: the print shop's drawing); 0: no job ever waits.
   */
  JOBS_WAIT_FOR_REQUESTS_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** 'workers' runs jobs in the background; 'manual' runs them only when a test drains the queue. */
  JOBS_MODE: z.enum(['workers', 'manual'], { message: 'must be workers or manual' }).default('workers'),
  // The order pipeline (docs/decisions/108).
  /** How long a payment page stays open before its unpaid order is abandoned (Stripe allows 30 minutes to 24 hours). */
  ORDER_PAYMENT_MINUTES: z.coerce.number().int().min(30).max(1440).default(60),
  /** A checkout whose payment page could not be opened is abandoned after this long (unless tried again). */
  ORDER_UNOPENED_MINUTES: z.coerce.number().min(0).max(60).default(5),
  /** The reconciliation asks the provider about a payment left unsettled (no event) this long. */
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
});

export type Env = z.input<typeof envSchema>;

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY → false, a hop count or a list of addresses; a string is the problem with it. */
export function parseTrustProxy(value: string): false | number | string[] | string {
  const v = value.trim();
  if (v === 'false' || v === '' || v === '0') return false;
  if (v === 'true') {
    return "'true' would believe any client's X-Forwarded-For and void every per-IP limit: set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)";
  }
  if (/^\d+$/.test(v)) return Math.min(Number(v), 16);
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  const bad = list.find((x) => {
    if (PROXY_KEYWORDS.has(x)) return false;
    const [addr, bits, ...rest] = x.split('/');
    const version = isIP(addr ?? '');
    if (!version || rest.length) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  });
  if (bad !== undefined) return `'${bad}' is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`;
  return list;
}

/**
 * The default connection cap: well under the process's open-file limit (sockets are files), so the server
 * sheds idle connections itself long before the kernel refuses to accept (docs/decisions/052).
 */
function defaultMaxConnections(): number {
  let limit = 1024;
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (m) limit = Number(m[1]);
  } catch {
    // not Linux: assume the common default
  }
  return Math.max(64, Math.min(10_000, Math.floor(limit / 2)));
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** postgres:// URL, or undefined for the embedded PGlite database under dataDir */
  databaseUrl: string | undefined;
  /** PostgreSQL: how long one statement may take (statement_timeout; a hung database fails a request in time) */
  dbQueryTimeoutMs: number;
  /**
   * Server processes serving the port (docs/decisions/116, 138): `count` from SERVER_PROCESSES, else one per CPU
   * core on PostgreSQL — less one, at least one, when the database runs on this machine (`databaseHere`: it needs a
   * core of its own); always 1 on the embedded database. `asked` is SERVER_PROCESSES as set (null when unset).
   */
  processes: { count: number; asked: number | null; databaseHere: boolean };
  /** Absolute origin used in canonical links, sitemap and mails; defaults to http://localhost:PORT */
  publicUrl: string;
  logLevel: string;
  /** Directory holding the built web app (index.html + assets) */
  webDistDir: string;
  seed: boolean;
  /**
   * Which proxies may set X-Forwarded-For (docs/decisions/052): false (none; the socket's address is the
   * client), a hop count, or a list of proxy addresses/CIDR ranges. Never "any" — that lets every client
   * choose its own address and walk around every per-IP limit.
   */
  trustProxy: false | number | string[];
  /** GET /metrics needs this bearer token; undefined: it answers loopback and private addresses only. */
  metricsToken: string | undefined;
  /** Connection limits and timeouts of the HTTP server. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; idleTimeoutMs: number; maxConnections: number };
  /**
   * Signs session cookies, CSRF tokens and verification links. When unset, the server
   * generates one and keeps it in DATA_DIR/auth-secret (see docs/decisions/013).
   */
  authSecret: string | undefined;
  /** Google sign-in; null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not both set. */
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  /** smtp:// URL; undefined → mail goes to the outbox table and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Created (or promoted) as a verified admin at start when both are set. */
  bootstrapAdmin: { email: string; password: string } | null;
  /** Certificate PNG/PDF rendering: process pool, its queue and budgets, the disk cache's size. */
  render: { workers: number; queueMax: number; timeoutMs: number; memoryMb: number; cacheMaxMb: number };
  /** The free space DATA_DIR keeps (docs/decisions/112): below it caches are evicted and writes refused with 507; 0 = off. */
  diskMinFreeMb: number;
  /** Stripe; null → the built-in test card processor takes payments (test mode). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  /** Stripe Tax for US sales tax (US_SALES_TAX=stripe, docs/decisions/133); null → US orders pay none. */
  usSalesTax: { secretKey: string; apiUrl: string | undefined } | null;
  /** Printful; null → the built-in local print shop fulfils orders (docs/decisions/083). */
  printful: { token: string; webhookSecret: string; storeId: string | undefined; apiUrl: string | undefined } | null;
  /** The local print shop's pace: minutes per step (submitted → in production → shipped); 0 = by an admin only. */
  printShopStepMinutes: number;
  /** Most megabytes of print files the local print shop keeps in DATA_DIR/print-shop (oldest deleted first). */
  printShopFilesMaxMb: number;
  /** The job queue (pg-boss, docs/decisions/085). */
  jobs: { pollSeconds: number; retryDelaySeconds: number; heartbeatSeconds: number; mode: 'workers' | 'manual'; readyMaxWaitSeconds: number; waitForRequestsMs: number };
  /** The order pipeline's clocks (docs/decisions/108). */
  orders: { paymentMinutes: number; unopenedMinutes: number; reconcileAfterSeconds: number };
  /** S3-compatible file storage; null → files under DATA_DIR/storage (docs/decisions/093). */
  s3: S3Config | null;
}

export interface S3Config {
  /** The one real bucket; the logical buckets (award-images, bug-attachments) are key prefixes in it. */
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** null → the AWS SDK's default credential chain (environment, shared files, instance/container role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  /** Public base of the award-images prefix, without a trailing slash: {key} is appended. undefined → our /files route proxies them. */
  publicUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const TEST_AUTH_SECRET = 'test-only-secret-never-used-outside-vitest-0123456789';

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
  const problems: string[] = [];
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    problems.push(`${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'}: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither`);
  }
  if (!!e.ADMIN_EMAIL !== !!e.ADMIN_PASSWORD) {
    problems.push(`${e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither`);
  }
  if (!!e.STRIPE_SECRET_KEY !== !!e.STRIPE_WEBHOOK_SECRET) {
    problems.push(`${e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'}: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither`);
  }
  if (e.US_SALES_TAX === 'stripe' && !e.STRIPE_SECRET_KEY) {
    problems.push('US_SALES_TAX: stripe needs STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) set');
  }
  if (!!e.PRINTFUL_API_TOKEN !== !!e.PRINTFUL_WEBHOOK_SECRET) {
    problems.push(`${e.PRINTFUL_API_TOKEN ? 'PRINTFUL_WEBHOOK_SECRET' : 'PRINTFUL_API_TOKEN'}: set both PRINTFUL_API_TOKEN and PRINTFUL_WEBHOOK_SECRET, or neither`);
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    problems.push(`${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS default credential chain)`);
  }
  if (!e.S3_BUCKET) {
    const set = S3_SETTINGS.filter((k) => cleaned[k] !== undefined);
    if (set.length) problems.push(`S3_BUCKET: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not; set S3_BUCKET to store files on S3, or unset them`);
  }
  if (problems.length) throw new ConfigError(problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const databaseHere = e.DATABASE_URL ? databaseOnThisMachine(e.DATABASE_URL) : true;
  const processes = e.DATABASE_URL ? (e.SERVER_PROCESSES ?? Math.max(1, availableParallelism() - (databaseHere ? 1 : 0))) : 1;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    processes: { count: processes, asked: e.SERVER_PROCESSES ?? null, databaseHere },
    publicUrl,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(projectRoot, 'dist', 'web')),
    seed: e.SEED === 'true',
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    http: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.IDLE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS ?? defaultMaxConnections(),
    },
    // Tests get a fixed secret so they never touch DATA_DIR; nothing else may rely on it.
    authSecret: e.AUTH_SECRET ?? (e.NODE_ENV === 'test' ? TEST_AUTH_SECRET : undefined),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuerUrl: e.GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
          }
        : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Certifiable <no-reply@${new URL(publicUrl).hostname}>`,
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    render: {
      // One core stays with the server (requests, the embedded database): 1 render process on 2 cores, 2 on more.
      // Several server processes (one per core) have a pool each: 1 render process apiece (docs/decisions/116).
      workers: e.RENDER_WORKERS ?? (processes > 1 ? 1 : Math.max(1, Math.min(2, availableParallelism() - 1))),
      queueMax: e.RENDER_QUEUE_MAX,
      timeoutMs: e.RENDER_TIMEOUT_MS,
      memoryMb: e.RENDER_MEMORY_MB,
      cacheMaxMb: e.RENDER_CACHE_MAX_MB,
    },
    diskMinFreeMb: e.DATA_DIR_MIN_FREE_MB,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : null,
    /** Stripe Tax for US sales tax when US_SALES_TAX=stripe; null: US orders pay none. */
    usSalesTax: e.US_SALES_TAX === 'stripe' && e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL } : null,
    printful:
      e.PRINTFUL_API_TOKEN && e.PRINTFUL_WEBHOOK_SECRET
        ? { token: e.PRINTFUL_API_TOKEN, webhookSecret: e.PRINTFUL_WEBHOOK_SECRET, storeId: e.PRINTFUL_STORE_ID, apiUrl: e.PRINTFUL_API_URL }
        : null,
    printShopStepMinutes: e.PRINT_SHOP_STEP_MINUTES,
    printShopFilesMaxMb: e.PRINT_SHOP_FILES_MAX_MB,
    jobs: { pollSeconds: e.JOBS_POLL_SECONDS, retryDelaySeconds: e.JOBS_RETRY_DELAY_SECONDS, heartbeatSeconds: e.JOBS_HEARTBEAT_SECONDS, mode: e.JOBS_MODE, readyMaxWaitSeconds: e.JOBS_READY_MAX_WAIT_SECONDS, waitForRequestsMs: e.JOBS_WAIT_FOR_REQUESTS_MS },
    orders: { paymentMinutes: e.ORDER_PAYMENT_MINUTES, unopenedMinutes: e.ORDER_UNOPENED_MINUTES, reconcileAfterSeconds: e.RECONCILE_AFTER_SECONDS },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : null,
  };
}

/** The S3 settings that mean nothing without S3_BUCKET. */
const S3_SETTINGS = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const;

/** For entry points (server, CLI): the config, or a readable list of problems and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

export { projectRoot };

/**
 * Whether a postgres:// URL names a server on this machine — a Unix socket (`?host=/run/postgresql`, or no host at
 * all) or a loopback address — so that it shares this machine's cores with the server processes (decision 138).
 */
export function databaseOnThisMachine(databaseUrl: string): boolean {
  const parse = (text: string) => {
    try {
      return new URL(text);
    } catch {
      return null;
    }
  };
  // `postgres://user@/db?host=/run/postgresql` (a socket, no host) is valid to pg but not to WHATWG's URL.
  const url = parse(databaseUrl) ?? parse(databaseUrl.replace(/@\//, '@localhost/'));
  if (!url) return false;
  const host = (url.searchParams.get('host') ?? decodeURIComponent(url.hostname)).replace(/^\[|\]$/g, '').toLowerCase();
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
