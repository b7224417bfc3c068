import { useRef, useState, type FormEvent } from 'react';
import type { Account } from '@/contract/account';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { ApiRequestError } from '@/web/lib/api-client';
import { authStore } from '@/web/lib/auth';
import { useDeleteAccount } from '../api/delete-account';
import { Card } from './card';

export function DeleteAccountCard({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ confirm_email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const remove = useDeleteAccount();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (values.confirm_email.trim().toLowerCase() !== account.email) found.confirm_email = 'Type the email address of this account';
    if (account.has_password && !values.password) found.password = 'Enter your password';
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    remove.mutate(
      { confirm_email: values.confirm_email.trim(), password: account.has_password ? values.password : undefined },
      {
        onSuccess: () => {
          // The guard on /account sees a deliberate sign-out and goes home.
          authStore.signedOutByUser();
          toast({ title: 'Your account has been deleted', description: 'Thank you for your service to trivial achievement.' });
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.field) setErrors({ [err.field]: err.message });
          else toast({ title: err.message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Card title="Delete my account" tone="danger" lead="Removes your profile, sign-in methods and sessions for good.">
      <p className="text-sm text-muted">
        Orders stay in our books for accounting, with your name removed from the account link. This cannot be undone.
      </p>
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog open={open} onOpenChange={(o) => (remove.isPending ? undefined : setOpen(o))}>
        <DialogContent>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your profile, sign-in methods and sessions are deleted now. Orders are kept, anonymised, for accounting.
          </DialogDescription>
          <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
            <TextField
              label={`Type ${account.email} to confirm`}
              name="confirm_email"
              autoComplete="off"
              value={values.confirm_email}
              onChange={(e) => setValues((v) => ({ ...v, confirm_email: e.target.value }))}
              error={errors.confirm_email}
            />
            {account.has_password ? (
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
                error={errors.password}
              />
            ) : null}
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
