/**
 * The one cache behind every provider getter in this folder. The getters are split by provider
 * (mail.ts, carrier.ts, ...) so that a Lambda bundles only the implementations it can reach: one
 * module importing them all would put the Stripe SDK, pdf-lib and both AWS clients in every handler
 * that asks for any provider (the auth routes' bundles would nearly double), and it would make
 * every handler look like a mail sender to infra/handler-usage.ts.
 *
 * A provider is made on first use and kept as long as the parsed configuration it was made from: in
 * a Lambda that is the life of the container, so SDK clients and their connections are reused. A
 * test that changes process.env calls resetConfigForTests() (functions/config.ts), and every
 * provider is chosen again from the new values: there is no second reset to forget.
 */
import { config, type Config } from '../../config';
import type { AddressVerifier } from '../address/address-verifier';
import type { BlobStore } from '../blobs/blob-store';
import type { Captcha } from '../captcha/captcha';
import type { Carrier } from '../carrier/carrier';
import type { Mailer } from '../mail/mailer';
import type { CardCheckout, CryptoCheckout } from '../payments/payments';
import type { PackageTracker } from '../tracking/tracking';

/** Every provider the registry makes, by name. */
interface Providers {
  mailer: Mailer;
  labelStore: BlobStore;
  captcha: Captcha;
  carrier: Carrier;
  tracker: PackageTracker;
  addressVerifier: AddressVerifier;
  cardCheckout: CardCheckout;
  cryptoCheckout: CryptoCheckout;
}

let madeFrom: Config | undefined;
let made: Partial<Providers> = {};

/**
 * The provider `name`, made by `make` the first time it is asked for under the current parsed
 * configuration; a new configuration starts with none made. A `make` that throws (a provider
 * configured without its key) keeps nothing, so the next call throws the same message again.
 */
export function provider<K extends keyof Providers>(name: K, make: (c: Config) => Providers[K]): Providers[K] {
  const c = config();
  if (madeFrom !== c) {
    madeFrom = c;
    made = {};
  }
  return (made[name] ??= make(c));
}
