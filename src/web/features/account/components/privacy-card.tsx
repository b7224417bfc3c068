import { Cookie, Download } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/use-toast';
import { consentActions } from '@/web/lib/consent-store';
import { useExportAccount } from '../api/export-account';
import { Card } from './card';

export function PrivacyCard() {
  const exportData = useExportAccount();
  return (
    <Card title="Privacy" lead="Your cookie choices and a copy of everything we hold about you.">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={consentActions.openPreferences}>
          <Cookie aria-hidden="true" />
          Cookie preferences
        </Button>
        <Button
          variant="secondary"
          disabled={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () => toast({ title: 'Your data is downloading', description: 'A JSON file with everything we hold about you.', variant: 'success' }),
              onError: (err) => toast({ title: err.message, variant: 'destructive' }),
            })
          }
        >
          <Download aria-hidden="true" />
          {exportData.isPending ? 'Preparing...' : 'Download my data (JSON)'}
        </Button>
      </div>
    </Card>
  );
}
