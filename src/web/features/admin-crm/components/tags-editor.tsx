import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { CRM_TAGS_PER_CONTACT } from '@/contract/crm';
import { Button } from '@/web/components/ui/button';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { useCrmTags } from '../api/get-tags';
import { useUpdateContact } from '../api/update-contact';
import { addTagFormSchema } from '../lib/crm-forms';

/** A contact's tags: remove one with its ×, add one by typing it (existing tags are suggested). Each change is audited. */
export function TagsEditor({ contactId, tags }: { contactId: string; tags: string[] }) {
  const update = useUpdateContact(contactId);
  const known = useCrmTags();
  const listId = useId();
  const form = useZodForm(addTagFormSchema, { defaultValues: { tag: '' } });

  const save = (next: string[], done?: () => void) =>
    update.mutate(
      { tags: next },
      {
        onSuccess: () => done?.(),
        onError: (err) => {
          if (!showFieldError(form, err)) toast({ title: 'The tags were not saved', description: err.message, variant: 'destructive' });
        },
      },
    );

  return (
    <div>
      {tags.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {tags.map((t) => (
            <li key={t} className="inline-flex items-center gap-1 rounded-full bg-gold/25 py-1 pr-1 pl-3 text-sm font-semibold">
              {t}
              <button
                type="button"
                onClick={() => save(tags.filter((x) => x !== t))}
                disabled={update.isPending}
                aria-label={`Remove tag ${t}`}
                className="flex size-6 items-center justify-center rounded-full hover:bg-gold/40 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No tags yet. Tags group contacts for the list's filter and the CSV export.</p>
      )}
      {tags.length < CRM_TAGS_PER_CONTACT ? (
        <Form
          form={form}
          onSubmit={({ tag }) => (tags.includes(tag) ? form.reset({ tag: '' }) : save([...tags, tag], () => form.reset({ tag: '' })))}
          className="mt-3 flex items-start gap-2"
        >
          <FormTextField control={form.control} name="tag" label="Add a tag" placeholder="e.g. vip, press, wholesale" list={listId} className="min-w-0 flex-1" autoComplete="off" />
          <datalist id={listId}>
            {known.data?.tags.filter((t) => !tags.includes(t.tag)).map((t) => <option key={t.tag} value={t.tag} />)}
          </datalist>
          <Button type="submit" variant="outline" size="md" disabled={update.isPending} className="mt-[1.625rem] shrink-0">
            <Plus aria-hidden="true" /> Add
          </Button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-muted">{CRM_TAGS_PER_CONTACT} tags is the most a contact can have.</p>
      )}
    </div>
  );
}
