// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form, FormSelectField, useZodForm } from './form';

describe('FormSelectField', () => {
  const schema = z.object({ country: z.string().min(1, 'Choose a country'), award_id: z.string().nullable() });
  const options = [
    { value: 'GB', label: 'United Kingdom' },
    { value: 'DE', label: 'Germany' },
  ];

  function CountryForm({ onSave }: { onSave: (v: z.output<typeof schema>) => void }) {
    const form = useZodForm(schema, { defaultValues: { country: '', award_id: null } });
    return (
      <Form form={form} onSubmit={onSave}>
        <FormSelectField control={form.control} name="country" label="Country" placeholder="Choose a country" options={options} description="Where it ships." />
        <FormSelectField control={form.control} name="award_id" label="Award" placeholder="Any award" options={[{ value: 'a1', label: 'Reply-All' }]} />
        <button type="submit">Save</button>
      </Form>
    );
  }

  it('binds the select: a null value shows the placeholder, the schema’s error goes under it with focus, a choice is saved', async () => {
    const saved: z.output<typeof schema>[] = [];
    render(<CountryForm onSave={(v) => saved.push(v)} />);
    expect(screen.getByRole('combobox', { name: 'Award' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(country).toHaveFocus();
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(country).toHaveAccessibleDescription('Choose a country');
    expect(saved).toEqual([]);

    await userEvent.selectOptions(country, 'DE');
    expect(country).toHaveAccessibleDescription('Where it ships.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ country: 'DE', award_id: null }]);
  });
});
