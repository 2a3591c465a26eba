// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubAnswer } from './api-stub';
import { block, fillAddress, openLabelDialog, orderBody, recipient, sender, submitButton } from './label-dialog';
import { apiOrder, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { rowTexts } from './table-rows';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const box = { id: 'p2', name: 'Big Box', weight: 12, length: 20, width: 16, height: 12, isDefault: false, createdAt: '2025-03-02T00:00:00.000Z' };
const mailer = { id: 'p1', name: 'Mailer', weight: 0.5, length: 12, width: 9, height: 1, isDefault: true, createdAt: '2025-03-01T00:00:00.000Z' };

const numberField = (dialog: HTMLElement, name: string) => within(dialog).getByRole('spinbutton', { name });
/** The four parcel fields as the dialog shows them: weight, height, length, width. */
const parcel = (dialog: HTMLElement) =>
  ['Weight (lbs)', 'Height (in)', 'Length (in)', 'Width (in)'].map((n) => (numberField(dialog, n) as HTMLInputElement).value);
const packageSelect = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Saved package' });

describe('Create Label dialog: saved packages', () => {
  it('shows no select to a shipper with no saved packages', async () => {
    const { dialog, api } = await openLabelDialog();
    await waitFor(() => expect(api.calls('GET /auth/packages')).toHaveLength(1));
    expect(within(dialog).queryByRole('combobox', { name: 'Saved package' })).not.toBeInTheDocument();
    expect(parcel(dialog)).toEqual(['', '', '', '']);
  });

  it('fills the default package when it opens, then any package picked; fields stay free to edit', async () => {
    const { dialog, user } = await openLabelDialog({ 'GET /auth/packages': json([box, mailer]) });

    await waitFor(() => expect(parcel(dialog)).toEqual(['0.5', '1', '12', '9']));
    expect(packageSelect(dialog)).toHaveValue('p1');
    expect(
      within(packageSelect(dialog))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a saved package', 'Big Box (12 lb, 20 × 16 × 12 in)', 'Mailer (0.5 lb, 12 × 9 × 1 in) · default']);

    await user.selectOptions(packageSelect(dialog), 'p2');
    expect(parcel(dialog)).toEqual(['12', '12', '20', '16']);

    // An edit is the shipper's own figure: the select no longer names a package.
    await user.clear(numberField(dialog, 'Weight (lbs)'));
    await user.type(numberField(dialog, 'Weight (lbs)'), '9');
    expect(parcel(dialog)).toEqual(['9', '12', '20', '16']);
    expect(packageSelect(dialog)).toHaveValue('');
  });

  it('buys with the figures the default filled', async () => {
    const created = json({ label: apiOrder({ shipOrderId: 'o9' }), balance: 19, balanceCents: 1900, checkoutUrl: null }, 201);
    const { dialog, user, api } = await openLabelDialog({ 'GET /auth/packages': json([mailer]), 'POST /shipping/create-label': created });
    await waitFor(() => expect(parcel(dialog)).toEqual(['0.5', '1', '12', '9']));

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Label type' }), 'usps_priority');
    await fillAddress(user, block(dialog, 'Sender'), sender);
    await fillAddress(user, block(dialog, 'Recipient'), recipient);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment method' }), 'credits');
    await user.click(submitButton(dialog));

    await waitFor(() => expect(api.calls('POST /shipping/create-label')).toHaveLength(1));
    expect(api.calls('POST /shipping/create-label')[0]?.body).toEqual(orderBody('credits', { weight: 0.5, height: 1, length: 12, width: 9 }));
  });

  it('fills nothing over a figure typed before the packages came, and fills the default again at the next opening', async () => {
    let answer!: () => void;
    const packagesLater = new Promise<void>((resolve) => (answer = resolve));
    const slow: StubAnswer = async () => {
      await packagesLater;
      return Response.json([mailer]);
    };
    const { dialog, user } = await openLabelDialog({ 'GET /auth/packages': slow });
    await user.type(numberField(dialog, 'Weight (lbs)'), '4');
    answer();

    await waitFor(() => expect(packageSelect(dialog)).toBeInTheDocument());
    expect(parcel(dialog)).toEqual(['4', '', '', '']);
    expect(packageSelect(dialog)).toHaveValue('');

    // Closed and opened again: the body starts afresh, and the default fills the empty parcel.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Label' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    const again = await screen.findByRole('dialog', { name: 'Create Label' });
    await waitFor(() => expect(parcel(again)).toEqual(['0.5', '1', '12', '9']));
  });
});

const caption = 'Saved Packages';

async function renderPage(answers: Record<string, StubAnswer>) {
  const api = stubApi({ 'GET /auth/profile': json(apiUser()), ...answers });
  const user = userEvent.setup();
  renderAt('/user-dashboard/packages');
  await screen.findByRole('button', { name: 'Add Package' });
  return { api, user };
}

const field = (name: string) => screen.getByRole(name === 'Name' ? 'textbox' : 'spinbutton', { name });

async function fillForm(user: UserEvent, figures: Record<string, string>) {
  for (const [name, value] of Object.entries(figures)) await user.type(field(name), value);
}

describe('Saved Packages page', () => {
  it('lists the packages, the default marked, each with Make default or Remove default and Delete', async () => {
    await renderPage({ 'GET /auth/packages': json([box, mailer]) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Packages' })).toBeInTheDocument();
    await screen.findByText('Big Box');
    expect(rowTexts(caption).map((row) => row.map((cell) => cell.trim()))).toEqual([
      ['Big Box', '12 lb, 20 × 16 × 12 in', 'Make default Delete'],
      ['MailerDefault', '0.5 lb, 12 × 9 × 1 in', 'Remove default Delete'],
    ]);
  });

  it('refuses the form with the label form messages and sends nothing', async () => {
    const { api, user } = await renderPage({ 'GET /auth/packages': json([]) });
    await fillForm(user, { Name: 'Crate', 'Weight (lbs)': '71', 'Length (in)': '109' });
    await user.click(screen.getByRole('button', { name: 'Add Package' }));

    expect(await screen.findByText('Must be at most 70')).toBeInTheDocument();
    expect(screen.getByText('Must be at most 108')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(api.calls('POST /auth/packages')).toHaveLength(0);
  });

  it('saves a package as the default, says so and empties the form; a duplicate name shows the 409', async () => {
    const { api, user } = await renderPage({
      'GET /auth/packages': json([]),
      'POST /auth/packages': json({ ...box, isDefault: true }, 201),
    });
    await fillForm(user, { Name: 'Big Box', 'Weight (lbs)': '12', 'Length (in)': '20', 'Width (in)': '16', 'Height (in)': '12' });
    await user.click(screen.getByRole('checkbox', { name: 'Use it by default for new labels' }));
    api.set('GET /auth/packages', json([{ ...box, isDefault: true }]));
    await user.click(screen.getByRole('button', { name: 'Add Package' }));

    expect(await screen.findByText('Package saved')).toBeInTheDocument();
    expect(api.calls('POST /auth/packages')[0]?.body).toEqual({ name: 'Big Box', weight: 12, length: 20, width: 16, height: 12, isDefault: true });
    expect(await screen.findByText('Default')).toBeInTheDocument();
    for (const name of ['Name', 'Weight (lbs)', 'Length (in)', 'Width (in)', 'Height (in)']) expect((field(name) as HTMLInputElement).value).toBe('');

    api.set('POST /auth/packages', json({ message: 'A package with this name is already saved.' }, 409));
    await fillForm(user, { Name: 'big box', 'Weight (lbs)': '1', 'Length (in)': '2', 'Width (in)': '3', 'Height (in)': '4' });
    await user.click(screen.getByRole('button', { name: 'Add Package' }));
    expect(await screen.findByText('A package with this name is already saved.')).toBeInTheDocument();
    expect(field('Name')).toHaveValue('big box');
  });

  it('makes a package the default, removes the default, and deletes one after confirmation', async () => {
    const { api, user } = await renderPage({
      'GET /auth/packages': json([box, mailer]),
      'PUT /auth/packages/p2/default': json({ ...box, isDefault: true }),
      'DELETE /auth/packages/p1/default': json({ ...mailer, isDefault: false }),
      'DELETE /auth/packages/p2': json({ message: 'Package deleted' }),
    });
    await screen.findByText('Big Box');

    await user.click(screen.getByRole('button', { name: 'Make default: Big Box' }));
    await waitFor(() => expect(api.calls('PUT /auth/packages/p2/default')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove default: Mailer' }));
    await waitFor(() => expect(api.calls('DELETE /auth/packages/p1/default')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Delete Big Box' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this package?' });
    api.set('GET /auth/packages', json([mailer]));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Package deleted')).toBeInTheDocument();
    expect(api.calls('DELETE /auth/packages/p2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Big Box')).not.toBeInTheDocument());
  });
});
