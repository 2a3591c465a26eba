/**
 * The rest of the user's area end to end, through the real handlers and DynamoDB Local: a new
 * person saves an address on Manage Addresses (city and state filled from the offline ZIP table;
 * company, second street line and phone too), finds it in the label dialog's saved-address dropdown
 * (choosing it fills every field), buys a label from it with credits, tracks
 * that label (the sandbox tracker's first checkpoint), sends a support request that lands in the
 * local outbox, and opens an FAQ answer. The tests run in order on one page, as one person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { buyLabelWithCredits, collectConsoleErrors, mailsTo, signUp, topUpByCard, type E2eAddress, unique } from './helpers';

const person = { name: 'Ursula User', email: `ursula-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const home: E2eAddress = { name: 'Austin Office', street: '700 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
/** The saved address's optional fields, typed as people write them. */
const homeDetails = { company: 'Congress Books', street2: 'Suite 300', phone: '(512) 555-0100' };
const recipient: E2eAddress = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };
const supportMessage = `My label ${Date.now()} shows no scans yet. Is that normal?`;

test.describe.serial('user area', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  /** Every URL the page asked for, in order. */
  const requested: string[] = [];
  let tracking = '';

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
    page.on('request', (r) => requested.push(r.url()));
  });

  test.afterAll(async () => {
    await page.close();
  });

  /** A link of the dashboard's sidebar. */
  const menuLink = (name: string) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
  const zipTableLoads = () => requested.filter((url) => /zip-table[^/]*\.json$/.test(url));

  test('a new account tops up $10 by card', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '10', '$10.00');
    // The landing, account and wallet pages never fetch the ZIP table.
    expect(zipTableLoads()).toEqual([]);
  });

  test('saves an address on Manage Addresses, its city and state filled from the ZIP', async () => {
    await menuLink('Manage Addresses').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Addresses' })).toBeVisible();
    await expect(page.getByText(/No saved addresses yet/)).toBeVisible();

    const sent = requested.length;
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(home.name);
    await page.getByRole('textbox', { name: 'Company', exact: true }).fill(homeDetails.company);
    await page.getByRole('textbox', { name: 'Street', exact: true }).fill(home.street);
    await page.getByRole('textbox', { name: 'Address line 2', exact: true }).fill(homeDetails.street2);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(homeDetails.phone);
    await page.getByRole('textbox', { name: 'ZIP', exact: true }).pressSequentially(home.zip);
    await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Austin');
    await expect(page.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('TX');
    await expect(page.getByRole('textbox', { name: 'Country', exact: true })).toHaveValue('US');
    // The table came with the app: one file from this origin, no call to any ZIP service.
    expect(zipTableLoads()).toHaveLength(1);
    const origin = new URL(page.url()).origin;
    expect(requested.slice(sent).filter((url) => !url.startsWith(origin))).toEqual([]);

    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('Address saved')).toBeVisible();
    const row = page.getByRole('table', { name: 'Saved Addresses' }).getByRole('row', { name: /Austin Office/ });
    await expect(row).toContainText('Congress Books');
    await expect(row).toContainText('700 Congress Ave, Suite 300');
    await expect(row).toContainText('78701');
    // The phone as its ten digits came back, shown as people read it.
    await expect(row).toContainText('512-555-0100');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue('');

    // The same place again is refused.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Austin again');
    await page.getByRole('textbox', { name: 'Street', exact: true }).fill(home.street.toUpperCase());
    await page.getByRole('textbox', { name: 'Address line 2', exact: true }).fill(homeDetails.street2.toUpperCase());
    await page.getByRole('textbox', { name: 'ZIP', exact: true }).fill(home.zip);
    await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Austin');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('Failed to add address.')).toBeVisible();
    await expect(page.getByText('This address is already saved.')).toBeVisible();
  });

  test("offers the saved address in the label dialog's sender dropdown", async () => {
    await menuLink('Shipping Labels').click();
    await page.getByRole('button', { name: 'Create Label' }).click();
    const sender = page.getByRole('dialog', { name: 'Create Label' }).getByRole('group', { name: 'Sender' });
    await sender.getByRole('combobox', { name: 'Street', exact: true }).focus();
    const list = sender.getByRole('listbox', { name: 'Saved Sender Addresses' });
    await list.getByRole('option', { name: /Austin Office/ }).click();

    await expect(sender.getByRole('combobox', { name: 'Street', exact: true })).toHaveValue(home.street);
    await expect(sender.getByRole('textbox', { name: 'City', exact: true })).toHaveValue(home.city);
    await expect(sender.getByRole('combobox', { name: 'State', exact: true })).toHaveValue(home.state);
    await expect(sender.getByRole('textbox', { name: 'ZIP', exact: true })).toHaveValue(home.zip);
    await expect(sender.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue(homeDetails.company);
    await expect(sender.getByRole('textbox', { name: 'Address line 2', exact: true })).toHaveValue(homeDetails.street2);
    await expect(sender.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('512-555-0100');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Create Label' })).toBeHidden();
  });

  test('buys a label from the saved address with credits', async ({ request }) => {
    tracking = await buyLabelWithCredits(page, request, home, recipient);
    expect(tracking).toMatch(/^\d{20,34}$/);
  });

  test('tracks the label: Pre-Transit, created in Austin', async () => {
    await menuLink('Track Package').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Track Package' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Tracking number' }).fill(tracking);
    await page.getByRole('button', { name: 'Track Package' }).click();

    const result = page.getByRole('region', { name: 'Tracking result' });
    await expect(result.getByText('Pre-Transit').first()).toBeVisible();
    await expect(result.getByText('USPS Priority Mail')).toBeVisible();
    const courier = result.getByRole('link', { name: /Track on USPS\.com/ });
    await expect(courier).toHaveAttribute('href', new RegExp(`usps\\.com.*${tracking}`));
    await expect(courier).toHaveAttribute('target', '_blank');
    const checkpoint = result.getByRole('table', { name: 'Checkpoints' }).getByRole('row', { name: /Shipping Label Created/ });
    await expect(checkpoint).toContainText('AUSTIN, TX');
    await expect(page).toHaveURL(new RegExp(`/user-dashboard/tracking\\?number=${tracking}$`));
    // Writing the number to the address does not track it a second time.
    expect(requested.filter((url) => url.endsWith('/shipping/track'))).toHaveLength(1);
  });

  test("the shipments table's tracking link tracks on arrival, and so does a reload; an unknown number says so", async () => {
    // The label was bought behind the SPA's back: load the shipments list afresh.
    await page.goto('/user-dashboard');
    await page
      .getByRole('table', { name: 'Shipments' })
      .getByRole('link', { name: `Track ${tracking}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/user-dashboard/tracking\\?number=${tracking}$`));
    await expect(page.getByRole('textbox', { name: 'Tracking number' })).toHaveValue(tracking);
    await expect(page.getByRole('table', { name: 'Checkpoints' }).getByText(/Shipping Label Created/)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Tracking number' })).toHaveValue(tracking);
    await expect(page.getByRole('table', { name: 'Checkpoints' }).getByText(/Shipping Label Created/)).toBeVisible();

    await page.getByRole('textbox', { name: 'Tracking number' }).fill('9400100000000000000000');
    await page.getByRole('button', { name: 'Track Package' }).click();
    await expect(page.getByText('Failed to track package')).toBeVisible();
    await expect(page.getByText('We could not find a package with that tracking number.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tracking result' })).toBeHidden();
  });

  test('sends a support request that reaches the support inbox', async ({ request }) => {
    await menuLink('Support').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
    await page.getByRole('combobox', { name: 'Subject' }).selectOption('Shipping Label Problems');
    await page.getByRole('textbox', { name: 'Message' }).fill(supportMessage);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText(`Thanks! We'll reply to ${person.email} soon.`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect
      .poll(async () => (await mailsTo(request, 'support@prepaidship.local')).find((m) => m.text.includes(supportMessage))?.subject)
      .toBe('[Support] Shipping Label Problems');
    const mail = (await mailsTo(request, 'support@prepaidship.local')).find((m) => m.text.includes(supportMessage));
    expect(mail?.text).toContain(person.email);
  });

  test('the FAQ opens an answer and leads to support', async () => {
    await menuLink('FAQ').click();
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    const question = page.getByRole('button', { name: 'Can I withdraw credits I have not used?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/Yes, once every 30 days\. On Account Wallet choose Withdraw balance/)).toBeVisible();

    await page.getByRole('link', { name: 'Contact Support' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/support$/);
  });

  test('no console errors but the expected refusals (409 duplicate, 404 unknown number)', () => {
    expect(consoleErrors.filter((e) => !/Failed to load resource: the server responded with a status of (409|404)/.test(e))).toEqual([]);
  });
});
