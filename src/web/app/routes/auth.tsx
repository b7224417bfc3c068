import { pageHead } from '@/contract/pages';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/web/components/ui/spinner';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { AuthForm, type AuthMode } from '@/web/features/auth/components/auth-form';
import { AuthShell } from '@/web/features/auth/components/auth-shell';
import { ForgotPasswordForm } from '@/web/features/auth/components/forgot-password-form';
import { GOOGLE_FAILURE, SIGNED_IN, verificationOutcome } from '@/web/features/auth/lib/auth-feedback';
import { authStore, safeRedirect, useAuth } from '@/web/lib/auth';

export const head = pageHead({
  title: 'Sign In',
  description: 'Sign in or create an account to keep your nominations, certificates and orders in one place.',
  indexable: false,
});

type Mode = AuthMode | 'forgot';

const HEADINGS: Record<Mode, { title: string; lead: string }> = {
  'sign-in': { title: 'Admin Login', lead: 'Sign in to keep your nominations, certificates and orders in one place.' },
  'sign-up': { title: 'Create Admin Account', lead: 'One account for your nominations, certificates and orders.' },
  forgot: { title: 'Forgot your password?', lead: 'Tell us your email address and we will send you a link to choose a new one.' },
};

/**
 * /auth (spec §2): 'Admin Login' ↔ 'Create Admin Account'. A signed-in visitor is sent on to
 * ?redirect= (a page that asked them to sign in) or to /. Google sign-in returns here too.
 */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const redirect = safeRedirect(params.get('redirect'));
  const [mode, setMode] = useState<Mode>(() =>
    params.get('mode') === 'forgot' ? 'forgot' : params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in',
  );
  const [emailHint, setEmailHint] = useState('');
  const googleReturn = params.get('provider') === 'google';
  const googleError = googleReturn ? params.get('error') : null;
  const handled = useRef(false);
  const outcome = verificationOutcome(params);

  // Back from Google: a session means signed in (SIGNED_IN, session_start); ?error= means it failed.
  useEffect(() => {
    if (!googleReturn || loading || handled.current) return;
    handled.current = true;
    if (googleError || !user) {
      toast(GOOGLE_FAILURE);
      setParams((p) => {
        p.delete('provider');
        p.delete('error');
        p.delete('error_description');
        return p;
      }, { replace: true });
      return;
    }
    void authStore.refresh('SIGNED_IN').then(() => {
      toast(SIGNED_IN);
      navigate(redirect, { replace: true });
    });
  }, [googleReturn, googleError, loading, user, navigate, redirect, setParams]);

  if (loading) return <LoadingScreen className="min-h-dvh" />;
  if (googleReturn && !googleError && user) return <LoadingScreen className="min-h-dvh" />;
  if (user) return <Navigate to={redirect} replace />;

  const heading = HEADINGS[mode];
  return (
    <AuthShell title={heading.title} lead={heading.lead}>
      {outcome && mode !== 'forgot' ? (
        <Notice tone={outcome.tone} className="mb-5">
          {outcome.text}
        </Notice>
      ) : null}
      {mode === 'forgot' ? (
        <ForgotPasswordForm initialEmail={emailHint} onBack={() => setMode('sign-in')} />
      ) : (
        <AuthForm
          mode={mode}
          onModeChange={setMode}
          onForgot={(email) => {
            setEmailHint(email);
            setMode('forgot');
          }}
          redirect={redirect}
          initialEmail={emailHint}
        />
      )}
    </AuthShell>
  );
}
