import type { CreateNominationResult } from '@/contract/nominations';
import { STORAGE_KEYS } from '@/web/lib/storage-keys';

/**
 * The claim link is shown once (only its hash is stored on the server). It travels to the success
 * page in router state and in this tab's sessionStorage — never in the URL, where it would land in
 * history, logs and referrers — so a reload of the success page still has it.
 */
export function saveNominationResult(result: CreateNominationResult, storage: Storage | undefined = safeSessionStorage()) {
  try {
    storage?.setItem(STORAGE_KEYS.nominationResult, JSON.stringify(result));
  } catch {
    // Private mode or a full quota: router state still carries it for this visit.
  }
}

/** What router state holds, else what this tab stored; null when neither looks like a result. */
export function loadNominationResult(state: unknown, storage: Storage | undefined = safeSessionStorage()): CreateNominationResult | null {
  if (isResult(state)) return state;
  try {
    const raw = storage?.getItem(STORAGE_KEYS.nominationResult);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isResult(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isResult(v: unknown): v is CreateNominationResult {
  if (!v || typeof v !== 'object') return false;
  const r = v as Partial<CreateNominationResult>;
  return typeof r.claim_url === 'string' && typeof r.certificate?.share_id === 'string' && typeof r.certificate.urls?.page === 'string';
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
