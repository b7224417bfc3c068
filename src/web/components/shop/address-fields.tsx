import { useController, type Control, type FieldPath } from 'react-hook-form';
import { COUNTRY_OPTIONS, needsPostalCode, regionLabel, regionsOf } from '@/contract/address';
import { FormTextField } from '@/web/components/ui/form';
import { SelectField } from '@/web/components/ui/select-field';
import type { CheckoutFormValues } from './checkout-form';

const countryOptions = COUNTRY_OPTIONS.map((c) => ({ value: c.code, label: c.name }));

/** A shipping address that asks what the destination country needs: a state list where carriers want one, a postal code where the country has them. */
export function AddressFields<TIn extends Pick<CheckoutFormValues, 'shipping_address'>, TOut>({ control, country }: { control: Control<TIn, unknown, TOut>; country: string }) {
  const at = (name: keyof CheckoutFormValues['shipping_address']) => `shipping_address.${name}` as FieldPath<TIn>;
  const countryField = useController({ control, name: at('country') });
  const stateField = useController({ control, name: at('state') });
  const regions = regionsOf(country);
  const postal = needsPostalCode(country);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        className="sm:col-span-2"
        label="Country or region"
        autoComplete="country"
        options={countryOptions}
        name={countryField.field.name}
        value={(countryField.field.value as string | undefined) ?? ''}
        onChange={(e) => {
          countryField.field.onChange(e.target.value);
          stateField.field.onChange('');
        }}
        onBlur={countryField.field.onBlur}
        ref={countryField.field.ref}
        error={countryField.fieldState.error?.message}
      />
      <FormTextField control={control} name={at('name')} label="Full name" autoComplete="shipping name" className="sm:col-span-2" />
      <FormTextField control={control} name={at('line1')} label="Address" autoComplete="shipping address-line1" className="sm:col-span-2" />
      <FormTextField
        control={control}
        name={at('line2')}
        label="Apartment, suite, etc. (optional)"
        autoComplete="shipping address-line2"
        className="sm:col-span-2"
      />
      <FormTextField control={control} name={at('city')} label="City" autoComplete="shipping address-level2" />
      {regions ? (
        <SelectField
          label={regionLabel(country)}
          autoComplete="shipping address-level1"
          placeholder="Choose…"
          options={regions.map((r) => ({ value: r.code, label: r.name }))}
          name={stateField.field.name}
          value={(stateField.field.value as string | undefined) ?? ''}
          onChange={(e) => stateField.field.onChange(e.target.value)}
          onBlur={stateField.field.onBlur}
          ref={stateField.field.ref}
          error={stateField.fieldState.error?.message}
        />
      ) : (
        <FormTextField control={control} name={at('state')} label="State, county or region (optional)" autoComplete="shipping address-level1" />
      )}
      {postal ? (
        <FormTextField control={control} name={at('postal_code')} label="Postal code" autoComplete="shipping postal-code" />
      ) : null}
      <FormTextField
        control={control}
        name={at('phone')}
        label="Phone (optional)"
        type="tel"
        autoComplete="shipping tel"
        description="Only for the courier, if they cannot find the door."
      />
    </div>
  );
}
