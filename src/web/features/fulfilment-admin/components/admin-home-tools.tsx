import { useMutation } from '@tanstack/react-query';
import { LayoutTemplate, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { FetchTemplatesResponse, SyncProductsResponse } from '@/contract/fulfilment';
import { countOf } from '@/contract/format';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/use-toast';
import { apiFetch } from '@/web/lib/api-client';
import { MappingEditor } from './mapping-editor';

/**
 * The admin-only home tools (spec §2/§6): the printed-product sync (which first deletes all variants and products,
 * then syncs) and the template dashboard with its award → product mapping editor, with the spec's toasts word for
 * word (§8). Loaded only for admins, in a chunk of its own.
 */
export default function AdminHomeTools() {
  const [confirming, setConfirming] = useState(false);
  const templates = useMutation({
    mutationFn: () => apiFetch<FetchTemplatesResponse>('/api/admin/functions/fetch-all-printful-templates', { method: 'POST', body: '{}' }),
    onSuccess: (data) =>
      toast({
        title: 'Templates Fetched',
        description: `Found ${countOf(data.summary.total_templates, 'template', 'templates')} across ${countOf(data.summary.total_products, 'product', 'products')}.`,
        variant: 'success',
      }),
    onError: () => toast({ title: 'Error', description: 'Failed to fetch templates', variant: 'destructive' }),
  });
  const sync = useMutation({
    mutationFn: () => apiFetch<SyncProductsResponse>('/api/admin/functions/sync-printful-products', { method: 'POST', body: '{}' }),
    onSuccess: (data) => toast({ title: 'Sync Completed', description: data.message || 'Successfully synced Printful products', variant: 'success' }),
    onError: (err) => toast({ title: 'Sync Failed', description: (err instanceof Error && err.message) || 'Failed to sync Printful products', variant: 'destructive' }),
    onSettled: () => setConfirming(false),
  });
  const data = templates.data;

  return (
    <section aria-labelledby="admin-tools-heading" className="border-t border-line bg-paper-dark/60">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <p className="text-xs font-semibold tracking-widest text-brand-700 uppercase">Admins only</p>
        <h2 id="admin-tools-heading" className="mt-1 text-2xl font-semibold">
          Print room controls
        </h2>
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <div className="rounded-2xl border border-line bg-white p-5">
            <h3 className="flex items-center gap-2 font-semibold">
              <RefreshCw aria-hidden="true" className="size-4 text-brand-600" /> Printed-product sync
            </h3>
            <p className="mt-2 text-sm text-ink-soft">
              Replaces every product and variant with the print provider’s catalogue. Carts and award mappings keep their
              place; the digital PDF stays as it is.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              {confirming ? (
                <>
                  <Button size="sm" onClick={() => sync.mutate()} disabled={sync.isPending}>
                    {sync.isPending ? 'Syncing…' : 'Yes, replace the catalogue'}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={sync.isPending}>
                    Keep it as it is
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                  Sync products
                </Button>
              )}
            </div>
          </div>
          <div className="rounded-2xl border border-line bg-white p-5">
            <h3 className="flex items-center gap-2 font-semibold">
              <LayoutTemplate aria-hidden="true" className="size-4 text-brand-600" /> Template dashboard
            </h3>
            <p className="mt-2 text-sm text-ink-soft">The provider’s print templates and the products they belong to.</p>
            <Button className="mt-4" size="sm" variant="secondary" onClick={() => templates.mutate()} disabled={templates.isPending}>
              {templates.isPending ? 'Fetching…' : 'Fetch templates'}
            </Button>
            {data ? (
              data.templates.length ? (
                <table className="mt-4 w-full text-left text-sm" data-testid="template-table">
                  <caption className="sr-only">Print templates</caption>
                  <thead>
                    <tr className="text-ink-soft">
                      <th scope="col" className="py-1 font-medium">Template</th>
                      <th scope="col" className="py-1 font-medium">Product</th>
                      <th scope="col" className="py-1 font-medium">Variants</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.templates.map((t) => (
                      <tr key={t.id} className="border-t border-line">
                        <td className="py-1.5">
                          {t.name}
                          {t.is_default ? <span className="ml-2 rounded bg-brand-50 px-1.5 text-xs text-brand-700">default</span> : null}
                        </td>
                        <td className="py-1.5">{t.product_name}</td>
                        <td className="py-1.5">{t.variant_ids.length}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="mt-4 text-sm text-ink-soft">The provider has no templates yet: create one in its dashboard, then fetch again.</p>
              )
            ) : null}
          </div>
          <MappingEditor />
        </div>
      </div>
    </section>
  );
}
