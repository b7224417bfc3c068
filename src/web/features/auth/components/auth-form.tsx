import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { AUTH_ERROR_CODES, AUTH_MESSAGES, type SignInBody, type SignUpBody } from '@/contract/auth';
import { Button } from '@/web/components/ui/button';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { ACCOUNT_CREATED, signInFailure, SIGNED_IN, signUpFailure } from '../lib/auth-feedback';
import { missingEmailOrPassword, signInFormSchema, signUpFormSchema, type AuthFormValues } from '../lib/auth-forms';
import { GoogleSignIn } from './google-button';
import { ResendVerification } from './resend-verification';

export type AuthMode = 'sign-in' | 'sign-up';

/**
 * Spec §2/§5 auth form: sign-in or sign-up, switched by a link. Empty email or password →
 * toast 'Please fill in all fields'; then the contract's zod rules (the server's own), inline.
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
  const signingUp = mode === 'sign-up';
  const form = useZodForm<AuthFormValues, SignInBody | SignUpBody>(signingUp ? signUpFormSchema : signInFormSchema, {
    defaultValues: { full_name: '', email: initialEmail, password: '' },
  });
  const { control } = form;
  const [unverified, setUnverified] = useState<string | null>(null);
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const pending = signIn.isPending || signUp.isPending;

  function onSubmit(body: SignInBody | SignUpBody) {
    setUnverified(null);
    if ('full_name' in body) {
      signUp.mutate(body, {
        onSuccess: () => {
          toast(ACCOUNT_CREATED);
          setCreatedFor(body.email);
        },
        onError: (err) => {
          toast(signUpFailure(err));
          showFieldError(form, err);
        },
      });
    } else {
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

  function onInvalid(errors: Parameters<typeof missingEmailOrPassword>[0]) {
    setUnverified(null);
    if (missingEmailOrPassword(errors)) toast({ title: AUTH_MESSAGES.fillAllFields, variant: 'destructive' });
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
              form.resetField('password');
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
      <Form
        form={form}
        onSubmit={onSubmit}
        onInvalid={onInvalid}
        className="space-y-4"
        aria-describedby={signingUp ? 'signup-note' : undefined}
      >
        {signingUp ? <FormTextField control={control} name="full_name" label="Full name" autoComplete="name" required /> : null}
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" inputMode="email" required />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete={signingUp ? 'new-password' : 'current-password'}
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
              onClick={() => onForgot(form.getValues('email'))}
            >
              Forgot your password?
            </button>
          </p>
        )}
      </Form>

      <GoogleSignIn redirect={redirect} />

      <p className="text-center text-sm text-ink-soft">
        {signingUp ? 'Already have an account? ' : "Don't have an account? "}
        <button
          type="button"
          className="font-semibold text-brand-700 underline underline-offset-4"
          onClick={() => {
            form.clearErrors();
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
