/**
 * Which kept page a page request is (docs/decisions/115). The key is also the address the page is rendered at,
 * so it must render the same bytes as the visitor's own address would: only what no page reads is dropped.
 *
 *  - Click and campaign tags (`utm_*`, `fbclid`, `gclid`, …) on any page: no page reads them (analytics reads
 *    the referrer, not these), and a link shared on a social site gets a new `fbclid` on every click.
 *  - `/certificate/{share id}`: the page reads no query at all.
 *  - `/store`: the page reads `award` and `certificate` only; `award` by id or slug of an existing award becomes
 *    `?award={id}` (features/store/lib/award-param.ts: the browser chooses the same award for both).
 *
 * `canonical`: the one page of something (a path without a query, the store of an existing award). Kept in the
 * page cache's canonical share when it answers 200: their number is bounded by what exists, not by what anonymous
 * visitors can type. Everything else is kept by its (tag-free) address as sent, in the other, smaller share.
 */

/** A certificate's page: its share id is 16 letters and digits (contract/nominations.ts). */
const CERTIFICATE_PAGE = /^\/certificate\/[0-9A-Za-z]{16}$/;

export interface PageAddress {
  /** The cache key and the address rendered. */
  key: string;
  canonical: boolean;
}

/** Award id or slug → award id, of the awards the store offers (GET /api/awards). */
export type AwardIndex = ReadonlyMap<string, string>;

export function awardIndex(awards: readonly { id: string; slug: string }[]): AwardIndex {
  const index = new Map<string, string>();
  // Ids first: a slug that happened to equal another award's id would not take its place.
  for (const a of awards) index.set(a.id, a.id);
  for (const a of awards) if (!index.has(a.slug)) index.set(a.slug, a.id);
  return index;
}

const TRACKING = new Set(['fbclid', 'gclid', 'gbraid', 'wbraid', 'dclid', 'msclkid', 'twclid', 'ttclid', 'li_fat_id', 'igshid', 'mc_cid', 'mc_eid', '_ga', '_gl']);
const isTracking = (name: string) => TRACKING.has(name) || name.startsWith('utm_');

const STORE = '/store';
/**
 * A path as the site writes its links: lower case, no empty segment, no trailing slash. The router also matches
 * "/GaLLery" and "/gallery/": those render (and are kept in the other share) but cannot multiply canonical pages.
 */
const CANONICAL_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

export async function pageAddress(url: string, awards: () => Promise<AwardIndex>): Promise<PageAddress> {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  if (CERTIFICATE_PAGE.test(pathname)) return { key: pathname, canonical: true };
  if (!query) return { key: pathname, canonical: CANONICAL_PATH.test(pathname) };
  const params = new URLSearchParams(query);
  if (pathname === STORE) {
    const award = params.getAll('award');
    const certificate = params.getAll('certificate');
    if (certificate.length === 0 && award.length <= 1) {
      if (award.length === 0) return { key: STORE, canonical: true };
      const id = (await awards()).get(award[0]!);
      if (id) return { key: `${STORE}?award=${encodeURIComponent(id)}`, canonical: true };
    }
    // A certificate's store page, or an award that is not on offer: by what the page reads, in the other share.
    const kept = new URLSearchParams();
    for (const value of award) kept.append('award', value);
    for (const value of certificate) kept.append('certificate', value);
    return { key: `${STORE}?${kept.toString()}`, canonical: false };
  }
  const names = [...params.keys()];
  if (!names.some(isTracking)) return { key: url, canonical: false };
  const kept = [...params].filter(([name]) => !isTracking(name));
  if (kept.length === 0) return { key: pathname, canonical: CANONICAL_PATH.test(pathname) };
  return { key: `${pathname}?${new URLSearchParams(kept).toString()}`, canonical: false };
}
