/**
 * The configured (sandbox) carrier, watched, for suites that need to make one of its calls fail or
 * wait: every method is a vi.fn that hands the call to the real carrier unless a test replaces what
 * one call does (`carrierWatch.buyLabel.mockRejectedValueOnce(...)`). A suite mocks the registry with
 *
 *   vi.mock('<path>/functions/providers/registry/carrier', async (importOriginal) =>
 *     (await import('<path>/test/integration/watch-carrier')).watchedCarrierRegistry(await importOriginal()));
 *
 * and calls watchCarrierAnew() before each test. Each test file has its own module graph, so the
 * watch is the file's own.
 */
import { vi, type Mock } from 'vitest';
import type { Carrier } from '../../functions/providers/carrier/carrier';
import type * as Registry from '../../functions/providers/registry/carrier';

type Method = Exclude<keyof Carrier, 'callTimeoutMs' | 'chargesPostage'>;
/** One watched call: the carrier's own arguments, with the real carrier between the first and the rest (buyLabel's beforeCall). */
type Watched<K extends Method> = Mock<
  (arg: Parameters<Carrier[K]>[0], real: Carrier, ...rest: Parameters<Carrier[K]> extends [unknown, ...infer R] ? R : never) => ReturnType<Carrier[K]>
>;
export type CarrierWatch = { [K in Method]: Watched<K> };

const METHODS = [
  'quote',
  'buyLabel',
  'findPurchase',
  'refundLabel',
  'refundStatus',
  'makeScanForm',
  'bookPickup',
  'cancelPickup',
  'labelFile',
] as const satisfies readonly Method[];

export const carrierWatch = {} as CarrierWatch;

/** Every method back to "the real carrier answers", with no calls recorded. */
export function watchCarrierAnew(): void {
  carrierWatch.quote = vi.fn((req, real) => real.quote(req));
  carrierWatch.buyLabel = vi.fn((req, real, beforeCall) => real.buyLabel(req, beforeCall));
  carrierWatch.findPurchase = vi.fn((req, real) => real.findPurchase(req));
  carrierWatch.refundLabel = vi.fn((label, real) => real.refundLabel(label));
  carrierWatch.refundStatus = vi.fn((label, real) => real.refundStatus(label));
  carrierWatch.makeScanForm = vi.fn((req, real) => real.makeScanForm(req));
  carrierWatch.bookPickup = vi.fn((req, real) => real.bookPickup(req));
  carrierWatch.cancelPickup = vi.fn((ref, real) => real.cancelPickup(ref));
  carrierWatch.labelFile = vi.fn((req, real) => real.labelFile(req));
}
watchCarrierAnew();

/** The registry module with getCarrier answering the watched carrier. */
export function watchedCarrierRegistry(real: typeof Registry): typeof Registry {
  const watched = (): Carrier => ({
    ...(Object.fromEntries(
      METHODS.map((m) => [m, (arg: never, ...rest: never[]) => (carrierWatch[m] as Mock)(arg, real.getCarrier(), ...rest)]),
    ) as unknown as Omit<Carrier, 'callTimeoutMs' | 'chargesPostage'>),
    get callTimeoutMs() {
      return real.getCarrier().callTimeoutMs;
    },
    get chargesPostage() {
      return real.getCarrier().chargesPostage;
    },
  });
  return { ...real, getCarrier: watched };
}
