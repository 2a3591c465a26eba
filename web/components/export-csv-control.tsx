import { Button, chakra, Field, HStack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuFileSpreadsheet } from 'react-icons/lu';
import { exportRangeSchema } from '@domain/schemas/exports';
import { ApiError, apiBlob, isNetworkError } from '@/api-client/client';
import { DateInput } from '@/components/date-input';
import { notifyApiError } from '@/components/notify';
import { saveBlob } from '@/lib/save-file';

type ExportRoute = 'GET /exports/orders.csv' | 'GET /exports/transactions.csv';

interface ExportCsvControlProps {
  route: ExportRoute;
  /** What is exported, for the group's accessible name ("Export orders as CSV"). */
  what: string;
  /** The saved file's name without the range and extension (`prepaidship-orders`). */
  fileStem: string;
  /** `all`: every user's top-ups (the admin's Transactions page). */
  scope?: 'all';
}

/** The range part of the file name, as the server names it too (functions/exports/date-range.ts). */
const rangeName = (from: string, to: string) => (from && to ? `${from}_${to}` : from ? `from-${from}` : to ? `to-${to}` : 'all');

/**
 * "Export CSV" with optional From/To days (US Eastern, both included; the same schema as the
 * server's, so an inverted range is refused here with the server's words). The file comes through
 * the one client with the session token and is saved like the label PDF. Used on the Shipping
 * Labels, Wallet and admin Transactions pages.
 */
export function ExportCsvControl({ route, what, fileStem, scope }: ExportCsvControlProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function exportCsv(event: FormEvent) {
    event.preventDefault();
    const range = exportRangeSchema.safeParse({ from: from || undefined, to: to || undefined });
    if (!range.success) {
      setError(range.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const blob = await apiBlob(route, { query: { from: from || undefined, to: to || undefined, scope } });
      saveBlob(blob, `${fileStem}-${rangeName(from, to)}.csv`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(err.fields.to ?? err.fields.from ?? err.message);
      else if (!isNetworkError(err)) notifyApiError('Export failed', err, 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <chakra.form noValidate aria-label={`Export ${what} as CSV`} onSubmit={(e) => void exportCsv(e)} mb="4">
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root w="auto">
          <Field.Label>From</Field.Label>
          <DateInput size="sm" w="10rem" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field.Root>
        <Field.Root w="auto" invalid={Boolean(error)}>
          <Field.Label>To</Field.Label>
          <DateInput size="sm" w="10rem" value={to} onChange={(e) => setTo(e.target.value)} />
          <Field.ErrorText maxW="10rem">{error}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="sm" variant="outline" loading={busy}>
          <LuFileSpreadsheet aria-hidden />
          Export CSV
        </Button>
      </HStack>
    </chakra.form>
  );
}
