import { Badge, Code, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, type DataTableColumn, type TablePager } from '@/components/data-table';
import { ReceiptButton } from '@/components/receipt-button';
import { noValue } from '@/lib/transaction-labels';
import type { ApiOrder } from '@domain/api/orders';
import { formatUsd } from '@domain/money';
import { SIGNATURE_NAMES } from '@domain/postage/extras';
import { trackingPagePath } from '@/lib/paths';
import { preloadOnIntent } from '@/lib/route-preload';
import { labelTypeName } from '../lib/label-type-name';
import { DownloadPdfButton } from './download-pdf-button';
import { OrderStatusBadge } from './order-status-badge';
import { canRefund, RefundLabelButton, refundedTo } from './refund-label-button';
import { LastEventCell, ShipmentStatusBadge } from './shipment-progress';
import { canMakeReturn, withReturnsUnderOutbound } from '../lib/return-rows';
import { ReturnLabelButton } from './return-label-button';

/** A shipment with its place in the list (the # column), newest first; a return with its outbound's place when listed. */
type Row = ApiOrder & { position: number; outboundPosition?: number };

const place = (name: string, city: string) => [name, city].filter(Boolean).join(', ') || noValue;

/** A YYYY-MM-DD ship date as US readers write it (MM/DD/YYYY, as printed on the label); no time zone can shift a calendar day. */
export const formatShipDate = (day: string) => {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${m}/${d}/${y}` : day;
};

/** Pounds, as the label form takes them (SPEC's table says kg; docs/spec-readings.md, "§2 l.49"). */
export const formatWeight = (lb: number) => `${lb.toLocaleString('en-US', { maximumFractionDigits: 2 })} lbs`;

/**
 * A refund's timeline under its status: when it was asked and when USPS decides (or decided), where
 * the money went, and a rejection's reason; a refund credited when it was asked says the money is in
 * the wallet already.
 */
function refundLine(o: ApiOrder): string | undefined {
  const refund = o.refund;
  if (!refund) return undefined;
  const asked = `Asked ${formatShipDate(refund.requestedAt.slice(0, 10))}${refund.creditedEarly ? `; ${formatUsd(o.priceCents)} back in your wallet already` : ''}`;
  if (o.status === 'refund_pending') return `${asked}; USPS decides by ${formatShipDate(refund.expectedBy)}`;
  if (!refund.decidedAt) return undefined;
  const decided = `${asked}; decided ${formatShipDate(refund.decidedAt.slice(0, 10))}`;
  if (o.status === 'refunded') return `${decided}: ${refundedTo(o)}`;
  return o.status === 'refund_rejected' && refund.reason ? `${decided}: ${refund.reason}` : decided;
}

function StatusCell({ order }: { order: ApiOrder }) {
  const line = refundLine(order);
  if (!line) return <OrderStatusBadge status={order.status} />;
  return (
    <Stack gap="1" align="start">
      <OrderStatusBadge status={order.status} />
      <Text textStyle="xs" color="fg.muted">
        {line}
      </Text>
    </Stack>
  );
}

const columns: DataTableColumn<Row>[] = [
  { header: '#', cell: (o) => o.position, numeric: true },
  { header: 'From', cell: (o) => place(o.fromName, o.fromCity) },
  { header: 'To', cell: (o) => place(o.toName, o.toCity) },
  { header: 'Type', cell: (o) => <TypeCell order={o} /> },
  { header: 'Weight', cell: (o) => formatWeight(o.weight), numeric: true },
  { header: 'Ship date', cell: (o) => formatShipDate(o.shipDate) },
  { header: 'Status', cell: (o) => <StatusCell order={o} /> },
  // Where the package is: carrier status in words, and its last scan.
  { header: 'Package', cell: (o) => (o.tracking ? <ShipmentStatusBadge status={o.trackingStatus} /> : noValue) },
  { header: 'Last event', cell: (o) => (o.tracking ? <LastEventCell event={o.lastEvent} /> : noValue) },
  // Opens the tracking page with the number filled in.
  {
    header: 'Tracking',
    cell: (o) =>
      o.tracking ? (
        <Link asChild variant="underline" aria-label={`Track ${o.tracking}`}>
          <RouterLink to={trackingPagePath(o.tracking)} {...preloadOnIntent(trackingPagePath(o.tracking))}>
            <Code size="sm">{o.tracking}</Code>
          </RouterLink>
        </Link>
      ) : (
        noValue
      ),
  },
  // A refunded label (or one being refunded, or credited when its refund was asked) is void: the server refuses its PDF.
  {
    header: 'PDF',
    cell: (o) =>
      o.tracking && o.status !== 'refunded' && o.status !== 'refund_pending' && !o.refund?.creditedEarly ? (
        <DownloadPdfButton shipOrderId={o.shipOrderId} tracking={o.tracking} />
      ) : (
        noValue
      ),
  },
  { header: 'Refund', cell: (o) => (canRefund(o) ? <RefundLabelButton order={o} /> : noValue) },
  // A return label says which shipment it returns; a shipment that may have one offers it.
  { header: 'Return', cell: (o) => (o.returnOf ? <ReturnOfCell row={o} /> : canMakeReturn(o) ? <ReturnLabelButton order={o} /> : noValue) },
  // The label purchase's receipt, by the shipment's id (GET /receipts/<shipOrderId>.pdf); kept after a refund.
  { header: 'Receipt', cell: (o) => (o.tracking ? <ReceiptButton id={o.shipOrderId} what={`label ${o.tracking}`} /> : noValue) },
];

interface ShipmentsTableProps {
  orders: ApiOrder[];
  isLoading: boolean;
  error?: string;
  onRetry: () => void;
  pager: TablePager;
  /** What an empty list says instead of the first-label prompt (a filtered list that matched nothing). */
  emptyMessage?: string;
}

/** SPEC section 2's shipments table, newest first, with "Load more". */
export function ShipmentsTable({ orders, isLoading, error, onRetry, pager, emptyMessage }: ShipmentsTableProps) {
  return (
    <DataTable
      caption="Shipments"
      columns={columns}
      rows={rowsOf(orders)}
      rowKey={(o) => o.shipOrderId}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      emptyMessage={emptyMessage ?? 'No shipments yet. Create your first label.'}
      pager={pager}
    />
  );
}

/** The rows in list order, each return under its outbound (when listed) and naming its place. */
function rowsOf(orders: ApiOrder[]): Row[] {
  const rows: Row[] = withReturnsUnderOutbound(orders).map((order, i) => ({ ...order, position: i + 1 }));
  const places = new Map(rows.map((r) => [r.shipOrderId, r.position]));
  return rows.map((r) => (r.returnOf && places.has(r.returnOf) ? { ...r, outboundPosition: places.get(r.returnOf) } : r));
}

/** A return label's tag: "Return" and the shipment it returns (its # when listed). */
function ReturnOfCell({ row }: { row: Row }) {
  return (
    <Stack gap="1" align="start">
      <Badge colorPalette="purple">Return</Badge>
      <Text textStyle="xs" color="fg.muted">
        {row.outboundPosition ? `of shipment #${row.outboundPosition}` : 'of an earlier shipment'}
      </Text>
    </Stack>
  );
}

/** The label type, with the label's extras under it (signature, insured value, its text lines) when it has any. */
function TypeCell({ order }: { order: ApiOrder }) {
  const extras = order.extras;
  if (!extras) return labelTypeName(order);
  const notes = [
    ...(extras.signature !== 'none' ? [SIGNATURE_NAMES[extras.signature]] : []),
    ...(extras.insuredValueCents ? [`Insured ${formatUsd(extras.insuredValueCents)}`] : []),
    ...extras.labelText.map((line) => `"${line}"`),
  ];
  return (
    <>
      {labelTypeName(order)}
      <Text fontSize="xs" color="fg.muted">
        {notes.join(' · ')}
      </Text>
    </>
  );
}
