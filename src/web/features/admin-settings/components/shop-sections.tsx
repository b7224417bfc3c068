import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Controller, useController, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { COUNTRY_OPTIONS, regionsOf } from '@/contract/address';
import { Button } from '@/web/components/ui/button';
import { Form, FormSelectField, FormTextArea, FormTextField, useZodForm } from '@/web/components/ui/form';
import { Switch } from '@/web/components/ui/switch';
import { useAwards } from '@/web/lib/api/get-awards';
import { useTemplates } from '@/web/lib/api/get-templates';
import { formatMoney } from '@/web/lib/money';
import { SELLER_ADDRESS_MAX, SHIPPING_ZONES_MAX, ZONE_NAME_MAX } from '@/contract/admin-settings';
import { SHOP_CURRENCIES } from '@/contract/currencies';
import { COUNTRY_NAMES, countryCodes, funnelFormSchema, newZoneForm, shopFormSchema, toFunnelForm, toShopForm, type ShopForm, type ShopFormOutput } from '../lib/settings-forms';
import { SaveBar, SectionCard, useSectionSave } from './section-card';
import type { SectionProps } from './site-sections';

const METHODS = [
  { key: 'standard', title: 'Standard shipping' },
  { key: 'express', title: 'Express shipping' },
] as const;

export function ShopSection({ settings, onDirty }: SectionProps) {
  const form = useZodForm(shopFormSchema, { defaultValues: toShopForm(settings.values.shop) });
  const { submit, pending } = useSectionSave('shop', form, toShopForm, onDirty, settings.cache_seconds);
  const taxes = useFieldArray({ control: form.control, name: 'tax_rates' });
  const currency = form.watch('currency');
  // The other currencies ticked, each with a price field on every method (docs/decisions/134).
  const sold = form.watch('currencies').filter((c) => c !== currency);
  const currencies = [...new Set([...settings.choices.currencies, settings.values.shop.currency])].sort();
  return (
    <SectionCard
      group="shop"
      changed={settings.changed.shop}
      description="What the store and checkout charge: the currencies, shipping prices and delivery promises (also quoted on the home page, the footer and order pages), and tax by shipping country. Orders already placed keep their own prices and currency."
    >
      <Form form={form} onSubmit={submit}>
        <FormSelectField
          control={form.control}
          name="currency"
          label="Currency"
          description="Only currencies the catalogue has prices in: the store lists the variants priced in this one."
          options={currencies.map((c) => ({ value: c, label: c }))}
          className="max-w-xs"
        />
        <CurrenciesField form={form} own={currency} />

        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          {METHODS.map((m) => (
            <fieldset key={m.key} className="grid grid-cols-2 gap-3 rounded-2xl bg-paper p-4">
              <legend className="sr-only">{m.title}</legend>
              <p className="col-span-2 font-semibold" aria-hidden="true">
                {m.title}
              </p>
              <FormTextField control={form.control} name={`shipping.${m.key}.label`} label="Label at checkout" maxLength={40} className="col-span-2" />
              <div className="col-span-2 grid grid-cols-2 gap-3">
                <FormTextField control={form.control} name={`shipping.${m.key}.price`} label={`Price (${currency})`} inputMode="decimal" className="col-span-2 sm:col-span-1" />
                {sold.map((c) => (
                  <FormTextField key={c} control={form.control} name={`shipping.${m.key}.prices.${c}`} label={`Price in ${c}`} inputMode="decimal" />
                ))}
              </div>
              <FormTextField control={form.control} name={`shipping.${m.key}.min_days`} label="Fastest (business days)" inputMode="numeric" />
              <FormTextField control={form.control} name={`shipping.${m.key}.max_days`} label="Slowest (business days)" inputMode="numeric" />
            </fieldset>
          ))}
        </div>

        <ShippingZones form={form} currency={currency} sold={sold} />

        <h3 className="mt-8 text-lg font-semibold">Tax rates</h3>
        <p className="text-sm text-ink-soft">
          Every order pays its destination’s VAT or GST from our rate table: the EU, the UK, Switzerland, Norway, Australia and New Zealand inside the price; Canada’s GST, HST, PST or QST added by province. List a country or province here to charge another rate — 0 where you don’t collect. Elsewhere no tax is charged unless you list it; US sales tax comes from Stripe Tax when the server has US_SALES_TAX=stripe.
        </p>
        {taxes.fields.length ? (
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Tax rates by shipping country</caption>
            <thead className="text-xs tracking-wide text-ink-soft uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Country
                </th>
                <th scope="col" className="w-44 py-2 pr-3 font-semibold">
                  Province or state
                </th>
                <th scope="col" className="w-36 py-2 pr-3 font-semibold">
                  Rate (%)
                </th>
                <th scope="col" className="w-12 py-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {taxes.fields.map((f, i) => (
                <tr key={f.id} className="align-top">
                  <td className="py-2 pr-3">
                    <FormSelectField control={form.control} name={`tax_rates.${i}.country`} label={`Country ${i + 1}`} className="[&>label]:sr-only" placeholder="Choose a country" options={COUNTRY_OPTIONS.map((c) => ({ value: c.code, label: c.name }))} />
                  </td>
                  <td className="py-2 pr-3">
                    <TaxRegionField form={form} index={i} />
                  </td>
                  <td className="py-2 pr-3">
                    <FormTextField control={form.control} name={`tax_rates.${i}.rate`} label={`Rate ${i + 1} (%)`} className="[&>label]:sr-only" inputMode="decimal" />
                  </td>
                  <td className="py-2">
                    <Button type="button" variant="ghost" size="icon" aria-label={`Remove tax rate ${i + 1}`} onClick={() => taxes.remove(i)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-3 rounded-2xl border border-dashed border-line p-4 text-sm text-ink-soft">Every destination follows the rate table. Add a country or province to charge another rate.</p>
        )}
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => taxes.append({ country: '', region: '', rate: '' })}>
          <Plus aria-hidden="true" /> Add a country
        </Button>
        <fieldset className="mt-8 grid gap-4 sm:grid-cols-2">
          <legend className="text-lg font-semibold">On invoices</legend>
          <p className="text-sm text-ink-soft sm:col-span-2">
            Every paid order gets an invoice, every refund a credit note, in the parent company’s name (Brand) with these details. A document keeps what it said when it was issued.
          </p>
          <FormTextArea control={form.control} name="seller.address" label="Registered address" rows={4} maxLength={SELLER_ADDRESS_MAX} counted />
          <FormTextField control={form.control} name="seller.tax_id" label="VAT or tax number" description="Printed when filled in, e.g. GB123456789." maxLength={40} />
        </fieldset>
        <SaveBar form={form} pending={pending} label="shop" />
      </Form>
    </SectionCard>
  );
}

/**
 * Shipping zones (docs/decisions/131): each its countries, its standard price and promise, and express or not; the
 * shop's own methods above go to countries in no zone, unless the switch says the shop ships nowhere else.
 */
function ShippingZones({ form, currency, sold }: { form: UseFormReturn<ShopForm, unknown, ShopFormOutput>; currency: string; sold: readonly string[] }) {
  const zones = useFieldArray({ control: form.control, name: 'shipping_zones' });
  const offered = form.watch('shipping_zones');
  // Its error ("add a zone first") is said under its words, as every other field's is.
  const elsewhere = useController({ control: form.control, name: 'ships_elsewhere' });
  return (
    <section aria-labelledby="shipping-zones" className="mt-8">
      <h3 id="shipping-zones" className="text-lg font-semibold">
        Shipping zones
      </h3>
      <p className="text-sm text-ink-soft">
        Their own prices and delivery promises for the countries they list (ISO codes such as DE, FR, GB). A country belongs to one zone at most.
      </p>
      {zones.fields.length ? (
        <ol className="mt-3 grid gap-4">
          {zones.fields.map((f, i) => (
            <li key={f.id}>
              <fieldset className="grid gap-3 rounded-2xl bg-paper p-4 sm:grid-cols-3">
                <legend className="sr-only">Zone {i + 1}</legend>
                <div className="flex items-end gap-2 sm:col-span-3">
                  <FormTextField control={form.control} name={`shipping_zones.${i}.name`} label={`Zone ${i + 1} name`} maxLength={ZONE_NAME_MAX} className="grow" />
                  <Button type="button" variant="ghost" size="icon" aria-label={`Remove zone ${i + 1}`} onClick={() => zones.remove(i)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <div className="sm:col-span-3">
                  <FormTextArea
                    control={form.control}
                    name={`shipping_zones.${i}.countries`}
                    label={`Zone ${i + 1} countries`}
                    description={zoneCountriesNote(offered[i]?.countries ?? '')}
                    rows={2}
                  />
                </div>
                <FormTextField control={form.control} name={`shipping_zones.${i}.standard.price`} label={`Standard price (${currency})`} inputMode="decimal" />
                <FormTextField control={form.control} name={`shipping_zones.${i}.standard.min_days`} label="Standard: fastest (business days)" inputMode="numeric" />
                <FormTextField control={form.control} name={`shipping_zones.${i}.standard.max_days`} label="Standard: slowest (business days)" inputMode="numeric" />
                {sold.map((c) => (
                  <FormTextField key={c} control={form.control} name={`shipping_zones.${i}.standard.prices.${c}`} label={`Standard price in ${c}`} inputMode="decimal" />
                ))}
                <div className="flex items-center gap-3 sm:col-span-3">
                  <Controller
                    control={form.control}
                    name={`shipping_zones.${i}.express_offered`}
                    render={({ field }) => <Switch id={`zone-${i}-express`} checked={field.value} onCheckedChange={field.onChange} ref={field.ref} />}
                  />
                  <label htmlFor={`zone-${i}-express`} className="text-sm font-medium">
                    Express shipping to zone {i + 1}
                  </label>
                </div>
                {offered[i]?.express_offered ? (
                  <>
                    <FormTextField control={form.control} name={`shipping_zones.${i}.express.price`} label={`Express price (${currency})`} inputMode="decimal" />
                    <FormTextField control={form.control} name={`shipping_zones.${i}.express.min_days`} label="Express: fastest (business days)" inputMode="numeric" />
                    <FormTextField control={form.control} name={`shipping_zones.${i}.express.max_days`} label="Express: slowest (business days)" inputMode="numeric" />
                    {sold.map((c) => (
                      <FormTextField key={c} control={form.control} name={`shipping_zones.${i}.express.prices.${c}`} label={`Express price in ${c}`} inputMode="decimal" />
                    ))}
                  </>
                ) : null}
              </fieldset>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 rounded-2xl border border-dashed border-line p-4 text-sm text-ink-soft">
          One price for the whole world. Add a zone to charge a country (or a continent) its own price and promise its own delivery time.
        </p>
      )}
      <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => zones.append(newZoneForm(form.getValues('shipping')))} disabled={zones.fields.length >= SHIPPING_ZONES_MAX}>
        <Plus aria-hidden="true" /> Add a zone
      </Button>
      <div className="mt-4 flex items-start justify-between gap-4 rounded-2xl border border-line p-4">
        <div>
          <p id="ships-elsewhere" className="font-semibold">
            Ship to countries in no zone
          </p>
          <p id="ships-elsewhere-note" className="mt-0.5 text-sm text-ink-soft">
            At the standard and express prices above. Off: the checkout says it does not ship prints there; the PDF edition still sells everywhere.
          </p>
          {elsewhere.fieldState.error ? (
            <p id="ships-elsewhere-error" className="mt-1 text-sm font-medium text-brand-700">
              {elsewhere.fieldState.error.message}
            </p>
          ) : null}
        </div>
        <Switch
          aria-labelledby="ships-elsewhere"
          aria-describedby={elsewhere.fieldState.error ? 'ships-elsewhere-note ships-elsewhere-error' : 'ships-elsewhere-note'}
          aria-invalid={elsewhere.fieldState.error ? true : undefined}
          checked={elsewhere.field.value}
          onCheckedChange={elsewhere.field.onChange}
          ref={elsewhere.field.ref}
        />
      </div>
    </section>
  );
}

const CURRENCY_NAMES = new Intl.DisplayNames(['en'], { type: 'currency' });

/**
 * The other currencies the shop sells in (docs/decisions/134), one box each; the own currency is the select above.
 * No exchange rates: a currency ticked needs its own prices — the products' in the products admin, shipping's in the
 * fields it adds under every method here — and the server refuses it while a shipping method has none.
 */
function CurrenciesField({ form, own }: { form: UseFormReturn<ShopForm, unknown, ShopFormOutput>; own: string }) {
  const { field, fieldState } = useController({ control: form.control, name: 'currencies' });
  const id = useId();
  const error = fieldState.error?.message;
  const toggle = (code: string, on: boolean) => field.onChange(on ? [...field.value, code] : field.value.filter((c) => c !== code));
  return (
    <fieldset className="mt-6" aria-describedby={error ? `${id}-note ${id}-error` : `${id}-note`}>
      <legend className="text-sm font-semibold text-ink">Other currencies</legend>
      <p id={`${id}-note`} className="mt-0.5 max-w-3xl text-xs text-muted">
        Shoppers can pay in these too. There are no exchange rates: each needs its own prices — the products’ in{' '}
        <Link to="/admin/products" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          the products admin
        </Link>{' '}
        (a product without one is not sold in it), and shipping’s here, on every method and zone, before it can be turned on.
      </p>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {SHOP_CURRENCIES.filter((c) => c !== own).map((c, i) => (
          <label key={c} className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="currencies"
              value={c}
              checked={field.value.includes(c)}
              onChange={(e) => toggle(c, e.target.checked)}
              onBlur={field.onBlur}
              // The first box takes the focus when the server refuses the list.
              ref={i === 0 ? field.ref : undefined}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-600"
            />
            <span>
              <span className="font-semibold">{c}</span> <span className="text-ink-soft">({CURRENCY_NAMES.of(c)})</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A tax override's province or state: a choice where the country has a list (Canada, the US, Australia…), else none. */
function TaxRegionField({ form, index }: { form: UseFormReturn<ShopForm, unknown, ShopFormOutput>; index: number }) {
  const country = useWatch({ control: form.control, name: `tax_rates.${index}.country` });
  const regions = regionsOf(country);
  if (!regions) return <p className="py-2 text-sm text-muted">Whole country</p>;
  return (
    <FormSelectField
      control={form.control}
      name={`tax_rates.${index}.region`}
      label={`Province or state ${index + 1}`}
      className="[&>label]:sr-only"
      options={[{ value: '', label: 'Whole country' }, ...regions.map((r) => ({ value: r.code, label: r.name }))]}
    />
  );
}

/** Under a zone's countries: the names of the codes typed, so a slip (GB for DE) shows before saving. */
function zoneCountriesNote(text: string): string {
  const codes = countryCodes(text);
  if (!codes.length) return 'ISO codes separated by commas or spaces, such as DE, FR, IT.';
  const names = codes.map((c) => COUNTRY_NAMES.get(c) ?? `${c}?`);
  return names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', ');
}

export function FunnelSection({ settings, onDirty }: SectionProps) {
  const form = useZodForm(funnelFormSchema, { defaultValues: toFunnelForm(settings.values.funnel) });
  const { submit, pending } = useSectionSave('funnel', form, toFunnelForm, onDirty, settings.cache_seconds);
  const awards = useAwards();
  const templates = useTemplates();
  const shopCurrency = settings.values.shop.currency;
  const variantOptions = settings.choices.variants
    .filter((v) => v.is_active && v.currency === shopCurrency)
    .map((v) => ({ value: v.sku, label: `${v.product_name} — ${v.name} (${v.sku}) · ${formatMoney(v.price, v.currency)}` }));
  const skuSelect = (name: 'hero.variant_sku' | 'oto1.variant_sku' | 'downsell.variant_sku', label: string, description?: string) => (
    <FormSelectField control={form.control} name={name} label={label} description={description} placeholder="Choose a product" options={variantOptions} />
  );
  return (
    <SectionCard
      group="funnel"
      changed={settings.changed.funnel}
      description="/funnel/checkout sells one hero product; after paying, the buyer gets one-time offer 1 and, if they say no, the downsell, until the order goes to print. Prices always come from the catalogue, less the discount."
    >
      <Form form={form} onSubmit={submit} className="grid gap-6">
        <div className="flex items-start justify-between gap-4 rounded-2xl border border-line p-4">
          <div>
            <p id="funnel-enabled" className="font-semibold">
              Sales funnel on
            </p>
            <p id="funnel-enabled-off" className="mt-0.5 text-sm text-ink-soft">
              When off, /funnel/checkout says the offer is not available and points to the store; orders already paid keep their offers.
            </p>
          </div>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => <Switch aria-labelledby="funnel-enabled" aria-describedby="funnel-enabled-off" checked={field.value} onCheckedChange={field.onChange} ref={field.ref} />}
          />
        </div>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">Hero product</legend>
          {skuSelect('hero.variant_sku', 'Product', `Variants priced in ${shopCurrency}.`)}
          <FormSelectField control={form.control} name="hero.award_id" label="Award printed by default" placeholder="The gallery’s first award" options={(awards.data ?? []).map((a) => ({ value: a.id, label: a.title }))} />
          <FormSelectField control={form.control} name="hero.template_slug" label="Design" placeholder="The award’s own design" options={(templates.data ?? []).map((t) => ({ value: t.slug, label: t.name }))} />
          <FormTextField control={form.control} name="offer_minutes" label="Offers stay open (minutes)" description="From payment until the order goes to print: the real deadline the countdown shows." inputMode="numeric" />
          <FormTextField control={form.control} name="hero.headline" label="Headline" maxLength={120} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <FormTextArea control={form.control} name="hero.pitch" label="Pitch" rows={3} maxLength={600} counted />
          </div>
        </fieldset>

        {(
          [
            ['oto1', 'One-time offer 1', 'Added to the same order with one click, charged to the card just used.'],
            ['downsell', 'Downsell', 'Shown when offer 1 is declined.'],
          ] as const
        ).map(([key, title, hint]) => (
          <fieldset key={key} className="grid gap-4 rounded-2xl bg-paper p-4 sm:grid-cols-2">
            <legend className="sr-only">{title}</legend>
            <div className="sm:col-span-2">
              <p className="text-lg font-semibold" aria-hidden="true">
                {title}
              </p>
              <p className="text-sm text-ink-soft">{hint}</p>
            </div>
            {skuSelect(`${key}.variant_sku`, 'Product')}
            <FormTextField control={form.control} name={`${key}.discount_percent`} label="Discount (%)" description="Off the catalogue price, 0–90." inputMode="numeric" />
            <FormTextField control={form.control} name={`${key}.headline`} label="Headline" maxLength={120} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <FormTextArea control={form.control} name={`${key}.pitch`} label="Pitch" rows={3} maxLength={600} counted />
            </div>
          </fieldset>
        ))}
        <SaveBar form={form} pending={pending} label="funnel" />
      </Form>
    </SectionCard>
  );
}

