import { FulfilmentProviderError, type FulfilmentProvider } from '@/server/adapters/fulfilment/fulfilment-provider';
import { workflow } from '@/server/lib/workflow';
import { audited, type Actor } from '@/server/modules/audit';
import { unlinkStaleMappings } from '@/server/modules/fulfilment';
import { catalogueIds, replaceCatalogue } from '@/server/modules/products';

/**
 * syncCatalogue (spec §7 sync-printful-products; drives the products module's catalogue): the provider's whole
 * catalogue is fetched first, then — in one transaction — every variant and product is replaced, mappings to
 * products that are gone are switched off and unlinked, and the change is audited. Any failure rolls it all back:
 * the old catalogue stays.
 */
export const syncCatalogue = workflow<{ actor: Actor }, { provider: FulfilmentProvider }>('syncCatalogue')
  .step('fetch the provider’s catalogue', async ({ deps }) => {
    const catalogue = await deps.provider.fetchCatalogue();
    if (!catalogue.length) throw new FulfilmentProviderError('The print provider has no products to sync; the catalogue was left as it was.', null, false);
    return { catalogue };
  })
  .step('replace the catalogue, unlink mappings to what is gone, audit', async ({ input, deps, catalogue }) => ({
    summary: await deps.db.transaction(async (tx) => {
      const result = await replaceCatalogue(tx, catalogue);
      await unlinkStaleMappings(tx, catalogueIds());
      const summary = { products: result.products, variants: result.variants };
      await audited(tx, input.actor, { action: 'catalogue.synced', entityType: 'products', entityId: null, before: result.before, after: summary }, async () => undefined);
      return summary;
    }),
  }))
  .returns(({ summary, deps }) => ({
    ...summary,
    message: `Synced ${summary.products} products and ${summary.variants} variants from ${deps.provider.name === 'printful' ? 'Printful' : 'the print shop'}.`,
  }));
