import { useMemo, useState } from 'react';
import type { Account } from '@/contract/account';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { authStore } from '@/web/lib/auth';
import { useDeleteAccount } from '../api/delete-account';
import { deleteAccountFormSchema } from '../lib/delete-account-form';
import { Card } from './card';

export function DeleteAccountCard({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  const schema = useMemo(() => deleteAccountFormSchema(account), [account]);
  const form = useZodForm(schema, { defaultValues: { confirm_email: '', password: '' } });
  const remove = useDeleteAccount();

  function onSubmit(body: { confirm_email: string; password?: string | undefined }) {
    remove.mutate(body, {
      onSuccess: () => {
        // The guard on /account sees a deliberate sign-out and goes home.
        authStore.signedOutByUser();
        toast({ title: 'Your account has been deleted', description: 'Thank you for your service to trivial achievement.' });
      },
      onError: (err) => {
        if (!showFieldError(form, err)) toast({ title: err.message, variant: 'destructive' });
      },
    });
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
          <Form form={form} onSubmit={onSubmit} className="mt-5 space-y-4">
            <FormTextField control={form.control} name="confirm_email" label={`Type ${account.email} to confirm`} autoComplete="off" />
            {account.has_password ? (
              <FormTextField control={form.control} name="password" label="Password" type="password" autoComplete="current-password" />
            ) : null}
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </div>
          </Form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
