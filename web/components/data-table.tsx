/**
 * The app's one way to show a list: a table on wide screens, a stack of cards on phones (768 px or
 * less), each with its loading, error and empty states. Columns say how to show a row; the caller
 * owns fetching and paging.
 */
import { Box, Button, Center, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
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
  /** Names the table (or the card list) for assistive tech (visually hidden). */
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

type ViewProps<Row> = Pick<DataTableProps<Row>, 'caption' | 'columns' | 'rows' | 'rowKey'> & { state: ReactNode };

/**
 * The wide view. The scroll area is a named, focusable region so a keyboard can scroll a table
 * wider than its card (axe's scrollable-region-focusable).
 */
function TableView<Row>({ caption, columns, rows, rowKey, state }: ViewProps<Row>) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" role="region" aria-label={caption} tabIndex={0} focusVisibleRing="outside">
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
  );
}

/**
 * The phone view: one card per row, every column's header beside its value (a dt/dd pair), actions
 * included, so nothing hides off-screen and values wrap instead of widening the page.
 */
function CardList<Row>({ caption, columns, rows, rowKey, state }: ViewProps<Row>) {
  return (
    <>
      {rows.length > 0 && (
        // role="list" because Safari drops the list role of a list without bullets.
        <Stack as="ul" role="list" aria-label={caption} gap="3" listStyleType="none" m="0" p="0">
          {rows.map((row) => (
            <Box as="li" key={rowKey(row)} borderWidth="1px" rounded="md" bg="bg" p="4">
              <Box as="dl" display="grid" gridTemplateColumns="minmax(5.5rem, max-content) minmax(0, 1fr)" columnGap="4" rowGap="2" alignItems="baseline">
                {columns.map((column) => (
                  <Fragment key={column.header}>
                    <Box as="dt" color="fg.muted" fontSize="sm" fontWeight="medium">
                      {column.header}
                    </Box>
                    <Box as="dd" m="0" minW="0" overflowWrap="anywhere">
                      {column.cell(row)}
                    </Box>
                  </Fragment>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      )}
      {state && (
        <Center py="6" px="4" borderWidth="1px" rounded="md" aria-label={caption} role="group">
          {state}
        </Center>
      )}
    </>
  );
}

/** Renders exactly one view for the screen width, so screen readers and tests meet each row once. */
export function DataTable<Row>({ caption, columns, rows, rowKey, isLoading, error, onRetry, emptyMessage, pager }: DataTableProps<Row>) {
  const isMobile = useIsMobile();
  let state: ReactNode = null;
  if (rows.length === 0) {
    if (isLoading) state = <LoadingState />;
    else if (error) state = <ErrorState message={error} onRetry={onRetry} />;
    else state = <Text color="fg.muted">{emptyMessage}</Text>;
  }

  const View = isMobile ? CardList : TableView;
  return (
    <>
      <View caption={caption} columns={columns} rows={rows} rowKey={rowKey} state={state} />
      {pager && <LoadMoreButton pager={pager} />}
    </>
  );
}

/** "Load more" under a paged list while it has more, for lists that are not tables too. */
export function LoadMoreButton({ pager }: { pager: TablePager }) {
  if (!pager.hasMore) return null;
  return (
    <Button mt="4" variant="outline" onClick={() => void pager.loadMore()} loading={pager.isLoadingMore}>
      Load more
    </Button>
  );
}
