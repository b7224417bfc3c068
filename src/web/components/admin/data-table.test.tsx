// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tag } from 'lucide-react';
import { renderWithApp } from '@/web/test/render';
import { DataTable, type Column } from './data-table';
import { EmptyState } from './empty-state';
import { useTableParams } from './use-table-params';

interface Row {
  id: string;
  title: string;
  order: number;
}
const ROWS: Row[] = [
  { id: 'a', title: 'Snooze Button Endurance Medal', order: 2 },
  { id: 'b', title: 'Reply-All Distinction', order: 1 },
];
const columns: Column<Row>[] = [
  { key: 'title', header: 'Title', sort: 'title', rowHeader: true, cell: (r) => r.title },
  { key: 'order', header: 'Order', sort: 'sort_order', align: 'right', cell: (r) => r.order },
];

function Harness({ rows }: { rows: Row[] | undefined }) {
  const { sort, dir, toggleSort, params } = useTableParams({ sorts: ['title', 'sort_order'], defaultSort: 'sort_order' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <>
      <DataTable
        caption="Awards"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ key: sort, dir, onSort: toggleSort }}
        selection={{ selected, onChange: setSelected, label: (r) => r.title }}
        empty={<EmptyState icon={Tag} title="No awards yet">Create the first one.</EmptyState>}
      />
      <output aria-label="Query">{params.toString()}</output>
      <output aria-label="Selected">{[...selected].sort().join(',')}</output>
    </>
  );
}

describe('DataTable (the admin list)', () => {
  it('sorts through the URL, says which column sorts and how, and selects rows for bulk actions', async () => {
    const { user } = renderWithApp(<Harness rows={ROWS} />);
    const table = screen.getByRole('table', { name: 'Awards' });
    expect(within(table).getByRole('columnheader', { name: /Order/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: /Title/ }));
    expect(screen.getByLabelText('Query')).toHaveTextContent('sort=title&dir=asc');
    expect(within(table).getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: /Title/ }));
    expect(screen.getByLabelText('Query')).toHaveTextContent('sort=title&dir=desc');
    // Back to the default order: nothing in the URL.
    await user.click(within(table).getByRole('button', { name: /Order/ }));
    expect(screen.getByLabelText('Query')).toHaveTextContent(/^$/);

    await user.click(screen.getByRole('checkbox', { name: 'Select Reply-All Distinction' }));
    expect(screen.getByLabelText('Selected')).toHaveTextContent('b');
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByLabelText('Selected')).toHaveTextContent('a,b');
    await user.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByLabelText('Selected')).toHaveTextContent(/^$/);
  });

  it('shows skeleton rows while loading and the empty state when there is nothing', () => {
    const loading = renderWithApp(<Harness rows={undefined} />);
    expect(screen.getByLabelText('Loading awards')).toHaveAttribute('aria-busy', 'true');
    loading.unmount();
    renderWithApp(<Harness rows={[]} />);
    expect(screen.getByText('No awards yet')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
