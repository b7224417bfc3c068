import type { CertificatePreviewBody } from '@/contract/nominations';
import { NOMINATION_LIMITS } from '@/contract/nominations-constants';

/**
 * The words of a certificate not yet filed, as typed: the nomination form and the designs page
 * both preview them (components/certificates/live-preview.tsx), and the designs page hands them on
 * to /nominate.
 */
export interface DraftFields {
  award_id?: string | undefined;
  template_id?: string | undefined;
  nominee_name?: string | undefined;
  reason?: string | undefined;
  nominator_name?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const clip = (s: string | undefined, max: number) => (s ?? '').trim().slice(0, max);

/**
 * What the live preview draws for the form as it stands: null until an award is chosen. Text is
 * trimmed and clipped to the limits, so a too-long draft still previews while its field says why.
 */
export function toPreviewBody(v: DraftFields): CertificatePreviewBody | null {
  if (!v.award_id || !UUID.test(v.award_id)) return null;
  return {
    award_id: v.award_id,
    ...(v.template_id && UUID.test(v.template_id) ? { template_id: v.template_id } : {}),
    nominee_name: clip(v.nominee_name, NOMINATION_LIMITS.name),
    reason: clip(v.reason, NOMINATION_LIMITS.reason),
    nominator_name: clip(v.nominator_name, NOMINATION_LIMITS.name),
  };
}

/** What "Use this template" carries to /nominate in router state (never the URL): only what the visitor edited. */
export interface NominationDraft {
  award_id?: string;
  nominee_name?: string;
  reason?: string;
}

/** The draft in router state, if it looks like one. */
export function draftFromState(state: unknown): NominationDraft | null {
  const d = (state as { draft?: unknown } | null)?.draft;
  if (!d || typeof d !== 'object') return null;
  const out: NominationDraft = {};
  for (const k of ['award_id', 'nominee_name', 'reason'] as const) {
    const v = (d as Record<string, unknown>)[k];
    if (typeof v === 'string' && v) out[k] = v;
  }
  return out;
}
