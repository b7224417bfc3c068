import { BadgeCheck } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { updateAccountBodySchema, type Account } from '@/contract/account';
import { Button } from '@/web/components/ui/button';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { useUpdateAccount } from '../api/update-account';
import { Card } from './card';

const since = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export function ProfileCard({ account }: { account: Account }) {
  const form = useZodForm(updateAccountBodySchema, { defaultValues: { full_name: account.full_name } });
  const name = useWatch({ control: form.control, name: 'full_name' });
  const update = useUpdateAccount();

  function onSubmit(body: { full_name: string }) {
    update.mutate(body, {
      onSuccess: () => toast({ title: 'Profile saved', variant: 'success' }),
      onError: (err) => {
        if (!showFieldError(form, err)) toast({ title: err.message, variant: 'destructive' });
      },
    });
  }

  return (
    <Card title="Profile" lead="How you appear on nominations you send.">
      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        <FormTextField control={form.control} name="full_name" label="Full name" autoComplete="name" />
        <div>
          <p className="text-sm font-semibold">Email</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 break-all text-ink-soft">
            {account.email}
            {account.email_verified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                Verified
              </span>
            ) : null}
          </p>
        </div>
        <p className="text-sm text-muted">
          Member since {since.format(new Date(account.created_at))}. Signs in with{' '}
          {account.sign_in_methods.map((m) => (m === 'email' ? 'email and password' : m === 'google' ? 'Google' : m)).join(' and ')}.
        </p>
        <Button type="submit" disabled={update.isPending || name.trim() === account.full_name}>
          {update.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </Form>
    </Card>
  );
}
