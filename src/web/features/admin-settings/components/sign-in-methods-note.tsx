import { Notice } from '@/web/components/ui/notice';
import { useAuthConfig } from '@/web/lib/api/get-auth-config';
import { publicOrigin } from '@/web/lib/absolute-url';

/**
 * Why the sign-in page has no Google button: Google sign-in is switched on by the server's environment, not by a
 * setting here, so this page says which variables do it. Nothing while it is on (or unknown).
 */
export function SignInMethodsNote({ className }: { className?: string }) {
  const config = useAuthConfig();
  if (config.data?.google_enabled !== false) return null;
  return (
    <Notice title="Google sign-in is off" className={className}>
      The sign-in page offers email and password only. To add “Sign in with Google”, set <code className="font-mono text-ink">GOOGLE_CLIENT_ID</code> and{' '}
      <code className="font-mono text-ink">GOOGLE_CLIENT_SECRET</code> in the server’s environment (from a Google Cloud OAuth client whose redirect URI is{' '}
      <code className="font-mono break-all text-ink">{publicOrigin()}/api/auth/callback/google</code>) and restart it.
    </Notice>
  );
}
