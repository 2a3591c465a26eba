/**
 * Four eyes on money, end to end: admin A credits a new person's wallet $150.00 (over the $100
 * second-admin threshold) through Adjust; the app says it waits for a second admin and the balance
 * stays $0.00. A sees the request on Approvals without an Approve button, and the API refuses A's
 * own approval with nothing moved. Admin B approves it and the balance becomes $150.00. The Audit
 * page lists B's adjustment above A's request, the Admin filter narrows it to A's, and the CSV of
 * that filter holds that one record. The tests run in order on one page, against a front of their
 * own seeded with a second admin (no route makes one), whose audit log no other worker writes to.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { sessionToken, signIn, signOut, signUp, underLock, unique } from './helpers';
import { adminsSeeder, useOwnFrontPage } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 54;
test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

const adminA = e2eAdmin;
const adminB = { email: 'second-admin@prepaidship.local', password: 'E2e-Admin-Pass2!' };
const person = { name: 'Pat Payee', email: `pat-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const reason = 'Goodwill credit for a parcel lost in transit';
const request150 = `Credit $150.00 to ${person.name} (${person.email})`;

/** Admin B's sign-in takes its turn with the run's other admin sign-ins, as A's does in signIn. */
const signInAsB = (page: Page, request: APIRequestContext) => underLock('admin-sign-in', () => signIn(page, request, adminB));

/** The person's row on the admin's Users page, and its Balance cell. */
async function personBalance(page: Page) {
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const row = page.getByRole('table', { name: 'All users' }).getByRole('row').filter({ hasText: person.email });
  return row.getByRole('cell').nth(3);
}

test.describe.serial('four eyes on money', () => {
  const own = useOwnFrontPage(FRONT_PORT, { ADMIN_EMAIL: adminA.email, ADMIN_PASSWORD: adminA.password }, [adminsSeeder([adminB])]);

  test('a new person signs up with an empty wallet', async ({ request }) => {
    test.setTimeout(60_000);
    await signUp(own.page, request, person);
    await expect(own.page.getByText(/^Balance: /)).toHaveText('Balance: $0.00');
    await signOut(own.page);
  });

  test('admin A credits $150.00: it waits for a second admin and the balance stays $0.00', async ({ request }) => {
    test.setTimeout(90_000);
    await signIn(own.page, request, adminA);
    await expect(own.page).toHaveURL(/\/admin-dashboard$/);
    const balance = await personBalance(own.page);
    await expect(balance).toHaveText('$0.00');

    await own.page.getByRole('button', { name: `Adjust balance of ${person.email}` }).click();
    const dialog = own.page.getByRole('dialog', { name: `Adjust balance of ${person.name}` });
    await expect(dialog.getByText('Over $100.00 a second admin must approve it.', { exact: false })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('150.00');
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    await expect(own.page.getByText('Waiting for a second admin')).toBeVisible();
    await expect(own.page.getByText('another admin approves it on the Approvals page', { exact: false })).toBeVisible();
    await expect(dialog).toBeHidden();
    // Nothing moved: the list read again from the server still says $0.00.
    await own.page.reload();
    await expect(await personBalance(own.page)).toHaveText('$0.00');
  });

  test('admin A sees the request but cannot approve it: no button, and the API refuses with nothing moved', async ({ request }) => {
    test.setTimeout(60_000);
    await own.page.getByRole('link', { name: 'Approvals' }).click();
    await expect(own.page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    const row = own.page.getByRole('table', { name: 'Requests waiting for a second admin' }).getByRole('row').filter({ hasText: person.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(request150);
    await expect(row).toContainText(reason);
    await expect(row).toContainText(adminA.email);
    await expect(row).toContainText('Another admin decides');
    await expect(row.getByRole('button')).toHaveCount(0);

    const auth = { Authorization: `Bearer ${await sessionToken(own.page)}` };
    const listed = await request.get('/admin/approvals?status=pending', { headers: auth });
    expect(listed.status()).toBe(200);
    const approvals = ((await listed.json()) as { approvals: { id: string; status: string; subject: { email: string } }[] }).approvals;
    const mine = approvals.filter((a) => a.subject.email === person.email);
    expect(mine).toHaveLength(1);
    const refused = await request.post(`/admin/approvals/${mine[0]!.id}/approve`, { headers: auth, data: {} });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('You asked for this yourself: a second admin must decide it.');
    const after = await request.get('/admin/approvals?status=pending', { headers: auth });
    expect(((await after.json()) as { approvals: { id: string }[] }).approvals.map((a) => a.id)).toContain(mine[0]!.id);
    await expect(await personBalance(own.page)).toHaveText('$0.00');
    await signOut(own.page);
  });

  test('admin B approves it on Approvals and the balance becomes $150.00', async ({ request }) => {
    test.setTimeout(90_000);
    await signInAsB(own.page, request);
    await expect(own.page).toHaveURL(/\/admin-dashboard$/);
    await own.page.getByRole('link', { name: 'Approvals' }).click();
    await expect(own.page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    await own.page.getByRole('button', { name: `Approve: ${request150}` }).click();
    const dialog = own.page.getByRole('dialog', { name: 'Approve as second admin' });
    await expect(dialog).toContainText(`${request150}, asked by ${adminA.email}: ${reason}`);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(own.page.getByText('Nothing waits for a second admin')).toBeVisible();

    await own.page.getByRole('button', { name: 'All requests' }).click();
    const row = own.page.getByRole('table', { name: 'All second-admin requests' }).getByRole('row').filter({ hasText: person.email });
    await expect(row).toContainText(`approved by ${adminB.email}`);

    await expect(await personBalance(own.page)).toHaveText('$150.00');
  });

  test("the Audit page lists B's adjustment above A's request, filters by admin, and exports the filtered CSV", async () => {
    test.setTimeout(90_000);
    await own.page.getByRole('link', { name: 'Audit' }).click();
    await expect(own.page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
    const table = own.page.getByRole('table', { name: 'Audit log, newest first' });
    const rows = table.getByRole('row').filter({ hasText: person.email });
    await expect(rows).toHaveCount(2);
    // Newest first: B's approval made the adjustment after A asked for it.
    await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText('Adjustment');
    await expect(rows.nth(0)).toContainText(`${adminB.email} (asked by ${adminA.email})`);
    await expect(rows.nth(0).getByRole('cell').nth(5)).toHaveText('$0.00');
    await expect(rows.nth(0).getByRole('cell').nth(6)).toHaveText('$150.00');
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('Adjustment asked (second admin)');
    await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText(adminA.email);
    await expect(rows.nth(1).getByRole('cell').nth(6)).toHaveText('$0.00');
    for (const row of [rows.nth(0), rows.nth(1)]) {
      await expect(row.getByRole('cell').nth(4)).toHaveText('$150.00');
      await expect(row).toContainText(reason);
    }

    // The Admin filter: only A's request, and the filter is in the address.
    await own.page.getByRole('searchbox', { name: 'Admin (email or id)' }).fill(adminA.email);
    await expect(own.page).toHaveURL(new RegExp(`[?&]actor=${encodeURIComponent(adminA.email).replace(/\./g, '\\.')}`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Adjustment asked (second admin)');

    const download = own.page.waitForEvent('download');
    await own.page.getByRole('button', { name: /^Export CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('prepaidship-audit-all.csv');
    const bytes = await readFile(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    const columns = (header ?? '').split(',');
    expect(lines).toHaveLength(1);
    const cells = Object.fromEntries((lines[0] ?? '').split(',').map((cell, i) => [columns[i], cell]));
    expect(cells).toMatchObject({
      action: 'adjustment.requested',
      actorEmail: adminA.email,
      subjectEmail: person.email,
      amountCents: '15000',
      balanceBeforeCents: '0',
      balanceAfterCents: '0',
      reason,
    });
    await signOut(own.page);
    expect(own.consoleErrors).toEqual([]);
  });
});
