import { useId, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Switch } from '@/web/components/ui/switch';
import type { CookiePreferences } from '@/web/lib/consent';
import { consentActions, useConsent } from '@/web/lib/consent-store';

const CATEGORIES: { key: keyof CookiePreferences; label: string; description: string }[] = [
  {
    key: 'necessary',
    label: 'Necessary',
    description: 'Keeps you signed in, protects forms and remembers this choice. The shop cannot work without them.',
  },
  {
    key: 'analytics',
    label: 'Analytics',
    description: 'Counts visits and clicks so we learn which awards make people laugh. No names attached.',
  },
  {
    key: 'marketing',
    label: 'Marketing',
    description: 'Lets ad partners measure our ads and show you relevant ones elsewhere.',
  },
  {
    key: 'preferences',
    label: 'Preferences',
    description: 'Remembers small choices such as your last design template.',
  },
];

export default function CookiePreferencesDialog() {
  const { preferences } = useConsent();
  const [draft, setDraft] = useState<CookiePreferences>(preferences);
  const gpc = consentActions.globalPrivacyControl();
  const baseId = useId();

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : consentActions.closePreferences())}>
      <DialogContent>
        <DialogTitle>Cookie Preferences</DialogTitle>
        <DialogDescription>Choose what we may store. You can change this any time from the footer.</DialogDescription>
        <ul className="mt-5 space-y-3">
          {CATEGORIES.map(({ key, label, description }) => {
            const id = `${baseId}-${key}`;
            const locked = key === 'necessary';
            return (
              <li key={key} className="flex items-start justify-between gap-4 rounded-2xl border border-line p-4">
                <div>
                  <label htmlFor={id} className="font-semibold">
                    {label}
                    {locked ? <span className="ml-2 text-xs font-medium text-muted">Always on</span> : null}
                  </label>
                  <p id={`${id}-desc`} className="mt-1 text-sm text-muted">
                    {description}
                    {key === 'marketing' && gpc
                      ? ' Your browser sends a Global Privacy Control signal, so we keep marketing off whatever this says.'
                      : ''}
                  </p>
                </div>
                <Switch
                  id={id}
                  aria-describedby={`${id}-desc`}
                  checked={locked ? true : draft[key]}
                  disabled={locked}
                  onCheckedChange={(checked) => setDraft((d) => ({ ...d, [key]: checked, necessary: true }))}
                />
              </li>
            );
          })}
        </ul>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={consentActions.closePreferences}>
            Cancel
          </Button>
          <Button onClick={() => consentActions.save(draft)}>Save Preferences</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
