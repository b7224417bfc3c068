import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray } from 'react-hook-form';
import {
  brandSettingsSchema,
  contactSettingsSchema,
  featureSettingsSchema,
  HOME_STATS_MAX,
  homeSettingsSchema,
  type AdminSettings,
  type SettingsGroup,
} from '@/contract/admin-settings';
import { Button } from '@/web/components/ui/button';
import { Form, FormTextField, useZodForm } from '@/web/components/ui/form';
import { Switch } from '@/web/components/ui/switch';
import { SaveBar, SectionCard, useSectionSave } from './section-card';

export interface SectionProps {
  settings: AdminSettings;
  onDirty(group: SettingsGroup, dirty: boolean): void;
}

export function BrandSection({ settings, onDirty }: SectionProps) {
  const form = useZodForm(brandSettingsSchema, { defaultValues: settings.values.brand });
  const { submit, pending } = useSectionSave('brand', form, (v) => v, onDirty, settings.cache_seconds);
  return (
    <SectionCard group="brand" changed={settings.changed.brand} description="The name in the header, page titles, link previews, mails and on every certificate; the parent company in the footer.">
      <Form form={form} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={form.control} name="brand_name" label="Brand name" maxLength={60} autoComplete="organization" />
        <FormTextField control={form.control} name="company_name" label="Parent company" description="“{brand} is a subsidiary of …” in the footer." maxLength={120} />
        <div className="sm:col-span-2">
          <SaveBar form={form} pending={pending} label="brand" />
        </div>
      </Form>
    </SectionCard>
  );
}

export function ContactSection({ settings, onDirty }: SectionProps) {
  const form = useZodForm(contactSettingsSchema, { defaultValues: settings.values.contact });
  const { submit, pending } = useSectionSave('contact', form, (v) => v, onDirty, settings.cache_seconds);
  return (
    <SectionCard group="contact" changed={settings.changed.contact} description="The contact address in the footer and on policy pages, and the social links in the footer and the site’s structured data. Leave a link empty to hide it.">
      <Form form={form} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={form.control} name="support_email" label="Contact email" type="email" autoComplete="email" className="sm:col-span-2" />
        <FormTextField control={form.control} name="social.tiktok" label="TikTok" placeholder="https://www.tiktok.com/@…" inputMode="url" />
        <FormTextField control={form.control} name="social.x" label="X" placeholder="https://x.com/…" inputMode="url" />
        <FormTextField control={form.control} name="social.instagram" label="Instagram" placeholder="https://www.instagram.com/…" inputMode="url" />
        <div className="sm:col-span-2">
          <SaveBar form={form} pending={pending} label="contact details" />
        </div>
      </Form>
    </SectionCard>
  );
}

export function HomeSection({ settings, onDirty }: SectionProps) {
  const form = useZodForm(homeSettingsSchema, { defaultValues: settings.values.home });
  const { submit, pending } = useSectionSave('home', form, (v) => v, onDirty, settings.cache_seconds);
  const stats = useFieldArray({ control: form.control, name: 'stats' });
  const listError = form.formState.errors.stats?.root?.message ?? form.formState.errors.stats?.message;
  return (
    <SectionCard
      group="home"
      changed={settings.changed.home}
      description={
        <>
          The figures of the home page’s stats block. They are openly invented, and the page says so under them whatever
          you type here: “Full disclosure: every number above is made up.”
        </>
      }
    >
      <Form form={form} onSubmit={submit}>
        <ol className="grid gap-3">
          {stats.fields.map((f, i) => (
            <li key={f.id} className="grid grid-cols-[1fr_2fr_auto] items-end gap-3 rounded-2xl bg-paper p-3">
              <FormTextField control={form.control} name={`stats.${i}.value`} label={`Figure ${i + 1}`} maxLength={16} />
              <FormTextField control={form.control} name={`stats.${i}.label`} label="What it counts" maxLength={40} />
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove figure ${i + 1}`} disabled={stats.fields.length <= 1} onClick={() => stats.remove(i)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
        {listError ? (
          <p className="mt-2 text-sm font-medium text-brand-700" role="alert">
            {listError}
          </p>
        ) : null}
        <Button type="button" variant="outline" size="sm" className="mt-3" disabled={stats.fields.length >= HOME_STATS_MAX} onClick={() => stats.append({ value: '', label: '' })}>
          <Plus aria-hidden="true" /> Add a figure
        </Button>
        <SaveBar form={form} pending={pending} label="home page" />
      </Form>
    </SectionCard>
  );
}

const FEATURES = [
  { key: 'quiz', label: 'The quiz', off: 'The quiz pages and its Hall of Fame say the quiz is taking a break (and are not indexed); its link leaves the footer; the quiz API answers 404. Results already made still open at their links.' },
  { key: 'community', label: 'The community wall', off: 'The wall says it is closed for now (not indexed); links to it disappear; its API answers 404. Certificates still open at their own links.' },
  { key: 'bug_reports', label: 'Bug reports', off: 'The Report Bug button and Ctrl+Shift+B disappear and new reports are refused. Reports already sent stay in Bug Reports.' },
] as const;

export function FeaturesSection({ settings, onDirty }: SectionProps) {
  const form = useZodForm(featureSettingsSchema, { defaultValues: settings.values.features });
  const { submit, pending } = useSectionSave('features', form, (v) => v, onDirty, settings.cache_seconds);
  return (
    <SectionCard group="features" changed={settings.changed.features} description="Parts of the site you can switch off for a while. The sales funnel has its own switch in its section.">
      <Form form={form} onSubmit={submit}>
        <ul className="divide-y divide-line rounded-2xl border border-line">
          {FEATURES.map((f) => (
            <li key={f.key} className="flex items-start justify-between gap-4 p-4">
              <div>
                <p id={`feature-${f.key}`} className="font-semibold">
                  {f.label}
                </p>
                <p id={`feature-${f.key}-off`} className="mt-0.5 text-sm text-ink-soft">
                  When off: {f.off}
                </p>
              </div>
              <Controller
                control={form.control}
                name={f.key}
                render={({ field }) => (
                  <Switch aria-labelledby={`feature-${f.key}`} aria-describedby={`feature-${f.key}-off`} checked={field.value} onCheckedChange={field.onChange} ref={field.ref} />
                )}
              />
            </li>
          ))}
          <li className="flex items-start justify-between gap-4 p-4 text-sm text-ink-soft">
            <span>
              <span className="font-semibold text-ink">The sales funnel</span> is {settings.values.funnel.enabled ? 'on' : 'off'}:{' '}
              <a href="#settings-funnel" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                switch it in Sales funnel
              </a>
              .
            </span>
          </li>
        </ul>
        <SaveBar form={form} pending={pending} label="features" />
      </Form>
    </SectionCard>
  );
}
