/**
 * Phones end to end, through the real handlers and DynamoDB Local: at 375 px
 * every list is a stack of cards that shows each column's header beside a real row's value, with
 * its actions working (tracking, the PDF, a withdrawal, deleting an address, the admin's Adjust and
 * Reject); the page never scrolls sideways; the dashboard header keeps the logo; a toast stays clear
 * of the header's logo, badge and avatar, and goes when its page is left. At 1280 px the tables are
 * back. Phil signs up and tops up at 1280 px, then does the rest on a phone; the admin follows.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { balanceBadge, buyLabelWithCredits, collectConsoleErrors, signIn, signOut, signUp, topUpByCard, type E2eAddress, unique } from './helpers';

const phil = { name: 'Phil Phones', email: `phil-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const office: E2eAddress = { name: 'Austin Office', street: '700 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const recipient: E2eAddress = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };
const rejection = 'Please spend the credit on labels first';

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 900 };
const dateTime = /\d{4}/;

test.describe.serial('phones', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let tracking = '';

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: desktop });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  /** The card list named `caption`, and its cards. */
  const cardList = (caption: string) => page.getByRole('list', { name: caption });
  const cards = (caption: string) => cardList(caption).getByRole('listitem');

  /** A card's fields as a person reads them: each header (dt) and the value beside it (dd), in order. */
  const fieldsOf = (card: Locator) =>
    card.evaluate((li) => [...li.querySelectorAll('dt')].map((dt) => [dt.textContent?.trim() ?? '', dt.nextElementSibling?.textContent?.trim() ?? '']));

  /** Checks a card shows exactly `expected`'s headers, in order, each with its value (a string or a pattern). */
  async function expectCard(card: Locator, expected: [string, string | RegExp][]) {
    await expect(card).toBeVisible();
    const fields = await fieldsOf(card);
    expect(fields.map(([header]) => header)).toEqual(expected.map(([header]) => header));
    expected.forEach(([header, value], i) => {
      const shown = fields[i]?.[1] ?? '';
      if (typeof value === 'string') expect(shown, header).toBe(value);
      else expect(shown, header).toMatch(value);
    });
    // The whole card is on the screen: nothing hides off its right edge.
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
  }

  /** The page does not scroll sideways at 375 px. */
  async function expectNoSidewaysScroll() {
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity)).toBeLessThanOrEqual(phone.width);
  }

  /** Opens the phone's menu drawer and follows `name` (a client-side navigation). */
  async function openFromMenu(name: string, menu = 'Dashboard') {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('navigation', { name: menu }).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  const header = () => page.getByRole('banner');
  const logo = () => header().getByRole('link', { name: 'PrepaidShip' });
  const avatar = () => header().getByRole('button', { name: /^Account menu for/ });

  test('Phil signs up and tops up $25 by card at 1280 px', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, phil);
    await topUpByCard(page, '25', '$25.00');
  });

  test('on a phone the header keeps the logo, and the wallet lists the top-up as a card', async () => {
    await page.setViewportSize(phone);
    await expect(logo()).toBeVisible();
    const logoBox = await logo().boundingBox();
    expect(logoBox && logoBox.x >= 0 && logoBox.x + logoBox.width <= phone.width).toBe(true);
    await expect(balanceBadge(page)).toBeVisible();
    await expect(avatar()).toBeVisible();

    await expect(page.getByRole('table')).toHaveCount(0);
    await expectCard(cards('Recent Transactions').filter({ hasText: '$25.00' }), [
      ['Date/Time', dateTime],
      ['Amount', '$25.00'],
      ['Type', 'Top-up'],
      ['Payment Type', 'Card'],
      ['Status', 'completed'],
      ['Details', '—'],
      ['Receipt', /Receipt/],
    ]);
    await expectNoSidewaysScroll();
  });

  test("saving an address: its toast stays clear of the header's logo, badge and avatar, and goes when the page is left", async () => {
    await openFromMenu('Manage Addresses');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(office.name);
    await page.getByRole('textbox', { name: 'Street', exact: true }).fill(office.street);
    await page.getByRole('textbox', { name: 'ZIP', exact: true }).pressSequentially(office.zip);
    await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue(office.city);
    await page.getByRole('button', { name: 'Add Address' }).click();

    const toast = page.getByRole('status').filter({ hasText: 'Address saved' });
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    // Where the toast comes to rest (past its entrance): on the screen, clear of the header's logo, badge and avatar.
    const clashes = async () => {
      const toastBox = await toast.boundingBox();
      if (!toastBox || toastBox.y < 0 || toastBox.y + toastBox.height > phone.height) return ['off screen'];
      const hits: string[] = [];
      for (const [name, target] of [
        ['logo', logo()],
        ['badge', balanceBadge(page)],
        ['avatar', avatar()],
      ] as const) {
        const box = await target.boundingBox();
        if (!box) hits.push(`${name} missing`);
        else if (
          toastBox.x < box.x + box.width &&
          box.x < toastBox.x + toastBox.width &&
          toastBox.y < box.y + box.height &&
          box.y < toastBox.y + toastBox.height
        )
          hits.push(name);
      }
      return hits;
    };
    await expect.poll(clashes, { timeout: 1_000 }).toEqual([]);

    // The toast was about this page: it goes with it, before its 4 s are up.
    await expect(toast).toBeVisible();
    await openFromMenu('Shipping Labels');
    await expect(toast).toBeHidden({ timeout: 1_500 });
    expect(Date.now() - shownAt).toBeLessThan(4_000);

    await openFromMenu('Manage Addresses');
    await expectCard(cards('Saved Addresses').filter({ hasText: office.name }), [
      ['Name', office.name],
      // The optional fields left blank read as a dash.
      ['Company', '—'],
      ['Street', office.street],
      ['City', office.city],
      ['State', office.state],
      ['ZIP', office.zip],
      ['Country', office.country],
      ['Phone', '—'],
      ['Actions', 'Delete'],
    ]);
    await expectNoSidewaysScroll();
  });

  test('a label bought from the saved address shows every column in its card; Tracking and PDF work', async ({ request }) => {
    tracking = await buyLabelWithCredits(page, request, office, recipient);
    await page.goto('/user-dashboard');
    await expect(balanceBadge(page)).toHaveText('Balance: $19.00');
    const card = cards('Shipments').filter({ hasText: tracking });
    await expectCard(card, [
      ['#', '1'],
      ['From', 'Austin Office, Austin'],
      ['To', 'Grace Hopper, New York'],
      ['Type', 'USPS Priority'],
      ['Weight', '2 lbs'],
      ['Ship date', /^\d{2}\/\d{2}\/\d{4}$/],
      ['Status', 'created'],
      ['Package', 'pre transit'],
      // The scheduled poll may already have brought the sandbox's first carrier event.
      ['Last event', /^(—|Shipping Label Created, USPS Awaiting Item.*)$/],
      ['Tracking', tracking],
      ['PDF', 'PDF'],
      ['Refund', 'Refund label'],
      ['Return', 'Create return label'],
      ['Receipt', /Receipt/],
    ]);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSidewaysScroll();
    await page.screenshot({ path: 'test-results/phones-shipments-375.png', fullPage: true });

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: `Download PDF for ${tracking}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${tracking}.pdf`);
    expect((await readFile(await file.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');

    await card.getByRole('link', { name: `Track ${tracking}` }).click();
    await expect(page).toHaveURL(new RegExp(`/user-dashboard/tracking\\?number=${tracking}$`));
    await expectCard(cards('Checkpoints').filter({ hasText: 'Shipping Label Created' }), [
      ['Time', dateTime],
      ['Status', 'Pre-Transit'],
      ['Location', 'AUSTIN, TX'],
      ['Details', /Shipping Label Created/],
    ]);
    await expectNoSidewaysScroll();
  });

  test('the wallet shows the label and a withdrawal request as cards', async () => {
    await openFromMenu('Account Wallet');
    await expectCard(cards('Recent Transactions').filter({ hasText: '-$6.00' }), [
      ['Date/Time', dateTime],
      ['Amount', '-$6.00'],
      ['Type', 'Label'],
      ['Payment Type', 'Wallet'],
      ['Status', 'completed'],
      ['Details', '—'],
      ['Receipt', /Receipt/],
    ]);

    await page.getByRole('button', { name: 'Withdraw balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw balance' });
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('5');
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(dialog).toBeHidden();
    await expectCard(cards('Withdrawal requests').first(), [
      ['Requested', dateTime],
      ['Amount', '$5.00'],
      ['Status', 'pending'],
      ['Details', '—'],
    ]);
    await expectNoSidewaysScroll();
  });

  test('at 1280 px the same lists are tables again, in a scroll area a keyboard can reach', async () => {
    await page.setViewportSize(desktop);
    const table = page.getByRole('table', { name: 'Recent Transactions' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: '-$6.00' })).toContainText('Label');
    await expect(cardList('Recent Transactions')).toHaveCount(0);
    const region = page.getByRole('region', { name: 'Recent Transactions' });
    await region.focus();
    await expect(region).toBeFocused();

    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await expect(page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: tracking })).toContainText('USPS Priority');
    await expect(cardList('Shipments')).toHaveCount(0);
    await page.setViewportSize(phone);
  });

  test('deleting the saved address from its card asks first, then the card goes', async () => {
    await openFromMenu('Manage Addresses');
    const card = cards('Saved Addresses').filter({ hasText: office.name });
    await card.getByRole('button', { name: `Delete ${office.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(page.getByText(/No saved addresses yet/)).toBeVisible();
    await expectNoSidewaysScroll();
  });

  test('the admin on a phone: users, transactions and withdrawals as cards, with Adjust and Reject working', async ({ request }) => {
    test.setTimeout(60_000);
    await signOut(page);
    await signIn(page, request, e2eAdmin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(logo()).toBeVisible();

    await openFromMenu('Users', 'Admin');
    const user = cards('All users').filter({ hasText: phil.email });
    await expectCard(user, [
      ['ID', /\S+/],
      ['Name', phil.name],
      ['Email', phil.email],
      ['Balance', '$19.00'],
      ['On hold', '$5.00'],
      ['Role', 'user'],
      ['Actions', /Adjust/],
    ]);
    await expectNoSidewaysScroll();
    await user.getByRole('button', { name: `Adjust balance of ${phil.email}` }).click();
    const adjust = page.getByRole('dialog', { name: `Adjust balance of ${phil.name}` });
    await expect(adjust).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(adjust).toBeHidden();

    await openFromMenu('Transactions', 'Admin');
    await expectCard(cards('All top-up transactions').filter({ hasText: phil.email }), [
      ['ID', /\S+/],
      ['User ID', /\S+/],
      ['Name', phil.name],
      ['Email', phil.email],
      ['Order ID', '—'],
      ['Amount', '$25.00'],
      ['Type', 'Top-up'],
      ['Credit Type', 'Card'],
      ['Status', 'completed'],
    ]);
    await expectNoSidewaysScroll();

    await page.goto('/admin-dashboard/withdrawals');
    const asked = cards('Pending withdrawal requests').filter({ hasText: phil.email });
    await expectCard(asked, [
      ['Requested', dateTime],
      ['ID', /\S+/],
      ['User', `${phil.name} (${phil.email})`],
      ['Amount', '$5.00'],
      ['Status', 'pending'],
      ['Paid back', '—'],
      ['Actions', /Approve.*Reject/],
    ]);
    await expectNoSidewaysScroll();
    await page.screenshot({ path: 'test-results/phones-admin-withdrawals-375.png', fullPage: true });
    await asked.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(rejection);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
    await expect(asked).toHaveCount(0);
    await page.getByRole('button', { name: 'All requests' }).click();
    const decided = cards('All withdrawal requests').filter({ hasText: phil.email });
    await expect(decided).toContainText('rejected');
    await expect(decided).toContainText(rejection);
    expect(consoleErrors).toEqual([]);
  });
});
