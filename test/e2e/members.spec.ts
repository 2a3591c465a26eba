/**
 * Team members end to end, through the real handlers and DynamoDB Local: an owner invites a person
 * on the Team page; the person accepts from the link mailed to the local outbox and buys a label
 * from the team's wallet; the owner sees the label, the balance and who spent it; the owner removes
 * the member, whose next request signs them out. A viewer reads the team's pages without a button
 * the server would refuse. Three people, three browser contexts, in order.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { balanceBadge, collectConsoleErrors, createLabelThroughForm, mailsTo, shipmentRow, signUp, topUpByCard, unique } from './helpers';

const owner = { name: 'Olga Owner', email: `olga-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const member = { name: 'Ann Member', email: `ann-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const viewer = { name: 'Vic Viewer', email: `vic-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const sender = { name: 'Olga Owner', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' };
const recipient = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

test.describe.serial('team members', () => {
  let ownerPage: Page;
  let memberPage: Page;
  let viewerPage: Page;
  const errors: string[][] = [];

  test.beforeAll(async ({ browser }) => {
    ownerPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    memberPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    viewerPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    errors.push(collectConsoleErrors(ownerPage));
  });

  test.afterAll(async () => {
    await ownerPage.context().close();
    await memberPage.context().close();
    await viewerPage.context().close();
  });

  /** Opens the invitation mailed to `email` on `page` and joins the team as `role`. */
  async function acceptInvitation(page: Page, request: APIRequestContext, email: string, role: string) {
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await mailsTo(request, email)).find((m) => m.subject.includes('invited you'));
        link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .toContain('invite=');
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await page.getByRole('button', { name: 'Join the team' }).click();
    await expect(page.getByText(`You joined ${owner.name}'s team as ${role}`)).toBeVisible();
  }

  const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });

  test('the owner tops up $10 and invites a shipper on the Team page', async ({ request }) => {
    test.setTimeout(120_000);
    await signUp(ownerPage, request, owner);
    await topUpByCard(ownerPage, '10', '$10.00');
    await signUp(memberPage, request, member);

    await menuLink(ownerPage, 'Team').click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(ownerPage.getByText(/No members yet/)).toBeVisible();
    await ownerPage.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
    await ownerPage.getByRole('combobox', { name: 'Role' }).selectOption('shipper');
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${member.email}`)).toBeVisible();
    await expect(ownerPage.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(member.email) })).toContainText('Invited');
  });

  test('the member accepts from the mailed link and sees the team wallet', async ({ request }) => {
    await acceptInvitation(memberPage, request, member.email, 'shipper');
    await expect(memberPage.getByTestId('team-membership')).toContainText(`${owner.name}'s team`);
    await expect(balanceBadge(memberPage)).toHaveText('Balance: $10.00');
  });

  test("the member buys a label from the owner's wallet", async () => {
    await menuLink(memberPage, 'Shipping Labels').click();
    await createLabelThroughForm(memberPage, { type: 'USPS Priority', weight: '2', size: ['4', '10', '6'], from: sender, to: recipient }, '$6.00');
    await expect(memberPage.getByText('Label Created Successfully')).toBeVisible({ timeout: 15_000 });
    await expect(balanceBadge(memberPage)).toHaveText('Balance: $4.00');
  });

  test('the owner sees the label, the balance and who spent it', async () => {
    await ownerPage.reload();
    await expect(balanceBadge(ownerPage)).toHaveText('Balance: $4.00');
    await menuLink(ownerPage, 'Shipping Labels').click();
    await expect(shipmentRow(ownerPage, 'Grace Hopper')).toHaveCount(1);
    await menuLink(ownerPage, 'Account Wallet').click();
    await expect(ownerPage.getByRole('row').filter({ hasText: `by ${member.name}` })).toContainText('-$6.00');
  });

  test("a viewer reads the team's labels and pages, with no button the server would refuse", async ({ request }) => {
    test.setTimeout(120_000);
    await signUp(viewerPage, request, viewer);
    await menuLink(ownerPage, 'Team').click();
    await ownerPage.getByRole('textbox', { name: 'Email', exact: true }).fill(viewer.email);
    await ownerPage.getByRole('combobox', { name: 'Role' }).selectOption('viewer');
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${viewer.email}`)).toBeVisible();
    await acceptInvitation(viewerPage, request, viewer.email, 'viewer');

    await menuLink(viewerPage, 'Shipping Labels').click();
    const row = shipmentRow(viewerPage, 'Grace Hopper');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: /^Refund label/ })).toHaveCount(0);
    await expect(viewerPage.getByRole('button', { name: 'Create Label' })).toHaveCount(0);
    const pages: [string, string, string][] = [
      ['Manage Addresses', 'Manage Addresses', 'Add an Address'],
      ['Saved Packages', 'Saved Packages', 'Add a Package'],
      ['Batch Labels', 'Batch Labels', 'Upload'],
      ['Shipping Day', 'Shipping Day', 'Make SCAN form'],
    ];
    for (const [link, heading, absent] of pages) {
      await menuLink(viewerPage, link).click();
      await expect(viewerPage.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(viewerPage.getByRole('button', { name: absent, exact: true }).or(viewerPage.getByRole('heading', { name: absent }))).toHaveCount(0);
    }
    // The owner's pages say whose they are, and the wallet offers no top-up or withdrawal.
    for (const [link, note] of [
      ['API Keys', "API keys are managed by the team's owner."],
      ['Webhooks', "Webhook endpoints are managed by the team's owner."],
    ]) {
      await menuLink(viewerPage, link!).click();
      await expect(viewerPage.getByText(note!)).toBeVisible();
    }
    await menuLink(viewerPage, 'Account Wallet').click();
    await expect(balanceBadge(viewerPage)).toHaveText('Balance: $4.00');
    await expect(viewerPage.getByRole('button', { name: /Add Balance|Withdraw/ })).toHaveCount(0);
  });

  test('the owner removes the member, who is signed out at once', async () => {
    await menuLink(ownerPage, 'Team').click();
    const row = ownerPage.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(member.email) });
    await expect(row).toContainText('Joined');
    await row.getByRole('button', { name: `Delete ${member.name}` }).click();
    const confirm = ownerPage.getByRole('alertdialog', { name: 'Remove this member?' });
    await expect(confirm).toContainText('signed out at once');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(ownerPage.getByText('Member removed')).toBeVisible();
    await expect(row).toHaveCount(0);

    // The member's next request answers 401, and the app sends them to sign in.
    await menuLink(memberPage, 'Account Wallet').click();
    await expect(memberPage).toHaveURL(/\/login/, { timeout: 15_000 });
    expect(errors.flat().filter((e) => !/401|403/.test(e))).toEqual([]);
  });
});
