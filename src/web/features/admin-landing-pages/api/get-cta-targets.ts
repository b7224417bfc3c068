import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LandingCtaTargets } from '@/contract/landing-pages';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/landing-pages/cta-targets — every award and product the button may lead to, active first. */
export const getCtaTargets = () => apiFetch<LandingCtaTargets>('/api/admin/landing-pages/cta-targets');

export const ctaTargetsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.landingPages.ctaTargets(), queryFn: getCtaTargets, staleTime: 60_000 });

export function useCtaTargets() {
  return useQuery(ctaTargetsQueryOptions());
}
