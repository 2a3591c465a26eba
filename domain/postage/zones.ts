/**
 * USPS zones between two ZIPs, as the sandbox carrier prices them: the great-circle distance between
 * the centers of their three-digit prefixes (zip3-centroids.json, infra/build/zip3-centroids.ts), in
 * USPS's zone bands. USPS's own zone charts are per origin prefix and differ from the bands by a
 * zone here and there; the real carrier (EasyPost) answers USPS's own rates, never these.
 */
import centroids from './zip3-centroids.json';

export type Zone = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** USPS's distance bands: the most miles each zone covers (zone 1 is local, up to 50 miles). */
const BANDS: readonly [number, Zone][] = [
  [50, 1],
  [150, 2],
  [300, 3],
  [600, 4],
  [1000, 5],
  [1400, 6],
  [1800, 7],
];

/** Prefixes USPS prices in zone 9 from anywhere else: Guam and the Northern Mariana Islands (969), American Samoa (96799). */
const isZoneNine = (zip: string) => zip.startsWith('969') || zip.startsWith('96799');

const EARTH_MILES = 3958.8;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle miles between two points. */
export function miles([lat1, lon1]: readonly [number, number], [lat2, lon2]: readonly [number, number]): number {
  const a = Math.sin(radians(lat2 - lat1) / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(radians(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

const table = centroids as unknown as Record<string, [number, number]>;

/** The zone from one ZIP (5 digits or ZIP+4) to another, or undefined when a prefix is not on the table. */
export function zoneBetween(fromZip: string, toZip: string): Zone | undefined {
  const from = fromZip.slice(0, 3);
  const to = toZip.slice(0, 3);
  const a = table[from];
  const b = table[to];
  if (!a || !b) return undefined;
  if (from !== to && (isZoneNine(fromZip) || isZoneNine(toZip))) return 9;
  if (from === to) return 1;
  const distance = miles(a, b);
  return BANDS.find(([most]) => distance <= most)?.[1] ?? 8;
}
