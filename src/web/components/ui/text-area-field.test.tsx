// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form, FormTextArea, useZodForm } from './form';
import { TextAreaField } from './text-area-field';

describe('TextAreaField', () => {
  it('is labelled, and says its hint until an error takes its place', () => {
    const { rerender } = render(<TextAreaField label="Note" description="Who has it, and what you did." />);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAccessibleDescription('Who has it, and what you did.');
    rerender(<TextAreaField label="Note" description="Who has it, and what you did." error="Write a note first" />);
    const box = screen.getByRole('textbox', { name: 'Note' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Write a note first');
    expect(screen.queryByText('Who has it, and what you did.')).toBeNull();
  });

  it('counts against a hard limit and warns in the last 20 characters', async () => {
    function Counted() {
      const [text, setText] = useState('');
      return <TextAreaField label="Reason" maxLength={30} count={text.length} value={text} onChange={(e) => setText(e.target.value)} />;
    }
    render(<Counted />);
    const box = screen.getByRole('textbox', { name: 'Reason' });
    await userEvent.type(box, 'Sorry');
    expect(screen.getByLabelText('5 of 30 characters used')).toHaveTextContent('5/30');
    expect(screen.getByLabelText('5 of 30 characters used')).not.toHaveClass('text-brand-700');
    await userEvent.type(box, ' for the biscuit');
    expect(screen.getByLabelText('21 of 30 characters used')).toHaveClass('text-brand-700');
    await userEvent.type(box, ' tin, truly and deeply');
    expect(box).toHaveValue('Sorry for the biscuit tin, tru');
  });

  it('shows no counter without a limit or a count', () => {
    render(<TextAreaField label="Steps" maxLength={500} />);
    expect(screen.queryByText(/\/500/)).toBeNull();
  });
});

describe('FormTextArea', () => {
  const schema = z.object({ summary: z.string().trim().min(1, 'Write a summary').max(40, 'At most 40 characters') });

  function SummaryForm({ onSave }: { onSave: (v: { summary: string }) => void }) {
    const form = useZodForm(schema, { defaultValues: { summary: '' } });
    return (
      <Form form={form} onSubmit={onSave}>
        <FormTextArea control={form.control} name="summary" label="Summary" advised={10} advisedNote="Search engines cut it after 10." description="One line." />
        <button type="submit">Save</button>
      </Form>
    );
  }

  it('binds the field: the schema’s error under it with focus, and a soft limit that only warns', async () => {
    const saved: string[] = [];
    render(<SummaryForm onSave={(v) => saved.push(v.summary)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const box = screen.getByRole('textbox', { name: 'Summary' });
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Write a summary'));
    expect(saved).toEqual([]);

    await userEvent.type(box, 'A very long line');
    expect(screen.getByText('Search engines cut it after 10.')).toBeVisible();
    expect(screen.getByLabelText('16 of 10 characters used')).toHaveTextContent('16/10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual(['A very long line']);
  });
});
