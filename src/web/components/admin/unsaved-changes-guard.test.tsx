// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

function Editor() {
  const [text, setText] = useState('');
  return (
    <main>
      <UnsavedChangesGuard when={text !== ''} what="Your edits" />
      <label>
        Headline
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Link to="/admin">Dashboard</Link>
      <a href="#hero">Hero section</a>
    </main>
  );
}

const renderEditor = () =>
  render(
    <MemoryRouter initialEntries={['/admin/editor']}>
      <Routes>
        <Route path="/admin/editor" element={<Editor />} />
        <Route path="/admin" element={<h1>Dashboard page</h1>} />
      </Routes>
    </MemoryRouter>,
  );

const beforeUnloadCancelled = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('UnsavedChangesGuard', () => {
  it('lets a link go when nothing is unsaved, and the tab closes without a question', async () => {
    renderEditor();
    expect(beforeUnloadCancelled()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
  });

  it('asks before a link leaves unsaved edits: Cancel keeps them, Leave goes', async () => {
    renderEditor();
    await userEvent.type(screen.getByRole('textbox', { name: 'Headline' }), 'Gold for the kettle');
    expect(beforeUnloadCancelled()).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your edits are not saved yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Gold for the kettle');

    await userEvent.click(screen.getByRole('link', { name: 'Hero section' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(beforeUnloadCancelled()).toBe(false);
  });
});
