/**
 * The drawing of ./chart.tsx with uPlot: loaded lazily, so uPlot and its CSS stay in this
 * chunk. It imports no Chakra, so the only chunk it shares is React's and adding it left the landing
 * page's chunks as they were. uPlot draws on a canvas at a fixed size, so a ResizeObserver gives it
 * its container's width (phones at 375 px included). Colours keep at least 3:1 against the white
 * card for the marks and 4.5:1 for the axis text (WCAG 1.4.11 and 1.4.3).
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Chakra's blue.600 (5.2:1 on white), zinc.700 for the axis text (10:1), a light grid. */
const MARK = '#2563eb';
const AXIS = '#3f3f46';
const GRID = '#e4e4e7';
const FONT = '12px system-ui, sans-serif';

export interface ChartPoint {
  /** The point's period as the API names it ('2026-03', '2026-03-14'). */
  x: string;
  y: number;
}

interface ChartCanvasProps {
  kind: 'bars' | 'line';
  points: readonly ChartPoint[];
  shortX: (x: string) => string;
  formatY: (y: number) => string;
  integers: boolean;
  height: number;
}

/**
 * Whether this browser can draw on a canvas at all (a locked-down browser, or jsdom in the unit
 * tests, cannot): without it nothing is drawn and the chart's table carries the figures.
 */
let drawable: boolean | undefined;
function canDraw(): boolean {
  if (drawable === undefined) {
    try {
      drawable = document.createElement('canvas').getContext('2d') !== null;
    } catch {
      drawable = false;
    }
  }
  return drawable;
}

/** The value axis from 0 (or below, for a negative figure) to a little above the top figure. */
const yRange = (_u: uPlot, min: number, max: number): uPlot.Range.MinMax => [Math.min(0, min), max > 0 ? max * 1.1 : 1];

export default function ChartCanvas({ kind, points, shortX, formatY, integers, height }: ChartCanvasProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const n = points.length;
    const xs = points.map((_, i) => i);
    const ys = points.map((p) => p.y);
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: () => [-0.5, n - 0.5] },
          y: { range: yRange },
        },
        axes: [
          {
            stroke: AXIS,
            font: FONT,
            grid: { show: false },
            // The x values are indexes; each whole one names its period.
            incrs: [1, 2, 3, 4, 6, 7, 14, 15, 30],
            space: 44,
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && points[i] ? shortX(points[i].x) : '')),
          },
          {
            stroke: AXIS,
            font: FONT,
            grid: { stroke: GRID, width: 1 },
            size: 64,
            ...(integers ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] } : {}),
            values: (_u, splits) => splits.map((v) => formatY(v)),
          },
        ],
        series: [
          {},
          kind === 'bars'
            ? { stroke: MARK, fill: MARK, width: 0, paths: uPlot.paths.bars?.({ size: [0.7, 40] }), points: { show: false } }
            : { stroke: MARK, width: 2, points: { show: n <= 31, size: 5, fill: MARK } },
        ],
      },
      [xs, ys],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [kind, points, shortX, formatY, integers, height]);

  // A plain div, not Chakra's Box: see the module's comment (docs/performance.md).
  return <div ref={box} style={{ width: '100%', height: `${height}px`, overflow: 'hidden' }} />;
}
