import { Stack, Text } from '@chakra-ui/react';
import { ShippersOnly } from '@/features/profile';
import type { ApiPostageAdjustment, ParcelFacts } from '@domain/api/adjustments';
import { formatUsd } from '@domain/money';
import type { DataTableColumn } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedDataTable, type PagedList } from '@/components/paged-data-table';
import { noValue } from '@/lib/transaction-labels';
import { DisputeDialog } from './dispute-dialog';

const parcel = (p: ParcelFacts | null) => (p ? `${p.weightLb} lb, ${p.lengthIn} × ${p.widthIn} × ${p.heightIn} in` : noValue);

/** A charge shows as taken from the wallet; a lowered invoice as given back. */
const amount = (a: ApiPostageAdjustment) => (a.amountCents > 0 ? `−${formatUsd(a.amountCents)}` : `+${formatUsd(-a.amountCents)}`);

const columns: DataTableColumn<ApiPostageAdjustment>[] = [
  { header: 'Date', cell: (a) => <DateTime iso={a.createdAt} /> },
  {
    header: 'Label',
    cell: (a) => (
      <Stack gap="0">
        <Text>{a.tracking ?? a.shipOrderId}</Text>
        {a.service && (
          <Text fontSize="xs" color="fg.muted">
            {a.service}
          </Text>
        )}
      </Stack>
    ),
  },
  { header: 'Reason', cell: (a) => a.reason },
  { header: 'You declared', cell: (a) => parcel(a.declared) },
  { header: 'USPS measured', cell: (a) => parcel(a.measured) },
  { header: 'Amount', cell: amount, numeric: true },
  {
    header: 'Dispute',
    cell: (a) =>
      a.disputedAt ? (
        <Text fontSize="sm">
          Disputed <DateTime iso={a.disputedAt} />
        </Text>
      ) : a.amountCents > 0 ? (
        <ShippersOnly>
          <DisputeDialog adjustment={a} />
        </ShippersOnly>
      ) : (
        noValue
      ),
  },
];

/** The user's postage adjustments, newest first. */
export function AdjustmentsTable({ list }: { list: PagedList & { adjustments: ApiPostageAdjustment[] } }) {
  return (
    <PagedDataTable
      caption="Postage adjustments"
      columns={columns}
      rows={list.adjustments}
      rowKey={(a) => a.id}
      emptyMessage="No postage adjustments: USPS agreed with every label's weight and size."
      list={list}
      failure={{ message: 'The adjustments could not be loaded.' }}
    />
  );
}
