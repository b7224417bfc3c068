import { useRef, useState, type FormEvent } from 'react';
import type { Account } from '@/contract/account';
import { Button } from '@/web/components/ui/button';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { fieldErrors, focusFirstError } from '@/web/lib/form-errors';
import { changePasswordBodySchema, useChangePassword } from '../api/change-password';
import { Card } from './card';

export function PasswordCard({ account }: { account: Account }) {
  const [values, setValues] = useState({ current_password: '', new_password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const change = useChangePassword();

  if (!account.has_password) {
    return (
      <Card title="Password" lead="You sign in with Google, so there is no password to change here." >
        <p className="text-sm text-muted">To add one, use “Forgot your password?” on the sign-in page with this email address.</p>
      </Card>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = changePasswordBodySchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed);
      setErrors(found);
      focusFirstError(formRef.current, found);
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues({ current_password: '', new_password: '' });
        toast({ title: 'Password changed', description: 'Every other device has been signed out.', variant: 'success' });
      },
      onError: (err) => {
        if (err instanceof ApiRequestError && err.field) setErrors({ [err.field]: err.message });
        else toast({ title: err.message, variant: 'destructive' });
      },
    });
  }

  return (
    <Card title="Password" lead="Changing it signs you out on every other device.">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={(e) => setValues((v) => ({ ...v, current_password: e.target.value }))}
          error={errors.current_password}
          revealable
        />
        <TextField
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          description="At least 6 characters."
          value={values.new_password}
          onChange={(e) => setValues((v) => ({ ...v, new_password: e.target.value }))}
          error={errors.new_password}
          revealable
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
