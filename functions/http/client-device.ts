/**
 * A short, human description of the device behind a request ("Chrome on Windows"), for the sessions
 * list, read from the User-Agent header with bowser. Only a summary is kept: the full header is
 * long, changes with every browser update and says nothing more a person recognises.
 */
import Bowser from 'bowser';

const UNKNOWN = 'Unknown device';

export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 512));
  const parts = [browser.name, os.name && `on ${os.name}`].filter(Boolean);
  return parts.length ? parts.join(' ') : UNKNOWN;
}
