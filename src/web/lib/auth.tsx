import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AnalyticsEventType } from '@/contract/analytics';
import type { AuthUser, SessionState } from '@/contract/auth';
import { trackEvent } from './analytics';
import { apiFetch, onUnauthorized } from './api-client';

/** Spec §4: the auth events the app reacts to. */
export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY';

/**
 * Spec §3 "Auth context": user, session (expires_at, user), isAdmin (default false), loading
 * (starts true). The session token itself lives in an httpOnly cookie scripts cannot read.
 */
export interface AuthState {
  user: AuthUser | null;
  session: { expires_at: string; user: AuthUser } | null;
  isAdmin: boolean;
  loading: boolean;
}

export const SIGNED_OUT_STATE: SessionState = { user: null, session: null, is_admin: false };
/** Spec §9: check every 30 s, refresh when about 90 s remain. */
export const REFRESH_CHECK_MS = 30_000;
export const REFRESH_MARGIN_MS = 90_000;

export interface AuthDeps {
  fetchSession(): Promise<SessionState>;
  signOut(): Promise<void>;
  track(event: AnalyticsEventType, data: Record<string, unknown>): void;
  now(): number;
}

export function createAuthStore(deps: AuthDeps) {
  let state: AuthState = { user: null, session: null, isAdmin: false, loading: true };
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: AuthEvent, state: AuthState) => void>();
  let started = false;
  /** Why the visitor is signed out: they chose to ('user'), or the server ended it ('lost'). */
  let signOutReason: 'user' | 'lost' | null = null;

  function set(next: AuthState) {
    state = next;
    listeners.forEach((l) => l());
  }

  /**
   * Spec §4: on every auth state change user and session are replaced, the admin flag comes
   * from the server's check when there is a user and is false otherwise, loading ends.
   */
  function apply(server: SessionState, event: AuthEvent) {
    const user = server.user;
    if (user) signOutReason = null;
    set({
      user,
      session: user && server.session ? { expires_at: server.session.expires_at, user } : null,
      isAdmin: user ? server.is_admin : false,
      loading: false,
    });
    if (event === 'SIGNED_IN' && user) deps.track('session_start', { user_id: user.id });
    eventListeners.forEach((l) => l(event, state));
  }

  async function refresh(event: AuthEvent) {
    try {
      apply(await deps.fetchSession(), event);
    } catch {
      // Could not ask the server: keep what we know, but never stay "loading" forever.
      if (state.loading) set({ ...state, loading: false });
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onAuthStateChange(listener: (event: AuthEvent, state: AuthState) => void) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    apply,
    refresh,
    /** The first lookup (INITIAL_SESSION); later calls do nothing. */
    start() {
      if (started) return;
      started = true;
      void refresh('INITIAL_SESSION');
    },
    async signOut() {
      try {
        await deps.signOut();
      } finally {
        signOutReason = 'user';
        apply(SIGNED_OUT_STATE, 'SIGNED_OUT');
      }
    },
    /** The visitor ended the session some other way (e.g. deleted the account). */
    signedOutByUser() {
      signOutReason = 'user';
      apply(SIGNED_OUT_STATE, 'SIGNED_OUT');
    },
    /** The server said 401: the session ended elsewhere (expired, revoked, signed out). */
    sessionLost() {
      if (!state.user) return;
      signOutReason = 'lost';
      apply(SIGNED_OUT_STATE, 'SIGNED_OUT');
    },
    /**
     * Guards send a visitor who just signed out on purpose home, and one whose session ended
     * to the sign-in page (and back afterwards).
     */
    signOutReason: () => signOutReason,
    /** Spec §9: refresh when about 90 s remain (called every 30 s). */
    async tick() {
      const expires = state.session ? Date.parse(state.session.expires_at) : NaN;
      if (Number.isFinite(expires) && expires - deps.now() <= REFRESH_MARGIN_MS) await refresh('TOKEN_REFRESHED');
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore({
  fetchSession: () => apiFetch<SessionState>('/api/auth/session'),
  signOut: () => apiFetch<void>('/api/auth/sign-out', { method: 'POST' }),
  track: trackEvent,
  now: () => Date.now(),
});

/** Starts the session lookup, the 30-second refresh check and the 401 listener. */
export function AuthProvider({ children, store = authStore }: { children: ReactNode; store?: AuthStore }) {
  useEffect(() => {
    store.start();
    const stop = onUnauthorized(store.sessionLost);
    const timer = setInterval(() => void store.tick(), REFRESH_CHECK_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [store]);
  return children;
}

export function useAuth(store: AuthStore = authStore): AuthState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** Where to go after signing in: a same-site path from ?redirect=, else home. */
export function safeRedirect(value: string | null | undefined): string {
  return value && /^\/(?![/\\])/.test(value) ? value : '/';
}
