// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { Category } from '@/contract/categories';
import { AwardPicker } from './award-picker';

const category = (id: string, name: string, sort_order: number): Category => ({
  id,
  slug: id,
  name,
  description: null,
  color: '#123456',
  is_active: true,
  sort_order,
});
const award = (id: string, title: string, cat: Category | null, extra: Partial<Award> = {}): Award => ({
  id,
  slug: id,
  title,
  description: `${title}, described.`,
  tagline: null,
  stats: {},
  category_id: cat?.id ?? null,
  category_slug: cat?.slug ?? null,
  image_url: null,
  is_active: true,
  sort_order: 0,
  category: cat,
  ...extra,
});

const kitchen = category('kitchen', 'Kitchen', 1);
const office = category('office', 'Office & Work Life', 2);
// Listed out of order on purpose: the picker shows them grouped, kitchen first.
const AWARDS = [
  award('reply-all', 'Distinguished Service in Reply-All', office, { tagline: 'Sounds good!' }),
  award('biscuit', 'Order of the Last Biscuit', kitchen),
  award('cafe', 'Café Crème Medal', kitchen),
  award('general', 'Outstanding Achievement in General', null),
];

function Harness({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      <p id="award-label">The award</p>
      <AwardPicker
        awards={AWARDS}
        loading={false}
        value={value}
        onChange={setValue}
        onChosen={(a) => setChosen((c) => [...c, a.title])}
        error={error}
        labelId="award-label"
      />
      <output aria-label="Chosen">{chosen.join(' | ')}</output>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Search awards' });
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('AwardPicker', () => {
  it('is a combobox with an always-open listbox, grouped by category in the categories’ order', () => {
    render(<Harness />);
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(combobox()).toHaveAttribute('aria-autocomplete', 'list');
    const listbox = screen.getByRole('listbox', { name: 'The award' });
    expect(combobox()).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getAllByRole('group')).toHaveLength(3);
    expect(within(listbox).getByRole('group', { name: 'Kitchen' })).toBeVisible();
    expect(within(listbox).getByRole('group', { name: 'Other Awards' })).toBeVisible();
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Order of the Last BiscuitOrder of the Last Biscuit, described.',
      'Café Crème MedalCafé Crème Medal, described.',
      'Distinguished Service in Reply-AllSounds good!',
      'Outstanding Achievement in GeneralOutstanding Achievement in General, described.',
    ]);
    // The first award is the keyboard's until the arrows move on; nothing is chosen yet.
    expect(activeOption()).toMatch(/^Order of the Last Biscuit/);
    expect(within(listbox).queryByRole('option', { selected: true })).toBeNull();
  });

  it('moves with the arrows, Home and End, and stops at either end', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(combobox());
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toMatch(/^Order of the Last Biscuit/);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toMatch(/^Distinguished Service in Reply-All/);
    await user.keyboard('{End}');
    expect(activeOption()).toMatch(/^Outstanding Achievement in General/);
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toMatch(/^Outstanding Achievement in General/);
    await user.keyboard('{Home}');
    expect(activeOption()).toMatch(/^Order of the Last Biscuit/);
  });

  it('filters as you type — every word, any order, accents ignored — and starts again at the first match', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(combobox());
    await user.keyboard('{ArrowDown}');
    await user.keyboard('cafe');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Café Crème MedalCafé Crème Medal, described.']);
    expect(activeOption()).toMatch(/^Café Crème Medal/);
    await user.clear(combobox());
    await user.type(combobox(), 'good sounds');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(activeOption()).toMatch(/^Distinguished Service in Reply-All/);
    await user.clear(combobox());
    await user.type(combobox(), 'zebra');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No award matches “zebra”. The committee suggests a shorter word.')).toHaveAttribute('role', 'status');
    expect(combobox()).not.toHaveAttribute('aria-activedescendant');
  });

  it('chooses with Enter, folds into a card, and tells the form', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(combobox(), 'biscuit{Enter}');
    const card = screen.getByTestId('selected-award');
    expect(card).toHaveTextContent('Kitchen');
    expect(card).toHaveTextContent('Order of the Last Biscuit');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Order of the Last Biscuit');
  });

  it('chooses with the pointer: hovering moves the active option, a click chooses it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.hover(screen.getByRole('option', { name: /^Café Crème Medal/ }));
    expect(activeOption()).toMatch(/^Café Crème Medal/);
    await user.click(screen.getByRole('option', { name: /^Café Crème Medal/ }));
    expect(screen.getByTestId('selected-award')).toHaveTextContent('Café Crème Medal');
  });

  it('Change reopens the list with the choice marked; Escape or Keep folds it back and returns focus to Change', async () => {
    const user = userEvent.setup();
    render(<Harness initial="cafe" />);
    await user.click(screen.getByRole('button', { name: 'Change award (now: Café Crème Medal)' }));
    await waitFor(() => expect(combobox()).toHaveFocus());
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Café Crème Medal');

    await user.keyboard('{Escape}');
    expect(screen.getByTestId('selected-award')).toHaveTextContent('Café Crème Medal');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change award (now: Café Crème Medal)' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(combobox()).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Keep Café Crème Medal' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change award (now: Café Crème Medal)' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(combobox()).toHaveFocus());
    await user.type(combobox(), 'reply{Enter}');
    expect(screen.getByTestId('selected-award')).toHaveTextContent('Distinguished Service in Reply-All');
  });

  it('Escape does nothing while no award is chosen yet', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(combobox(), 'kitchen{Escape}');
    expect(combobox()).toHaveValue('kitchen');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('shows its error and marks the box invalid', () => {
    render(<Harness error="Please choose an award" />);
    expect(combobox()).toHaveAttribute('aria-invalid', 'true');
    expect(combobox()).toHaveAccessibleDescription('Please choose an award');
  });
});
