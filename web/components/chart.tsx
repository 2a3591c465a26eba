/**
 * The app's one chart: bars or a line over labelled points (months, days), with the same
 * figures as a table behind a "Show as table" toggle. A canvas says nothing to a screen reader, so
 * the drawing is one image named by the title, and the table (the app's DataTable: cards on phones)
 * holds every figure.
 *
 * uPlot and its CSS are loaded lazily (./chart-canvas.tsx through `lazy`), so they are a chunk of
 * their own that only pages drawing a chart fetch; the landing page never does (docs/performance.md).
 */
import { Box, Button, HStack, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense, useId, useState } from 'react';
import type { ChartPoint } from './chart-canvas';
import { formatUsd } from '@domain/money';
import { DataTable, type DataTableColumn } from './data-table';

const ChartCanvas = lazy(() => import('./chart-canvas'));

// The point's shape lives with the drawing code, so the lazy chunk imports nothing back from here.
export type { ChartPoint } from './chart-canvas';

export interface ChartProps {
  /** What the chart shows: its heading, the image's name and the table's caption. */
  title: string;
  kind: 'bars' | 'line';
  points: readonly ChartPoint[];
  /** Column headers of the table: the period ("Month") and the figure ("Saved"). */
  xHeader: string;
  yHeader: string;
  /** A period as a person reads it in the table ("March 2026"). */
  formatX: (x: string) => string;
  /** A period on the axis, short ("Mar"); formatX when not given. */
  shortX?: (x: string) => string;
  /** A figure as a person reads it ("$12.30", "3"). */
  formatY: (y: number) => string;
  /** Only whole numbers on the value axis (counts). */
  integers?: boolean;
  /** The drawing's height in px; its width follows its container. */
  height?: number;
  /** One sentence under the title (what the figures mean). */
  description?: string;
}

/** Cents as dollars for a chart's axis and table: the axis asks for in-between values, so they are rounded to whole cents first. */
export const chartDollars = (cents: number): string => formatUsd(Math.round(cents));

/** A titled chart with its figures as a table on demand. */
export function Chart({ title, kind, points, xHeader, yHeader, formatX, shortX, formatY, integers = false, height = 200, description }: ChartProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const columns: DataTableColumn<ChartPoint>[] = [
    { header: xHeader, cell: (p) => formatX(p.x) },
    { header: yHeader, cell: (p) => formatY(p.y), numeric: true },
  ];
  return (
    <Box as="figure" aria-labelledby={titleId} m="0" minW="0">
      <HStack justify="space-between" align="start" gap="2" wrap="wrap" mb="2">
        <Box>
          <Text as="figcaption" id={titleId} fontWeight="semibold">
            {title}
          </Text>
          {description && (
            <Text fontSize="sm" color="fg.muted">
              {description}
            </Text>
          )}
        </Box>
        <Button size="xs" variant="outline" aria-expanded={asTable} aria-controls={tableId} onClick={() => setAsTable((v) => !v)}>
          {asTable ? 'Hide table' : 'Show as table'}
        </Button>
      </HStack>
      <Box role="img" aria-label={`${title} (chart; the same figures are in its table)`} w="full" minW="0" h={`${height}px`}>
        <Suspense fallback={<Skeleton h={`${height}px`} w="full" />}>
          <ChartCanvas kind={kind} points={points} shortX={shortX ?? formatX} formatY={formatY} integers={integers} height={height} />
        </Suspense>
      </Box>
      <Box id={tableId} hidden={!asTable} mt="3">
        {asTable && <DataTable caption={title} columns={columns} rows={[...points]} rowKey={(p) => p.x} emptyMessage="No figures yet." />}
      </Box>
    </Box>
  );
}
