import { Box, type BoxProps } from '@chakra-ui/react';
import { useId } from 'react';

/** Bar widths (in units) of the sample barcode: fixed, so the drawing is the same on every render. */
const BARS = [2, 1, 1, 3, 1, 2, 2, 1, 3, 1, 1, 2, 1, 1, 3, 2, 1, 2, 1, 3, 1, 1, 2, 2, 1, 3, 1, 2, 1, 1, 2, 3, 1, 1, 2, 1, 3, 2, 1, 1, 2, 1];

/** x and width of each dark bar, the gaps between them as wide as the bar before. */
function barRects(left: number, unit: number): { x: number; w: number }[] {
  let x = left;
  return BARS.map((units) => {
    const bar = { x, w: units * unit };
    x += bar.w * 2;
    return bar;
  });
}

const INK = '#18181b';
const MUTED = '#52525b';

/**
 * A drawing of what the product makes: a 4x6 in shipping label (viewBox 400 x 600, the same
 * proportions) with the service banner, the sender and recipient blocks, the tracking barcode, and
 * SAMPLE across it, so nobody takes the picture for postage. Drawn inline: no image request, a few
 * hundred bytes gzipped. One image to assistive technology, named by its title. Sizes and weights
 * are inline styles: the theme's CSS outranks SVG presentation attributes.
 */
export function LabelIllustration(props: BoxProps) {
  const titleId = useId();
  const bars = barRects(42, 2.3);
  return (
    <Box {...props}>
      <svg viewBox="0 0 400 600" width="100%" height="100%" role="img" aria-labelledby={titleId} style={{ display: 'block' }}>
        <title id={titleId}>Sample 4 by 6 inch USPS Priority Mail label made with PrepaidShip</title>
        <rect x="4" y="4" width="392" height="592" rx="10" fill="#ffffff" stroke={INK} strokeWidth="4" />
        {/* Service banner: the big service letter and the service name, as on a USPS label. */}
        <rect x="4" y="4" width="112" height="112" rx="10" fill={INK} />
        <text x="60" y="92" textAnchor="middle" fontFamily="system-ui, sans-serif" style={{ fontSize: 88, fontWeight: 800 }} fill="#ffffff">
          P
        </text>
        <text x="258" y="58" textAnchor="middle" fontFamily="system-ui, sans-serif" style={{ fontSize: 22, fontWeight: 800 }} fill={INK}>
          USPS PRIORITY MAIL
        </text>
        <text x="258" y="90" textAnchor="middle" fontFamily="system-ui, sans-serif" style={{ fontSize: 16 }} fill={MUTED}>
          2 LB · 10 × 6 × 4 IN
        </text>
        <line x1="4" y1="116" x2="396" y2="116" stroke={INK} strokeWidth="4" />
        {/* From */}
        <text x="24" y="150" fontFamily="system-ui, sans-serif" style={{ fontSize: 14, fontWeight: 700 }} fill={MUTED}>
          FROM
        </text>
        <g fontFamily="system-ui, sans-serif" style={{ fontSize: 16 }} fill={INK}>
          <text x="24" y="174">
            JANE SENDER
          </text>
          <text x="24" y="196">
            100 MAIN ST
          </text>
          <text x="24" y="218">
            SPRINGFIELD IL 62701
          </text>
        </g>
        {/* To */}
        <text x="24" y="270" fontFamily="system-ui, sans-serif" style={{ fontSize: 14, fontWeight: 700 }} fill={MUTED}>
          SHIP TO
        </text>
        <g fontFamily="system-ui, sans-serif" style={{ fontSize: 22, fontWeight: 700 }} fill={INK}>
          <text x="60" y="300">
            ALEX RECIPIENT
          </text>
          <text x="60" y="328">
            200 OAK AVE APT 4
          </text>
          <text x="60" y="356">
            AUSTIN TX 78701
          </text>
        </g>
        <line x1="4" y1="390" x2="396" y2="390" stroke={INK} strokeWidth="4" />
        {/* Tracking barcode */}
        <text x="200" y="418" textAnchor="middle" fontFamily="system-ui, sans-serif" style={{ fontSize: 14, fontWeight: 700 }} fill={INK}>
          USPS TRACKING #
        </text>
        <g fill={INK}>
          {bars.map((b) => (
            <rect key={b.x} x={b.x} y="432" width={b.w} height="100" />
          ))}
        </g>
        <text x="200" y="556" textAnchor="middle" fontFamily="ui-monospace, monospace" style={{ fontSize: 16 }} fill={INK}>
          9405 5000 0000 0000 0000 00
        </text>
        <text
          x="200"
          y="330"
          textAnchor="middle"
          fontFamily="system-ui, sans-serif"
          style={{ fontSize: 96, fontWeight: 800 }}
          fill="#2563eb"
          opacity="0.18"
          transform="rotate(-30 200 330)"
        >
          SAMPLE
        </text>
      </svg>
    </Box>
  );
}
