import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type ComponentProps } from 'react';
import {
  useController,
  useForm,
  useFormState,
  type Control,
  type FieldPath,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiRequestError } from '@/web/lib/api-client';
import { SelectField, type SelectFieldProps } from './select-field';
import { TextAreaField, type TextAreaFieldProps } from './text-area-field';
import { TextField, type TextFieldProps } from './text-field';

/**
 * The one way to build a form (docs/decisions/060): react-hook-form validating with a zod schema
 * taken or derived from src/contract, so the browser and the server apply the same rules.
 * Values are the schema's input; the submit handler receives its parsed output.
 *
 * Validation runs on submit, then each field again as it changes (react-hook-form's defaults), so a
 * message goes as soon as it is fixed. The schema may change between renders (a form with modes).
 */
export function useZodForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> = {},
): UseFormReturn<TIn, unknown, TOut> {
  return useForm<TIn, unknown, TOut>({
    // Focus is <Form>'s job: react-hook-form would focus in registration order, not page order.
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema),
  });
}

type FormProps<TIn extends FieldValues, TOut> = Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid' | 'noValidate'> & {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  /** Called with the field errors when the schema refuses the values (e.g. to raise a toast). */
  onInvalid?: SubmitErrorHandler<TIn>;
};

/**
 * A `<form noValidate>` that submits through the schema and, after every submit, moves focus to the
 * first invalid field in page order (anything with aria-invalid="true": TextField, a picker, ...).
 */
export function Form<TIn extends FieldValues, TOut>({ form, onSubmit, onInvalid, children, ...props }: FormProps<TIn, TOut>) {
  const ref = useRef<HTMLFormElement>(null);
  // submitCount and the errors arrive in one update, so by this effect the invalid fields are marked.
  const { submitCount } = useFormState({ control: form.control });
  useEffect(() => {
    if (submitCount > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  return (
    <form ref={ref} noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} {...props}>
      {children}
    </form>
  );
}

/**
 * What a field component needs from one field of a useZodForm form: its name, its value (an absent or null value as
 * ''), the handlers, the ref to focus, and the schema's or the server's error.
 */
function useBoundField<TIn extends FieldValues, TOut>(control: Control<TIn, unknown, TOut>, name: FieldPath<TIn>) {
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    value: (field.value as string | null | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    error: fieldState.error?.message,
  };
}

type FormTextFieldProps<TIn extends FieldValues, TOut> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'ref'
> & {
  control: Control<TIn, unknown, TOut>;
  name: FieldPath<TIn>;
};

/** A TextField bound to one field of a useZodForm form: its value, and its error in place of the hint. */
export function FormTextField<TIn extends FieldValues, TOut>({ control, name, ...props }: FormTextFieldProps<TIn, TOut>) {
  return <TextField {...props} {...useBoundField(control, name)} />;
}

type FormTextAreaProps<TIn extends FieldValues, TOut> = Omit<
  TextAreaFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'ref' | 'count'
> & {
  control: Control<TIn, unknown, TOut>;
  name: FieldPath<TIn>;
  /** Show a counter against `maxLength` (one against `advised` is always shown). */
  counted?: boolean;
};

/** A TextAreaField bound to one field of a useZodForm form, like FormTextField; it counts what was typed. */
export function FormTextArea<TIn extends FieldValues, TOut>({ control, name, counted, ...props }: FormTextAreaProps<TIn, TOut>) {
  const bound = useBoundField(control, name);
  return <TextAreaField {...props} count={counted || props.advised !== undefined ? bound.value.length : undefined} {...bound} />;
}

type FormSelectFieldProps<TIn extends FieldValues, TOut> = Omit<SelectFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'ref'> & {
  control: Control<TIn, unknown, TOut>;
  name: FieldPath<TIn>;
};

/** A SelectField bound to one field of a useZodForm form, like FormTextField (an empty value shows the placeholder). */
export function FormSelectField<TIn extends FieldValues, TOut>({ control, name, ...props }: FormSelectFieldProps<TIn, TOut>) {
  return <SelectField {...props} {...useBoundField(control, name)} />;
}

/**
 * Whether `values` has a field the server named that can show an error: `name`, or a dotted path into nested groups
 * and lists (`shipping.express.price`, `sections.0.title`, `stats`) — not a group itself (`shipping_address`), which
 * no input shows.
 */
function hasField(values: FieldValues, field: string): boolean {
  let at: unknown = values;
  for (const key of field.split('.')) {
    if (at === null || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return at === null || typeof at !== 'object' || Array.isArray(at);
}

/** How showFieldError reads an API error for one form. */
export interface FieldErrorOptions<TIn extends FieldValues> {
  /** The server's names for fields this form calls otherwise (`is_public` → `visibility`, `consent.source` → `source`). */
  fields?: Readonly<Record<string, FieldPath<TIn>>>;
  /** The field that takes an error naming none of the form's fields (a refusal about the whole request), instead of the caller. */
  otherwise?: FieldPath<TIn>;
  /** Called with the field just before its error is set and focused, e.g. to show the tab it is on (inside flushSync). */
  reveal?: (field: FieldPath<TIn>) => void;
}

/** The field an API error names (`answers.2`), or null: for a decision about an error that is no field of a form. */
export function apiErrorField(err: unknown): string | null {
  return err instanceof ApiRequestError && err.field ? err.field : null;
}

/** The form's field for the server's field name (through `fields`), or null when the form has no such field. */
function formFieldFor<TIn extends FieldValues>(values: FieldValues, serverField: string, fields: FieldErrorOptions<TIn>['fields'] = {}): FieldPath<TIn> | null {
  const field = fields[serverField] ?? serverField;
  return hasField(values, field) ? (field as FieldPath<TIn>) : null;
}

/**
 * The one way a server error reaches a form's fields (docs/decisions/060): an API error that names one of this form's
 * fields (`error.field`: a name, or a dotted path such as `sections.0.title`, mapped through `options.fields`) goes
 * under that field, focused; with `options.otherwise`, any other error goes under that field. Returns false for an
 * error it did not place, which the caller reports (usually as a toast).
 */
export function showFieldError<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  err: unknown,
  options: FieldErrorOptions<TIn> = {},
): boolean {
  const named = apiErrorField(err);
  const field = (named ? formFieldFor(form.getValues(), named, options.fields) : null) ?? options.otherwise;
  if (!field || !(err instanceof Error)) return false;
  options.reveal?.(field);
  form.setError(field, { type: 'server', message: err.message }, { shouldFocus: true });
  return true;
}
