import type { Account } from '@/contract/account';
import { changePasswordBodySchema } from '@/contract/auth';
import { Button } from '@/web/components/ui/button';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { useChangePassword } from '../api/change-password';
import { Card } from './card';

export function PasswordCard({ account }: { account: Account }) {
  const form = useZodForm(changePasswordBodySchema, { defaultValues: { current_password: '', new_password: '' } });
  const change = useChangePassword();

  if (!account.has_password) {
    return (
      <Card title="Password" lead="You sign in with Google, so there is no password to change here." >
        <p className="text-sm text-muted">To add one, use “Forgot your password?” on the sign-in page with this email address.</p>
      </Card>
    );
  }

  function onSubmit(body: { current_password: string; new_password: string }) {
    change.mutate(body, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Password changed', description: 'Every other device has been signed out.', variant: 'success' });
      },
      onError: (err) => {
        if (!showFieldError(form, err)) toast({ title: err.message, variant: 'destructive' });
      },
    });
  }

  return (
    <Card title="Password" lead="Changing it signs you out on every other device.">
      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        <FormTextField
          control={form.control}
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          revealable
        />
        <FormTextField
          control={form.control}
          name="new_password"
          label="New password"
          type="password"
          autoComplete="new-password"
          description="At least 6 characters."
          revealable
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </Form>
    </Card>
  );
}
