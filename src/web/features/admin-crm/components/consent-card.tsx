import { useState } from 'react';
import { crmConsentSchema, type CrmContact } from '@/contract/crm';
import { Button } from '@/web/components/ui/button';
import { Form, FormTextField, showFieldError, useZodForm } from '@/web/components/ui/form';
import { Switch } from '@/web/components/ui/switch';
import { toast } from '@/web/components/ui/use-toast';
import { useUpdateContact } from '../api/update-contact';
import { formatDay } from '../lib/crm-format';

/**
 * Marketing consent as an admin records it: on needs "how do we know"; off is one click. There is no marketing
 * sign-up and nothing is sent because of it yet — the card says so (docs/decisions/103).
 */
export function ConsentCard({ contact }: { contact: CrmContact }) {
  const update = useUpdateContact(contact.id);
  const [asking, setAsking] = useState(false);
  const form = useZodForm(crmConsentSchema, { defaultValues: { granted: true, source: '' } });
  const switchId = `consent-${contact.id}`;

  const onToggle = (on: boolean) => {
    if (on) {
      form.reset({ granted: true, source: '' });
      setAsking(true);
      return;
    }
    setAsking(false);
    update.mutate(
      { consent: { granted: false } },
      {
        onSuccess: () => toast({ title: 'Consent withdrawn', description: 'Recorded in the audit log.' }),
        onError: (err) => toast({ title: 'The change was not saved', description: err.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={switchId} className="text-sm font-semibold">
          Marketing consent
        </label>
        <Switch id={switchId} checked={contact.marketing_consent || asking} onCheckedChange={onToggle} disabled={update.isPending} />
      </div>
      {contact.marketing_consent ? (
        <p className="mt-2 text-sm text-ink-soft" data-testid="crm-consent-source">
          Recorded {formatDay(contact.consent_changed_at)}: {contact.consent_source}
        </p>
      ) : !asking ? (
        <p className="mt-2 text-sm text-muted">{contact.consent_changed_at ? `Withdrawn ${formatDay(contact.consent_changed_at)}.` : 'Not recorded.'}</p>
      ) : null}
      {asking && !contact.marketing_consent ? (
        <Form
          form={form}
          onSubmit={(consent) =>
            update.mutate({ consent }, {
              onSuccess: () => {
                setAsking(false);
                toast({ title: 'Consent recorded', description: 'Recorded in the audit log.' });
              },
              onError: (err) => {
                if (!showFieldError(form, err, { fields: { 'consent.source': 'source' } })) toast({ title: 'The consent was not saved', description: err.message, variant: 'destructive' });
              },
            })
          }
          className="mt-3 space-y-3"
        >
          <FormTextField control={form.control} name="source" label="How do we know?" description='For example "asked by email on 3 May".' autoFocus />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              Record consent
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : null}
      <p className="mt-3 text-xs text-muted">
        Kept for the record only: the shop has no marketing sign-up yet, and nothing is ever sent because of this switch.
      </p>
    </div>
  );
}
