// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api-client/client';
import { AppProvider } from '@/app/provider';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PagedDataTable, type ListFailure, type PagedList } from '@/components/paged-data-table';
import { mobileMediaQuery } from '@/hooks/use-is-mobile';
import { stubBrowserApis } from './browser-api-stubs';
import { setupPageTests } from './page-test-setup';
import { headerTexts, rowTexts } from './table-rows';

setupPageTests();

interface Fruit {
  id: string;
  name: string;
  cents: number;
}

const columns: DataTableColumn<Fruit>[] = [
  { header: 'Name', cell: (f) => f.name },
  { header: 'Price', cell: (f) => `${f.cents}¢`, numeric: true },
];
const fruits: Fruit[] = [
  { id: 'a', name: 'Apple', cents: 50 },
  { id: 'b', name: 'Banana', cents: 25 },
];
const noPages = { hasMore: false, isLoadingMore: false, loadMore: () => undefined };

const renderInApp = (ui: ReactElement) => render(<AppProvider>{ui}</AppProvider>);

function renderTable(props: Partial<Parameters<typeof DataTable<Fruit>>[0]> = {}) {
  return renderInApp(<DataTable caption="Fruits" columns={columns} rows={[]} rowKey={(f) => f.id} emptyMessage="No fruit yet" {...props} />);
}

/** The single full-width row that carries the table's state (loading, error, empty). */
const stateRow = () => within(screen.getByRole('table', { name: 'Fruits' })).getAllByRole('row')[1] as HTMLElement;

describe('DataTable', () => {
  it('shows its columns and one row per item, numeric columns aligned right, and no state row', () => {
    renderTable({ rows: fruits });
    expect(headerTexts('Fruits')).toEqual(['Name', 'Price']);
    expect(rowTexts('Fruits')).toEqual([
      ['Apple', '50¢'],
      ['Banana', '25¢'],
    ]);
    expect(screen.getByRole('cell', { name: '50¢' })).toHaveStyle({ textAlign: 'end' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('No fruit yet')).not.toBeInTheDocument();
  });

  it('shows a loading state, not the empty message, while the first rows are on the way', () => {
    renderTable({ isLoading: true });
    expect(within(stateRow()).getByRole('status')).toHaveTextContent('Loading…');
    expect(within(stateRow()).getByRole('cell')).toHaveAttribute('colspan', '2');
    expect(screen.queryByText('No fruit yet')).not.toBeInTheDocument();
  });

  it('shows the empty message when the list has no rows', () => {
    renderTable();
    expect(within(stateRow()).getByText('No fruit yet')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error with a Retry button that calls onRetry', async () => {
    const onRetry = vi.fn();
    renderTable({ error: 'The fruit could not be loaded.', onRetry });
    expect(within(stateRow()).getByRole('alert')).toHaveTextContent('The fruit could not be loaded.');
    expect(screen.queryByText('No fruit yet')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows no Retry button without onRetry', () => {
    renderTable({ error: 'Gone' });
    expect(screen.getByRole('alert')).toHaveTextContent('Gone');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('keeps rows already shown when a later load fails or is under way', () => {
    renderTable({ rows: fruits, error: 'Gone', isLoading: true });
    expect(rowTexts('Fruits')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers "Load more" while there are more pages, and shows it busy while the next page loads', async () => {
    const loadMore = vi.fn();
    const { rerender } = renderTable({ rows: fruits, pager: { hasMore: true, isLoadingMore: false, loadMore } });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(loadMore).toHaveBeenCalledTimes(1);

    rerender(
      <AppProvider>
        <DataTable
          caption="Fruits"
          columns={columns}
          rows={fruits}
          rowKey={(f) => f.id}
          emptyMessage=""
          pager={{ hasMore: true, isLoadingMore: true, loadMore }}
        />
      </AppProvider>,
    );
    // A busy button hides its text behind a spinner (so it has no name) and cannot be pressed twice.
    const busy = screen.getAllByRole('button').find((b) => b.hasAttribute('data-loading'));
    expect(busy).toHaveTextContent('Load more');
    expect(busy).toBeDisabled();

    rerender(
      <AppProvider>
        <DataTable caption="Fruits" columns={columns} rows={fruits} rowKey={(f) => f.id} emptyMessage="" pager={noPages} />
      </AppProvider>,
    );
    expect(screen.queryByText('Load more')).not.toBeInTheDocument();
  });
});

describe('DataTable on a wide screen', () => {
  it('scrolls sideways in a named region a keyboard can reach', () => {
    renderTable({ rows: fruits });
    const region = screen.getByRole('region', { name: 'Fruits' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Fruits' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('DataTable on a phone (768 px or less)', () => {
  beforeEach(() => stubBrowserApis([mobileMediaQuery]));

  /** Each card's header/value pairs, as a person reads them. */
  const cards = () =>
    within(screen.getByRole('list', { name: 'Fruits' }))
      .getAllByRole('listitem')
      .map((card) => [...card.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`));

  it('shows one card per row with every column as a header beside its value, and no table', () => {
    renderTable({ rows: fruits });
    expect(cards()).toEqual([
      ['Name: Apple', 'Price: 50¢'],
      ['Name: Banana', 'Price: 25¢'],
    ]);
    for (const dd of document.querySelectorAll('dd')) expect(dd.previousElementSibling?.tagName).toBe('DT');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps actions in the card, where they work', async () => {
    const onPick = vi.fn();
    const withAction: DataTableColumn<Fruit>[] = [...columns, { header: 'Actions', cell: (f) => <button onClick={() => onPick(f.id)}>Pick {f.name}</button> }];
    renderTable({ rows: fruits, columns: withAction });
    await userEvent.click(screen.getByRole('button', { name: 'Pick Banana' }));
    expect(onPick).toHaveBeenCalledWith('b');
  });

  it('shows the empty message, the loading state and the error without an empty list', async () => {
    const onRetry = vi.fn();
    const { rerender } = renderTable();
    expect(screen.getByRole('group', { name: 'Fruits' })).toHaveTextContent('No fruit yet');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    rerender(
      <AppProvider>
        <DataTable caption="Fruits" columns={columns} rows={[]} rowKey={(f) => f.id} emptyMessage="No fruit yet" error="Gone" onRetry={onRetry} />
      </AppProvider>,
    );
    expect(within(screen.getByRole('group', { name: 'Fruits' })).getByRole('alert')).toHaveTextContent('Gone');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('PagedDataTable', () => {
  const failure: ListFailure = {
    title: 'Failed to Fetch Fruit',
    fallback: 'Please try again later.',
    toastId: 'fruit',
    message: 'The fruit could not be loaded.',
  };

  function renderPaged(list: Partial<PagedList>) {
    const full: PagedList = { isLoading: false, mutate: vi.fn(), ...noPages, ...list };
    renderInApp(<PagedDataTable caption="Fruits" columns={columns} rows={[]} rowKey={(f) => f.id} emptyMessage="No fruit yet" list={full} failure={failure} />);
    return full;
  }

  it('follows the list: loading, then empty', () => {
    renderPaged({ isLoading: true });
    expect(within(stateRow()).getByRole('status')).toHaveTextContent('Loading…');
  });

  it("toasts the failure with the server's message, shows it in the table, and Retry revalidates the list", async () => {
    const list = renderPaged({ error: new ApiError(403, 'Forbidden') });
    expect(await screen.findByText('Failed to Fetch Fruit')).toBeInTheDocument();
    expect(within(stateRow()).getByRole('alert')).toHaveTextContent('Forbidden');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.mutate).toHaveBeenCalledTimes(1);
  });

  it('uses its own words when the server sent no message', async () => {
    renderPaged({ error: new ApiError(500, 'Request failed (500)', {}, false) });
    expect(await screen.findByText('Please try again later.')).toBeInTheDocument();
    expect(within(stateRow()).getByRole('alert')).toHaveTextContent('The fruit could not be loaded.');
  });
});
