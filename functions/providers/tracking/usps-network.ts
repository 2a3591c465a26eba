/**
 * USPS facts the sandbox tracker draws its timelines from, and the public tracking page link both
 * trackers answer.
 *
 * Hubs: the 21 USPS Network Distribution Centers (the former Bulk Mail Centers), each named by the
 * city it stands in, and which 3-digit ZIP prefixes each one serves. The split follows the states'
 * ZIP ranges (e.g. 900-935 southern California, 936-961 northern California); it is a plausible
 * routing for SAMPLE tracking, not USPS's actual sort plan.
 *
 * Time zones: one per state (the zone most of its people live in), with the US daylight saving rule
 * (second Sunday of March 02:00 to first Sunday of November 02:00 local; not in AZ, HI, PR and the
 * island territories). Checkpoint times are written in the local time of the place, with its
 * offset, as AfterShip writes USPS checkpoint times ("2026-09-08T14:32:00-07:00").
 */

/** The courier slug of USPS at AfterShip, which is also our `slug`. */
export const USPS_SLUG = 'usps';

/** USPS's public tracking page for a number. */
export function uspsTrackingLink(trackingNumber: string): string {
  return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(trackingNumber)}`;
}

export interface Place {
  city: string;
  state: string;
}

/** USPS Network Distribution Centers, by the city they stand in. */
const NDC = {
  springfieldMA: { city: 'SPRINGFIELD', state: 'MA' },
  jerseyCityNJ: { city: 'JERSEY CITY', state: 'NJ' },
  philadelphiaPA: { city: 'PHILADELPHIA', state: 'PA' },
  warrendalePA: { city: 'WARRENDALE', state: 'PA' },
  capitolHeightsMD: { city: 'CAPITOL HEIGHTS', state: 'MD' },
  greensboroNC: { city: 'GREENSBORO', state: 'NC' },
  palmettoGA: { city: 'PALMETTO', state: 'GA' },
  jacksonvilleFL: { city: 'JACKSONVILLE', state: 'FL' },
  memphisTN: { city: 'MEMPHIS', state: 'TN' },
  cincinnatiOH: { city: 'CINCINNATI', state: 'OH' },
  allenParkMI: { city: 'ALLEN PARK', state: 'MI' },
  urbandaleIA: { city: 'URBANDALE', state: 'IA' },
  eaganMN: { city: 'EAGAN', state: 'MN' },
  forestParkIL: { city: 'FOREST PARK', state: 'IL' },
  hazelwoodMO: { city: 'HAZELWOOD', state: 'MO' },
  kansasCityKS: { city: 'KANSAS CITY', state: 'KS' },
  coppellTX: { city: 'COPPELL', state: 'TX' },
  denverCO: { city: 'DENVER', state: 'CO' },
  bellCA: { city: 'BELL', state: 'CA' },
  richmondCA: { city: 'RICHMOND', state: 'CA' },
  federalWayWA: { city: 'FEDERAL WAY', state: 'WA' },
} as const satisfies Record<string, Place>;

/** [highest 3-digit ZIP prefix served, hub], ascending: the first row whose bound is >= the prefix. */
const HUB_BY_ZIP3: ReadonlyArray<readonly [number, Place]> = [
  [5, NDC.jerseyCityNJ], // 005 Holtsville NY (IRS)
  [9, NDC.jerseyCityNJ], // 006-009 Puerto Rico, Virgin Islands
  [69, NDC.springfieldMA], // 010-069 MA, RI, NH, ME, VT, CT
  [149, NDC.jerseyCityNJ], // 070-089 NJ, 100-149 NY
  [168, NDC.warrendalePA], // 150-168 western PA
  [199, NDC.philadelphiaPA], // 169-196 eastern PA, 197-199 DE
  [268, NDC.capitolHeightsMD], // 200-219 DC, MD, 220-246 VA, 247-268 WV
  [299, NDC.greensboroNC], // 270-289 NC, 290-299 SC
  [319, NDC.palmettoGA], // 300-319 GA
  [349, NDC.jacksonvilleFL], // 320-349 FL
  [369, NDC.palmettoGA], // 350-369 AL
  [397, NDC.memphisTN], // 370-385 TN, 386-397 MS
  [459, NDC.cincinnatiOH], // 400-427 KY, 430-459 OH
  [479, NDC.cincinnatiOH], // 460-479 IN
  [499, NDC.allenParkMI], // 480-499 MI
  [528, NDC.urbandaleIA], // 500-528 IA
  [549, NDC.forestParkIL], // 530-549 WI
  [599, NDC.eaganMN], // 550-567 MN, 570-577 SD, 580-588 ND, 590-599 MT
  [629, NDC.forestParkIL], // 600-629 IL
  [658, NDC.hazelwoodMO], // 630-658 MO
  [693, NDC.kansasCityKS], // 660-679 KS, 680-693 NE
  [799, NDC.coppellTX], // 700-714 LA, 716-729 AR, 730-749 OK, 750-799 TX
  [849, NDC.denverCO], // 800-816 CO, 820-831 WY, 832-838 ID, 840-847 UT
  [865, NDC.bellCA], // 850-865 AZ
  [884, NDC.denverCO], // 870-884 NM
  [898, NDC.bellCA], // 889-898 NV
  [935, NDC.bellCA], // 900-935 southern CA
  [961, NDC.richmondCA], // 936-961 northern CA
  [969, NDC.bellCA], // 967-969 HI, Pacific islands
  [999, NDC.federalWayWA], // 970-979 OR, 980-994 WA, 995-999 AK
];

/** The distribution centre that serves a ZIP (5 digits or ZIP+4); Chicago's for anything unreadable. */
export function hubForZip(zip: string): Place {
  const match = /^\s*(\d{3})/.exec(zip);
  if (!match) return NDC.forestParkIL;
  const zip3 = Number(match[1]);
  for (const [bound, hub] of HUB_BY_ZIP3) if (zip3 <= bound) return hub;
  return NDC.forestParkIL;
}

// ---------------------------------------------------------------------------------------------
// Local time
// ---------------------------------------------------------------------------------------------

/** Standard-time UTC offset in minutes and whether the place keeps daylight saving time. */
interface Zone {
  offset: number;
  dst: boolean;
}

const EASTERN: Zone = { offset: -300, dst: true };
const CENTRAL: Zone = { offset: -360, dst: true };
const MOUNTAIN: Zone = { offset: -420, dst: true };
const PACIFIC: Zone = { offset: -480, dst: true };

const ZONES: Record<string, Zone> = {
  CT: EASTERN,
  DE: EASTERN,
  DC: EASTERN,
  FL: EASTERN,
  GA: EASTERN,
  IN: EASTERN,
  KY: EASTERN,
  ME: EASTERN,
  MD: EASTERN,
  MA: EASTERN,
  MI: EASTERN,
  NH: EASTERN,
  NJ: EASTERN,
  NY: EASTERN,
  NC: EASTERN,
  OH: EASTERN,
  PA: EASTERN,
  RI: EASTERN,
  SC: EASTERN,
  VT: EASTERN,
  VA: EASTERN,
  WV: EASTERN,
  AL: CENTRAL,
  AR: CENTRAL,
  IL: CENTRAL,
  IA: CENTRAL,
  KS: CENTRAL,
  LA: CENTRAL,
  MN: CENTRAL,
  MS: CENTRAL,
  MO: CENTRAL,
  NE: CENTRAL,
  ND: CENTRAL,
  OK: CENTRAL,
  SD: CENTRAL,
  TN: CENTRAL,
  TX: CENTRAL,
  WI: CENTRAL,
  CO: MOUNTAIN,
  ID: MOUNTAIN,
  MT: MOUNTAIN,
  NM: MOUNTAIN,
  UT: MOUNTAIN,
  WY: MOUNTAIN,
  AZ: { offset: -420, dst: false },
  CA: PACIFIC,
  NV: PACIFIC,
  OR: PACIFIC,
  WA: PACIFIC,
  AK: { offset: -540, dst: true },
  HI: { offset: -600, dst: false },
  PR: { offset: -240, dst: false },
  VI: { offset: -240, dst: false },
  GU: { offset: 600, dst: false },
  MP: { offset: 600, dst: false },
  AS: { offset: -660, dst: false },
};

const zoneOf = (state: string): Zone => ZONES[state.trim().toUpperCase()] ?? EASTERN;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Day of the month of the n-th Sunday (n >= 1) of a month (0-based), in UTC calendar terms. */
function nthSunday(year: number, month: number, n: number): number {
  const firstDow = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstDow) % 7) + 7 * (n - 1);
}

/** The UTC offset, in minutes, of `state`'s local time at instant `ms`. */
export function utcOffsetMinutes(state: string, ms: number): number {
  const zone = zoneOf(state);
  if (!zone.dst) return zone.offset;
  const year = new Date(ms + zone.offset * MINUTE_MS).getUTCFullYear();
  // 02:00 local standard time on the second Sunday of March; 02:00 daylight (01:00 standard) on the first Sunday of November.
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 2) - zone.offset * MINUTE_MS;
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 1) - zone.offset * MINUTE_MS;
  return ms >= start && ms < end ? zone.offset + 60 : zone.offset;
}

/** A local calendar day as days since 1970-01-01 (so days can be added). */
export type LocalDay = number;

/** The local calendar day and minute of the day of instant `ms` in `state`. */
export function localDayAndMinute(state: string, ms: number): { day: LocalDay; minute: number } {
  const local = ms + utcOffsetMinutes(state, ms) * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, minute: Math.floor((local - day * DAY_MS) / MINUTE_MS) };
}

/** The instant of local `day` at `minute` past midnight in `state` (minute may exceed a day). */
export function instantAt(state: string, day: LocalDay, minute: number): number {
  const wall = day * DAY_MS + Math.round(minute) * MINUTE_MS;
  // The offset at the wall time read as UTC is right except within an hour of a DST change; one
  // more pass settles it.
  let ms = wall - utcOffsetMinutes(state, wall) * MINUTE_MS;
  ms = wall - utcOffsetMinutes(state, ms) * MINUTE_MS;
  return ms;
}

/** YYYY-MM-DD of a local day. */
export const formatDay = (day: LocalDay): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The instant as local time with its offset, to the minute: "2026-09-08T14:32:00-07:00". */
export function formatLocal(state: string, ms: number): string {
  const offset = utcOffsetMinutes(state, ms);
  const wall = new Date(ms + offset * MINUTE_MS).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
