import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { AUTH_COOKIES, CSRF_HEADER } from '@/contract/auth';
import type { Db } from '../db/client';
import { grantRole } from '../modules/roles/roles.service';
import { mailOutbox } from '../db/schema/index';

/** Parses the Set-Cookie headers of a response into name → value (null when deleted). */
export function setCookies(res: LightMyRequestResponse): Map<string, { value: string | null; raw: string }> {
  const header = res.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const out = new Map<string, { value: string | null; raw: string }>();
  for (const raw of list) {
    const [pair, ...attrs] = raw.split(';');
    const eqAt = pair!.indexOf('=');
    const name = pair!.slice(0, eqAt).trim();
    const value = pair!.slice(eqAt + 1).trim();
    const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
    out.set(name, { value: expired || value === '' ? null : value, raw });
  }
  return out;
}

/** Status and error code of an answer, e.g. "429 RATE_LIMITED"; just the status when it is not an error. */
export function outcomeOf(res: LightMyRequestResponse): string {
  if (res.statusCode < 400) return String(res.statusCode);
  const code = (res.json() as { error?: { code?: string } }).error?.code;
  return code ? `${res.statusCode} ${code}` : String(res.statusCode);
}

/**
 * A browser stand-in for app.inject: keeps cookies between requests and, like the web app's
 * API client, sends the CSRF token on every mutation (fetched once from /api/auth/csrf).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  userAgent = 'vitest';
  ip = '203.0.113.7';
  /** Set false to send mutations without the CSRF header. */
  csrf = true;

  constructor(private readonly app: FastifyInstance) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  absorb(res: LightMyRequestResponse) {
    for (const [name, { value }] of setCookies(res)) {
      if (value === null) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(opts: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(opts.method.toUpperCase());
    if (unsafe && this.csrf && !this.cookies.has(AUTH_COOKIES.csrf)) {
      await this.request({ method: 'GET', url: '/api/auth/csrf' });
    }
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      ...(opts.headers as Record<string, string> | undefined),
    };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (unsafe && this.csrf && this.cookies.has(AUTH_COOKIES.csrf)) headers[CSRF_HEADER] = this.cookies.get(AUTH_COOKIES.csrf)!;
    const res = await this.app.inject({ ...opts, headers, remoteAddress: this.ip } as InjectOptions);
    this.absorb(res);
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  put(url: string, payload: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as object });
  }
  patch(url: string, payload: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as object });
  }
  delete(url: string, payload?: unknown) {
    return this.request({ method: 'DELETE', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in', { email, password });
  }

  async session() {
    return (await this.get('/api/auth/session')).json() as {
      user: { id: string; email: string; full_name: string } | null;
      session: { expires_at: string } | null;
      is_admin: boolean;
    };
  }
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.test`;

/** A verified account (optionally admin) straight through the auth service, without mail. */
export async function createUser(
  app: FastifyInstance,
  opts: { email?: string; password?: string; name?: string; admin?: boolean } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct horse battery';
  const { id } = await app.auth.service.ensureVerifiedUser(email, password, opts.name ?? 'Test Person');
  if (opts.admin) await grantRole(app.db, id, 'admin');
  return { id, email: email.toLowerCase(), password };
}

/** A signed-in client for a new verified user. */
export async function signedInClient(app: FastifyInstance, opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, opts);
  const client = new TestClient(app);
  const res = await client.signIn(user.email, user.password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { client, user };
}

/** The newest mail sent to an address (the outbox holds every mail). */
/** Every mail to `to` in the outbox, oldest first. */
export async function mailsTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase())).orderBy(mailOutbox.createdAt);
}

/** Waits until a mail to `to` whose subject matches `subject` is in the outbox (order mails leave through a job). */
export async function waitForSubjectTo(db: Db, to: string, subject: RegExp, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(db, to)).filter((m) => subject.test(m.subject));
    if (found.length) return found.at(-1)!;
    if (Date.now() > until) throw new Error(`no mail to ${to} with a subject like ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail ?? null;
}

/** The first http(s) link in a text. */
export function firstLink(text: string): string {
  const m = /https?:\/\/\S+/.exec(text);
  if (!m) throw new Error(`no link in: ${text}`);
  return m[0];
}

/**
 * The newest mail to `to` of this kind once it exists (and, with delivered, once the mail job has sent or logged
 * it): mails are written by jobs, moments after the request that caused them (docs/decisions/085).
 */
export async function waitForMailTo(db: Db, to: string, kind: string, opts: { delivered?: boolean; timeoutMs?: number } = {}) {
  const until = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to.toLowerCase()), eq(mailOutbox.kind, kind)))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    if (mail && (!opts.delivered || mail.status === 'logged' || mail.status === 'sent')) return mail;
    if (Date.now() > until) throw new Error(`no ${kind} mail to ${to}${mail ? ` delivered (it is ${mail.status})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
