import { CurrencySwitcher, shelfTaxNote } from '@/web/components/shop/currency-switcher';
import { CheckCircle2, FlaskConical, Minus, Plus, ShoppingCart, Truck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/contract/paths';
import type { Product, StoreCatalogue } from '@/contract/shop';
import { SHOP_LIMITS } from '@/contract/shop-constants';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { useBlobUrl } from '@/web/hooks/use-blob-url';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { useAwards } from '@/web/lib/api/get-awards';
import { trackEvent } from '@/web/lib/analytics';
import { awardPreviewUrl, useCertificatePreview } from '@/web/lib/api/preview-certificate';
import { usePreloadCartEngine, useCart, type CartDesign, type NewCartItem } from '@/web/lib/cart';
import { canAddLine } from '@/web/lib/cart-rules';
import { formatMoney } from '@/web/lib/money';
import { cn } from '@/web/lib/utils';
import { useAwardMockups } from '../api/get-award-mockups';
import { useCatalogue } from '../api/get-catalogue';
import { mockupSize, pickMockup } from '../lib/award-mockups';
import { findVariant, lowestPrice, mockupKind, variantChoices } from '../lib/variant-options';
import { initialPrintSelection, PrintChoice, type PrintSelection } from './print-choice';
import { OptionCard } from './option-card';
import { ProductMockup } from './product-mockup';

const PREVIEW_DELAY_MS = 350;

function StoreSkeleton() {
  return (
    <div data-testid="store-skeleton" className="grid gap-8 lg:grid-cols-[1.1fr_1fr]">
      <Skeleton className="aspect-[4/3] rounded-3xl" />
      <div className="grid content-start gap-4">
        <Skeleton className="h-7 w-1/2 rounded-md" />
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-7 w-1/3 rounded-md" />
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-12 rounded-full" />
      </div>
    </div>
  );
}

function Section({ step, title, children }: { step: number; title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-line bg-white/70 p-4 sm:p-6">
      <h2 id={id} className="flex items-center gap-3 font-display text-xl font-semibold">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 font-sans text-sm font-bold text-white" aria-hidden="true">
          {step}
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function QuantityField({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const id = useId();
  const clamp = (n: number) => Math.max(1, Math.min(SHOP_LIMITS.quantity, Math.floor(n) || 1));
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Quantity
      </label>
      <div className="mt-1.5 inline-flex items-center rounded-full border border-line bg-white shadow-sm">
        <button
          type="button"
          className="flex size-11 items-center justify-center rounded-l-full text-ink hover:bg-paper-dark focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none disabled:opacity-40"
          onClick={() => onChange(clamp(value - 1))}
          disabled={value <= 1}
          aria-label="One fewer"
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={SHOP_LIMITS.quantity}
          value={value}
          onChange={(e) => onChange(clamp(Number(e.target.value)))}
          className="h-11 w-14 border-x border-line bg-transparent text-center text-base font-semibold tabular-nums focus:ring-4 focus:ring-brand-100 focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className="flex size-11 items-center justify-center rounded-r-full text-ink hover:bg-paper-dark focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none disabled:opacity-40"
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= SHOP_LIMITS.quantity}
          aria-label="One more"
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

/**
 * The picture of what would be printed: the certificate's own SVG; for an award without a name, its cacheable
 * drawing with the placeholder name (an image the server-rendered page shows before any script runs); with a
 * name, the renderer's live preview, the last picture staying until the new one is drawn.
 */
function usePrintPicture(selection: PrintSelection | null) {
  const name = selection?.kind === 'award' ? selection.recipientName.trim() : '';
  const previewBody = useDebouncedValue(
    selection?.kind === 'award' && name
      ? { award_id: selection.awardId, nominee_name: name, ...(selection.templateId ? { template_id: selection.templateId } : {}) }
      : null,
    PREVIEW_DELAY_MS,
  );
  const preview = useCertificatePreview(previewBody);
  const blobUrl = useBlobUrl(preview.data);
  if (selection?.kind === 'certificate') return { src: selection.certificate.urls.svg, failed: false };
  if (selection?.kind === 'award') {
    const unnamed = awardPreviewUrl(selection.awardId, selection.templateId);
    return previewBody ? { src: blobUrl ?? unnamed, failed: preview.isError && !blobUrl } : { src: unnamed, failed: false };
  }
  return { src: null, failed: false };
}

function Shop({ catalogue }: { catalogue: StoreCatalogue }) {
  const [params, setParams] = useSearchParams();
  const cart = useCart();
  const awards = useAwards();
  const [selection, setSelection] = useState<PrintSelection | null>(() => initialPrintSelection(awards.data, params.get('award'), params.get('certificate')));
  const products = catalogue.products;
  const [productId, setProductId] = useState<string>(products[0]!.id);
  const product: Product = products.find((p) => p.id === productId) ?? products[0]!;
  const choices = useMemo(() => variantChoices(product), [product]);
  const [size, setSize] = useState<string | null>(product.variants[0]?.size ?? null);
  const [finish, setFinish] = useState<string | null>(product.variants[0]?.finish ?? null);
  const variant = findVariant(product, size, finish);
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState<string | null>(null);
  const picture = usePrintPicture(selection);
  const awardId = selection?.kind === 'award' ? selection.awardId : selection?.kind === 'certificate' ? selection.certificate.award.id : null;
  const mockups = useAwardMockups(awardId);
  const mockup = pickMockup(mockups, product.id, variant?.id ?? null);
  const money = (minor: number) => formatMoney(minor, catalogue.currency);
  const taxNote = shelfTaxNote(catalogue.currency);
  const finishLegend = product.kind === 'framed' ? 'Frame finish' : 'Finish';

  const chooseProduct = (id: string) => {
    const next = products.find((p) => p.id === id)!;
    setProductId(id);
    // Keep the size when the new product has it (A4 framed → A4 print).
    const keep = next.variants.find((v) => v.size === variant?.size) ?? next.variants[0];
    setSize(keep?.size ?? null);
    setFinish(keep?.finish ?? null);
    setAdded(null);
  };

  const onSelection = (next: PrintSelection | null) => {
    setSelection(next);
    setAdded(null);
  };

  const add = () => {
    if (!selection || !variant) return;
    const design: CartDesign =
      selection.kind === 'certificate'
        ? {
            award_id: selection.certificate.award.id,
            template_id: selection.certificate.template.id,
            recipient_name: selection.certificate.nominee_name,
            share_id: selection.certificate.share_id,
          }
        : { award_id: selection.awardId, template_id: selection.templateId, recipient_name: selection.recipientName.trim(), share_id: null };
    const item: NewCartItem = {
      productId: product.id,
      variantId: variant.id,
      quantity,
      price: variant.price,
      currency: variant.currency,
      design,
      productName: product.name,
      variantName: variant.name,
      imageUrl: variant.image_url,
      awardTitle: selection.kind === 'certificate' ? selection.certificate.award.title : selection.awardTitle,
      previewUrl: selection.kind === 'certificate' ? selection.certificate.urls.svg : null,
    };
    if (!canAddLine(cart.items, item)) {
      toast({
        variant: 'destructive',
        title: 'Your cart is full',
        description: `A cart holds ${SHOP_LIMITS.lines} different prints. Check out or remove one first.`,
      });
      return;
    }
    cart.addItem(item);
    trackEvent('add_to_cart', { product_id: product.id, variant_id: variant.id, quantity });
    const what = `${quantity} × ${product.name}, ${variant.name}`;
    toast({ variant: 'success', title: 'Added to your cart', description: what });
    setAdded(what);
  };

  const printTitle =
    selection?.kind === 'certificate'
      ? `${selection.certificate.award.title} for ${selection.certificate.nominee_name}`
      : selection?.kind === 'award'
        ? `${selection.awardTitle}${selection.recipientName.trim() ? ` for ${selection.recipientName.trim()}` : ''}`
        : 'Your certificate';

  return (
    <div className="grid gap-8 lg:grid-cols-[1.1fr_1fr] lg:items-start">
      <div className="lg:sticky lg:top-24">
        <ProductMockup kind={mockupKind(product, variant)} src={picture.src} title={printTitle} />
        {picture.failed ? (
          <p className="mt-3 text-sm text-ink-soft" role="status">
            The preview could not be drawn just now. What you choose is still printed exactly as chosen.
          </p>
        ) : null}
        <p className="mt-4 text-center text-sm text-muted">
          {selection ? (
            <>
              Preview of <span className="font-semibold text-ink-soft">{printTitle}</span>, {variant?.name ?? product.name}.
            </>
          ) : (
            'Choose what to print and it appears here.'
          )}
        </p>
        {mockup ? (
          <figure className="mt-6 rounded-3xl border border-line bg-white p-3 sm:p-4" data-testid="award-mockup">
            <img
              src={mockup.url}
              alt={mockup.alt}
              {...mockupSize(mockup, 800)}
              loading="lazy"
              decoding="async"
              className="mx-auto aspect-[4/3] h-auto max-h-56 w-full rounded-2xl bg-paper object-contain sm:max-h-80"
            />
            <figcaption className="mt-3 text-center text-sm text-ink-soft">
              The print room’s picture of this award as a {product.name.toLowerCase()}. Yours carries the name and design of the preview above.
            </figcaption>
          </figure>
        ) : null}
      </div>

      <div className="grid gap-5">
        <Section step={1} title="What to print">
          <PrintChoice
            awardParam={params.get('award')}
            certificateParam={params.get('certificate')}
            onParams={(next) => setParams(next, { replace: true })}
            onChange={onSelection}
          />
        </Section>

        <Section step={2} title="Choose the product">
          <fieldset>
            <legend className="sr-only">Product</legend>
            <div className="grid gap-2.5">
              {products.map((p) => {
                const from = lowestPrice(p);
                // This award's photo on the product, when an admin mapped one; else the product's own picture.
                const photo = pickMockup(mockups, p.id, p.id === product.id ? (variant?.id ?? null) : null, { anyVariant: true });
                return (
                  <OptionCard key={p.id} name="product" value={p.id} checked={p.id === product.id} onChange={chooseProduct}>
                    <span className="flex gap-3">
                    {photo ? (
                      <img
                        src={photo.url}
                        alt={photo.alt}
                        {...mockupSize(photo, 80)}
                        loading="lazy"
                        className="aspect-[4/3] h-auto w-16 shrink-0 self-start rounded-lg bg-paper object-contain ring-1 ring-ink/10 sm:w-20"
                      />
                    ) : p.thumbnail_url ? (
                      <img src={p.thumbnail_url} alt="" className="aspect-[4/3] h-auto w-16 shrink-0 self-start rounded-lg object-cover ring-1 ring-ink/10 sm:w-20" />
                    ) : null}
                    <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold text-ink">{p.name}</span>
                      {from !== null ? (
                        <span className="text-ink-soft">
                          {p.variants.length > 1 ? 'from ' : ''}
                          <span className="font-semibold text-ink">{money(from)}</span>
                        </span>
                      ) : null}
                    </span>
                    <span className="mt-1 block text-xs leading-relaxed text-muted">{p.description}</span>
                    </span>
                    </span>
                  </OptionCard>
                );
              })}
            </div>
          </fieldset>

          {choices.sizes.length > 1 ? (
            <fieldset className="mt-5">
              <legend className="text-sm font-semibold">Size</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {choices.sizes.map((s) => (
                  <OptionCard key={s} name="size" value={s} checked={variant?.size === s} onChange={(v) => (setSize(v), setAdded(null))}>
                    <span className="font-medium text-ink">{s}</span>
                  </OptionCard>
                ))}
              </div>
            </fieldset>
          ) : null}

          {choices.finishes.length > 1 ? (
            <fieldset className="mt-5">
              <legend className="text-sm font-semibold">{finishLegend}</legend>
              <div className="mt-2 grid grid-cols-1 gap-2 min-[420px]:grid-cols-3">
                {choices.finishes.map((f) => {
                  const kind = mockupKind(product, { finish: f });
                  return (
                    <OptionCard key={f} name="finish" value={f} checked={variant?.finish === f} onChange={(v) => (setFinish(v), setAdded(null))}>
                      <span className="flex items-center gap-2 font-medium text-ink">
                        <span
                          aria-hidden="true"
                          className={cn(
                            'size-4 shrink-0 rounded-sm ring-1 ring-ink/20',
                            kind === 'black' && 'bg-[#1a1a1a]',
                            kind === 'oak' && 'bg-[#b8844a]',
                            kind === 'gold' && 'bg-[#d9aa3a]',
                          )}
                        />
                        {f}
                      </span>
                    </OptionCard>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
        </Section>

        <Section step={3} title="Add it to your cart">
          {variant ? (
            <div className="grid gap-4">
              <div className="flex flex-wrap items-end justify-between gap-4">
                <QuantityField value={quantity} onChange={(n) => (setQuantity(n), setAdded(null))} />
                <p className="ml-auto text-right">
                  <span className="block text-xs font-semibold tracking-wide text-muted uppercase">{variant.name}</span>
                  <span className="font-display text-3xl font-semibold" data-testid="store-price">
                    {money(variant.price * quantity)}
                  </span>
                  {quantity > 1 ? <span className="block text-xs text-muted">{money(variant.price)} each</span> : null}
                  {taxNote ? <span className="block text-xs text-muted">{taxNote}</span> : null}
                </p>
              </div>
              <Button size="lg" onClick={add} disabled={!selection} className="w-full">
                <ShoppingCart aria-hidden="true" /> Add to cart
              </Button>
              {!selection ? <p className="text-center text-sm text-muted">Choose what to print first (step 1).</p> : null}
              {added ? (
                <div className="grid gap-3 rounded-2xl border border-emerald-700/30 bg-emerald-50 p-3 text-sm sm:flex sm:items-center" role="status">
                  <span className="flex min-w-0 flex-1 items-start gap-2">
                    <CheckCircle2 className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
                    <span>
                      <strong className="font-semibold">In your cart:</strong> {added}.
                    </span>
                  </span>
                  <Link to={paths.cart} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
                    View cart ({cart.totalItems})
                  </Link>
                </div>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-ink-soft">This product has no sizes on sale right now. Choose another one.</p>
          )}
          <p className="mt-4 flex items-start gap-2 text-sm text-ink-soft">
            <Truck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>Ships worldwide in 7–14 business days; express available.</span>
          </p>
        </Section>
      </div>
    </div>
  );
}

/** /store — pick what to print (an award or an existing certificate), a product and a variant, see it, add it. */
export function StorePage() {
  usePreloadCartEngine();
  const catalogue = useCatalogue();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">The print room</p>
        <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">Store</h1>
        <p className="mt-4 text-lg text-ink-soft">
          Any award from the gallery, or a certificate already issued, printed on heavyweight paper and framed if it
          deserves it. It usually does.
        </p>
        <CurrencySwitcher className="mt-4 flex" />
        {catalogue.data?.test_mode ? (
          <p className="mt-4 inline-flex items-center gap-2 rounded-full border border-gold-dark/30 bg-gold/15 px-3 py-1 text-sm font-semibold text-ink">
            <FlaskConical className="size-4 text-gold-dark" aria-hidden="true" />
            Test mode: no real payments
          </p>
        ) : null}
      </header>
      <div className="mt-8">
        {catalogue.isPending ? (
          <StoreSkeleton />
        ) : catalogue.isError ? (
          <Notice tone="error" title="The store did not open">
            <p>We could not load the products just now. Check your connection and try again.</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void catalogue.refetch()}>
                Try again
              </Button>
              <Link to={paths.gallery} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                Browse the awards meanwhile
              </Link>
            </div>
          </Notice>
        ) : catalogue.data.products.length === 0 ? (
          <Notice title="Nothing on the shelves right now">
            <p>The print room is restocking. Certificates are still free to make, share and download.</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Link to={paths.nominate} className={buttonVariants({ size: 'sm' })}>
                Nominate someone
              </Link>
              <Link to={paths.gallery} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                Browse the awards
              </Link>
            </div>
          </Notice>
        ) : (
          <Shop catalogue={catalogue.data} />
        )}
      </div>
    </div>
  );
}
