/**
 * A read-only table with its loading, error and empty states, for the admin lists and the wallet.
 * Columns say how to show a row; the caller owns fetching and paging.
 */
import { Button, Center, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './load-states';

export interface DataTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned, for amounts. */
  numeric?: boolean;
}

/** A paged list's "Load more" (what `useCursorPages` answers): a button under the table while `hasMore`. */
export interface TablePager {
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => unknown;
}

export interface DataTableProps<Row> {
  /** Names the table for assistive tech (visually hidden). */
  caption: string;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  isLoading?: boolean;
  /** Set when the first page failed; rows already shown stay visible on a later failure. */
  error?: string;
  onRetry?: () => void;
  emptyMessage: string;
  pager?: TablePager;
}

export function DataTable<Row>({ caption, columns, rows, rowKey, isLoading, error, onRetry, emptyMessage, pager }: DataTableProps<Row>) {
  let state: ReactNode = null;
  if (rows.length === 0) {
    if (isLoading) state = <LoadingState />;
    else if (error) state = <ErrorState message={error} onRetry={onRetry} />;
    else state = <Text color="fg.muted">{emptyMessage}</Text>;
  }

  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" stickyHeader>
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.header} textAlign={column.numeric ? 'end' : undefined}>
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.header} textAlign={column.numeric ? 'end' : undefined}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
            {state && (
              <Table.Row>
                <Table.Cell colSpan={columns.length}>
                  <Center py="6">{state}</Center>
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {pager?.hasMore && (
        <Button mt="4" variant="outline" onClick={() => void pager.loadMore()} loading={pager.isLoadingMore}>
          Load more
        </Button>
      )}
    </>
  );
}
