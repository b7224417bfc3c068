import { Navigate, Outlet, useLocation } from 'react-router';
import { hrefs } from '@/contract/paths';
import { LoadingScreen } from '../components/ui/spinner';
import { authStore, useAuth } from '../lib/auth';

/** Spec §2 guard: signed-out visitors go to /auth, and come back here after signing in. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!user) {
    const to = authStore.signOutReason() === 'user' ? '/' : hrefs.signIn(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
