import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { passwordHashing, testPasswordHashing } from './test-password-hashing';

describe('password hashing', () => {
  it("is Better Auth's own everywhere but in the app's tests", () => {
    expect(passwordHashing('production')).toEqual({});
    expect(passwordHashing('development')).toEqual({});
    expect(passwordHashing('test')).toEqual({ password: testPasswordHashing });
  });

  it('in tests: scrypt with a salt of its own per hash; the right password verifies, another does not', async () => {
    const first = await testPasswordHashing.hash('correct horse battery');
    const second = await testPasswordHashing.hash('correct horse battery');
    expect(first).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(second).not.toBe(first);
    await expect(testPasswordHashing.verify({ hash: first, password: 'correct horse battery' })).resolves.toBe(true);
    await expect(testPasswordHashing.verify({ hash: first, password: 'correct horse batterY' })).resolves.toBe(false);
    // Normalised as Better Auth does: the same password typed with a composed or a decomposed accent.
    const accented = await testPasswordHashing.hash('caf\u00e9 au lait 42');
    await expect(testPasswordHashing.verify({ hash: accented, password: 'cafe\u0301 au lait 42' })).resolves.toBe(true);
    await expect(testPasswordHashing.verify({ hash: 'no-separator', password: 'x' })).rejects.toThrow('Invalid password hash');
  });

  it("is not the production scheme: Better Auth's default does not accept a test hash", async () => {
    const hash = await testPasswordHashing.hash('correct horse battery');
    await expect(verifyPassword({ hash, password: 'correct horse battery' })).resolves.toBe(false);
  });
});
