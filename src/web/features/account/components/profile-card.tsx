import { BadgeCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Account } from '@/contract/account';
import { Button } from '@/web/components/ui/button';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { fieldErrors } from '@/web/lib/form-errors';
import { updateAccountBodySchema, useUpdateAccount } from '../api/update-account';
import { Card } from './card';

const since = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export function ProfileCard({ account }: { account: Account }) {
  const [name, setName] = useState(account.full_name);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateAccount();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = updateAccountBodySchema.safeParse({ full_name: name });
    if (!parsed.success) return setError(fieldErrors(parsed).full_name);
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Profile saved', variant: 'success' }),
      onError: (err) => toast({ title: err.message, variant: 'destructive' }),
    });
  }

  return (
    <Card title="Profile" lead="How you appear on nominations you send.">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="Full name" name="full_name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={error} />
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
      </form>
    </Card>
  );
}
