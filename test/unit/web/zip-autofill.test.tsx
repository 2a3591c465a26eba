// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { readZipEntries, titleCaseCity, zipTableModuleSource } from '../../../infra/build/zip-table-plugin';
import { lookupZip } from '@/components/zip-lookup';
import { decodeZipTable, encodeZipTable } from '@/components/zip-table-codec';
import { json, stubApi } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

describe('ZIP table format', () => {
  it('reads back every entry it wrote, across large gaps, repeated cities and state changes', () => {
    const entries = [
      { zip: '00501', city: 'Holtsville', state: 'NY' },
      { zip: '10001', city: 'New York', state: 'NY' },
      { zip: '10002', city: 'New York', state: 'NY' },
      { zip: '10004', city: 'New York', state: 'NY' },
      { zip: '10010', city: 'Newark', state: 'NJ' },
      { zip: '10011', city: 'New York', state: 'NY' },
      { zip: '62701', city: 'Springfield', state: 'IL' },
      { zip: '65801', city: 'Springfield', state: 'MO' },
      { zip: '99950', city: 'Ketchikan', state: 'AK' },
    ];
    const lookup = decodeZipTable(encodeZipTable([...entries].reverse()));
    for (const { zip, city, state } of entries) expect(lookup(zip)).toEqual({ city, state });
    expect(lookup('10003')).toBeUndefined();
    expect(lookup('99999')).toBeUndefined();
    expect(lookup('1000')).toBeUndefined();
  });

  it('refuses a ZIP listed twice', () => {
    expect(() => encodeZipTable([{ zip: '10001', city: 'A', state: 'NY' }, { zip: '10001', city: 'B', state: 'NY' }])).toThrow('listed twice');
  });

  it('writes city names in Title Case', () => {
    expect(titleCaseCity('NEW YORK')).toBe('New York');
    expect(titleCaseCity("O'FALLON")).toBe("O'Fallon");
    expect(titleCaseCity('WINSTON-SALEM')).toBe('Winston-Salem');
    expect(titleCaseCity('McAllen')).toBe('McAllen');
  });

  it('holds only states the address forms accept, and stays compact', () => {
    const entries = readZipEntries();
    expect(entries.length).toBeGreaterThan(40_000);
    expect(entries.some((e) => ['FM', 'MH', 'PW'].includes(e.state))).toBe(false);
    // About 125 kB gzipped; the raw module must stay far below the package's 5 MB.
    expect(zipTableModuleSource(entries).length).toBeLessThan(300_000);
  });

  it('looks a ZIP up from the virtual module', async () => {
    expect(await lookupZip('78701')).toEqual({ city: 'Austin', state: 'TX' });
    expect(await lookupZip('10001')).toEqual({ city: 'New York', state: 'NY' });
    expect(await lookupZip('00000')).toBeUndefined();
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
