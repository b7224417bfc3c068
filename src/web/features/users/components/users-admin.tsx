import { ChevronLeft, ChevronRight, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '@/contract/users';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { useDebouncedSearchParam, useUrlParams } from '@/web/hooks/use-debounced-search-param';
import { authStore, useAuth } from '@/web/lib/auth';
import { cn } from '@/web/lib/utils';
import { useUsers } from '../api/get-users';
import { useUpdateUser, type UserChange } from '../api/update-user';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface PendingChange {
  user: AdminUser;
  change: UserChange;
  title: string;
  body: string;
  confirm: string;
}

function describe(user: AdminUser, change: UserChange): PendingChange {
  const who = user.full_name || user.email;
  if (change.is_admin === true)
    return { user, change, title: `Make ${who} an admin?`, body: 'They will be able to change awards, orders, settings and other users.', confirm: 'Make admin' };
  if (change.is_admin === false)
    return { user, change, title: `Remove admin rights from ${who}?`, body: 'They keep their account but lose the admin area.', confirm: 'Remove admin' };
  if (change.disabled === true)
    return { user, change, title: `Disable ${who}?`, body: 'They are signed out everywhere and cannot sign in until enabled again.', confirm: 'Disable account' };
  return { user, change, title: `Enable ${who}?`, body: 'They can sign in again.', confirm: 'Enable account' };
}

function doneMessage(user: AdminUser, change: UserChange): string {
  const who = user.full_name || user.email;
  if (change.is_admin === true) return `${who} is now an admin.`;
  if (change.is_admin === false) return `${who} is no longer an admin.`;
  if (change.disabled === true) return `${who} can no longer sign in.`;
  return `${who} can sign in again.`;
}

function Badge({ tone, children }: { tone: 'red' | 'green' | 'grey' | 'gold'; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'red' && 'bg-brand-100 text-brand-800',
        tone === 'green' && 'bg-emerald-100 text-emerald-900',
        tone === 'grey' && 'bg-paper-dark text-ink-soft',
        tone === 'gold' && 'bg-gold/30 text-ink',
      )}
    >
      {children}
    </span>
  );
}

function UserActions({ user, isSelf, onChange }: { user: AdminUser; isSelf: boolean; onChange(p: PendingChange): void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={() => onChange(describe(user, { is_admin: !user.is_admin }))}
        aria-label={`${user.is_admin ? 'Remove admin' : 'Make admin'}: ${user.email}`}
      >
        {user.is_admin ? 'Remove admin' : 'Make admin'}
      </Button>
      {isSelf ? null : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onChange(describe(user, { disabled: !user.disabled }))}
          aria-label={`${user.disabled ? 'Enable' : 'Disable'}: ${user.email}`}
        >
          {user.disabled ? 'Enable' : 'Disable'}
        </Button>
      )}
    </div>
  );
}

function StatusBadges({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      {user.is_admin ? <Badge tone="gold">Admin</Badge> : <Badge tone="grey">User</Badge>}
      {user.disabled ? <Badge tone="red">Disabled</Badge> : null}
      {isSelf ? <Badge tone="grey">You</Badge> : null}
    </span>
  );
}

/** /admin/users: search accounts, grant or revoke admin, disable or enable. Every change is audited. */
export function UsersAdmin() {
  const [params, setParams] = useUrlParams();
  // The search box writes the URL (shareable, back-button friendly) after a short pause; a new search starts at page 1.
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ resets: ['page'] });
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { user: me } = useAuth();
  const users = useUsers({ search: search || undefined, page });
  const update = useUpdateUser();
  const [pending, setPending] = useState<PendingChange | null>(null);

  // Each page is a history entry of its own.
  const goTo = (next: number) => setParams({ page: next > 1 ? String(next) : undefined }, { push: true });

  function confirmChange() {
    if (!pending) return;
    const { user, change } = pending;
    update.mutate(
      { id: user.id, change },
      {
        onSuccess: () => {
          toast({ title: doneMessage(user, change), variant: 'success' });
          setPending(null);
          if (user.id === me?.id) void authStore.refresh('USER_UPDATED');
        },
        onError: (err) => {
          toast({ title: err.message, variant: 'destructive' });
          setPending(null);
        },
      },
    );
  }

  const data = users.data;
  const columns: Column<AdminUser>[] = [
    {
      key: 'user',
      header: 'User',
      rowHeader: true,
      cell: (u) => (
        <>
          <span className="block font-semibold break-words text-ink">{u.full_name}</span>
          <span className="block font-normal break-all text-muted">{u.email}</span>
        </>
      ),
    },
    { key: 'role', header: 'Role', cell: (u) => <StatusBadges user={u} isSelf={u.id === me?.id} /> },
    { key: 'verified', header: 'Verified', cell: (u) => (u.email_verified ? 'Yes' : 'No') },
    { key: 'created', header: 'Created', className: 'md:whitespace-nowrap', cell: (u) => dateFormat.format(new Date(u.created_at)) },
    {
      key: 'last-sign-in',
      header: 'Last sign-in',
      className: 'md:whitespace-nowrap',
      cell: (u) => (u.last_sign_in_at ? dateTimeFormat.format(new Date(u.last_sign_in_at)) : 'Never'),
    },
    { key: 'actions', header: 'Actions', cell: (u) => <UserActions user={u} isSelf={u.id === me?.id} onChange={setPending} /> },
  ];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <section>
      <h1 className="text-3xl font-semibold sm:text-4xl">Users</h1>
      <p className="mt-2 text-ink-soft">Accounts, roles and who may do what. Every change is written to the audit log.</p>

      <FilterBar label="Filter users" columns="lg:grid-cols-[2fr_1fr]">
        <SearchField label="Search users" value={draft} onChange={setDraft} placeholder="Name or email" />
      </FilterBar>

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {data ? `${data.total} ${data.total === 1 ? 'user' : 'users'}${search ? ` matching “${search}”` : ''}` : 'Loading...'}
      </p>

      <DataTable
        caption="Users, newest first"
        columns={columns}
        rows={data?.users}
        rowKey={(u) => u.id}
        error={users.isError ? users.error : null}
        errorTitle="The user list did not load"
        refreshing={users.isPlaceholderData}
        rowTestId="admin-user-row"
        empty={<Notice title="Nobody here">No account matches this search.</Notice>}
      />

      {data && pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
        {pending ? (
          <DialogContent>
            <span className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <ShieldCheck className="size-6" aria-hidden="true" />
            </span>
            <DialogTitle className="mt-4">{pending.title}</DialogTitle>
            <DialogDescription>{pending.body} The change is recorded in the audit log.</DialogDescription>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Button variant="ghost" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button onClick={confirmChange} disabled={update.isPending}>
                {update.isPending ? 'Saving...' : pending.confirm}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}
