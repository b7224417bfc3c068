import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The password hashing of the app's tests only (NODE_ENV=test: better-auth.ts): Better Auth's own scheme — scrypt,
 * `salt:key` in hex, the password NFKC-normalised — at a work factor 32 times lower (N 2^11, r 8 instead of 2^14,
 * 16). One hash costs about 3 ms of CPU instead of 105; the suite signs in and signs up several hundred times (decision
 * 124). What users' passwords get is Better Auth's default, which no setting reaches: `passwordHashing()` returns this
 * only for the test environment, and a test holds that the production and development apps use the default.
 */
const TEST_COST = { N: 2 ** 11, r: 8, p: 1, dkLen: 64 } as const;

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, TEST_COST.dkLen, { N: TEST_COST.N, r: TEST_COST.r, p: TEST_COST.p }, (err, derived) =>
      err ? reject(err) : resolve(derived),
    );
  });
}

export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await key(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [salt, stored] = hash.split(':');
    if (!salt || !stored) throw new Error('Invalid password hash');
    const derived = await key(password, salt);
    const expected = Buffer.from(stored, 'hex');
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};

/** Better Auth's `emailAndPassword.password` option for an environment: its default everywhere but in tests. */
export function passwordHashing(nodeEnv: 'development' | 'production' | 'test'): { password: typeof testPasswordHashing } | Record<string, never> {
  return nodeEnv === 'test' ? { password: testPasswordHashing } : {};
}
