/**
 * The OpenAPI document (`GET /api/openapi.json`) as a client generator or an API gateway reads it
 * (docs/decisions/122): every operation names how it is authenticated (`security`), has a stable `operationId`, and
 * declares the media type each answer really has — a file for the success, the JSON error body for a failure.
 * The route schemas stay the source; this file only describes them.
 */
import { STATUS_CODES } from 'node:http';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AUTH_COOKIES, CSRF_HEADER } from '@/contract/auth-cookies';
import { routePolicy } from '../modules/auth';
import { WILDCARD_PARAM } from './validation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route, as far as its handler decides it (the admin guard and CSRF are the app-wide hook's,
     * docs/decisions/050): 'user' — a signed-in caller, else 401 (app.auth.requireUser); 'user-or-token' — a
     * signed-in caller or the capability link's `?token=`. Written into the OpenAPI document's `security`.
     */
    signedIn?: 'user' | 'user-or-token';
  }
}

/** The security schemes every operation's `security` names. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: AUTH_COOKIES.session,
    description: 'The session cookie set by POST /api/auth/sign-in (or Google sign-in). HttpOnly; a browser sends it by itself.',
  },
  adminSession: {
    type: 'apiKey',
    in: 'cookie',
    name: AUTH_COOKIES.session,
    description:
      'The same session cookie, of a user with the admin role (a user_roles row with role admin). Signed out: 401 UNAUTHORIZED; ' +
      'signed in without the role: 403 FORBIDDEN. Operations that need it also say `x-required-role: admin`.',
    'x-required-role': 'admin',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description:
      `The CSRF token: GET /api/auth/csrf sets it in the ${AUTH_COOKIES.csrf} cookie (readable by the page); send the same value in this header ` +
      'with every POST, PUT, PATCH and DELETE made with the session cookie, and with every one under /api/auth, /api/account and /api/admin. ' +
      'A missing or stale token: 403 CSRF_FAILED.',
  },
  orderToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The order link’s token (from the confirmation mail or the success page): opens that order without signing in.',
  },
} as const;

type Requirement = Record<string, string[]>;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The `security` of one operation, from the same rules the app-wide guard applies (routePolicy: the registered
 * pattern and the route's own config) and the route's `signedIn`. A list of alternatives; `{}` is "no credentials".
 */
export function securityOf(method: string, url: string, config: RouteOptions['config']): Requirement[] {
  const policy = routePolicy(url, config ?? {});
  const unsafe = UNSAFE.has(method.toUpperCase());
  // Signed requests (webhooks): no cookie, no token; the provider's signature is checked by the handler.
  if (policy.csrf === 'exempt') return [];
  const csrf: Requirement = unsafe ? { csrf: [] } : {};
  if (policy.admin) return [{ adminSession: [], ...csrf }];
  const signedIn = config?.signedIn;
  if (signedIn === 'user') return [{ session: [], ...csrf }];
  if (signedIn === 'user-or-token') return [{ session: [], ...csrf }, { orderToken: [] }];
  // Open to anyone; a caller holding a session may send it, and then its mutations carry the token too.
  if (policy.csrf === 'always' && unsafe) return [{ csrf: [] }, { session: [], csrf: [] }];
  return [{}, { session: [], ...csrf }];
}

type JsonSchema = Record<string, unknown>;
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/**
 * Responses of a route that `produces` files: the file's type(s) for a success, JSON for an error (what the error
 * handler sends). @fastify/swagger would give every status the `produces` types.
 */
function responsesByStatus(response: Record<string, JsonSchema>, produces: string[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(response)) {
    const success = /^2/.test(status);
    const types = success ? produces : ['application/json'];
    const { description, ...rest } = schema;
    out[status] = {
      description: (typeof description === 'string' && description) || STATUS_CODES[Number(status)] || 'Response',
      content: Object.fromEntries(types.map((type) => [type, { schema: success && !isJson(type) ? { type: 'string', ...rest, ...(description ? { description } : {}) } : schema }])),
    };
  }
  return out;
}

/** The route's schema as swagger reads it: zod → JSON Schema, then security, media types and the wildcard's name. */
export const openApiTransform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const route = input.route;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  const out = { ...(schema as JsonSchema) } as JsonSchema & {
    produces?: string[];
    response?: Record<string, JsonSchema>;
    params?: { properties?: Record<string, JsonSchema>; required?: string[] };
  };
  // One route may serve several methods (GET and HEAD): the same rules apply to each, so the first one speaks.
  out.security ??= securityOf(methods[0]!, route.url, route.config);
  if (route.config?.admin || /^\/api\/admin(\/|$)/.test(route.url)) out['x-required-role'] = 'admin';
  const produces = out.produces?.filter(Boolean) ?? [];
  if (out.response && produces.some((type) => !isJson(type))) {
    out.response = responsesByStatus(out.response, produces);
    delete out.produces;
  }
  // A wildcard ("/files/award-images/*") is a parameter named "*", which no OpenAPI path can hold: call it "path"
  // (as validation errors do).
  let documented = url;
  if (url.endsWith('*')) {
    documented = `${url.slice(0, -1)}:${WILDCARD_PARAM}`;
    const params = out.params;
    if (params?.properties?.['*']) {
      const { '*': rest, ...others } = params.properties;
      out.params = {
        ...params,
        properties: { ...others, [WILDCARD_PARAM]: { ...rest, description: 'The rest of the address (it may hold slashes), e.g. ab12cd/emblem.png' } },
        required: (params.required ?? []).map((name) => (name === '*' ? WILDCARD_PARAM : name)),
      };
    }
  }
  return { schema: out, url: documented };
};

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path: GET /api/admin/awards/{id} → getAdminAwardsById,
 * GET /api/certificates/{share_id}/share.png → getCertificatesByShareIdSharePng. It changes only when the route does.
 */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? `By${words(param[1]!).map(capital).join('')}` : words(segment).map(capital).join('');
    });
  return `${method.toLowerCase()}${parts.join('') || 'Root'}`;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The finished document: an operationId on every operation (a route's own wins), each operation its own object. */
export const openApiTransformObject: SwaggerTransformObject = (input) => {
  if (!('openapiObject' in input)) return input.swaggerObject;
  const { openapiObject } = input;
  const doc = openapiObject as { paths?: Record<string, Record<string, unknown>> };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([method, op]) => {
        if (!METHODS.has(method) || typeof op !== 'object' || op === null) return [method, op];
        const own = (op as { operationId?: string }).operationId;
        return [method, { ...op, operationId: own ?? operationIdOf(method, path) }];
      }),
    );
  }
  return { ...openapiObject, paths } as ReturnType<SwaggerTransformObject>;
};
