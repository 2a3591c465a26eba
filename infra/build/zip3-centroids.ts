/**
 * Writes domain/postage/zip3-centroids.json, where each three-digit ZIP prefix sits (the mean of its
 * ZIPs' coordinates in the `zipcodes` package), from which the sandbox carrier's zones are measured
 * (domain/postage/zones.ts):
 *
 *   npx tsx infra/build/zip3-centroids.ts
 *
 * USPS measures its zones between the sectional centers that serve three-digit prefixes; the mean
 * of a prefix's ZIPs stands for its center. The file is committed, like domain/zip-table.json, and a
 * unit test checks that it still matches the package (test/unit/domain/zones.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ZIP3_FILE = resolve(import.meta.dirname, '../../domain/postage/zip3-centroids.json');

interface ZipcodesEntry {
  zip: string;
  country: string;
  latitude?: number;
  longitude?: number;
}

/** `{ "<zip3>": [latitude, longitude], ... }` in degrees to two decimals (about a kilometre), sorted by prefix. */
export function zip3CentroidsJson(): string {
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as { codes: Record<string, ZipcodesEntry> };
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const e of Object.values(codes)) {
    if (e.country !== 'US' || !/^\d{5}$/.test(e.zip) || typeof e.latitude !== 'number' || typeof e.longitude !== 'number') continue;
    const key = e.zip.slice(0, 3);
    const sum = sums.get(key) ?? { lat: 0, lon: 0, n: 0 };
    sums.set(key, { lat: sum.lat + e.latitude, lon: sum.lon + e.longitude, n: sum.n + 1 });
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  const lines = [...sums].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, s]) => `  ${JSON.stringify(key)}: [${round(s.lat / s.n)}, ${round(s.lon / s.n)}]`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ZIP3_FILE, zip3CentroidsJson());
  console.log(`wrote ${ZIP3_FILE}`);
}
