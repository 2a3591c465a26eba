import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LuFileSpreadsheet } from 'react-icons/lu';
import { ApiError, apiBlob, isNetworkError } from '@/api-client/client';
import { DateRangeFilter, rangeInOrder } from '@/components/filter-bar';
import { notifyApiError } from '@/components/notify';
import { saveBlob } from '@/lib/save-file';

type ExportRoute = 'GET /exports/orders.csv' | 'GET /exports/transactions.csv' | 'GET /exports/audit.csv';

interface ExportCsvButtonProps {
  route: ExportRoute;
  /** The saved file's name without the range and extension (`prepaidship-orders`). */
  fileStem: string;
  /** The days to export (YYYY-MM-DD, US Eastern, both included); '' leaves that end open. */
  from: string;
  to: string;
  /** `all`: every user's top-ups (the admin's Transactions page). */
  scope?: 'all';
  /** Shown beside the button and read as its description: where the days come from, what is not applied. */
  note?: string;
  /** More of the list's filters the route takes (the audit log's admin, account and action); empty ones are left out. */
  filters?: Record<string, string>;
}

/** The range part of the file name, as the server names it too (functions/exports/date-range.ts). */
const rangeName = (from: string, to: string) => (from && to ? `${from}_${to}` : from ? `from-${from}` : to ? `to-${to}` : 'all');

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** `2025-03-05` -> "Mar 5, 2025"; anything that is not a day (a hand-edited URL) as it is. */
function dayName(day: string): string {
  const at = new Date(`${day}T00:00:00.000Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(at.getTime()) ? dayFormat.format(at) : day;
}

/** Which days an export holds, as its button says: "all days", "Mar 5, 2025 to Mar 31, 2025", "from Mar 5, 2025". */
export function exportDaysName(from: string, to: string): string {
  if (from && to) return from === to ? dayName(from) : `${dayName(from)} to ${dayName(to)}`;
  if (from) return `from ${dayName(from)}`;
  if (to) return `to ${dayName(to)}`;
  return 'all days';
}

/**
 * "Export CSV (<days>)": downloads the given days through the one client with the session token
 * and saves the file like the label PDF. It has no date fields of its own: on the Shipping Labels
 * and Wallet pages the days are the filter bar's, so a page shows one date range and
 * the file holds the days the list shows. The export routes take only days (and the admin's
 * scope), so the list's other filters do not narrow the file; `note` says so. The server's 400
 * (too many rows, a bad day) shows under the button.
 */
export function ExportCsvButton({ route, fileStem, from, to, scope, note, filters }: ExportCsvButtonProps) {
  // The error belongs to the range it was answered for: choosing other days hides it.
  const [failure, setFailure] = useState<{ range: string; message: string }>();
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const errorId = useId();
  const range = rangeName(from, to);
  const error = failure?.range === range ? failure.message : undefined;

  async function exportCsv() {
    setFailure(undefined);
    setBusy(true);
    try {
      const extra = Object.fromEntries(Object.entries(filters ?? {}).filter(([, v]) => v));
      const blob = await apiBlob(route, { query: { ...extra, from: from || undefined, to: to || undefined, scope } });
      saveBlob(blob, `${fileStem}-${range}.csv`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setFailure({ range, message: err.fields.to ?? err.fields.from ?? err.message });
      else if (!isNetworkError(err)) notifyApiError('Export failed', err, 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [note ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap="1" align="start">
      <HStack gap="3" wrap="wrap">
        {/* A long range wraps inside the button on a phone instead of widening the page. */}
        <Button
          size="sm"
          variant="outline"
          loading={busy}
          onClick={() => void exportCsv()}
          aria-describedby={describedBy}
          whiteSpace="normal"
          h="auto"
          minH="8"
          py="1"
          textAlign="start"
        >
          <LuFileSpreadsheet aria-hidden />
          Export CSV ({exportDaysName(from, to)})
        </Button>
        {note && (
          <Text id={noteId} textStyle="sm" color="fg.muted">
            {note}
          </Text>
        )}
      </HStack>
      {error && (
        <Text id={errorId} role="alert" textStyle="sm" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The export with its own From/To, for a page without a filter bar (the admin's Transactions
 * page): the same date fields as the filter bar and the same button. A To before From is shown as
 * an error and left out, as the filter bar does, so the button then says "all days".
 */
export function ExportCsvControl({ label, ...button }: Omit<ExportCsvButtonProps, 'from' | 'to' | 'note'> & { label: string }) {
  const [days, setDays] = useState({ from: '', to: '' });
  const inOrder = rangeInOrder(days.from, days.to);
  return (
    <Stack role="group" aria-label={label} direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'end' }} gap="3" wrap="wrap" mb="4">
      <DateRangeFilter from={days.from} to={days.to} onChange={(name, value) => setDays((d) => ({ ...d, [name]: value }))} />
      <ExportCsvButton {...button} from={inOrder ? days.from : ''} to={inOrder ? days.to : ''} />
    </Stack>
  );
}
