// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { readZipEntries, titleCaseCity, ZIP_TABLE_FILE, zipTableJson } from '../../../infra/build/zip-table';
import { lookupZip } from '@/components/zip-lookup';
import { json, stubApi } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

describe('ZIP table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('groups ZIPs by state and city, each list sorted', () => {
    const entries = [
      { zip: '10002', city: 'New York', state: 'NY' },
      { zip: '10001', city: 'New York', state: 'NY' },
      { zip: '10010', city: 'Newark', state: 'NJ' },
      { zip: '62701', city: 'Springfield', state: 'IL' },
      { zip: '65801', city: 'Springfield', state: 'MO' },
    ];
    expect(JSON.parse(zipTableJson(entries))).toEqual({
      IL: { Springfield: ['62701'] },
      MO: { Springfield: ['65801'] },
      NJ: { Newark: ['10010'] },
      NY: { 'New York': ['10001', '10002'] },
    });
  });

  it('writes city names in Title Case', () => {
    expect(titleCaseCity('NEW YORK')).toBe('New York');
    expect(titleCaseCity("O'FALLON")).toBe("O'Fallon");
    expect(titleCaseCity('WINSTON-SALEM')).toBe('Winston-Salem');
    expect(titleCaseCity('McAllen')).toBe('McAllen');
  });

  it('holds only states the address forms accept', () => {
    const entries = readZipEntries();
    expect(entries.length).toBeGreaterThan(40_000);
    expect(entries.some((e) => ['FM', 'MH', 'PW'].includes(e.state))).toBe(false);
  });

  it('is committed as the zipcodes package gives it (run `npx tsx infra/build/zip-table.ts` after an upgrade)', () => {
    expect(readFileSync(ZIP_TABLE_FILE, 'utf8')).toBe(zipTableJson());
  });

  it('looks a ZIP up from the table', async () => {
    stubApi({});
    expect(await lookupZip('78701')).toEqual({ city: 'Austin', state: 'TX' });
    expect(await lookupZip('10001')).toEqual({ city: 'New York', state: 'NY' });
    expect(await lookupZip('00000')).toBeUndefined();
    expect(await lookupZip('1000')).toBeUndefined();
  });
});

describe('ZIP autofill on Manage Addresses', () => {
  setupPageTests();
  beforeEach(() => signInAs(apiUser()));

  async function renderForm() {
    stubApi({ 'GET /auth/profile': json(apiUser()), 'GET /auth/addresses': json([]) });
    const user = userEvent.setup();
    renderAt('/user-dashboard/address-management');
    await screen.findByRole('button', { name: 'Add Address' });
    return {
      user,
      zip: screen.getByRole('textbox', { name: 'ZIP' }),
      city: screen.getByRole('textbox', { name: 'City' }),
      state: screen.getByRole('combobox', { name: 'State' }),
    };
  }

  it('fills the city and state of a known ZIP, and again when the ZIP changes', async () => {
    const { user, zip, city, state } = await renderForm();

    await user.type(zip, '78701');
    await waitFor(() => expect(city).toHaveValue('Austin'));
    expect(state).toHaveValue('TX');

    await user.clear(zip);
    await user.type(zip, '10001');
    await waitFor(() => expect(city).toHaveValue('New York'));
    expect(state).toHaveValue('NY');
  });

  it('reads the first five digits of a ZIP+4', async () => {
    const { user, zip, city, state } = await renderForm();
    await user.type(zip, '10001-2345');
    await waitFor(() => expect(city).toHaveValue('New York'));
    expect(state).toHaveValue('NY');
  });

  it('leaves a city and state the person typed or chose alone', async () => {
    const { user, zip, city, state } = await renderForm();
    await user.type(city, 'Manhattan');
    await user.type(zip, '10001');
    await waitFor(() => expect(state).toHaveValue('NY'));
    expect(city).toHaveValue('Manhattan');

    // An autofilled city the person then edits is theirs too.
    await user.clear(zip);
    await user.clear(city);
    await user.type(zip, '78701');
    await waitFor(() => expect(city).toHaveValue('Austin'));
    await user.type(city, ' City');
    await user.selectOptions(state, 'OK');
    await user.clear(zip);
    await user.type(zip, '10001');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(city).toHaveValue('Austin City');
    expect(state).toHaveValue('OK');
  });

  it('changes nothing for an unknown ZIP', async () => {
    const { user, zip, city, state } = await renderForm();
    await user.type(zip, '00000');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(city).toHaveValue('');
    expect(state).toHaveValue('');
  });
});
