/** An error the API answered with: {"error":{"code","message","field"}}. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly field?: string,
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

/**
 * The one way the web app talks to the API: JSON in and out, errors turned into
 * ApiRequestError with a message a person can read.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { query?: Query } = {}): Promise<T> {
  const { query, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      credentials: 'same-origin',
      ...rest,
      headers: { accept: 'application/json', ...(rest.body ? { 'content-type': 'application/json' } : {}), ...headers },
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', 'We could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const err = (body as { error?: { code?: string; message?: string; field?: string } } | null)?.error;
    throw new ApiRequestError(
      response.status,
      err?.code ?? 'HTTP_ERROR',
      err?.message ?? 'An unexpected error occurred',
      err?.field,
    );
  }
  return body as T;
}
