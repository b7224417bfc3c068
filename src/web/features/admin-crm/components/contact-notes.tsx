import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CRM_NOTE_MAX, crmNoteBodySchema, type CrmNote } from '@/contract/crm';
import { ConfirmDialog } from '@/web/components/admin/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { Form, FormTextArea, showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { useAddNote } from '../api/add-note';
import { useDeleteNote } from '../api/delete-note';
import { formatWhen } from '../lib/crm-format';

/** Notes about a contact, newest first, with their author and time; adding and deleting one is audited. */
export function ContactNotes({ contactId, notes }: { contactId: string; notes: CrmNote[] }) {
  const add = useAddNote(contactId);
  const remove = useDeleteNote(contactId);
  const [deleting, setDeleting] = useState<CrmNote | null>(null);
  const form = useZodForm(crmNoteBodySchema, { defaultValues: { body: '' } });

  return (
    <div>
      <Form
        form={form}
        onSubmit={(body) =>
          add.mutate(body, {
            onSuccess: () => form.reset({ body: '' }),
            onError: (err) => {
              if (!showFieldError(form, err)) toast({ title: 'The note was not saved', description: err.message, variant: 'destructive' });
            },
          })
        }
      >
        <FormTextArea
          control={form.control}
          name="body"
          label="Add a note"
          maxLength={CRM_NOTE_MAX}
          rows={3}
          placeholder="What happened, what they asked for, what we promised."
        />
        <Button type="submit" size="sm" className="mt-2" disabled={add.isPending}>
          {add.isPending ? 'Saving…' : 'Add note'}
        </Button>
      </Form>

      {notes.length ? (
        <ul className="mt-5 space-y-3" aria-label="Notes" data-testid="crm-notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-2xl border border-line bg-paper p-3">
              <p className="text-sm break-words whitespace-pre-wrap">{n.body}</p>
              <div className="mt-2 flex items-center justify-between gap-2 text-xs text-muted">
                <span>
                  {n.author_name ?? 'A former admin'} · <time dateTime={n.created_at}>{formatWhen(n.created_at)}</time>
                </span>
                <Button variant="ghost" size="sm" className="h-8 px-2" onClick={() => setDeleting(n)} aria-label={`Delete the note of ${formatWhen(n.created_at)}`}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted">No notes yet.</p>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        description="It is removed from the contact. The audit log keeps who deleted it and what it said."
        confirmLabel="Delete note"
        destructive
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ title: 'Note deleted' });
            },
            onError: (err) => toast({ title: 'The note was not deleted', description: err.message, variant: 'destructive' }),
          })
        }
      />
    </div>
  );
}
