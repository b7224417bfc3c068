import type { FunnelStep } from '@/contract/funnel';
import { paths } from '@/contract/paths';

/** The page of each funnel step. */
export const STEP_PATHS: Record<FunnelStep, string> = {
  checkout: paths.funnelCheckout,
  timer: paths.funnelTimer,
  oto1: paths.funnelOto1,
  downsell: paths.funnelOto1Downsell,
  thank_you: paths.funnelThankYou,
};

/** The sales-funnel steps of the analytics report (src/contract/analytics.ts SALES_FUNNEL_STEPS). */
export type TrackedStep = 'checkout' | 'paid' | 'oto1' | 'oto1_accepted' | 'downsell' | 'downsell_accepted' | 'thank_you';
