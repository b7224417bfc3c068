import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordFormSchema } from '../lib/auth-forms';

/** The page the reset mail links to: choose a new password (every session is signed out). */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { new_password: '', confirm: '' } });
  const [invalidLink, setInvalidLink] = useState(!token);
  const reset = useResetPassword();
  const navigate = useNavigate();

  function onSubmit({ new_password }: { new_password: string }) {
    reset.mutate(
      { token, new_password },
      {
        onSuccess: () => {
          toast({ title: 'Password changed', description: 'Sign in with your new password.', variant: 'success' });
          navigate('/auth', { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.code === 'INVALID_RESET_TOKEN') setInvalidLink(true);
          else if (!showFieldError(form, err)) toast({ title: err.message, variant: 'destructive' });
        },
      },
    );
  }

  if (invalidLink) {
    return (
      <div className="space-y-5">
        <Notice tone="error" title="This link does not work any more">
          Reset links work once, for 1 hour. Ask for a new one and use the newest mail.
        </Notice>
        <Link to="/auth?mode=forgot" className={buttonVariants()}>
          Ask for a new link
        </Link>
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4">
      <FormTextField
        control={form.control}
        name="new_password"
        label="New password"
        type="password"
        autoComplete="new-password"
        description="At least 6 characters. Every device signed in to your account will be signed out."
        revealable
        required
      />
      <FormTextField
        control={form.control}
        name="confirm"
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Save new password'}
      </Button>
    </Form>
  );
}
