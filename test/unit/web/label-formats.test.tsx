// @vitest-environment jsdom
/**
 * Label formats in the SPA: the shipments table's download button gives the shipper's default and
 * its menu every format (default first), the Profile page sets the default, and a done batch offers
 * its labels on letter pages. Each download asks the route with the format and saves the file under
 * its own name.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBatch } from '@domain/api/batches';
import { json, stubApi, type StubAnswer } from './api-stub';
import { labelsPageApi } from './label-dialog';
import { apiOrder, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const TRACKING = '9400100000000000000031';
const order = apiOrder({ shipOrderId: 'o3', tracking: TRACKING });
const file = () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'application/octet-stream' } });

let saved: string[];
beforeEach(() => {
  saved = [];
  // jsdom has no object URLs and cannot download: record the names the browser would have saved.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:label'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function renderShipments(profile = apiUser(), extra: Record<string, StubAnswer> = {}) {
  const api = stubApi({
    ...labelsPageApi(),
    'GET /auth/profile': json(profile),
    'GET /shipping/orders': json({ orders: [order], nextCursor: null, totalOrders: 1 }),
    'GET /shipping/download-order/o3': file,
    ...extra,
  });
  renderAt('/user-dashboard');
  return api;
}
/** Opens the row's format menu and picks `name`. */
async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Other label formats for ${TRACKING}` }));
  const menu = await screen.findByRole('menu');
  // By keyboard, as a screen-reader user would: Home highlights the first, arrows move on, Enter picks.
  const items = within(menu).getAllByRole('menuitem');
  const at = items.findIndex((i) => i.textContent?.startsWith(name));
  await waitFor(() => expect(menu).toHaveFocus());
  // One key at a time, each waited for: a loaded machine may otherwise press on before the menu moved.
  await user.keyboard('{Home}');
  await waitFor(() => expect(items[0]).toHaveAttribute('data-highlighted'));
  for (let i = 1; i <= at; i++) {
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(items[i]).toHaveAttribute('data-highlighted'));
  }
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
}
const queries = (api: ReturnType<typeof stubApi>) => api.calls('GET /shipping/download-order/o3').map((c) => Object.fromEntries(c.url.searchParams));

describe('the shipments table download', () => {
  it('saves the 4x6 PDF in one click by default, and lists every format in its menu, the default first', async () => {
    const api = renderShipments();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Download PDF for ${TRACKING}` }));
    await waitFor(() => expect(saved).toEqual([`${TRACKING}.pdf`]));
    expect(queries(api)).toEqual([{ format: 'pdf' }]);

    await user.click(screen.getByRole('button', { name: `Other label formats for ${TRACKING}` }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['PDF 4x6 (default)', 'PDF letter (2 per page)', 'PNG 4x6, 203 dpi', 'PNG 4x6, 300 dpi', 'ZPL (thermal printer)']);
  });

  it.each([
    ['ZPL (thermal printer)', { format: 'zpl' }, `${TRACKING}.zpl`],
    ['PNG 4x6, 203 dpi', { format: 'png', dpi: '203' }, `${TRACKING}-203dpi.png`],
    ['PNG 4x6, 300 dpi', { format: 'png', dpi: '300' }, `${TRACKING}-300dpi.png`],
    ['PDF letter (2 per page)', { format: 'letter' }, `${TRACKING}-letter.pdf`],
  ])('saves %s from the menu', async (name, query, fileName) => {
    const api = renderShipments();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: `Download PDF for ${TRACKING}` });
    await pick(user, name);
    await waitFor(() => expect(saved).toEqual([fileName]));
    expect(queries(api)).toEqual([query]);
  });

  it("gives the shipper's default in one click and lists it first", async () => {
    const api = renderShipments(apiUser({ labelFormat: { format: 'zpl', dpi: 203 } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Download ZPL for ${TRACKING}` }));
    await waitFor(() => expect(saved).toEqual([`${TRACKING}.zpl`]));
    expect(queries(api)).toEqual([{ format: 'zpl' }]);
    await user.click(screen.getByRole('button', { name: `Other label formats for ${TRACKING}` }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)[0]).toBe('ZPL (thermal printer) (default)');
  });

  it("toasts 'Failed to download ZPL. Please try again.' when the server refuses", async () => {
    renderShipments(apiUser(), { 'GET /shipping/download-order/o3': json({ message: 'format must be one of pdf, letter, png, zpl' }, 400) });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: `Download PDF for ${TRACKING}` });
    await pick(user, 'ZPL (thermal printer)');
    expect(await screen.findByText('Failed to download ZPL. Please try again.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('the Profile page label format', () => {
  it('saves the chosen default and shows it saved', async () => {
    const api = stubApi({
      'GET /auth/profile': json(apiUser()),
      'PUT /auth/label-format': json(apiUser({ labelFormat: { format: 'png', dpi: 300 } })),
    });
    renderAt('/user-dashboard/profile-edit');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Label format' });
    expect(within(form).getByRole('radio', { name: 'PDF 4x6' })).toBeChecked();
    const save = within(form).getByRole('button', { name: 'Save label format' });
    expect(save).toBeDisabled();
    await user.click(within(form).getByRole('radio', { name: 'PNG 4x6, 300 dpi' }));
    await user.click(save);
    expect(await screen.findByText('Label format saved')).toBeInTheDocument();
    expect(api.calls('PUT /auth/label-format').map((c) => c.body)).toEqual([{ format: 'png', dpi: 300 }]);
    expect(within(form).getByRole('radio', { name: 'PNG 4x6, 300 dpi' })).toBeChecked();
  });

  it('sends no dpi for a format other than PNG', async () => {
    const api = stubApi({
      'GET /auth/profile': json(apiUser()),
      'PUT /auth/label-format': json(apiUser({ labelFormat: { format: 'zpl', dpi: 203 } })),
    });
    renderAt('/user-dashboard/profile-edit');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Label format' });
    await user.click(within(form).getByRole('radio', { name: 'ZPL (thermal printer)' }));
    await user.click(within(form).getByRole('button', { name: 'Save label format' }));
    await waitFor(() => expect(api.calls('PUT /auth/label-format').map((c) => c.body)).toEqual([{ format: 'zpl' }]));
  });
});

describe("a done batch's labels", () => {
  it('downloads as 4x6 pages or two to a letter page', async () => {
    const batch: ApiBatch = {
      batchId: 'b1',
      status: 'done',
      createdAt: '2026-11-20T15:00:00.000Z',
      rows: [],
      totalCents: 600,
      counts: { toBuy: 1, bought: 1, failed: 0 },
    };
    const api = stubApi({
      'GET /auth/profile': json(apiUser()),
      'GET /shipping/batches/b1': json(batch),
      'GET /shipping/batches/b1/labels.pdf': file,
    });
    renderAt('/user-dashboard/batch-labels/b1');
    const user = userEvent.setup();
    const results = await screen.findByRole('group', { name: 'Batch results' });
    await user.click(within(results).getByRole('button', { name: 'Download labels (letter)' }));
    await waitFor(() => expect(saved).toEqual(['batch-b1-labels-letter.pdf']));
    await user.click(within(results).getByRole('button', { name: 'Download labels (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['batch-b1-labels-letter.pdf', 'batch-b1-labels.pdf']));
    expect(api.calls('GET /shipping/batches/b1/labels.pdf').map((c) => c.url.searchParams.get('format'))).toEqual(['letter', 'pdf']);
  });
});
