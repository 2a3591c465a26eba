// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatCarrierTime } from '@/features/tracking/lib/carrier-time';
import { trackingPagePath } from '@/lib/paths';
import { json, stubApi, type StubAnswer } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { colorPaletteOf, headerTexts, rowTexts } from './table-rows';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const number = '9400100000000000000017';

function checkpoint(checkpoint_time: string, tag: string, message: string, city: string | null = 'DENVER', state: string | null = 'CO') {
  return { checkpoint_time, tag, city, state, country_iso3: 'USA', message };
}

/** A package in transit, checkpoints oldest first as the API lists them. */
function tracking(overrides: Record<string, unknown> = {}) {
  return {
    tracking_number: number,
    slug: 'usps',
    tag: 'in_transit',
    expected_delivery: '2026-09-10',
    aftership_estimated_delivery_date: null,
    courier_tracking_link: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
    service: 'USPS Priority Mail',
    checkpoints: [
      checkpoint('2026-09-07T10:05:00-06:00', 'pre_transit', 'Shipping Label Created, USPS Awaiting Item'),
      checkpoint('2026-09-07T17:12:00-06:00', 'in_transit', 'Accepted at USPS Origin Facility'),
      checkpoint('2026-09-08T02:40:00-06:00', 'in_transit', 'In Transit to Next Facility', null, null),
    ],
    ...overrides,
  };
}

async function renderPage(path: string, answer: StubAnswer = json({ tracking: tracking() })) {
  const api = stubApi({ 'GET /auth/profile': json(apiUser()), 'POST /shipping/track': answer });
  const user = userEvent.setup();
  renderAt(path);
  await screen.findByRole('heading', { level: 1, name: 'Track Package' });
  return { api, user, input: screen.getByRole('textbox', { name: 'Tracking number' }) };
}

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('dl') as HTMLElement;

describe('Track Package page', () => {
  it("asks for a number: 'Please enter a USPS tracking number'", async () => {
    const { api, user } = await renderPage('/user-dashboard/tracking');
    await user.click(screen.getByRole('button', { name: 'Track Package' }));

    expect(await screen.findByText('Please enter a USPS tracking number')).toBeInTheDocument();
    expect(api.calls('POST /shipping/track')).toHaveLength(0);
  });

  it('shows the status, service, estimated delivery and courier cards, and the checkpoints newest first', async () => {
    const { api, user, input } = await renderPage('/user-dashboard/tracking');
    await user.type(input, '9400 1000 0000 0000 0000 17');
    await user.click(screen.getByRole('button', { name: 'Track Package' }));

    const result = await screen.findByRole('region', { name: 'Tracking result' });
    // Spaces pasted from a receipt are dropped before asking.
    expect(api.calls('POST /shipping/track')[0]?.body).toEqual({ trackingNumber: number });
    // The number written to the address for a reload is not tracked a second time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('POST /shipping/track')).toHaveLength(1);

    expect(within(card('Status')).getByText('In Transit')).toBeInTheDocument();
    expect(within(card('Status')).getByText(number)).toBeInTheDocument();
    expect(within(card('Service')).getByText('USPS Priority Mail')).toBeInTheDocument();
    expect(within(card('Estimated delivery')).getByText(formatCarrierTime('2026-09-10'))).toBeInTheDocument();
    expect(formatCarrierTime('2026-09-10')).toMatch(/Sep.*10.*2026/);

    const courier = within(card('Courier')).getByRole('link', { name: /Track on USPS\.com/ });
    expect(courier).toHaveAttribute('href', tracking().courier_tracking_link);
    expect(courier).toHaveAttribute('target', '_blank');
    expect(courier).toHaveAttribute('rel', expect.stringContaining('noopener'));

    expect(within(result).getByRole('table', { name: 'Checkpoints' })).toBeInTheDocument();
    expect(headerTexts('Checkpoints')).toEqual(['Time', 'Status', 'Location', 'Details']);
    expect(rowTexts('Checkpoints')).toEqual([
      [formatCarrierTime('2026-09-08T02:40:00-06:00'), 'In Transit', '—', 'In Transit to Next Facility'],
      [formatCarrierTime('2026-09-07T17:12:00-06:00'), 'In Transit', 'DENVER, CO', 'Accepted at USPS Origin Facility'],
      [formatCarrierTime('2026-09-07T10:05:00-06:00'), 'Pre-Transit', 'DENVER, CO', 'Shipping Label Created, USPS Awaiting Item'],
    ]);
  });

  it("shows a checkpoint's time as the carrier wrote it, at the scan's place", () => {
    // 5:12 PM in Denver reads 5:12 PM in any reader's time zone.
    expect(formatCarrierTime('2026-09-07T17:12:00-06:00')).toMatch(/5:12\s?PM/);
    expect(formatCarrierTime('not a time')).toBe('not a time');
  });

  it('falls back to AfterShip’s estimate when the carrier gives none', async () => {
    const { user, input } = await renderPage(
      '/user-dashboard/tracking',
      json({ tracking: tracking({ expected_delivery: null, aftership_estimated_delivery_date: '2026-09-12' }) }),
    );
    await user.type(input, number);
    await user.click(screen.getByRole('button', { name: 'Track Package' }));
    await screen.findByRole('region', { name: 'Tracking result' });
    expect(within(card('Estimated delivery')).getByText(formatCarrierTime('2026-09-12'))).toBeInTheDocument();
  });

  it('shows both days when the estimate is a range', async () => {
    const range = { earliest: '2026-09-10', latest: '2026-09-12' };
    const { user, input } = await renderPage(
      '/user-dashboard/tracking',
      json({ tracking: tracking({ expected_delivery: '2026-09-12', expected_delivery_range: range }) }),
    );
    await user.type(input, number);
    await user.click(screen.getByRole('button', { name: 'Track Package' }));
    await screen.findByRole('region', { name: 'Tracking result' });
    expect(within(card('Estimated delivery')).getByText(`${formatCarrierTime('2026-09-10')} – ${formatCarrierTime('2026-09-12')}`)).toBeInTheDocument();
  });

  it.each([
    ['delivered', 'Delivered', 'green'],
    ['in_transit', 'In Transit', 'blue'],
    ['pre_transit', 'Pre-Transit', 'gray'],
    ['failure', 'Failure', 'red'],
    ['out_for_delivery', 'Out for Delivery', 'teal'],
    ['something_new', 'something new', 'gray'],
  ])('colours the %s status %s in %s', async (tag, label, palette) => {
    const { user, input } = await renderPage('/user-dashboard/tracking', json({ tracking: tracking({ tag }) }));
    await user.type(input, number);
    await user.click(screen.getByRole('button', { name: 'Track Package' }));
    await screen.findByRole('region', { name: 'Tracking result' });

    expect(colorPaletteOf(within(card('Status')).getByText(label))).toBe(palette);
  });

  it('fills in and tracks the number of a ?number= link (the shipments table links here)', async () => {
    expect(trackingPagePath(number)).toBe(`/user-dashboard/tracking?number=${number}`);
    const { api, input } = await renderPage(trackingPagePath(number));

    expect(input).toHaveValue(number);
    expect(await screen.findByRole('region', { name: 'Tracking result' })).toBeInTheDocument();
    expect(api.calls('POST /shipping/track')).toHaveLength(1);
    expect(api.calls('POST /shipping/track')[0]?.body).toEqual({ trackingNumber: number });
  });

  it("toasts 'Failed to track package' with the server's message, and clears an earlier result", async () => {
    const { api, user, input } = await renderPage(trackingPagePath(number));
    await screen.findByRole('region', { name: 'Tracking result' });

    api.set('POST /shipping/track', json({ message: 'We could not find a package with that tracking number.' }, 404));
    await user.clear(input);
    await user.type(input, '9400100000000000000099');
    await user.click(screen.getByRole('button', { name: 'Track Package' }));

    expect(await screen.findByText('Failed to track package')).toBeInTheDocument();
    expect(screen.getByText('We could not find a package with that tracking number.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tracking result' })).not.toBeInTheDocument();
  });

  it('says when a package has no scans yet', async () => {
    const { user, input } = await renderPage('/user-dashboard/tracking', json({ tracking: tracking({ tag: 'pre_transit', checkpoints: [] }) }));
    await user.type(input, number);
    await user.click(screen.getByRole('button', { name: 'Track Package' }));
    expect(await screen.findByText('No scans yet.')).toBeInTheDocument();
  });
});
