/** Tracker selection by configuration (providers/registry/tracking.ts), and the USPS facts the sandbox draws on. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { AfterShipTracker } from '../../../../functions/providers/tracking/aftership-tracker';
import { SandboxTracker } from '../../../../functions/providers/tracking/sandbox-tracker';
import {
  formatLocal,
  hubForZip,
  instantAt,
  localDayAndMinute,
  utcOffsetMinutes,
  uspsTrackingLink,
} from '../../../../functions/providers/tracking/usps-network';
import { getPackageTracker, trackingSettings } from '../../../../functions/providers/registry/tracking';

/** Changes the configuration and forgets everything made from the old one. */
function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('getPackageTracker', () => {
  it('is the sandbox when TRACKING_PROVIDER is unset, made once per process', () => {
    useEnv({ TRACKING_PROVIDER: '', AFTERSHIP_API_KEY: 'asat_123' });
    expect(getPackageTracker()).toBeInstanceOf(SandboxTracker);
    expect(getPackageTracker()).toBe(getPackageTracker());
  });

  it('is the sandbox when TRACKING_PROVIDER is sandbox', () => {
    useEnv({ TRACKING_PROVIDER: 'sandbox' });
    expect(getPackageTracker()).toBeInstanceOf(SandboxTracker);
  });

  it('is AfterShip when TRACKING_PROVIDER is aftership and the key is set', () => {
    useEnv({ TRACKING_PROVIDER: 'aftership', AFTERSHIP_API_KEY: 'asat_123' });
    expect(getPackageTracker()).toBeInstanceOf(AfterShipTracker);
  });

  it('fails clearly for aftership without a key, and for an unknown provider', () => {
    useEnv({ TRACKING_PROVIDER: 'aftership', AFTERSHIP_API_KEY: '' });
    expect(() => getPackageTracker()).toThrow('TRACKING_PROVIDER=aftership needs AFTERSHIP_API_KEY');
    useEnv({ TRACKING_PROVIDER: 'fedex' });
    expect(() => getPackageTracker()).toThrow(/Invalid configuration: TRACKING_PROVIDER/);
  });

  it('is chosen again after resetConfigForTests', () => {
    useEnv({});
    const first = getPackageTracker();
    resetConfigForTests();
    expect(getPackageTracker()).not.toBe(first);
  });
});

describe('trackingSettings', () => {
  it('defaults to the sandbox and AfterShip’s public API origin', () => {
    useEnv({ TRACKING_PROVIDER: '', AFTERSHIP_API_KEY: '', AFTERSHIP_API_URL: '' });
    expect(trackingSettings()).toEqual({ TRACKING_PROVIDER: 'sandbox', AFTERSHIP_API_KEY: undefined, AFTERSHIP_API_URL: 'https://api.aftership.com' });
  });

  it('reads the AfterShip settings and refuses a URL that is not one', () => {
    useEnv({ TRACKING_PROVIDER: 'aftership', AFTERSHIP_API_KEY: 'asat_123', AFTERSHIP_API_URL: 'http://localhost:4010' });
    expect(trackingSettings()).toEqual({ TRACKING_PROVIDER: 'aftership', AFTERSHIP_API_KEY: 'asat_123', AFTERSHIP_API_URL: 'http://localhost:4010' });
    useEnv({ AFTERSHIP_API_URL: 'not a url' });
    expect(() => trackingSettings()).toThrow(/Invalid configuration: AFTERSHIP_API_URL/);
  });
});

describe('USPS network', () => {
  it('links to USPS’s tracking page', () => {
    expect(uspsTrackingLink('9405511202575421535949')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9405511202575421535949');
  });

  it('routes ZIPs to the distribution centre of their region', () => {
    expect(hubForZip('94104')).toEqual({ city: 'RICHMOND', state: 'CA' });
    expect(hubForZip('90210')).toEqual({ city: 'BELL', state: 'CA' });
    expect(hubForZip('11201')).toEqual({ city: 'JERSEY CITY', state: 'NJ' });
    expect(hubForZip('02108')).toEqual({ city: 'SPRINGFIELD', state: 'MA' });
    expect(hubForZip('60601-1234')).toEqual({ city: 'FOREST PARK', state: 'IL' });
    expect(hubForZip('75201')).toEqual({ city: 'COPPELL', state: 'TX' });
    expect(hubForZip('98101')).toEqual({ city: 'FEDERAL WAY', state: 'WA' });
    expect(hubForZip('99501')).toEqual({ city: 'FEDERAL WAY', state: 'WA' });
    expect(hubForZip('not a zip')).toEqual({ city: 'FOREST PARK', state: 'IL' });
  });

  it('keeps US daylight saving time, except where it is not kept', () => {
    // 2026: DST from Sunday 8 March 02:00 to Sunday 1 November 02:00 local.
    expect(utcOffsetMinutes('CA', Date.parse('2026-03-08T09:59:00Z'))).toBe(-480);
    expect(utcOffsetMinutes('CA', Date.parse('2026-03-08T10:00:00Z'))).toBe(-420);
    expect(utcOffsetMinutes('NY', Date.parse('2026-11-01T05:59:00Z'))).toBe(-240);
    expect(utcOffsetMinutes('NY', Date.parse('2026-11-01T06:00:00Z'))).toBe(-300);
    expect(utcOffsetMinutes('AZ', Date.parse('2026-07-01T12:00:00Z'))).toBe(-420);
    expect(utcOffsetMinutes('HI', Date.parse('2026-07-01T12:00:00Z'))).toBe(-600);
    expect(formatLocal('CA', Date.parse('2026-09-07T17:12:00Z'))).toBe('2026-09-07T10:12:00-07:00');
    expect(formatLocal('GU', Date.parse('2026-09-07T17:12:00Z'))).toBe('2026-09-08T03:12:00+10:00');
  });

  it('converts between local wall time and instants', () => {
    const ms = Date.parse('2026-09-07T17:12:00Z');
    const { day, minute } = localDayAndMinute('CA', ms);
    expect(minute).toBe(10 * 60 + 12);
    expect(instantAt('CA', day, minute)).toBe(ms);
    expect(instantAt('NY', day, 8 * 60)).toBe(Date.parse('2026-09-07T12:00:00Z'));
  });
});
