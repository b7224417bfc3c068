/**
 * Bad input answers 4xx, never 500 (issue 7). Reads /api/openapi.json and sends every route malformed,
 * oversized, wrong-typed and hostile path parameters, queries and bodies — one field at a time on top of an
 * otherwise valid request, so each value reaches as deep into the handler as it can — plus broken bodies and
 * cookies. Every answer must be below 500, in the JSON error shape when it is an error, without a stack trace,
 * and a 400 about one field must name that field. The routes come from the app, so new routes are fuzzed too.
 *
 * How many values each field gets: in `npm test` a rotating third of the hostile values (each field a different third,
 * so every value still reaches fields of every kind; whole-body, cookie and cursor cases all); in the PostgreSQL suite
 * (`npm run test:db` sets FUZZ=all), every value on every field (docs/decisions/124).
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIES, CSRF_HEADER } from '@/contract/auth';
import { signedInClient } from '../test/auth-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { catalogue } from '../modules/nominations/test-support';

interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

// Built while the file is collected, so each route becomes its own test (and its own failure report).
const t: TestApp = await createTestApp();
// Not the password the examples guess ('correct horse battery'), so a fuzzed password change cannot succeed.
const { client: admin } = await signedInClient(t.app, { admin: true, password: 'the fuzzer never guesses this 7' });
const cat = await catalogue(t.database.db);
const known: Record<string, string> = { award_id: cat.award.id, template_id: cat.templates[0]!.id, category_id: cat.categories[0]!.id };
const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;

afterAll(async () => {
  await t.close();
});

/** Strings a hostile or careless client sends. Lone surrogates only survive JSON ("\ud800"), not URLs. */
const HOSTILE_TEXT = [
  '',
  '   ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\udfff\ud800',
  '\u202eevil\u202c',
  'x'.repeat(100_000),
  '💥'.repeat(500),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  "$' $& $` $1",
  '0000-01-01',
  '2024-13-45T25:61:61Z',
  '-1',
  '2147483648',
  '99999999999999999999999',
  '1e309',
  'NaN',
  '__proto__',
];
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_TEXT,
  null,
  0,
  -1,
  2 ** 31,
  2 ** 53 + 2,
  1.5,
  -1e308,
  true,
  false,
  [],
  ['a'],
  {},
  { a: 1 },
  { __proto__: { admin: true } },
];
/** Query and path values, already percent-encoded: %00 is NUL, %ED%A0%80 a UTF-8-encoded lone surrogate. */
const HOSTILE_URL = [
  '',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%',
  '%E2%80%AE',
  'x'.repeat(10_000),
  '..',
  '%2e%2e%2f',
  '0000-01-01',
  '2024-13-45T25:61:61Z',
  '-1',
  '0',
  '2147483648',
  '1e309',
  'NaN',
  '__proto__',
  'true',
  '%5B%5D',
];

const cursor = (c: unknown) => Buffer.from(JSON.stringify(c)).toString('base64url');
const uuid0 = '00000000-0000-4000-8000-000000000000';
/** Opaque cursors that decode and pass a format check, yet hold impossible dates or out-of-range counts. */
const HOSTILE_CURSORS = [
  cursor({ s: 'newest', t: '2024-13-45T25:61:61Z', i: uuid0 }),
  cursor({ s: 'newest', t: '0000-01-01T00:00:00Z', i: uuid0 }),
  cursor({ s: 'newest', t: '2024-01-01T00:00:00Z', i: 'not-a-uuid' }),
  cursor({ s: 'most_liked', r: 2 ** 31, t: '2024-01-01T00:00:00Z', i: uuid0 }),
  cursor({ s: 'most_liked', r: 1e300, t: '2024-01-01T00:00:00Z', i: uuid0 }),
  cursor({ s: 'most_liked', r: -1, t: '2024-01-01T00:00:00Z', i: uuid0 }),
  cursor({ s: 'newest', t: 'a\u0000', i: uuid0 }),
  cursor('just a string'),
  cursor(null),
  'not base64 at all!',
];

function example(schema: JsonSchema, name: string): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alt?.length) return example(alt.find((s) => s.type !== 'null') ?? alt[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = example(schema.properties?.[key] ?? {}, key);
      return out;
    }
    default:
      return exampleString(schema, name);
  }
}

function exampleString(schema: JsonSchema, name: string): string {
  if (known[name]) return known[name]!;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email' || /email/.test(name)) return 'fuzz@example.test';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (/password/.test(name)) return 'correct horse battery';
  const candidates = ['Dana Whitfield', 'A'.repeat(16), 'A'.repeat(43), 'abc'];
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const fit = candidates.find((c) => (!pattern || pattern.test(c)) && c.length >= (schema.minLength ?? 0));
  return fit ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

interface Case {
  label: string;
  field?: string;
  options: InjectOptions & { method: string; url: string };
}

/** Every value on every field, or a rotating third (see the header). */
const ALL_VALUES = process.env.FUZZ === 'all';
const SHARE = ALL_VALUES ? 1 : 3;
let fieldCounter = 0;
/** The values this field gets: all, or every SHARE-th starting at an offset that moves on with each field. */
function sample<T>(values: readonly T[]): T[] {
  const offset = fieldCounter++ % SHARE;
  return values.filter((_, i) => i % SHARE === offset);
}

let ipCounter = 0;
/** Each request from its own address, so per-IP limits do not stop the fuzzing short of the code under test. */
const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

function cases(method: string, template: string, op: Operation): { baseline: Case; mutations: Case[] } {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const pathValues = Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(String(example(p.schema, p.name)))]));
  const urlOf = (values: Record<string, string>, query: Record<string, string> = {}) => {
    const path = template.replace(/\{([^}]+)\}/g, (_, n: string) => values[n] ?? 'x');
    const qs = Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&');
    return qs ? `${path}?${qs}` : path;
  };
  const baseBody = bodySchema ? (example(bodySchema, 'body') as Record<string, unknown>) : undefined;
  const json = (payload: unknown) => ({ payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  const base = (): Omit<Case['options'], 'url'> => ({ method, ...(baseBody !== undefined ? json(baseBody) : {}) });
  const out: Case[] = [];

  for (const p of pathParams) {
    for (const v of sample(HOSTILE_URL)) {
      if (v === '') continue; // an empty segment is another path
      out.push({ label: `path ${p.name}=${v.slice(0, 30)}`, field: p.name, options: { ...base(), url: urlOf({ ...pathValues, [p.name]: v }) } });
    }
  }
  for (const p of queryParams) {
    for (const v of [...sample(HOSTILE_URL), ...(/cursor/.test(p.name) ? HOSTILE_CURSORS : [])]) {
      out.push({ label: `query ${p.name}=${v.slice(0, 30)}`, field: p.name, options: { ...base(), url: urlOf(pathValues, { [p.name]: v }) } });
    }
    if (/cursor/.test(p.name)) {
      // A cursor is checked against the sort it belongs to: send each with every sort too.
      const sorts = queryParams.find((q) => q.name === 'sort')?.schema.enum ?? [];
      for (const sort of sorts) {
        for (const v of HOSTILE_CURSORS) {
          out.push({ label: `query ${p.name} (sort ${String(sort)})`, field: p.name, options: { ...base(), url: urlOf(pathValues, { sort: String(sort), [p.name]: v }) } });
        }
      }
    }
    out.push({ label: `query ${p.name} twice`, field: p.name, options: { ...base(), url: `${urlOf(pathValues)}?${p.name}=a&${p.name}=b` } });
  }
  out.push({ label: 'unknown query parameter', options: { ...base(), url: urlOf(pathValues, { 'no-such': '1' }) } });

  if (bodySchema && baseBody && typeof baseBody === 'object') {
    const url = urlOf(pathValues);
    for (const key of Object.keys(bodySchema.properties ?? {})) {
      for (const v of sample(HOSTILE_JSON)) {
        out.push({ label: `body ${key}=${JSON.stringify(v)?.slice(0, 30)}`, field: key, options: { method, url, ...json({ ...baseBody, [key]: v }) } });
      }
    }
    const whole: [string, string | Buffer, string][] = [
      ['empty body', '', 'application/json'],
      ['broken JSON', '{"a":', 'application/json'],
      ['JSON array', '[]', 'application/json'],
      ['JSON string', '"text"', 'application/json'],
      ['JSON number', '123', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['NUL key', '{"\\u0000":1}', 'application/json'],
      ['deep nesting', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, 'application/json'],
      ['deep object', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, 'application/json'],
      ['prototype pollution', '{"__proto__":{"is_admin":true},"constructor":{"prototype":{"x":1}}}', 'application/json'],
      ['over the size limit', Buffer.alloc(1024 * 1024 + 10, 'a'), 'application/json'],
      ['plain text', 'hello', 'text/plain'],
      ['form encoded', 'a=1&b=2', 'application/x-www-form-urlencoded'],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json'],
    ];
    for (const [label, payload, type] of whole) {
      out.push({ label, options: { method, url, payload, headers: { 'content-type': type } } });
    }
  }

  const cookieCases: [string, string][] = [
    ['garbage session cookie', `${AUTH_COOKIES.session}=%00%ff..garbage`],
    ['huge cookie', `${AUTH_COOKIES.session}=${'a'.repeat(8_000)}`],
    ['malformed cookie header', '=;;; =x; ;a'],
  ];
  for (const [label, cookie] of cookieCases) {
    out.push({ label, options: { ...base(), url: urlOf(pathValues), headers: { ...(baseBody !== undefined ? { 'content-type': 'application/json' } : {}), cookie } } });
  }
  return { baseline: { label: 'baseline', options: { ...base(), url: urlOf(pathValues) } }, mutations: out };
}

async function send(c: Case): Promise<LightMyRequestResponse> {
  const unsafe = c.options.method !== 'GET';
  const headers: Record<string, string> = { ...(c.options.headers as Record<string, string> | undefined) };
  if (!headers.cookie) headers.cookie = admin.cookieHeader();
  if (unsafe) headers[CSRF_HEADER] = admin.cookies.get(AUTH_COOKIES.csrf) ?? '';
  return t.app.inject({ ...c.options, headers, remoteAddress: nextIp() } as InjectOptions);
}

function problemsWith(c: Case, res: LightMyRequestResponse, baseField?: string): string[] {
  const where = `${c.options.method} ${c.options.url.slice(0, 120)} [${c.label}]`;
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (/\n\s+at |node_modules|\.ts:\d+|FST_ERR/.test(res.body)) problems.push(`${where}: leaks internals: ${res.body.slice(0, 200)}`);
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  if (res.statusCode >= 400 && res.statusCode !== 404 && !isJson) problems.push(`${where}: ${res.statusCode} is not JSON`);
  if (res.statusCode >= 400 && isJson) {
    const body = res.json() as { error?: { code?: unknown; message?: unknown; field?: unknown } };
    if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') {
      problems.push(`${where}: error shape ${res.body.slice(0, 200)}`);
    } else if (res.statusCode === 400 && c.field && body.error.field !== undefined && body.error.field !== baseField && !String(body.error.field).startsWith(c.field)) {
      problems.push(`${where}: 400 names ${String(body.error.field)}, not ${c.field}`);
    }
  }
  return problems;
}

const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod)
    .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
    .map(([m, op]) => ({ method: m.toUpperCase(), path, op })),
);
// Signing out or deleting the account ends the admin session the other cases run in: those go last.
const endsSession = (o: { method: string; path: string }) => o.path === '/api/auth/sign-out' || (o.method === 'DELETE' && o.path === '/api/account');
ops.sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
let sent = 0;
let sessionChecked = false;

describe('every route of the OpenAPI document, fuzzed', () => {
  it('has routes to fuzz', () => {
    expect(ops.length).toBeGreaterThan(30);
  });

  for (const { method, path, op } of ops) {
    it(`${method} ${path}: malformed, oversized, wrong-typed and hostile input gets a clear 4xx, never a 5xx`, { timeout: 120_000 }, async () => {
      // Everything before the session-ending routes runs as a signed-in admin, so admin code is fuzzed too.
      if (endsSession({ method, path }) && !sessionChecked) {
        expect((await admin.session()).is_admin).toBe(true);
        sessionChecked = true;
      }
      const { baseline, mutations } = cases(method, path, op);
      // The unmutated request: when it is refused for one field (a made-up reset token), mutating another may be too.
      const base = await send(baseline);
      const baseField = base.statusCode === 400 ? (base.json() as { error: { field?: string } }).error.field : undefined;
      const problems: string[] = [...problemsWith(baseline, base)];
      for (const c of mutations) {
        problems.push(...problemsWith(c, await send(c), baseField));
        sent++;
      }
      expect(problems).toEqual([]);
    });
  }

  // Measured: 13,237 requests with every value, 5,496 with a third.
  it(`sent ${ALL_VALUES ? 'over ten thousand' : 'a few thousand'} requests`, () => {
    expect(sent).toBeGreaterThan(ALL_VALUES ? 10_000 : 4_000);
  });
});
