import { describe, expect, it, vi } from 'vitest';
import type { SessionState } from '@/contract/auth';
import { createAuthStore, safeRedirect, SIGNED_OUT_STATE, type AuthDeps, type AuthEvent } from './auth';

const user = {
  id: 'u1',
  email: 'dana@example.test',
  full_name: 'Dana Scully',
  email_verified: true,
  image: null,
  created_at: '2026-11-22T00:00:00.000Z',
};
const signedIn = (isAdmin = false, expires = '2026-12-22T00:00:00.000Z'): SessionState => ({
  user,
  session: { expires_at: expires },
  is_admin: isAdmin,
});

function setup(overrides: Partial<AuthDeps> = {}) {
  const deps: AuthDeps = {
    fetchSession: vi.fn(async () => SIGNED_OUT_STATE),
    signOut: vi.fn(async () => undefined),
    track: vi.fn(),
    now: () => Date.parse('2026-11-22T12:00:00.000Z'),
    ...overrides,
  };
  const store = createAuthStore(deps);
  const events: AuthEvent[] = [];
  store.onAuthStateChange((e) => events.push(e));
  return { store, deps, events };
}

describe('auth state (spec §3 Auth context, §4 Auth)', () => {
  it('starts loading with no user, no session and isAdmin false', () => {
    const { store } = setup();
    expect(store.getState()).toEqual({ user: null, session: null, isAdmin: false, loading: true });
  });

  it('stops loading after the first lookup (INITIAL_SESSION), once', async () => {
    const { store, deps, events } = setup({ fetchSession: vi.fn(async () => signedIn(true)) });
    store.start();
    store.start();
    await vi.waitFor(() => expect(store.getState().loading).toBe(false));
    expect(deps.fetchSession).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(store.getState()).toEqual({
      user,
      session: { expires_at: '2026-12-22T00:00:00.000Z', user },
      isAdmin: true,
      loading: false,
    });
  });

  it('never stays loading when the server cannot be reached', async () => {
    const { store } = setup({ fetchSession: vi.fn(async () => Promise.reject(new Error('offline'))) });
    store.start();
    await vi.waitFor(() => expect(store.getState().loading).toBe(false));
    expect(store.getState().user).toBeNull();
  });

  it('replaces user and session on every change; isAdmin is false without a user', () => {
    const { store } = setup();
    store.apply(signedIn(true), 'SIGNED_IN');
    expect(store.getState().isAdmin).toBe(true);
    store.apply({ user: null, session: null, is_admin: true }, 'SIGNED_OUT');
    expect(store.getState()).toEqual({ user: null, session: null, isAdmin: false, loading: false });
  });

  it('records session_start on sign-in only', () => {
    const { store, deps } = setup();
    store.apply(signedIn(), 'INITIAL_SESSION');
    store.apply(signedIn(), 'TOKEN_REFRESHED');
    expect(deps.track).not.toHaveBeenCalled();
    store.apply(signedIn(), 'SIGNED_IN');
    expect(deps.track).toHaveBeenCalledWith('session_start', { user_id: 'u1' });
  });

  it('sign-out clears user, session and the admin flag, even when the request fails', async () => {
    const { store, events } = setup({ signOut: vi.fn(async () => Promise.reject(new Error('offline'))) });
    store.apply(signedIn(true), 'SIGNED_IN');
    await expect(store.signOut()).rejects.toThrow('offline');
    expect(store.getState()).toMatchObject({ user: null, session: null, isAdmin: false });
    expect(events.at(-1)).toBe('SIGNED_OUT');
    expect(store.signOutReason()).toBe('user');
  });

  it('a 401 from the API ends the session as lost (guards then ask to sign in again)', () => {
    const { store, events } = setup();
    store.sessionLost();
    expect(events).toEqual([]); // nothing to end
    store.apply(signedIn(), 'SIGNED_IN');
    store.sessionLost();
    expect(store.getState().user).toBeNull();
    expect(store.signOutReason()).toBe('lost');
    store.apply(signedIn(), 'SIGNED_IN');
    expect(store.signOutReason()).toBeNull();
  });

  it('refreshes (TOKEN_REFRESHED) only when about 90 seconds remain', async () => {
    const now = Date.parse('2026-11-22T12:00:00.000Z');
    const { store, deps, events } = setup({ fetchSession: vi.fn(async () => signedIn(false, '2026-12-22T12:00:00.000Z')) });
    store.apply(signedIn(false, new Date(now + 10 * 60_000).toISOString()), 'SIGNED_IN');
    await store.tick();
    expect(deps.fetchSession).not.toHaveBeenCalled();
    store.apply(signedIn(false, new Date(now + 80_000).toISOString()), 'USER_UPDATED');
    await store.tick();
    expect(deps.fetchSession).toHaveBeenCalledTimes(1);
    expect(events.at(-1)).toBe('TOKEN_REFRESHED');
    expect(store.getState().session?.expires_at).toBe('2026-12-22T12:00:00.000Z');
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/account', '/account'],
    ['/order/1?x=2', '/order/1?x=2'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['account', '/'],
  ])('%s → %s', (input, out) => {
    expect(safeRedirect(input)).toBe(out);
  });
});
