import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@/server/config';

/**
 * AUTH_SECRET when set; otherwise a random secret generated once and kept in
 * DATA_DIR/auth-secret (mode 600), so sessions survive restarts with zero setup.
 * Several instances must share it: set AUTH_SECRET (docs/decisions/013).
 */
export async function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    // 'wx': if another process won the race, use its secret instead of overwriting it.
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return (await fs.readFile(file, 'utf8')).trim();
    throw new Error(
      `AUTH_SECRET is not set and ${file} cannot be written (${(err as Error).message}). Set AUTH_SECRET to 32+ random characters.`,
    );
  }
}
