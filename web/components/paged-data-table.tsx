import { useEffect } from 'react';
import { errorMessage, type ApiError } from '@/api-client/client';
import { DataTable, type DataTableProps, type TablePager } from './data-table';
import { notifyApiError } from './notify';

/** What a cursor-paged list hook (`useCursorPages`) answers, as far as its table needs it. */
export interface PagedList extends TablePager {
  error?: ApiError;
  isLoading: boolean;
  mutate: () => unknown;
}

/**
 * How a list's failure reads: SPEC section 8's toast (`title`, then the server's message or
 * `fallback`) and the table's own line. A list without a `title` says it in its table only.
 */
export interface ListFailure {
  title?: string;
  fallback?: string;
  /** A failure repeated by SWR's retries replaces its toast instead of stacking another. */
  toastId?: string;
  /** Shown in the table, with Retry, when the server sent no message. */
  message: string;
}

type PagedDataTableProps<Row> = Omit<DataTableProps<Row>, 'isLoading' | 'error' | 'onRetry' | 'pager'> & { list: PagedList; failure: ListFailure };

/**
 * A DataTable fed by a cursor-paged list: loading, the failure (toasted and shown with Retry), the
 * empty message and "Load more" all follow the list, so pages only say what their rows are.
 */
export function PagedDataTable<Row>({ list, failure, ...table }: PagedDataTableProps<Row>) {
  const { error } = list;
  const { title, fallback, toastId } = failure;
  useEffect(() => {
    if (error && title) notifyApiError(title, error, fallback, toastId);
  }, [error, title, fallback, toastId]);

  return (
    <DataTable
      {...table}
      isLoading={list.isLoading}
      error={error ? errorMessage(error, failure.message) : undefined}
      onRetry={() => void list.mutate()}
      pager={list}
    />
  );
}
