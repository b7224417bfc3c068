/* eslint-disable no-console -- this module's job is to wrap every console method */
/**
 * BUG_LIMITS.consoleKept / consoleSent / consoleLineMax of src/contract/bug-reports.ts (spec §9), written out: this
 * module is on every page's first load, and importing the contract would bring its zod schemas along. The test
 * checks that the two agree.
 */
export const CONSOLE_LIMITS = { kept: 100, sent: 50, lineMax: 1000 } as const;

/** The console methods a bug report listens to (spec §9). */
export const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

interface BufferOptions {
  kept?: number;
  sent?: number;
  lineMax?: number;
  now?: () => Date;
}

/** One argument as text: strings as they are, errors with their name, everything else as JSON when it can be. */
function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Circular, or a BigInt: the default text is better than nothing.
    return String(value);
  }
}

/**
 * A ring of the last `kept` console lines, each "[level] time message" cut to `lineMax` characters.
 * Pure, so it is tested without touching the real console.
 */
export function createConsoleBuffer({
  kept = CONSOLE_LIMITS.kept,
  sent = CONSOLE_LIMITS.sent,
  lineMax = CONSOLE_LIMITS.lineMax,
  now = () => new Date(),
}: BufferOptions = {}) {
  const lines: string[] = [];
  return {
    push(level: ConsoleLevel, args: readonly unknown[]) {
      let line = `[${level}] ${now().toISOString()} ${args.map(describe).join(' ')}`;
      if (line.length > lineMax) line = `${line.slice(0, lineMax - 1)}…`;
      lines.push(line);
      if (lines.length > kept) lines.splice(0, lines.length - kept);
    },
    /** Everything kept (at most `kept` lines), oldest first. */
    all: (): string[] => [...lines],
    /** What a bug report sends: the last `sent` lines, oldest first. */
    recentLines: (): string[] => lines.slice(-sent),
    clear() {
      lines.length = 0;
    },
  };
}

export type ConsoleBuffer = ReturnType<typeof createConsoleBuffer>;

/** The page's one buffer: main.tsx installs it, the bug dialog reads it. */
export const consoleBuffer = createConsoleBuffer();
let installed = false;

/**
 * Wraps console.log/info/warn/error/debug and listens to uncaught errors and unhandled rejections, recording each
 * into `buffer`. The original method always runs, and runs first: recording can never swallow or break a message.
 * Installing twice does nothing. Returns an uninstall function (tests).
 */
export function installConsoleBuffer(buffer: ConsoleBuffer = consoleBuffer, target: Window = window): () => void {
  if (installed) return () => undefined;
  installed = true;
  const originals = new Map<ConsoleLevel, (...args: unknown[]) => void>();
  const record = (level: ConsoleLevel, args: readonly unknown[]) => {
    try {
      buffer.push(level, args);
    } catch {
      // The buffer must never be the bug.
    }
  };
  for (const level of CONSOLE_LEVELS) {
    const original = console[level] as (...args: unknown[]) => void;
    originals.set(level, original);
    console[level] = function (...args: unknown[]) {
      original.apply(console, args);
      record(level, args);
    };
  }
  const onError = (e: ErrorEvent) => {
    const where = e.filename ? ` (${e.filename}:${e.lineno}:${e.colno})` : '';
    record('error', [`Uncaught ${e.error instanceof Error ? describe(e.error) : e.message}${where}`]);
  };
  const onRejection = (e: PromiseRejectionEvent) => record('error', ['Unhandled rejection:', e.reason]);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    for (const [level, original] of originals) console[level] = original;
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    installed = false;
  };
}

/** The last 50 lines of this page's console (spec §9), for a bug report. */
export function recentLines(): string[] {
  return consoleBuffer.recentLines();
}
