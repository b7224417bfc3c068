// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRequestError } from '@/web/lib/api-client';
import { apiErrorField, Form, FormTextField, showFieldError, useZodForm, type FieldErrorOptions } from './form';

const schema = z.object({
  visibility: z.string(),
  address: z.object({ line1: z.string(), city: z.string() }),
  sections: z.array(z.object({ title: z.string() })),
});
type Values = z.input<typeof schema>;

/** A form with a plain field, a group and a list; `place` is called with the form to put an error on it. */
function renderForm() {
  const placed: { form?: ReturnType<typeof useZodForm<Values, Values>> } = {};
  function Fields() {
    const form = useZodForm(schema, { defaultValues: { visibility: 'public', address: { line1: '', city: '' }, sections: [{ title: '' }, { title: '' }] } });
    placed.form = form;
    return (
      <Form form={form} onSubmit={() => undefined}>
        <FormTextField control={form.control} name="visibility" label="Visibility" />
        <FormTextField control={form.control} name="address.line1" label="Street" />
        <FormTextField control={form.control} name="address.city" label="City" />
        <FormTextField control={form.control} name="sections.0.title" label="Section 1 heading" />
        <FormTextField control={form.control} name="sections.1.title" label="Section 2 heading" />
      </Form>
    );
  }
  render(<Fields />);
  return (err: unknown, options?: FieldErrorOptions<Values>) => {
    let shown = false;
    act(() => {
      shown = showFieldError(placed.form!, err, options);
    });
    return shown;
  };
}

const refused = (message: string, field?: string) => new ApiRequestError(400, 'VALIDATION_ERROR', message, field);

describe('showFieldError', () => {
  it('puts an error naming a field under it, by name or dotted path, and focuses it', () => {
    const show = renderForm();
    expect(show(refused('The city is not known', 'address.city'))).toBe(true);
    const city = screen.getByRole('textbox', { name: 'City' });
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('The city is not known');
    expect(city).toHaveFocus();

    expect(show(refused('A heading is required', 'sections.1.title'))).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Section 2 heading' })).toHaveAccessibleDescription('A heading is required');
  });

  it('maps the server’s names onto the form’s, and reveals the field first', () => {
    const show = renderForm();
    const revealed: string[] = [];
    expect(show(refused('is_public must be true or false', 'is_public'), { fields: { is_public: 'visibility' }, reveal: (f) => revealed.push(f) })).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Visibility' })).toHaveAccessibleDescription('is_public must be true or false');
    expect(revealed).toEqual(['visibility']);
  });

  it('leaves the caller anything it cannot show: no field, a field the form lacks, a whole group, not an API error', () => {
    const show = renderForm();
    expect(show(refused('Too many requests'))).toBe(false);
    expect(show(refused('Unknown', 'nominee_email'))).toBe(false);
    expect(show(refused('The address is incomplete', 'address'))).toBe(false);
    expect(show(new Error('Network down'))).toBe(false);
    for (const box of screen.getAllByRole('textbox')) expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('with `otherwise`, puts any other refusal under that field', () => {
    const show = renderForm();
    expect(show(refused('The provider did not answer'), { otherwise: 'visibility' })).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Visibility' })).toHaveAccessibleDescription('The provider did not answer');
    expect(show(refused('Nope', 'address'), { otherwise: 'address.line1' })).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveAccessibleDescription('Nope');
  });
});

describe('apiErrorField', () => {
  it('reads the field an API error names, for decisions that are no field of a form', () => {
    expect(apiErrorField(refused('answers.2 is not an answer', 'answers.2'))).toBe('answers.2');
    expect(apiErrorField(refused('Too many'))).toBeNull();
    expect(apiErrorField(new Error('x'))).toBeNull();
  });
});
