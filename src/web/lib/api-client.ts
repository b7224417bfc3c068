import { AUTH_COOKIES, CSRF_HEADER } from '@/contract/auth-cookies';
import './zod-browser';

/** An error the API answered with: {"error":{"code","message","field","request_id"}}. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly field?: string,
    /** The server's id for the request (X-Request-Id): its log lines carry it. */
    public readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const UNSAFE = /^(POST|PUT|PATCH|DELETE)$/i;
const unauthorizedListeners = new Set<() => void>();

/** Called when the API says the session is gone (401 UNAUTHORIZED); the auth store signs out. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function readCookie(name: string): string | undefined {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

/** The CSRF token from its cookie, asking the server for one first when there is none. */
async function csrfToken(renew = false): Promise<string | undefined> {
  if (!renew) {
    const existing = readCookie(AUTH_COOKIES.csrf);
    if (existing) return existing;
  }
  const res = await fetch('/api/auth/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as { csrf_token?: string } | null;
  return body?.csrf_token ?? readCookie(AUTH_COOKIES.csrf);
}

/** Sends a request with credentials and, for mutations, the CSRF token; turns failures into ApiRequestError. */
async function request(path: string, init: RequestInit & { query?: Query }, accept: string, retried: boolean): Promise<Response> {
  const { query, headers, ...rest } = init;
  let response: Response;
  try {
    const unsafe = UNSAFE.test(rest.method ?? 'GET');
    const token = unsafe ? await csrfToken(retried) : undefined;
    response = await fetch(withQuery(path, query), {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept,
        // A FormData body sets its own multipart content type (with the boundary).
        ...(rest.body && !(rest.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...(token ? { [CSRF_HEADER]: token } : {}),
        ...headers,
      },
    });
  } catch (err) {
    // An abort is the caller's own doing (a newer request replaced this one): let it through as is.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(0, 'NETWORK_ERROR', 'We could not reach the server. Check your connection and try again.');
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  const err = (body as { error?: { code?: string; message?: string; field?: string; request_id?: string } } | null)?.error;
  // The CSRF cookie is a browser-session cookie: after a restart, fetch a fresh one and try once more.
  if (err?.code === 'CSRF_FAILED' && !retried) return request(path, init, accept, true);
  if (response.status === 401 && err?.code === 'UNAUTHORIZED') unauthorizedListeners.forEach((l) => l());
  const requestId = err?.request_id ?? response.headers.get('x-request-id') ?? undefined;
  let message = err?.message ?? 'An unexpected error occurred';
  // A failure on our side carries a short reference a customer can quote to support: it finds the request's log lines.
  if (response.status >= 500 && requestId) message = `${message} (Reference: ${requestId.slice(0, 8)})`;
  throw new ApiRequestError(response.status, err?.code ?? 'HTTP_ERROR', message, err?.field, requestId);
}

/**
 * The one way the web app talks to the API: JSON in and out, errors turned into
 * ApiRequestError with a message a person can read. Mutations carry the CSRF token
 * (docs/decisions/012); a 401 tells the auth store the session is gone.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { query?: Query } = {}): Promise<T> {
  const response = await request(path, init, 'application/json', false);
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => null)) as T;
}

/** Like apiFetch, for endpoints that answer with a file (an SVG preview, an image): the body as a Blob. */
export async function apiFetchBlob(path: string, init: RequestInit & { query?: Query } = {}, accept = '*/*'): Promise<Blob> {
  const response = await request(path, init, accept, false);
  return response.blob();
}
