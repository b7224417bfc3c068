import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { fieldErrors, focusFirstError } from '@/web/lib/form-errors';
import { resetPasswordBodySchema, useResetPassword } from '../api/reset-password';

/** The page the reset mail links to: choose a new password (every session is signed out). */
export function ResetPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ new_password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [invalidLink, setInvalidLink] = useState(!token);
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useResetPassword();
  const navigate = useNavigate();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = resetPasswordBodySchema.safeParse({ token, new_password: values.new_password });
    const found = parsed.success ? {} : fieldErrors(parsed);
    if (!found.new_password && values.confirm !== values.new_password) found.confirm = 'The two passwords do not match';
    if (Object.keys(found).length) {
      setErrors(found);
      focusFirstError(formRef.current, found);
      return;
    }
    setErrors({});
    reset.mutate(
      { token, new_password: values.new_password },
      {
        onSuccess: () => {
          toast({ title: 'Password changed', description: 'Sign in with your new password.', variant: 'success' });
          navigate('/auth', { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.code === 'INVALID_RESET_TOKEN') setInvalidLink(true);
          else toast({ title: err.message, variant: 'destructive' });
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
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        description="At least 6 characters. Every device signed in to your account will be signed out."
        value={values.new_password}
        onChange={(e) => setValues((v) => ({ ...v, new_password: e.target.value }))}
        error={errors.new_password}
        revealable
        required
      />
      <TextField
        label="Repeat the new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.value }))}
        error={errors.confirm}
        required
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Save new password'}
      </Button>
    </form>
  );
}
