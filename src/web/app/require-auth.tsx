import { Navigate, Outlet, useLocation } from 'react-router';
import { hrefs } from '../../contract/pages';
import { LoadingScreen } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';

/** Spec §2 guard: signed-out visitors go to /auth, and come back here after signing in. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to={hrefs.signIn(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
