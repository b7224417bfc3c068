import { readFileSync, unlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time per embedded database folder (docs/decisions/053). PGlite keeps its database in memory
 * and writes it back to the folder; a second process opening the same folder works on its own copy, and one
 * of the two loses every acknowledged write. Node has no flock(), so the lock is a file created with O_EXCL
 * that names its holder; a lock whose holder is gone (a crash, a kill -9) is taken over.
 */

export class DirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `${dir} is in use by process ${holder.pid} (${holder.command}, started ${holder.started}` +
        `${holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`}). The embedded database allows one process ` +
        `at a time: stop that process first, or give this one another DATA_DIR (or a DATABASE_URL).`,
    );
    this.name = 'DirLockedError';
  }
}

interface LockInfo {
  pid: number;
  hostname: string;
  command: string;
  started: string;
  /** Kernel start time of the process (/proc/<pid>/stat), so a reused pid is not mistaken for the holder. */
  startTicks: string | null;
}

export interface DirLock {
  release(): Promise<void>;
}

const LOCK_FILE = 'certifiable.lock';

function startTicksOf(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces, so count from the closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: LockInfo): boolean {
  if (holder.hostname !== os.hostname()) return true; // another machine's process: we cannot tell, so respect it
  if (holder.pid === process.pid) return false; // our own leftover (the same pid cannot hold it twice)
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const ticks = startTicksOf(holder.pid);
  return !(holder.startTicks && ticks && ticks !== holder.startTicks);
}

async function readHolder(file: string): Promise<LockInfo | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as LockInfo;
  } catch {
    return null; // gone, or half-written by a process that died mid-write
  }
}

/** Takes the lock on `dir` or throws DirLockedError naming the process that holds it. */
export async function lockDir(dir: string): Promise<DirLock> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).map((a) => path.basename(a)).join(' ') || 'node',
    started: new Date().toISOString(),
    startTicks: startTicksOf('self'),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await fs.writeFile(file, JSON.stringify(me), { flag: 'wx' });
      return held(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = await readHolder(file);
    if (holder && isRunning(holder)) throw new DirLockedError(dir, holder);
    await takeOver(file, holder);
  }
  throw new Error(`could not take the lock ${file}: another process keeps taking it`);
}

/**
 * Removes a stale lock. Only one process may do this at a time (a second O_EXCL file), and it removes the lock
 * only if it still holds the stale content it judged, so it never deletes a lock someone just took.
 */
async function takeOver(file: string, stale: LockInfo | null): Promise<void> {
  const guard = `${file}.takeover`;
  try {
    await fs.writeFile(guard, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Someone else is taking over; a guard older than a few seconds was left by a crash.
    const age = await fs.stat(guard).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age > 5_000) await fs.rm(guard, { force: true });
    await new Promise((r) => setTimeout(r, 50));
    return;
  }
  try {
    const current = await readHolder(file);
    if (JSON.stringify(current) === JSON.stringify(stale)) await fs.rm(file, { force: true });
  } finally {
    await fs.rm(guard, { force: true });
  }
}

function held(file: string): DirLock {
  let released = false;
  // A process that exits without closing (an uncaught error) still frees the folder.
  const onExit = () => {
    if (released) return;
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as LockInfo).pid === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);
  return {
    async release() {
      if (released) return;
      onExit();
      released = true;
      process.off('exit', onExit);
    },
  };
}
