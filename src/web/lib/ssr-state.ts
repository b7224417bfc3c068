import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { jsonInScript } from '@/contract/json-in-script';
import { ApiRequestError } from './api-client';

/**
 * What the server hands the browser with a rendered page (<script type="application/json" id="app-state">):
 * the TanStack Query cache it rendered from and its clock. Errors travel as plain fields and come back as
 * ApiRequestError, so "not found" hydrates as the same error it was rendered from (docs/decisions/089).
 */
export interface AppState {
  queries: DehydratedState;
  /** The server's Date.now() when it rendered. */
  now: number;
  /** The origin the server wrote into absolute links (its PUBLIC_URL). */
  origin: string;
  /** The path it rendered: HTML kept for another path (the service worker's offline page) is not adopted. */
  path: string;
}

export const APP_STATE_ID = 'app-state';

interface PlainError {
  status: number;
  code: string;
  message: string;
  field?: string | undefined;
}

const plainError = (e: unknown): PlainError | null =>
  e instanceof ApiRequestError ? { status: e.status, code: e.code, message: e.message, field: e.field } : null;

const revive = (e: unknown): ApiRequestError | null => {
  if (!e || typeof e !== 'object') return null;
  const p = e as PlainError;
  return new ApiRequestError(p.status, p.code, p.message, p.field);
};

/** The state as JSON safe inside a <script> element: no "<" survives, so "</script>" in user text cannot end it. */
export function serializeAppState(state: AppState): string {
  const queries = {
    ...state.queries,
    queries: state.queries.queries.map((q) => ({
      ...q,
      // The server's clock: the browser counts the data as fetched when it reads it (hydrateAppState).
      dehydratedAt: state.now,
      state: {
        ...q.state,
        dataUpdatedAt: q.state.dataUpdatedAt ? state.now : 0,
        errorUpdatedAt: q.state.errorUpdatedAt ? state.now : 0,
        error: plainError(q.state.error),
        fetchFailureReason: plainError(q.state.fetchFailureReason),
      },
    })),
  };
  return jsonInScript({ ...state, queries });
}

/** Reads the server's state from the page, or null for a page the server did not render. */
export function readAppState(doc: Document = document): AppState | null {
  const el = doc.getElementById(APP_STATE_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as AppState;
  } catch {
    return null;
  }
}

/**
 * Puts the server's queries into the browser's cache. They count as fetched now (not at the server's clock,
 * which may differ from this browser's), so nothing is fetched again before its staleTime.
 */
export function hydrateAppState(queryClient: QueryClient, state: AppState, now = Date.now()) {
  const queries = state.queries.queries.map((q) => ({
    ...q,
    state: {
      ...q.state,
      error: revive(q.state.error),
      fetchFailureReason: revive(q.state.fetchFailureReason),
      dataUpdatedAt: q.state.status === 'success' ? now : q.state.dataUpdatedAt,
      errorUpdatedAt: q.state.status === 'error' ? now : q.state.errorUpdatedAt,
    },
  }));
  hydrate(queryClient, { ...state.queries, queries } as DehydratedState);
}
