import { useEffect, type ReactNode } from 'react';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { SETTINGS_GROUP_LABELS, type AdminSettings, type SettingsGroup, type SettingsValues } from '@/contract/admin-settings';
import { Button } from '@/web/components/ui/button';
import { showFieldError } from '@/web/components/ui/form';
import { toast } from '@/web/components/ui/use-toast';
import { useSaveSettings } from '../api/save-settings';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One settings group: its heading, what it changes on the site, who changed it last, its fields. */
export function SectionCard({
  group,
  description,
  changed,
  children,
}: {
  group: SettingsGroup;
  description: ReactNode;
  changed: AdminSettings['changed'][SettingsGroup];
  children: ReactNode;
}) {
  return (
    <section id={`settings-${group}`} aria-labelledby={`settings-${group}-title`} className="scroll-mt-32 rounded-3xl border border-line bg-white p-5 shadow-card sm:p-7">
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-1">
        <h2 id={`settings-${group}-title`} className="text-2xl font-semibold">
          {SETTINGS_GROUP_LABELS[group]}
        </h2>
        <p className="text-xs text-muted">
          {changed ? `Last changed ${when.format(new Date(changed.at))}${changed.by ? ` by ${changed.by}` : ''}` : 'Never changed: the built-in defaults'}
        </p>
      </header>
      <div className="mt-1 max-w-3xl text-sm text-ink-soft">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Save and Reset at the foot of a section's form, and what is unsaved. */
export function SaveBar<T extends FieldValues, O>({ form, pending, label }: { form: UseFormReturn<T, unknown, O>; pending: boolean; label: string }) {
  const { isDirty } = useFormState({ control: form.control });
  return (
    <div className="mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-line pt-4">
      {isDirty ? (
        <p className="mr-auto text-sm font-semibold text-brand-700" role="status">
          Unsaved changes
        </p>
      ) : null}
      <Button type="button" variant="outline" disabled={!isDirty || pending} onClick={() => form.reset()}>
        Undo changes
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : `Save ${label}`}
      </Button>
    </div>
  );
}

/**
 * Saving one group: the body goes to PUT /api/admin/settings/{group}; a field the server refuses shows under that
 * field, anything else as a toast; on success the form starts again from what the server stored. Reports the
 * form's unsaved state to the page (the leave-page warning).
 */
export function useSectionSave<G extends SettingsGroup, T extends FieldValues, O>(
  group: G,
  form: UseFormReturn<T, unknown, O>,
  toForm: (values: SettingsValues[G]) => T,
  onDirty: (group: SettingsGroup, dirty: boolean) => void,
  cacheSeconds: number,
) {
  const save = useSaveSettings(group);
  const { isDirty } = useFormState({ control: form.control });
  useEffect(() => onDirty(group, isDirty), [group, isDirty, onDirty]);
  const label = SETTINGS_GROUP_LABELS[group];
  const submit = (body: SettingsValues[G]) =>
    save.mutate(body, {
      onSuccess: (settings) => {
        form.reset(toForm(settings.values[group]));
        toast({
          title: `${label} saved`,
          description: `This server shows it now; any other server within ${cacheSeconds} seconds. The change is in the audit log.`,
          variant: 'success',
        });
      },
      onError: (err) => {
        if (!showFieldError(form, err)) toast({ title: `${label} not saved`, description: err.message, variant: 'destructive' });
      },
    });
  return { submit, pending: save.isPending };
}
