import { ShippersOnly } from '@/features/profile';
import { Code, HStack, List, Text } from '@chakra-ui/react';
import { findLabelType } from '@domain/pricing';
import { formatUsd } from '@domain/money';
import type { ApiBatch, ApiBatchRow } from '@domain/api/batches';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { StatusBadge, type StatusPalette } from '@/components/status-badge';
import { noValue } from '@/lib/transaction-labels';
import { formatRowError, isEditable } from '../lib/batch-figures';
import { DropRowButton } from './drop-row-button';
import { FixRowDialog } from './fix-row-dialog';

/** Ready and bought green-ish (ready is yellow: not bought yet), invalid and failed red, pricing and dropped gray. */
const rowPalette: Record<ApiBatchRow['status'], StatusPalette> = {
  pricing: 'gray',
  ready: 'yellow',
  bought: 'green',
  invalid: 'red',
  failed: 'red',
  dropped: 'gray',
};

const recipient = ({ fields: f }: ApiBatchRow) => [f.toName, [f.toCity, f.toState].filter(Boolean).join(', ')].filter(Boolean).join(' · ') || noValue;
/** Rates mode: the service the row was quoted as (the server names it); table mode: its label type's name; else the cell as typed. */
const service = ({ fields: f, serviceName }: ApiBatchRow) =>
  serviceName ?? (f.labelType ? (findLabelType(f.labelType)?.name ?? f.labelType) : f.service || noValue);
/** Pounds, as the label form takes them; a cell that is not a number is shown as typed (its error says why). */
const weight = ({ fields: f }: ApiBatchRow) => (!f.weight ? noValue : Number.isFinite(Number(f.weight)) ? `${f.weight} lbs` : f.weight);
/**
 * A blank ship date is today (US Eastern time), as in the label dialog; a YYYY-MM-DD one reads
 * MM/DD/YYYY as in the shipments table; anything else as typed (its error says why).
 */
const shipDate = ({ fields: f }: ApiBatchRow) => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(f.shipDate ?? '');
  return !f.shipDate ? 'Today' : day ? `${day[2]}/${day[3]}/${day[1]}` : f.shipDate;
};

/** The price, or why the row cannot be bought (its validation errors, or why buying it failed). */
function Outcome({ row }: { row: ApiBatchRow }) {
  if (row.errors.length > 0)
    return (
      <List.Root gap="1" ps="4" color="fg.error" fontSize="sm">
        {row.errors.map((e) => (
          <List.Item key={`${e.column}:${e.message}`}>{formatRowError(e)}</List.Item>
        ))}
      </List.Root>
    );
  if (row.status === 'failed')
    return (
      <Text color="fg.error" fontSize="sm">
        {row.error ?? 'Failed'}
      </Text>
    );
  if (row.status === 'pricing') return <Text color="fg.muted">Pricing…</Text>;
  return row.priceCents === null ? noValue : formatUsd(row.priceCents);
}

interface BatchRowsTableProps {
  batch: ApiBatch;
}

/**
 * The batch's rows (SPEC's tables: cards on phones): each with its price or errors and its status,
 * live while the batch is bought. While the batch can still change, a row can be fixed (an invalid
 * one) or edited (a valid one) in place, or dropped. The dialog stays mounted when its row turns
 * valid (only its trigger's words change), so focus goes back to the trigger when it closes.
 */
export function BatchRowsTable({ batch }: BatchRowsTableProps) {
  const editable = isEditable(batch);
  const columns: DataTableColumn<ApiBatchRow>[] = [
    { header: 'Row', cell: (r) => r.row, numeric: true },
    { header: 'Recipient', cell: recipient },
    { header: 'Service', cell: service },
    { header: 'Weight', cell: weight, numeric: true },
    { header: 'Ship date', cell: shipDate },
    { header: 'Price or errors', cell: (r) => <Outcome row={r} /> },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} palette={rowPalette[r.status]} /> },
    {
      header: 'Tracking',
      cell: (r) => (r.tracking ? <Code size="sm">{r.tracking}</Code> : noValue),
    },
  ];
  if (editable)
    columns.push({
      header: 'Actions',
      cell: (r) =>
        r.status !== 'dropped' ? (
          <ShippersOnly>
            <HStack gap="2" wrap="wrap">
              <FixRowDialog batchId={batch.batchId} row={r} />
              <DropRowButton batchId={batch.batchId} row={r.row} />
            </HStack>
          </ShippersOnly>
        ) : (
          noValue
        ),
    });
  return <DataTable caption="Batch rows" columns={columns} rows={batch.rows} rowKey={(r) => String(r.row)} emptyMessage="This batch has no rows." />;
}
