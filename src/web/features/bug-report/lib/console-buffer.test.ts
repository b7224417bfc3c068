// @vitest-environment happy-dom
/* eslint-disable no-console -- the buffer under test wraps every console method */
import { describe, expect, it, vi } from 'vitest';
import { BUG_LIMITS } from '@/contract/bug-reports';
import { CONSOLE_LIMITS, createConsoleBuffer, installConsoleBuffer } from './console-buffer';

const at = () => new Date('2026-11-23T20:00:00.000Z');

describe('console buffer', () => {
  it("uses the contract's limits (kept out of the first page load, so checked here)", () => {
    expect(CONSOLE_LIMITS).toEqual({ kept: BUG_LIMITS.consoleKept, sent: BUG_LIMITS.consoleSent, lineMax: BUG_LIMITS.consoleLineMax });
  });

  it('keeps the last 100 lines and sends the last 50, oldest first', () => {
    const buffer = createConsoleBuffer({ now: at });
    for (let i = 1; i <= 130; i++) buffer.push('log', [`line ${i}`]);
    expect(buffer.all()).toHaveLength(BUG_LIMITS.consoleKept);
    expect(buffer.all()[0]).toBe('[log] 2026-11-23T20:00:00.000Z line 31');
    const sent = buffer.recentLines();
    expect(sent).toHaveLength(BUG_LIMITS.consoleSent);
    expect(sent[0]).toBe('[log] 2026-11-23T20:00:00.000Z line 81');
    expect(sent.at(-1)).toBe('[log] 2026-11-23T20:00:00.000Z line 130');
  });

  it('writes "[level] time message", objects as JSON, errors by name, and cuts long lines', () => {
    const buffer = createConsoleBuffer({ now: at });
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    buffer.push('warn', ['cart', { items: 2 }, 3, null, undefined]);
    buffer.push('error', [new TypeError('x is not a function')]);
    buffer.push('info', [circular]);
    buffer.push('debug', ['y'.repeat(5000)]);
    const [warn, error, info, debug] = buffer.all();
    expect(warn).toBe('[warn] 2026-11-23T20:00:00.000Z cart {"items":2} 3 null undefined');
    expect(error).toBe('[error] 2026-11-23T20:00:00.000Z TypeError: x is not a function');
    expect(info).toBe('[info] 2026-11-23T20:00:00.000Z [object Object]');
    expect(debug).toHaveLength(BUG_LIMITS.consoleLineMax);
    expect(debug?.endsWith('…')).toBe(true);
  });

  it('records every console level and uncaught errors while the original console still prints', () => {
    const printed = {
      log: vi.spyOn(console, 'log').mockImplementation(() => undefined),
      info: vi.spyOn(console, 'info').mockImplementation(() => undefined),
      warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
      error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
      debug: vi.spyOn(console, 'debug').mockImplementation(() => undefined),
    };
    const buffer = createConsoleBuffer({ now: at });
    const uninstall = installConsoleBuffer(buffer);
    try {
      expect(installConsoleBuffer(buffer)).toBeTypeOf('function'); // a second install changes nothing
      console.log('hello', 1);
      console.info('info');
      console.warn('careful');
      console.error('broken');
      console.debug('detail');
      window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: 'https://shop.test/app.js', lineno: 3, colno: 7 }));
      const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
      rejection.reason = new Error('nobody caught me');
      window.dispatchEvent(rejection);

      expect(printed.log).toHaveBeenCalledWith('hello', 1);
      expect(printed.error).toHaveBeenCalledWith('broken');
      expect(printed.debug).toHaveBeenCalledWith('detail');
      expect(buffer.all().map((l) => l.replace(' 2026-11-23T20:00:00.000Z', ''))).toEqual([
        '[log] hello 1',
        '[info] info',
        '[warn] careful',
        '[error] broken',
        '[debug] detail',
        '[error] Uncaught boom (https://shop.test/app.js:3:7)',
        '[error] Unhandled rejection: Error: nobody caught me',
      ]);
    } finally {
      uninstall();
    }
    // Uninstalled: the console is the one it was.
    expect(console.log).toBe(printed.log);
    console.log('not recorded');
    expect(buffer.all()).toHaveLength(7);
  });

  it('never breaks the console, even when recording fails', () => {
    const printed = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = { ...createConsoleBuffer(), push: () => { throw new Error('full'); } };
    const uninstall = installConsoleBuffer(broken);
    try {
      expect(() => console.warn('still here')).not.toThrow();
      expect(printed).toHaveBeenCalledWith('still here');
    } finally {
      uninstall();
    }
  });
});
