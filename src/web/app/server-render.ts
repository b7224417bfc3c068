import type { QueryClient } from '@tanstack/react-query';
import type { Award } from '@/contract/awards';
import type { Certificate } from '@/contract/nominations';
import type { Quiz } from '@/contract/quiz';
import type { AwardMockups } from '@/contract/shop';
import type { HeadOverrides } from '@/contract/seo';
import type { DesignTemplate } from '@/contract/templates';
import { awardMockupsQueryOptions } from '../features/store/api/get-award-mockups';
import { quizQueryOptions } from '../features/quiz/api/get-quiz';
import { ApiRequestError, withQuery } from '../lib/api-client';
import { awardsQueryOptions, type AwardsFilter } from '../lib/api/get-awards';
import { certificateQueryOptions } from '../lib/api/get-certificate';
import { templatesQueryOptions } from '../lib/api/get-templates';
import { getSiteSettings } from '../lib/site-settings';

/**
 * What a route module (src/web/app/routes/<page>.tsx) says about its server render (docs/decisions/089, 126): the
 * module exports `serverRender = renderOnServer(prefetch?)` beside its component, and the server renders that page's
 * anonymous view. A route module without the export keeps the empty shell (sign-in, account, cart, checkout, orders,
 * payments, claim, nominate). app/ssr-routes.ts builds the server's table from these exports; no list is kept by hand.
 */

/** GETs an API path on the server (no cookies: the anonymous view); throws ApiRequestError like apiFetch. */
export type ServerFetch = <T>(path: string) => Promise<T>;

export interface Prefetch {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  fetchJson: ServerFetch;
}

export interface ServerRender {
  /**
   * Fills the cache with exactly what the page's hooks ask for: the same keys, the same API answers. May answer
   * the page's HTTP status (an unknown certificate is a 404).
   */
  prefetch?: (p: Prefetch) => Promise<number | void>;
  /** Other chunks (keys of Vite's manifest, relative to src/web) the page fetches as soon as it runs. */
  alsoLoads?: string[];
  /**
   * The head the page's data gives it (a certificate's title and picture), from what `prefetch` put in the cache:
   * the same function the page calls in the browser (useHeadOverrides). Written into the served HTML.
   */
  head?: (p: Prefetch) => HeadOverrides | null;
}

/** The server renders this page, after `prefetch` (a page without data: nothing to fetch). */
export function renderOnServer(prefetch?: ServerRender['prefetch'], options: Omit<ServerRender, 'prefetch'> = {}): ServerRender {
  return { ...(prefetch ? { prefetch } : {}), ...options };
}

/** The query's answer in the cache, and whether the API answered it at all (an error is an answer too). */
export function answerOf<T>({ queryClient }: Prefetch, key: readonly unknown[]): { data: T | undefined; answered: boolean } {
  const state = queryClient.getQueryState<T>(key);
  return { data: state?.data, answered: state?.status === 'success' || state?.status === 'error' };
}

/**
 * A 4xx the API answered for the query under `key` (the thing is unknown, withdrawn or hidden), or null: the page
 * answers it as its own status. 5xx stay errors, and entry-server.tsx gives up on them.
 */
export function clientErrorOf({ queryClient }: Prefetch, key: readonly unknown[]): number | null {
  const error = queryClient.getQueryState(key)?.error;
  return error instanceof ApiRequestError && error.status < 500 ? error.status : null;
}

// What several pages fetch. Failures stay in the cache as the query's error, as in the browser.

export const prefetchAwards = ({ queryClient, fetchJson }: Prefetch, filter: AwardsFilter = {}) =>
  queryClient
    .fetchQuery({ ...awardsQueryOptions(filter), queryFn: () => fetchJson<Award[]>(withQuery('/api/awards', { ...filter })) })
    .catch(() => [] as Award[]);

export const prefetchTemplates = ({ queryClient, fetchJson }: Prefetch) =>
  queryClient.prefetchQuery({ ...templatesQueryOptions(), queryFn: () => fetchJson<DesignTemplate[]>(withQuery('/api/templates')) });

export const prefetchCertificate = ({ queryClient, fetchJson }: Prefetch, shareId: string) =>
  queryClient
    .fetchQuery({
      ...certificateQueryOptions(shareId),
      retry: false,
      queryFn: () => fetchJson<Certificate>(`/api/certificates/${encodeURIComponent(shareId)}`),
    })
    .catch(() => null);

/** A part of the site an admin switched off renders its "paused" page: nothing to fetch (docs/decisions/104). */
export const prefetchQuiz = ({ queryClient, fetchJson }: Prefetch) =>
  !getSiteSettings().features.quiz
    ? Promise.resolve()
    : queryClient.prefetchQuery({ ...quizQueryOptions(), queryFn: () => fetchJson<Quiz>('/api/quiz') });

export const prefetchMockups = ({ queryClient, fetchJson }: Prefetch, awardId: string) =>
  queryClient.prefetchQuery({
    ...awardMockupsQueryOptions(awardId),
    queryFn: () => fetchJson<AwardMockups>(withQuery('/api/store/mockups', { award: awardId })),
  });
