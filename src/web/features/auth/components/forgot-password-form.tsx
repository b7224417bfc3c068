import { useState } from 'react';
import { emailOnlyBodySchema } from '@/contract/auth';
import { Button } from '@/web/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/web/components/ui/form';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { useForgotPassword } from '../api/forgot-password';

/** Forgotten password: ask for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const form = useZodForm(emailOnlyBodySchema, { defaultValues: { email: initialEmail } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();

  function onSubmit({ email }: { email: string }) {
    forgot.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (err) => toast({ title: err.message, variant: 'destructive' }),
    });
  }

  if (sentTo) {
    return (
      <div className="space-y-5">
        <Notice tone="success" title="Check your inbox">
          If an account exists for <strong className="text-ink">{sentTo}</strong>, a link to choose a new password is on its
          way. It works for 1 hour.
        </Notice>
        <Button type="button" variant="secondary" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4">
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" required />
      <Button type="submit" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <button type="button" className="font-semibold text-brand-700 underline underline-offset-4" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </Form>
  );
}
