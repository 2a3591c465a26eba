// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayInEastern } from '@domain/ship-date';
import { json, stubApi } from './api-stub';
import { apiOrder, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const PATH = '/user-dashboard/shipping-day';
const HOME_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const ORDER_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAW';
const home = {
  id: HOME_ID,
  name: 'Ann Lee',
  street: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  createdAt: '2025-03-02T00:00:00.000Z',
};
const form = {
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAX',
  createdAt: '2026-09-07T20:00:00.000Z',
  shipDate: todayInEastern(),
  from: home,
  labelCount: 2,
  orderIds: [ORDER_ID, 'o2'],
  trackingNumbers: ['9400111201080805483016', '9400111201080805483023'],
  pdfUrl: '/shipping/scan-forms/01ARZ3NDEKTSV4RRFFQ69G5FAX/pdf',
};
const pickup = {
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAY',
  createdAt: '2026-09-07T20:00:00.000Z',
  date: todayInEastern(),
  windowStart: '09:00',
  windowEnd: '17:00',
  address: home,
  instructions: 'Side door',
  orderIds: [ORDER_ID],
  labelCount: 1,
  status: 'scheduled',
  confirmation: 'SBX3NDEKTSV',
  canceledAt: null,
};
const base = () => ({
  'GET /auth/addresses': json([home]),
  'GET /shipping/scan-forms': json({ scanForms: [], nextCursor: null }),
  'GET /shipping/pickups': json({ pickups: [], nextCursor: null }),
  'GET /shipping/orders': json({ orders: [apiOrder({ shipOrderId: ORDER_ID, tracking: '9400111201080805483016' })], nextCursor: null, totalOrders: 1 }),
});

describe('Shipping Day page', () => {
  it("makes the day's SCAN form for the chosen origin and shows the labels it covers", async () => {
    const api = stubApi({ ...base(), 'POST /shipping/scan-forms': json(form, 201) });
    renderAt(PATH);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping Day' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Ships from/ })).toHaveValue(HOME_ID));
    expect(screen.getByLabelText(/Ship date/)).toHaveValue(todayInEastern());

    await user.click(screen.getByRole('button', { name: 'Make SCAN form' }));
    await waitFor(() => expect(api.calls('POST /shipping/scan-forms')).toHaveLength(1));
    expect(api.calls('POST /shipping/scan-forms')[0]?.body).toEqual({ date: todayInEastern(), from: HOME_ID });
    const covered = await screen.findByRole('list', { name: 'Labels on this form' });
    expect(
      within(covered)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(form.trackingNumbers);
    expect(screen.getAllByRole('button', { name: `Download PDF of the SCAN form of ${form.shipDate}` }).length).toBeGreaterThan(0);
  });

  it('says why when no label is left for a form', async () => {
    stubApi({ ...base(), 'POST /shipping/scan-forms': json({ message: 'No label of that day and origin is left to put on a SCAN form.' }, 409) });
    renderAt(PATH);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Ships from/ })).toHaveValue(HOME_ID));
    await user.click(screen.getByRole('button', { name: 'Make SCAN form' }));
    expect(await screen.findByText('No label of that day and origin is left to put on a SCAN form.')).toBeInTheDocument();
  });

  it('lists the forms with their labels', async () => {
    stubApi({ ...base(), 'GET /shipping/scan-forms': json({ scanForms: [form], nextCursor: null }) });
    renderAt(PATH);
    const section = (await screen.findByRole('heading', { name: 'SCAN forms' })).closest('section')!;
    expect(await within(section).findByText(`${form.shipDate} · 2 labels`)).toBeInTheDocument();
    expect(within(section).getByText(form.trackingNumbers.join(', '))).toBeInTheDocument();
  });

  it('books a pickup for the parcels chosen, refusing none chosen before sending', async () => {
    const api = stubApi({ ...base(), 'POST /shipping/pickups': json(pickup, 201) });
    renderAt(PATH);
    const user = userEvent.setup();
    const parcel = await screen.findByRole('checkbox', { name: /9400111201080805483016/ });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pickup address/ })).toHaveValue(HOME_ID));

    await user.click(screen.getByRole('button', { name: 'Book pickup' }));
    expect(await screen.findByText('Choose at least one label')).toBeInTheDocument();
    expect(api.calls('POST /shipping/pickups')).toHaveLength(0);

    await user.click(parcel);
    await user.type(screen.getByRole('textbox', { name: 'Instructions for the carrier' }), 'Side door');
    await user.click(screen.getByRole('button', { name: 'Book pickup' }));
    await waitFor(() => expect(api.calls('POST /shipping/pickups')).toHaveLength(1));
    expect(api.calls('POST /shipping/pickups')[0]?.body).toEqual({
      date: todayInEastern(),
      windowStart: '09:00',
      windowEnd: '17:00',
      address: HOME_ID,
      instructions: 'Side door',
      orderIds: [ORDER_ID],
    });
  });

  it('lists pickups with status and confirmation, and cancels a scheduled one', async () => {
    const api = stubApi({
      ...base(),
      'GET /shipping/pickups': json({ pickups: [pickup], nextCursor: null }),
      [`DELETE /shipping/pickups/${pickup.id}`]: json({ ...pickup, status: 'canceled', canceledAt: '2026-09-07T21:00:00.000Z' }),
    });
    renderAt(PATH);
    const user = userEvent.setup();
    expect(await screen.findByText('Confirmation SBX3NDEKTSV')).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    api.set('GET /shipping/pickups', json({ pickups: [{ ...pickup, status: 'canceled' }], nextCursor: null }));
    await user.click(screen.getByRole('button', { name: `Cancel the pickup of ${pickup.date} (${pickup.confirmation})` }));
    await waitFor(() => expect(api.calls(`DELETE /shipping/pickups/${pickup.id}`)).toHaveLength(1));
    expect(await screen.findByText('Canceled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel the pickup/ })).not.toBeInTheDocument();
  });
});
