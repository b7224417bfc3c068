import { MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@/contract/auth-constants';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { fieldErrors, focusFirstError } from '@/web/lib/form-errors';
import { signInBodySchema, useSignIn } from '../api/sign-in';
import { signUpBodySchema, useSignUp } from '../api/sign-up';
import { ACCOUNT_CREATED, signInFailure, SIGNED_IN, signUpFailure } from '../lib/auth-feedback';
import { GoogleButton } from './google-button';
import { ResendVerification } from './resend-verification';

export type AuthMode = 'sign-in' | 'sign-up';

/**
 * Spec §2/§5 auth form: sign-in or sign-up, switched by a link. Empty email or password →
 * toast 'Please fill in all fields'; then the same zod rules the server applies, inline.
 */
export function AuthForm({
  mode,
  onModeChange,
  onForgot,
  redirect,
  initialEmail = '',
}: {
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  onForgot(email: string): void;
  redirect: string;
  initialEmail?: string;
}) {
  const [values, setValues] = useState({ full_name: '', email: initialEmail, password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unverified, setUnverified] = useState<string | null>(null);
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const pending = signIn.isPending || signUp.isPending;
  const signingUp = mode === 'sign-up';

  const update = (key: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setUnverified(null);
    if (!values.email.trim() || !values.password) {
      toast({ title: AUTH_MESSAGES.fillAllFields, variant: 'destructive' });
      const empty: Record<string, string> = {};
      if (!values.email.trim()) empty.email = AUTH_MESSAGES.fillAllFields;
      if (!values.password) empty.password = AUTH_MESSAGES.fillAllFields;
      setErrors(empty);
      focusFirstError(formRef.current, empty);
      return;
    }
    const parsed = signingUp
      ? signUpBodySchema.safeParse(values)
      : signInBodySchema.safeParse({ email: values.email, password: values.password });
    if (!parsed.success) {
      const found = fieldErrors(parsed);
      setErrors(found);
      focusFirstError(formRef.current, found);
      return;
    }
    setErrors({});
    if (signingUp) {
      const body = signUpBodySchema.parse(values);
      signUp.mutate(body, {
        onSuccess: () => {
          toast(ACCOUNT_CREATED);
          setCreatedFor(body.email);
        },
        onError: (err) => {
          toast(signUpFailure(err));
          if (err instanceof ApiRequestError && err.field) setErrors({ [err.field]: err.message });
        },
      });
    } else {
      const body = signInBodySchema.parse({ email: values.email, password: values.password });
      // mutateAsync, not mutate's callbacks: signing in unmounts this form (the page moves on).
      signIn.mutateAsync(body).then(
        () => toast(SIGNED_IN),
        (err: unknown) => {
          toast(signInFailure(err));
          if (err instanceof ApiRequestError && err.code === AUTH_ERROR_CODES.emailNotVerified) setUnverified(body.email);
        },
      );
    }
  }

  if (createdFor) {
    return (
      <div className="space-y-5">
        <Notice tone="success" title="Check your inbox">
          We sent a confirmation link to <strong className="text-ink">{createdFor}</strong>. Open it, then sign in here. The
          link works for 24 hours.
        </Notice>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            onClick={() => {
              setCreatedFor(null);
              setValues((v) => ({ ...v, password: '' }));
              onModeChange('sign-in');
            }}
          >
            <MailCheck aria-hidden="true" />
            I confirmed it: sign in
          </Button>
          <ResendVerification email={createdFor} label="Send the link again" />
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-describedby={signingUp ? 'signup-note' : undefined}>
        {signingUp ? (
          <TextField
            label="Full name"
            name="full_name"
            autoComplete="name"
            value={values.full_name}
            onChange={update('full_name')}
            error={errors.full_name}
            required
          />
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={update('email')}
          error={errors.email}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          value={values.password}
          onChange={update('password')}
          error={errors.password}
          description={signingUp ? 'At least 6 characters.' : undefined}
          revealable
          required
        />
        {unverified ? (
          <Notice tone="error" title="Confirm your email address first">
            <p>Open the link we sent to {unverified} when you signed up. Lost it? We can send a new one.</p>
            <div className="mt-3">
              <ResendVerification email={unverified} />
            </div>
          </Notice>
        ) : null}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? (signingUp ? 'Creating account...' : 'Signing in...') : signingUp ? 'Create Account' : 'Sign In'}
        </Button>
        {signingUp ? (
          <p id="signup-note" className="text-xs text-muted">
            New accounts start without admin rights; an existing admin grants them.
          </p>
        ) : (
          <p className="text-right text-sm">
            <button
              type="button"
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
              onClick={() => onForgot(values.email)}
            >
              Forgot your password?
            </button>
          </p>
        )}
      </form>

      <div className="flex items-center gap-3 text-xs font-semibold tracking-widest text-muted uppercase">
        <span className="h-px flex-1 bg-line" aria-hidden="true" />
        or
        <span className="h-px flex-1 bg-line" aria-hidden="true" />
      </div>
      <GoogleButton redirect={redirect} />

      <p className="text-center text-sm text-ink-soft">
        {signingUp ? 'Already have an account? ' : "Don't have an account? "}
        <button
          type="button"
          className="font-semibold text-brand-700 underline underline-offset-4"
          onClick={() => {
            setErrors({});
            setUnverified(null);
            onModeChange(signingUp ? 'sign-in' : 'sign-up');
          }}
        >
          {signingUp ? 'Sign in' : 'Create one'}
        </button>
      </p>
    </div>
  );
}
