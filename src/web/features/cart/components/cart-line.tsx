import { CircleAlert, Minus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { QuotedLine } from '@/contract/shop';
import { SHOP_LIMITS } from '@/contract/shop-constants';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useBlobUrl } from '@/web/hooks/use-blob-url';
import { useCertificatePreview } from '@/web/lib/api/preview-certificate';
import type { CartItem } from '@/web/lib/cart';
import { formatMoney } from '@/web/lib/money';
import { cn } from '@/web/lib/utils';

/** The certificate on the line: its own picture when it exists, the renderer's preview of an award and name otherwise. */
function Thumbnail({ item }: { item: CartItem }) {
  const d = item.design;
  const body = d && !d.share_id ? { award_id: d.award_id, nominee_name: d.recipient_name, ...(d.template_id ? { template_id: d.template_id } : {}) } : null;
  const preview = useCertificatePreview(body);
  const blobUrl = useBlobUrl(preview.data);
  const src = item.previewUrl ?? (d?.share_id ? `/api/certificates/${encodeURIComponent(d.share_id)}/svg` : blobUrl) ?? item.imageUrl ?? null;
  return (
    <div className="relative aspect-[297/210] w-28 shrink-0 self-start overflow-hidden rounded-md bg-white ring-1 ring-ink/10 sm:w-36">
      {src ? <img src={src} alt="" className="size-full object-contain" /> : <Skeleton className="size-full rounded-none" />}
    </div>
  );
}

/** − / number / +; 0 (or less) removes the line, as the cart's rule says. */
function QuantityStepper({ value, title, onChange }: { value: number; title: string; onChange: (n: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const n = Number.parseInt(text, 10);
    if (Number.isNaN(n)) setText(String(value));
    else if (n !== value) onChange(Math.min(SHOP_LIMITS.quantity, n));
  };
  const btn =
    'flex size-10 items-center justify-center text-ink hover:bg-paper-dark focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none disabled:opacity-40';
  return (
    <div className="inline-flex items-center rounded-full border border-line bg-white shadow-sm">
      <button type="button" className={cn(btn, 'rounded-l-full')} onClick={() => onChange(value - 1)} aria-label={`One fewer: ${title}`}>
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <label htmlFor={id} className="sr-only">
        Quantity of {title}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={SHOP_LIMITS.quantity}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        className="h-10 w-12 border-x border-line bg-transparent text-center text-base font-semibold tabular-nums focus:ring-4 focus:ring-brand-100 focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={cn(btn, 'rounded-r-full')}
        onClick={() => onChange(value + 1)}
        disabled={value >= SHOP_LIMITS.quantity}
        aria-label={`One more: ${title}`}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** One line of the cart: what is printed on what, today's price, quantity, remove — flagged when it can no longer be bought. */
export function CartLine({
  item,
  quoted,
  pricing,
  currency,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  quoted: QuotedLine | undefined;
  pricing: boolean;
  currency: string;
  onQuantity: (n: number) => void;
  onRemove: () => void;
}) {
  const awardTitle = quoted?.design?.award_title ?? item.awardTitle ?? 'Certificate';
  const recipient = quoted?.design?.recipient_name ?? item.design?.recipient_name ?? '';
  const number = quoted?.design?.certificate_number ?? null;
  const productName = quoted?.product_name ?? item.productName ?? 'Product';
  const variantName = quoted?.variant_name ?? item.variantName ?? '';
  const unit = quoted?.unit_price ?? item.price;
  const unavailable = quoted?.available === false;
  const title = `${productName}${variantName ? `, ${variantName}` : ''}: ${awardTitle}`;
  const money = (n: number) => formatMoney(n, currency);
  const headingId = useId();

  return (
    <li
      aria-labelledby={headingId}
      data-testid="cart-line"
      className={cn('flex flex-col gap-4 rounded-3xl border bg-white p-4 shadow-card sm:flex-row sm:p-5', unavailable ? 'border-brand-600/50' : 'border-line')}
    >
      <div className="flex gap-4 sm:contents">
        <Thumbnail item={item} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-display text-lg leading-snug font-semibold">
            {awardTitle}
          </h3>
          <p className="text-sm text-ink-soft">
            {recipient ? <>For {recipient}</> : 'Name left blank'}
            {number ? <span className="text-muted"> · No. {number}</span> : null}
          </p>
          <p className="mt-1 text-sm font-medium text-ink">
            {productName}
            {variantName ? <span className="font-normal text-ink-soft"> · {variantName}</span> : null}
          </p>
          <p className="mt-1 text-sm text-muted">
            {pricing && !quoted ? <span aria-hidden="true" className="inline-block h-4 w-16 animate-pulse rounded bg-paper-dark align-middle" /> : <>{money(unit)} each</>}
          </p>
          {unavailable ? (
            <p className="mt-2 flex items-start gap-1.5 text-sm font-semibold text-brand-700" role="alert">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                No longer available: remove it to check out.
                {quoted?.unavailable_reason ? <span className="block font-normal text-ink-soft">{quoted.unavailable_reason}</span> : null}
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end sm:justify-between">
        <p className={cn('font-display text-xl font-semibold tabular-nums', unavailable && 'text-muted line-through')}>
          {pricing && !quoted ? <span aria-hidden="true" className="inline-block h-6 w-20 animate-pulse rounded bg-paper-dark align-middle" /> : money(unit * item.quantity)}
        </p>
        <div className="flex items-center gap-2">
          <QuantityStepper value={item.quantity} title={title} onChange={onQuantity} />
          <button
            type="button"
            onClick={onRemove}
            className="flex size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-700 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
            aria-label={`Remove ${title}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </li>
  );
}
