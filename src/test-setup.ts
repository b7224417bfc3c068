import { afterEach, vi } from 'vitest';

// A stray console.error is a bug somewhere: fail the test that caused it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length) throw new Error(`console.error was called: ${seen.map((a) => a.join(' ')).join('\n')}`);
});

// Component tests (happy-dom): Testing Library's matchers, and a clean document after each test.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
