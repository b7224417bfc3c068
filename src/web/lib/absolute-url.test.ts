import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './absolute-url';

describe('absoluteUrl', () => {
  it('makes a same-origin path whole on the given origin, and leaves absolute URLs alone', () => {
    expect(absoluteUrl('/certificate/AbC123', 'http://127.0.0.1:4173')).toBe('http://127.0.0.1:4173/certificate/AbC123');
    expect(absoluteUrl('/claim/x-y_z', 'https://www.certifiable.example')).toBe('https://www.certifiable.example/claim/x-y_z');
    // A result stored by an older version of the page (absolute) still works.
    expect(absoluteUrl('https://certifiable.example/certificate/A', 'http://localhost:3000')).toBe('https://certifiable.example/certificate/A');
  });
});
