// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderStatusPalette } from '@/features/labels/components/order-status-badge';
import { trackingRefreshInterval } from '@/features/labels/lib/live-tracking';
import { json, stubApi, type StubAnswer, type StubRequest } from './api-stub';
import { labelsPageApi } from './label-dialog';
import { apiOrder, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { colorPaletteOf, headerTexts, rowTexts } from './table-rows';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const caption = 'Shipments';
const newest = apiOrder({
  shipOrderId: 'o3',
  tracking: '9400100000000000000031',
  weight: 31.5,
  labelType: 'usps_ground',
  labelTypeName: 'USPS Ground Advantage',
});
const flat = apiOrder({
  shipOrderId: 'o2',
  tracking: null,
  status: 'processing',
  labelType: 'priority',
  labelTypeName: undefined,
  fromName: 'Cy Dee',
  fromCity: 'Reno',
});
const failed = apiOrder({ shipOrderId: 'o1', tracking: null, status: 'failed', weight: 0.5 });
const waiting = apiOrder({ shipOrderId: 'o0', tracking: null, status: 'awaiting_payment', labelType: 'ground_lbs', labelTypeName: undefined });

/** Opens the page with the orders route answering `orders`, and everything else as labelsPageApi(). */
function renderPage(orders: StubAnswer) {
  const api = stubApi({ ...labelsPageApi(), 'GET /shipping/orders': orders });
  renderAt('/user-dashboard');
  return api;
}

/** Two pages: the first ends with cursor `c1`. */
function orderPages({ url }: StubRequest) {
  return url.searchParams.get('cursor') === 'c1'
    ? Response.json({ orders: [failed, waiting], nextCursor: null, totalOrders: 2 })
    : Response.json({ orders: [newest, flat], nextCursor: 'c1', totalOrders: 2 });
}

const totalOrders = () => screen.getByText('Total Orders').closest('dl') as HTMLElement;

describe('Shipping Labels page', () => {
  it('shows the total orders, Create Label, and #, From, To, Type, Weight (lbs), Ship date, Status, Tracking, PDF, Refund for each shipment, page by page', async () => {
    const api = renderPage(orderPages);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping Labels' })).toBeInTheDocument();
    await screen.findByText('9400100000000000000031');
    expect(within(totalOrders()).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Label' })).toBeInTheDocument();
    expect(headerTexts(caption)).toEqual([
      '#',
      'From',
      'To',
      'Type',
      'Weight',
      'Ship date',
      'Status',
      'Package',
      'Last event',
      'Tracking',
      'PDF',
      'Refund',
      'Return',
      'Receipt',
    ]);
    expect(rowTexts(caption)).toEqual([
      [
        '1',
        'Ann Lee, Springfield',
        'Bob Ray, Portland',
        'USPS Ground Advantage',
        '31.5 lbs',
        '03/04/2025',
        'created',
        'pre transit',
        '—',
        '9400100000000000000031',
        'PDF',
        '—',
        'Create return label',
        'Receipt',
      ],
      ['2', 'Cy Dee, Reno', 'Bob Ray, Portland', 'USPS Priority Flat Rate', '2 lbs', '03/04/2025', 'processing', '—', '—', '—', '—', '—', '—', '—'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('USPS Ground Advantage (economy)')).toBeInTheDocument();
    expect(rowTexts(caption).slice(2)).toEqual([
      ['3', 'Ann Lee, Springfield', 'Bob Ray, Portland', 'USPS Priority', '0.5 lbs', '03/04/2025', 'failed', '—', '—', '—', '—', '—', '—', '—'],
      [
        '4',
        'Ann Lee, Springfield',
        'Bob Ray, Portland',
        'USPS Ground Advantage (economy)',
        '2 lbs',
        '03/04/2025',
        'awaiting payment',
        '—',
        '—',
        '—',
        '—',
        '—',
        '—',
        '—',
      ],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The tracking number opens the tracking page with the number filled in.
    expect(screen.getByRole('link', { name: 'Track 9400100000000000000031' })).toHaveAttribute(
      'href',
      '/user-dashboard/tracking?number=9400100000000000000031',
    );
    expect(api.calls('GET /shipping/orders').map((r) => r.url.searchParams.get('cursor'))).toContain('c1');
    // The file's first render pays for loading the page (Chakra, the filter bar, the savings card, two
    // pages of rows): past 5 s on a loaded machine, though it asserts nothing timed.
  }, 20_000);

  it('colours the status badges: created green, failed red, processing and awaiting payment yellow', async () => {
    renderPage(json({ orders: [newest, flat, failed, waiting], nextCursor: null, totalOrders: 1 }));
    const table = await screen.findByRole('table', { name: caption });
    await within(table).findByText('failed');

    const badges = within(table).getAllByText(/^(created|processing|failed|awaiting payment)$/);
    expect(badges.map((b) => [b.textContent, colorPaletteOf(b)])).toEqual([
      ['created', 'green'],
      ['processing', 'yellow'],
      ['failed', 'red'],
      ['awaiting payment', 'yellow'],
    ]);
    expect(orderStatusPalette('something new')).toBe('yellow');
  });

  it('says there are no shipments yet, with 0 orders', async () => {
    renderPage(json({ orders: [], nextCursor: null, totalOrders: 0 }));
    expect(await screen.findByText('No shipments yet. Create your first label.')).toBeInTheDocument();
    expect(within(totalOrders()).getByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("toasts 'Failed to Fetch Orders' with the server's message", async () => {
    renderPage(json({ message: 'You do not have access to this' }, 403));
    expect(await screen.findByText('Failed to Fetch Orders')).toBeInTheDocument();
    // In the toast and in the table.
    expect(screen.getAllByText('You do not have access to this')).toHaveLength(2);
    expect(within(screen.getByRole('table', { name: caption })).getByRole('alert')).toHaveTextContent('You do not have access to this');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("falls back to 'An error occurred while fetching orders.' when the answer has no message", async () => {
    renderPage(() => new Response('', { status: 404 }));
    expect(await screen.findByText('Failed to Fetch Orders')).toBeInTheDocument();
    expect(screen.getByText('An error occurred while fetching orders.')).toBeInTheDocument();
  });
});

describe('Package status and last event', () => {
  const moving = apiOrder({
    shipOrderId: 'm1',
    tracking: '9400100000000000000061',
    trackingStatus: 'out_for_delivery',
    lastEvent: { status: 'out_for_delivery', time: '2025-03-07T08:12:00-05:00', message: 'Out for Delivery', city: 'NEW YORK', state: 'NY' },
  });
  const delivered = apiOrder({
    shipOrderId: 'm0',
    tracking: '9400100000000000000062',
    trackingStatus: 'delivered',
    lastEvent: { status: 'delivered', time: '2025-03-06T14:05:00-08:00', message: 'Delivered, In/At Mailbox', city: null, state: null },
  });

  it("shows the package's status in words on a coloured badge and its last event's message, place and local time", async () => {
    renderPage(json({ orders: [moving, delivered], nextCursor: null, totalOrders: 2 }));
    const table = await screen.findByRole('table', { name: caption });
    await within(table).findByText('Out for Delivery');

    expect(rowTexts(caption).map((r) => r.slice(7, 9))).toEqual([
      ['out for delivery', 'Out for DeliveryNEW YORK, NY · Mar 7, 8:12 AM'],
      ['delivered', 'Delivered, In/At MailboxMar 6, 2:05 PM'],
    ]);
    const badges = within(table).getAllByText(/^(out for delivery|delivered)$/);
    expect(badges.map((b) => [b.textContent, colorPaletteOf(b)])).toEqual([
      ['out for delivery', 'yellow'],
      ['delivered', 'green'],
    ]);
  });

  it('asks again every 30 seconds while a shown package is on its way, and not once all are delivered, sent back or failed', () => {
    expect(trackingRefreshInterval([{ orders: [delivered, moving] }])).toBe(30_000);
    expect(trackingRefreshInterval([{ orders: [delivered] }, { orders: [{ ...moving, trackingStatus: 'return_to_sender' }] }])).toBe(0);
    expect(trackingRefreshInterval([{ orders: [{ ...moving, tracking: null, trackingStatus: null }] }])).toBe(0);
    expect(trackingRefreshInterval(undefined)).toBe(0);
  });
});

describe('Refund label', () => {
  const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const unused = apiOrder({ shipOrderId: 'o5', tracking: '9400100000000000000055', refundableUntil: soon });
  const decided = {
    requestedAt: '2025-03-05T10:00:00.000Z',
    expectedBy: '2025-03-20',
    decidedAt: '2025-03-05T10:00:01.000Z',
    automatic: false,
    toCardCents: 0,
    creditedEarly: false,
  };

  /** The page's API where asking o5's refund answers `after`, and the shipments list then shows `after` in place of `before` (`others` below it). */
  function refundingApi(before: object, after: object, others: object[] = []) {
    let asked = false;
    return stubApi({
      ...labelsPageApi(),
      'GET /shipping/orders': () => Response.json({ orders: [asked ? after : before, ...others], nextCursor: null, totalOrders: 1 + others.length }),
      'POST /shipping/orders/o5/refund': () => {
        asked = true;
        return Response.json(after);
      },
    });
  }

  /** Waits until o5's row (the first) shows `status` and its timeline, with no PDF and no refund to ask. */
  const expectRefundedRow = (status: string) =>
    waitFor(() => expect(rowTexts(caption)[0]?.slice(6)).toEqual([status, 'pre transit', '—', '9400100000000000000055', '—', '—', '—', 'Receipt']));

  it('offers "Refund label" only on created labels within their window, and refunds after the confirmation, refreshing the shipments and the balance', async () => {
    const api = refundingApi(unused, { ...unused, status: 'refunded', refundableUntil: null, refund: { ...decided, reason: null } }, [newest]);
    const user = userEvent.setup();
    renderAt('/user-dashboard');

    await user.click(await screen.findByRole('button', { name: 'Refund label 9400100000000000000055' }));
    // Nothing is asked before the confirmation, and it says what happens.
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund this label?' });
    expect(dialog).toHaveTextContent('$6.00 goes back to your wallet as soon as the carrier confirms the refund');
    expect(api.calls('POST /shipping/orders/o5/refund')).toHaveLength(0);
    // The older label's window has ended: no action on its row.
    expect(screen.queryByRole('button', { name: 'Refund label 9400100000000000000031' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Refund label' }));

    expect(await screen.findByText('Label refunded')).toBeInTheDocument();
    expect(screen.getByText('Refunded: $6.00 to your wallet.')).toBeInTheDocument();
    expect(api.calls('POST /shipping/orders/o5/refund')).toHaveLength(1);
    await expectRefundedRow('refundedAsked 03/05/2025; decided 03/05/2025: $6.00 to your wallet');
    expect(api.calls('GET /auth/profile').length).toBeGreaterThanOrEqual(2);
  });

  it('says a label never downloaded comes back at once, and shows its pending refund as money in the wallet already, without a PDF', async () => {
    const fresh = { ...unused, instantRefund: true };
    const pending = {
      ...fresh,
      status: 'refund_pending',
      refundableUntil: null,
      instantRefund: false,
      refund: { ...decided, decidedAt: null, reason: null, creditedEarly: true },
    };
    const api = refundingApi(fresh, pending);
    const user = userEvent.setup();
    renderAt('/user-dashboard');

    await user.click(await screen.findByRole('button', { name: 'Refund label 9400100000000000000055' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund this label?' });
    expect(dialog).toHaveTextContent('It was never downloaded, so $6.00 goes back to your wallet at once, without waiting for the carrier.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund label' }));

    expect(await screen.findByText('Label refunded')).toBeInTheDocument();
    expect(screen.getByText('$6.00 is back in your wallet.')).toBeInTheDocument();
    expect(api.calls('POST /shipping/orders/o5/refund')).toHaveLength(1);
    await expectRefundedRow('refund pendingAsked 03/05/2025; $6.00 back in your wallet already; USPS decides by 03/20/2025');
  });

  it("toasts the server's reason when the refund is refused, and keeps the label", async () => {
    stubApi({
      ...labelsPageApi(),
      'GET /shipping/orders': json({ orders: [unused], nextCursor: null, totalOrders: 1 }),
      'POST /shipping/orders/o5/refund': json({ message: 'USPS has already scanned this package, so its label can no longer be refunded.' }, 409),
    });
    const user = userEvent.setup();
    renderAt('/user-dashboard');

    await user.click(await screen.findByRole('button', { name: 'Refund label 9400100000000000000055' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund label' }));

    expect(await screen.findByText('USPS has already scanned this package, so its label can no longer be refunded.')).toBeInTheDocument();
    expect(rowTexts(caption)[0]?.slice(6)).toEqual([
      'created',
      'pre transit',
      '—',
      '9400100000000000000055',
      'PDF',
      'Refund label',
      'Create return label',
      'Receipt',
    ]);
  });

  it('shows the refund states with their timeline: pending yellow without a PDF and its expected decision, refunded green, rejected red with the reason', async () => {
    const pending = apiOrder({
      shipOrderId: 'p',
      status: 'refund_pending',
      refundableUntil: null,
      refund: { ...decided, decidedAt: null, reason: null, toCardCents: null },
    });
    const done = apiOrder({ shipOrderId: 'd', status: 'refunded', refundableUntil: null, refund: { ...decided, reason: null } });
    // A shortfall order: its card's part went back to the card, the rest to the wallet.
    const split = apiOrder({ shipOrderId: 's', status: 'refunded', refundableUntil: null, refund: { ...decided, reason: null, toCardCents: 400 } });
    const rejected = apiOrder({
      shipOrderId: 'r',
      status: 'refund_rejected',
      refundableUntil: null,
      refund: { ...decided, reason: 'USPS rejected the refund.', toCardCents: null },
    });
    renderPage(json({ orders: [pending, done, split, rejected], nextCursor: null, totalOrders: 4 }));
    const table = await screen.findByRole('table', { name: caption });
    // Each refund's timeline: asked, when USPS decides (pending) or decided with where the money went, and a rejection's reason.
    await within(table).findByText('Asked 03/05/2025; USPS decides by 03/20/2025');
    within(table).getByText('Asked 03/05/2025; decided 03/05/2025: $6.00 to your wallet');
    within(table).getByText('Asked 03/05/2025; decided 03/05/2025: $4.00 to the card you paid with and $2.00 to your wallet');
    within(table).getByText('Asked 03/05/2025; decided 03/05/2025: USPS rejected the refund.');

    const badges = within(table).getAllByText(/^refund/);
    expect(badges.map((b) => [b.textContent, colorPaletteOf(b)])).toEqual([
      ['refund pending', 'yellow'],
      ['refunded', 'green'],
      ['refunded', 'green'],
      ['refund rejected', 'red'],
    ]);
    expect(rowTexts(caption).map((r) => r.slice(10))).toEqual([
      ['—', '—', '—', 'Receipt'],
      ['—', '—', '—', 'Receipt'],
      ['—', '—', '—', 'Receipt'],
      ['PDF', '—', '—', 'Receipt'],
    ]);
  });
});

describe('PDF download', () => {
  const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
  let saved: { download: string; href: string }[];

  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs and cannot download: record what the browser would have saved.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:label-pdf'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  async function clickDownload(answer: StubAnswer) {
    const api = stubApi({
      ...labelsPageApi(),
      'GET /shipping/orders': json({ orders: [newest], nextCursor: null, totalOrders: 1 }),
      'GET /shipping/download-order/o3': answer,
    });
    const user = userEvent.setup();
    renderAt('/user-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Download PDF for 9400100000000000000031' }));
    return api;
  }

  it('saves the label as <tracking>.pdf through an object URL', async () => {
    const api = await clickDownload(() => new Response(pdf, { headers: { 'Content-Type': 'application/pdf' } }));

    await waitFor(() => expect(saved).toEqual([{ download: '9400100000000000000031.pdf', href: 'blob:label-pdf' }]));
    expect(api.calls('GET /shipping/download-order/o3')).toHaveLength(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:label-pdf'));
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("toasts 'Failed to download PDF. Please try again.' when the server refuses", async () => {
    await clickDownload(json({ message: 'Not found' }, 404));
    expect(await screen.findByText('Failed to download PDF. Please try again.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says nothing on a network error', async () => {
    const api = await clickDownload(() => Promise.reject(new TypeError('Failed to fetch')));
    await waitFor(() => expect(api.calls('GET /shipping/download-order/o3')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download PDF for 9400100000000000000031' })).toBeEnabled());
    expect(screen.queryByText('Failed to download PDF. Please try again.')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
