// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBatch, ApiBatchRow, ApiBatchSummary } from '@domain/api/batches';
import { BATCH_COLUMNS } from '@domain/schemas/batches';
import { errorsByColumn, formatRowError, summarizeBatch } from '@/features/batches/lib/batch-figures';
import { loadPage } from '@/lib/full-page-navigation';
import { json, stubApi, type StubAnswer } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

// jsdom cannot leave the page: record where the browser would have gone.
vi.mock('@/lib/full-page-navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/full-page-navigation')>()),
  loadPage: vi.fn(),
}));

setupPageTests();
beforeEach(() => {
  signInAs(apiUser());
  vi.mocked(loadPage).mockClear();
});

const goodFields = {
  labelType: 'usps_priority',
  weight: '2',
  length: '10',
  width: '6',
  height: '4',
  fromName: 'Ann Lee',
  fromStreet: '12 Main St',
  fromCity: 'Springfield',
  fromState: 'IL',
  fromZip: '62701',
  fromCountry: 'US',
  toName: 'Bob Ray',
  toStreet: '9 Elm Ave',
  toCity: 'Portland',
  toState: 'OR',
  toZip: '97201',
  toCountry: 'US',
};

function batchRow(row: number, overrides: Partial<ApiBatchRow> = {}): ApiBatchRow {
  return {
    row,
    valid: true,
    errors: [],
    priceCents: 600,
    service: null,
    serviceName: null,
    status: 'ready',
    fields: goodFields,
    shipOrderId: null,
    tracking: null,
    error: null,
    ...overrides,
  };
}

const badZip = batchRow(3, {
  valid: false,
  priceCents: null,
  status: 'invalid',
  fields: { ...goodFields, toZip: '9720' },
  errors: [{ column: 'toZip', message: 'ZIP must be 5 digits' }],
});

function apiBatch(overrides: Partial<ApiBatch> = {}): ApiBatch {
  return {
    batchId: 'b1',
    status: 'draft',
    createdAt: '2026-11-20T15:00:00.000Z',
    rows: [batchRow(2), badZip, batchRow(4, { priceCents: 700 })],
    totalCents: 1300,
    counts: { toBuy: 0, bought: 0, failed: 0 },
    ...overrides,
  };
}

async function renderBatch(answers: Record<string, StubAnswer> = {}) {
  const api = stubApi({ 'GET /auth/profile': json(apiUser()), 'GET /shipping/batches/b1': json(apiBatch()), ...answers });
  const user = userEvent.setup();
  renderAt('/user-dashboard/batch-labels/b1');
  await screen.findByRole('group', { name: 'Batch summary' });
  return { api, user };
}

describe('batch figures', () => {
  it('counts the rows a purchase covers and those it leaves out, with the server total', () => {
    const rows = [batchRow(2), badZip, batchRow(4), batchRow(5, { status: 'dropped', valid: false, priceCents: null })];
    expect(summarizeBatch({ rows, totalCents: 1200 })).toEqual({ ready: 2, invalid: 1, dropped: 1, totalCents: 1200 });
  });

  it("files each error under its column; the row's own and unknown columns go above the inputs, named", () => {
    const errors = [
      { column: 'toZip', message: 'ZIP must be 5 digits' },
      { column: 'toZip', message: 'ZIP is required' },
      { column: 'weight', message: 'Weight must be a number' },
      { column: 'row', message: 'Too many cells' },
      { column: 'color', message: 'Unknown' },
    ];
    expect(errorsByColumn(errors, BATCH_COLUMNS)).toEqual({
      toZip: ['ZIP must be 5 digits', 'ZIP is required'],
      weight: ['Weight must be a number'],
      row: ['Too many cells', 'color: Unknown'],
    });
    expect(formatRowError({ column: 'toZip', message: 'ZIP must be 5 digits' })).toBe('toZip: ZIP must be 5 digits');
    expect(formatRowError({ column: 'row', message: 'Too many cells' })).toBe('Too many cells');
  });
});

describe('Batch page', () => {
  it('previews each row with its price or its errors, and sums up the valid rows', async () => {
    await renderBatch();
    const summary = screen.getByRole('group', { name: 'Batch summary' });
    expect(summary).toHaveTextContent('2 valid rows');
    expect(summary).toHaveTextContent('Total $13.00');
    expect(summary).toHaveTextContent('1 invalid');
    const table = screen.getByRole('table', { name: 'Batch rows' });
    expect(within(table).getByText('toZip: ZIP must be 5 digits')).toBeInTheDocument();
    expect(within(table).getByText('$7.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 2 labels ($13.00)' })).toBeInTheDocument();
    // The invalid row is offered a fix, the valid ones an edit; each can be dropped.
    expect(screen.getAllByRole('button', { name: /^(Fix|Edit) row/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Edit row 2',
      'Fix row 3',
      'Edit row 4',
    ]);
    expect(screen.getAllByRole('button', { name: /^Drop row/ })).toHaveLength(3);
  });

  it('fixes a row in place: its cells as inputs named by column, each error under its input; a still-invalid answer keeps the dialog with the new errors', async () => {
    let puts = 0;
    const { api, user } = await renderBatch({
      'PUT /shipping/batches/b1/rows/3': () => {
        puts++;
        const fixed =
          puts === 1
            ? { ...badZip, fields: { ...badZip.fields, toZip: '9720x' }, errors: [{ column: 'toZip', message: 'ZIP must be digits' }] }
            : batchRow(3, { priceCents: 600 });
        return Response.json(apiBatch({ rows: [batchRow(2), fixed, batchRow(4, { priceCents: 700 })], totalCents: puts === 1 ? 1300 : 1900 }));
      },
    });
    await user.click(screen.getByRole('button', { name: 'Fix row 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix row 3' });
    const zip = within(dialog).getByRole('textbox', { name: 'toZip' });
    expect(zip).toHaveValue('9720');
    expect(zip).toHaveAccessibleErrorMessage('ZIP must be 5 digits');
    expect(within(dialog).getByRole('textbox', { name: 'toName' })).toHaveValue('Bob Ray');
    expect(within(dialog).getByRole('textbox', { name: 'shipDate' })).toHaveValue('');

    await user.clear(zip);
    await user.type(zip, '9720x');
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'toZip' })).toHaveAccessibleErrorMessage('ZIP must be digits'));
    expect(api.calls('PUT /shipping/batches/b1/rows/3')[0]?.body).toEqual({
      fields: { ...Object.fromEntries(BATCH_COLUMNS.map((c) => [c, ''])), ...goodFields, toZip: '9720x' },
    });

    await user.clear(zip);
    await user.type(zip, '97201');
    await user.click(within(dialog).getByRole('button', { name: 'Save row' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /row 3/ })).not.toBeInTheDocument());
    // Fixed, the row is offered an edit, and focus is back on its button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit row 3' })).toHaveFocus());
    expect(screen.getByRole('group', { name: 'Batch summary' })).toHaveTextContent('3 valid rows');
    expect(screen.getByRole('button', { name: 'Buy 3 labels ($19.00)' })).toBeInTheDocument();
  });

  it('drops a row: the answer replaces the preview', async () => {
    const { api, user } = await renderBatch({
      'DELETE /shipping/batches/b1/rows/3': json(apiBatch({ rows: [batchRow(2), { ...badZip, status: 'dropped' }, batchRow(4, { priceCents: 700 })] })),
    });
    await user.click(screen.getByRole('button', { name: 'Drop row 3' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Batch summary' })).toHaveTextContent('1 dropped'));
    expect(api.calls('DELETE /shipping/batches/b1/rows/3')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^(Fix|Edit|Drop) row 3$/ })).not.toBeInTheDocument();
  });

  it("rates mode: each row shows the service it was quoted as and its price; the total is the server's", async () => {
    const ratesFields = { ...goodFields, labelType: '', service: '' };
    await renderBatch({
      'GET /shipping/batches/b1': json(
        apiBatch({
          rows: [
            batchRow(2, { fields: ratesFields, priceCents: 912, service: 'usps_ground_advantage', serviceName: 'USPS Ground Advantage' }),
            batchRow(3, { fields: ratesFields, priceCents: 1455, service: 'usps_priority_mail', serviceName: 'USPS Priority Mail' }),
          ],
          totalCents: 2367,
        }),
      ),
    });
    const table = screen.getByRole('table', { name: 'Batch rows' });
    expect(within(table).getByText('USPS Ground Advantage')).toBeInTheDocument();
    expect(within(table).getByText('$9.12')).toBeInTheDocument();
    expect(within(table).getByText('USPS Priority Mail')).toBeInTheDocument();
    expect(within(table).getByText('$14.55')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Batch summary' })).toHaveTextContent('Total $23.67');
  });

  it('a purchase answered 409 (quotes expired) reads the batch again, follows its pricing, then offers the new total', async () => {
    let gets = 0;
    const pricing = apiBatch({ status: 'pricing', rows: [batchRow(2, { status: 'pricing', priceCents: null }), badZip, batchRow(4, { priceCents: 700 })] });
    const repriced = apiBatch({ rows: [batchRow(2, { priceCents: 650 }), badZip, batchRow(4, { priceCents: 700 })], totalCents: 1350 });
    const { api, user } = await renderBatch({
      'GET /shipping/batches/b1': () => {
        gets++;
        return Response.json(gets === 1 ? apiBatch() : gets === 2 ? pricing : repriced);
      },
      'POST /shipping/batches/b1/purchase': () => Response.json({ message: 'The quotes of 2 rows expired…', batch: pricing }, { status: 409 }),
    });
    await user.click(screen.getByRole('button', { name: 'Buy 2 labels ($13.00)' }));
    expect(await screen.findByText('Pricing the rows with USPS… 1 of 2 priced')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy 2 labels ($13.50)' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(api.calls('POST /shipping/batches/b1/purchase')).toHaveLength(1);
  });

  it('while its rows are priced says how many are, marks each row waiting, and offers no purchase or edit', async () => {
    const pricing = apiBatch({
      status: 'pricing',
      rows: [batchRow(2, { status: 'pricing', priceCents: null }), badZip, batchRow(4, { priceCents: 700 })],
      totalCents: 700,
    });
    stubApi({ 'GET /auth/profile': json(apiUser()), 'GET /shipping/batches/b1': json(pricing) });
    renderAt('/user-dashboard/batch-labels/b1');
    expect(await screen.findByText('Pricing the rows with USPS… 1 of 2 priced')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Batch rows' });
    expect(within(table).getByText('Pricing…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^(Fix|Edit|Drop)/ })).not.toBeInTheDocument();
  });

  it("after a 402 offers 'Pay $4.00 by card and buy', sends payShortfall under a new key and goes to the checkout", async () => {
    let posts = 0;
    const { api, user } = await renderBatch({
      'POST /shipping/batches/b1/purchase': () => {
        posts++;
        return posts === 1
          ? Response.json({ message: 'Insufficient balance', shortfallCents: 400 }, { status: 402 })
          : Response.json({ batch: apiBatch({ status: 'awaiting_payment' }), checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_batch' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Buy 2 labels ($13.00)' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $4.00 by card and buy' }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_batch'));
    const calls = api.calls('POST /shipping/batches/b1/purchase');
    // Each names the total the page showed, so a batch repriced meanwhile is refused, not bought.
    expect(calls.map((c) => c.body)).toEqual([
      { paymentMethod: 'credits', totalCents: 1300 },
      { paymentMethod: 'credits', payShortfall: true, totalCents: 1300 },
    ]);
    expect(new Set(calls.map((c) => c.headers['Idempotency-Key'])).size).toBe(2);
  });

  it('a doubled click on Buy sends one purchase', async () => {
    const { api, user } = await renderBatch({
      'POST /shipping/batches/b1/purchase': json({ batch: apiBatch({ status: 'running', counts: { toBuy: 2, bought: 0, failed: 0 } }), checkoutUrl: null }),
    });
    await user.dblClick(screen.getByRole('button', { name: 'Buy 2 labels ($13.00)' }));
    await screen.findByRole('progressbar', { name: 'Buying labels' });
    expect(api.calls('POST /shipping/batches/b1/purchase')).toHaveLength(1);
  });

  it('a repeated purchase after a lost answer carries the same Idempotency-Key', async () => {
    let posts = 0;
    const { api, user } = await renderBatch({
      'POST /shipping/batches/b1/purchase': () => {
        posts++;
        if (posts === 1) throw new TypeError('Failed to fetch');
        return Response.json({ batch: apiBatch({ status: 'running', counts: { toBuy: 2, bought: 0, failed: 0 } }), checkoutUrl: null });
      },
    });
    const buy = screen.getByRole('button', { name: 'Buy 2 labels ($13.00)' });
    await user.click(buy);
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    await screen.findByRole('progressbar', { name: 'Buying labels' });
    const keys = api.calls('POST /shipping/batches/b1/purchase').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('writes a ship date as the shipments table does, and a blank one as today', async () => {
    await renderBatch({
      'GET /shipping/batches/b1': json(apiBatch({ rows: [batchRow(2, { fields: { ...goodFields, shipDate: '2026-11-27' } }), batchRow(3)] })),
    });
    const table = screen.getByRole('table', { name: 'Batch rows' });
    expect(within(table).getByText('11/27/2026')).toBeInTheDocument();
    expect(within(table).getByText('Today')).toBeInTheDocument();
  });

  it('while the card payment is pending says so instead of showing a bar, and offers no purchase', async () => {
    stubApi({ 'GET /auth/profile': json(apiUser()), 'GET /shipping/batches/b1': json(apiBatch({ status: 'awaiting_payment' })) });
    renderAt('/user-dashboard/batch-labels/b1');
    expect(await screen.findByText('Waiting for the card payment to be confirmed…')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument();
  });

  it('while running shows a progress bar of rows done; once done the counts, the failed rows and both downloads', async () => {
    const running = apiBatch({
      status: 'running',
      counts: { toBuy: 2, bought: 1, failed: 0 },
      rows: [batchRow(2, { status: 'bought', tracking: '9400100000000000000001' }), { ...badZip, status: 'dropped' }, batchRow(4)],
    });
    stubApi({ 'GET /auth/profile': json(apiUser()), 'GET /shipping/batches/b1': json(running) });
    renderAt('/user-dashboard/batch-labels/b1');
    const bar = await screen.findByRole('progressbar', { name: 'Buying labels' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 2');
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument();
  });

  it('a done batch lists the failed rows with their reasons and offers the PDF and the CSV', async () => {
    const done = apiBatch({
      status: 'done',
      counts: { toBuy: 2, bought: 1, failed: 1 },
      rows: [
        batchRow(2, { status: 'bought', tracking: '9400100000000000000001' }),
        { ...badZip, status: 'dropped' },
        batchRow(4, { status: 'failed', error: 'The carrier refused the address' }),
      ],
    });
    stubApi({ 'GET /auth/profile': json(apiUser()), 'GET /shipping/batches/b1': json(done) });
    renderAt('/user-dashboard/batch-labels/b1');
    const results = await screen.findByRole('group', { name: 'Batch results' });
    expect(results).toHaveTextContent('1 bought, 1 failed');
    expect(results).toHaveTextContent('Row 4: The carrier refused the address (not charged)');
    expect(within(results).getByRole('button', { name: 'Download labels (PDF)' })).toBeEnabled();
    expect(within(results).getByRole('button', { name: 'Download results (CSV)' })).toBeEnabled();
    expect(screen.getByRole('progressbar', { name: 'Buying labels' })).toHaveAttribute('aria-valuetext', '2 of 2');
  });
});

describe('Batch upload page', () => {
  const csvFile = () => new File(['labelType,weight\r\n'], 'batch.csv', { type: 'text/csv' });
  const savedHome = {
    id: 'a1',
    name: 'Home',
    street: '12 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US',
    createdAt: '2025-03-02T00:00:00.000Z',
  };

  async function renderUpload(answers: Record<string, StubAnswer>) {
    const api = stubApi({
      'GET /auth/profile': json(apiUser()),
      'GET /auth/addresses': json([savedHome]),
      'GET /shipping/batches': json({ batches: [], nextCursor: null }),
      ...answers,
    });
    const user = userEvent.setup();
    const router = renderAt('/user-dashboard/batch-labels');
    await screen.findByRole('heading', { level: 1, name: 'Batch Labels' });
    return { api, user, router };
  }

  it('lists recent batches newest first as the server sends them, each with its rows, status and a link that opens it', async () => {
    const summary = (batchId: string, over: Partial<ApiBatchSummary> = {}): ApiBatchSummary => ({
      batchId,
      status: 'draft',
      createdAt: '2026-11-20T15:04:00.000Z',
      rowCount: 3,
      toBuy: 0,
      ...over,
    });
    const { api, user, router } = await renderUpload({
      'GET /shipping/batches': json({ batches: [summary('b9', { status: 'done', rowCount: 12, toBuy: 12 }), summary('b8')], nextCursor: null }),
      'GET /shipping/batches/b9': json(apiBatch({ batchId: 'b9' })),
    });
    const section = await screen.findByRole('region', { name: 'Recent batches' });
    const table = await within(section).findByRole('table', { name: 'Your batches, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['12', 'done'],
      ['3', 'draft'],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('time')).toHaveAttribute('datetime', '2026-11-20T15:04:00.000Z');
    expect(api.calls('GET /shipping/batches')[0]?.url.searchParams.get('limit')).toBe('10');

    const links = within(table).getAllByRole('link', { name: /^Open batch of / });
    expect(links).toHaveLength(2);
    await user.click(links[0] as HTMLElement);
    expect(router.state.location.pathname).toBe('/user-dashboard/batch-labels/b9');
  });

  it('says so when there is no batch yet', async () => {
    await renderUpload({});
    const section = await screen.findByRole('region', { name: 'Recent batches' });
    expect(await within(section).findByText('No batches yet: upload a CSV above to start one.')).toBeInTheDocument();
  });

  it("shows a refused file's message in an alert and stays on the page", async () => {
    const { user, router } = await renderUpload({ 'POST /shipping/batches': json({ message: 'Unknown column: colour' }, 400) });
    expect(screen.getByLabelText(/^CSV file/)).toHaveAccessibleDescription(/Up to 500 rows and 1 MB/);
    await user.upload(screen.getByLabelText(/^CSV file/), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown column: colour');
    expect(router.state.location.pathname).toBe('/user-dashboard/batch-labels');
  });

  it('sends the file itself as text/csv with the chosen sender, then opens the batch', async () => {
    const { api, user, router } = await renderUpload({
      'POST /shipping/batches': json(apiBatch({ batchId: 'b7' }), 201),
      'GET /shipping/batches/b7': json(apiBatch({ batchId: 'b7' })),
    });
    await screen.findByRole('option', { name: 'Home, 12 Main St, Springfield' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sender' }), 'a1');
    await user.upload(screen.getByLabelText(/^CSV file/), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByRole('group', { name: 'Batch summary' });
    expect(router.state.location.pathname).toBe('/user-dashboard/batch-labels/b7');
    const [call] = api.calls('POST /shipping/batches');
    expect(call?.headers['Content-Type']).toBe('text/csv');
    expect(call?.url.searchParams.get('fromAddressId')).toBe('a1');
    expect(vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body).toBeInstanceOf(File);
  });
});
