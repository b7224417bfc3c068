import type { Award } from '@/contract/awards';

/**
 * The award `?award=` names: by id (the gallery's links) or by slug (a readable link to share). The server keeps
 * one page per award and serves it for both (docs/decisions/115), so the browser must choose the same award.
 */
export function findAwardByParam(awards: readonly Award[] | undefined, param: string): Award | undefined {
  return awards?.find((a) => a.id === param) ?? awards?.find((a) => a.slug === param);
}
