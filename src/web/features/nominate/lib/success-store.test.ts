import { describe, expect, it } from 'vitest';
import type { CreateNominationResult } from '@/contract/nominations';
import { loadNominationResult, saveNominationResult } from './success-store';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const result = {
  claim_url: 'https://c.example/claim/' + 'x'.repeat(43),
  claim_mail_sent: false,
  certificate: { share_id: 'AbCdEfGh12345678', urls: { page: 'https://c.example/certificate/AbCdEfGh12345678' } },
} as unknown as CreateNominationResult;

describe('nomination result hand-over', () => {
  it('prefers router state', () => {
    expect(loadNominationResult(result, new MemoryStorage() as unknown as Storage)).toBe(result);
  });
  it('falls back to this tab’s sessionStorage after a reload', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    saveNominationResult(result, storage);
    expect(loadNominationResult(null, storage)).toEqual(result);
  });
  it('ignores junk in either place', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    storage.setItem('nomination-result', '{not json');
    expect(loadNominationResult({ claim_url: 1 }, storage)).toBeNull();
  });
});
