// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_DROPDOWN_CLOSE_MS } from '@domain/constants';
import { json } from './api-stub';
import { block, fillAddress, openLabelDialog, sender } from './label-dialog';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const home = { id: 'a1', name: 'Home', street: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' };
const unnamed = { id: 'a2', name: '', street: '500 Oak Rd', city: 'Austin', state: 'tx', zip: '73301' };

/** Focuses `side`'s street field, which opens its dropdown. */
async function openDropdown(dialog: HTMLElement, side: 'Sender' | 'Recipient') {
  const street = within(block(dialog, side)).getByRole('combobox', { name: 'Street' });
  act(() => street.focus());
  return street;
}

describe('saved-address dropdown', () => {
  it('shows each saved address under the side heading, with the Untitled Address fallback and no country when absent', async () => {
    const { dialog } = await openLabelDialog({ 'GET /auth/addresses': json([home, unnamed]) });
    const street = await openDropdown(dialog, 'Sender');

    expect(street).toHaveAttribute('aria-expanded', 'true');
    const list = await within(dialog).findByRole('listbox', { name: 'Saved Sender Addresses' });
    expect(street).toHaveAttribute('aria-controls', list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Home12 Main St, Springfield, IL 62701, US', 'Untitled Address500 Oak Rd, Austin, tx 73301']);
    expect(within(dialog).queryByText('Saved Recipient Addresses')).not.toBeInTheDocument();

    await openDropdown(dialog, 'Recipient');
    expect(await within(dialog).findByRole('listbox', { name: 'Saved Recipient Addresses' })).toBeInTheDocument();
  });

  it("says 'No saved addresses found' for an empty list", async () => {
    const { dialog } = await openLabelDialog({ 'GET /auth/addresses': json([]) });
    await openDropdown(dialog, 'Sender');
    expect(await within(dialog).findByText('No saved addresses found')).toBeInTheDocument();
    expect(within(dialog).getByText('Saved Sender Addresses')).toBeInTheDocument();
  });

  it("choosing an entry fills that side's address fields only and closes that side's dropdown", async () => {
    const { dialog, user } = await openLabelDialog({ 'GET /auth/addresses': json([home, unnamed]) });
    await openDropdown(dialog, 'Recipient');
    await user.click(await within(dialog).findByRole('option', { name: /^Untitled Address/ }));

    const recipient = within(block(dialog, 'Recipient'));
    expect(recipient.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(recipient.getByRole('combobox', { name: 'Street' })).toHaveValue('500 Oak Rd');
    expect(recipient.getByRole('textbox', { name: 'City' })).toHaveValue('Austin');
    expect(recipient.getByRole('combobox', { name: 'State' })).toHaveValue('TX');
    expect(recipient.getByRole('textbox', { name: 'ZIP' })).toHaveValue('73301');
    // A saved address without a country is a US one: the only kind of label sold.
    expect(recipient.getByRole('textbox', { name: 'Country' })).toHaveValue('US');
    expect(within(dialog).queryByText('Saved Recipient Addresses')).not.toBeInTheDocument();
    expect(within(block(dialog, 'Sender')).getByRole('combobox', { name: 'Street' })).toHaveValue('');
  });

  it("shows a saved address's company and second line, and choosing it fills them and its phone; another entry empties them", async () => {
    const office = { ...home, id: 'a3', name: 'Office', company: 'Main Street Books', street2: 'Suite 4', phone: '2175550100' };
    const { dialog, user } = await openLabelDialog({ 'GET /auth/addresses': json([office, home]) });
    await openDropdown(dialog, 'Sender');
    const option = await within(dialog).findByRole('option', { name: /^Office/ });
    expect(option).toHaveTextContent('OfficeMain Street Books, 12 Main St, Suite 4, Springfield, IL 62701, US');
    await user.click(option);

    const sender = within(block(dialog, 'Sender'));
    expect(sender.getByRole('textbox', { name: 'Company' })).toHaveValue('Main Street Books');
    expect(sender.getByRole('textbox', { name: 'Address line 2' })).toHaveValue('Suite 4');
    expect(sender.getByRole('textbox', { name: 'Phone' })).toHaveValue('217-555-0100');

    // Focus stayed in the street field: the arrow key opens its list again.
    await user.keyboard('{ArrowDown}');
    await user.click(await within(dialog).findByRole('option', { name: /^Home/ }));
    expect(sender.getByRole('textbox', { name: 'Company' })).toHaveValue('');
    expect(sender.getByRole('textbox', { name: 'Address line 2' })).toHaveValue('');
    expect(sender.getByRole('textbox', { name: 'Phone' })).toHaveValue('');
  });

  it('walks the entries with the arrow keys, chooses with Enter and closes on Escape without closing the dialog', async () => {
    const { dialog, user } = await openLabelDialog({ 'GET /auth/addresses': json([home, unnamed]) });
    const street = await openDropdown(dialog, 'Sender');
    await within(dialog).findByRole('listbox');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(street).toHaveAttribute('aria-activedescendant', within(dialog).getByRole('option', { name: /^Home/ }).id);
    expect(within(dialog).getByRole('option', { name: /^Home/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(within(block(dialog, 'Sender')).getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(await within(dialog).findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Label' })).toBeInTheDocument();
  });

  it(`closes ${ADDRESS_DROPDOWN_CLOSE_MS} ms after focus leaves the street field, not before`, async () => {
    const { dialog } = await openLabelDialog({ 'GET /auth/addresses': json([home]) });
    await openDropdown(dialog, 'Sender');
    await within(dialog).findByText('Saved Sender Addresses');

    vi.useFakeTimers();
    act(() => within(block(dialog, 'Sender')).getByRole('textbox', { name: 'City' }).focus());
    act(() => {
      vi.advanceTimersByTime(ADDRESS_DROPDOWN_CLOSE_MS - 1);
    });
    expect(within(dialog).getByText('Saved Sender Addresses')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(dialog).queryByText('Saved Sender Addresses')).not.toBeInTheDocument();
  });

  it("shows the empty state and one 'Failed to fetch addresses.' toast per opening when the list cannot load", async () => {
    const { api, dialog, user } = await openLabelDialog({ 'GET /auth/addresses': json({ message: 'Not implemented yet' }, 501) });
    expect(await screen.findByText('Failed to fetch addresses.')).toBeInTheDocument();
    await openDropdown(dialog, 'Sender');
    expect(await within(dialog).findByText('No saved addresses found')).toBeInTheDocument();
    await openDropdown(dialog, 'Recipient');
    expect(screen.getAllByText('Failed to fetch addresses.')).toHaveLength(1);
    // 501 is "not built yet": not retried.
    expect(api.calls('GET /auth/addresses')).toHaveLength(1);

    // Closed (the toast has timed out meanwhile) and opened again: asked again, told again.
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => toast.remove());
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    await waitFor(() => expect(api.calls('GET /auth/addresses')).toHaveLength(2));
    expect(await screen.findByText('Failed to fetch addresses.')).toBeInTheDocument();
  });
});

describe('Save Address', () => {
  it("saves that side's address, toasts 'Address saved' and offers it in the dropdown", async () => {
    let saved: unknown[] = [];
    const { api, dialog, user } = await openLabelDialog({
      'GET /auth/addresses': () => Response.json(saved),
      'POST /auth/addresses': ({ body }) => ((saved = [{ id: 'a9', ...(body as object) }]), Response.json(saved[0], { status: 201 })),
    });
    await fillAddress(user, block(dialog, 'Sender'), { ...sender, state: 'IL' });
    await user.click(within(block(dialog, 'Sender')).getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(api.calls('POST /auth/addresses').map((c) => c.body)).toEqual([{ ...sender, country: 'US' }]);
    await openDropdown(dialog, 'Recipient');
    expect(await within(dialog).findByRole('option', { name: /^Ann Lee/ })).toBeInTheDocument();
  });

  it("shows 'This address is already saved.' for a duplicate and 'Failed to add address.' for any failure", async () => {
    const { api, dialog, user } = await openLabelDialog({ 'POST /auth/addresses': json({ message: 'This address is already saved.' }, 409) });
    await fillAddress(user, block(dialog, 'Recipient'), sender);
    const save = within(block(dialog, 'Recipient')).getByRole('button', { name: 'Save Address' });
    await user.click(save);
    expect(await screen.findByText('Failed to add address.')).toBeInTheDocument();
    expect(screen.getByText('This address is already saved.')).toBeInTheDocument();

    act(() => toast.remove());
    api.set('POST /auth/addresses', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(save);
    expect(await screen.findByText('Failed to add address.')).toBeInTheDocument();
    expect(api.calls('POST /auth/addresses')).toHaveLength(2);
  });

  it("checks only that side's fields first and saves nothing while they are incomplete", async () => {
    const { api, dialog, user } = await openLabelDialog();
    await user.click(within(block(dialog, 'Sender')).getByRole('button', { name: 'Save Address' }));

    expect(await within(block(dialog, 'Sender')).findAllByText('Required')).toHaveLength(5);
    expect(within(block(dialog, 'Recipient')).queryByText('Required')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Label Type is required')).not.toBeInTheDocument();
    expect(api.calls('POST /auth/addresses')).toHaveLength(0);
  });
});
