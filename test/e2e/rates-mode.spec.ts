/**
 * Rates mode seen by a shipper: a front of its own runs with PRICING_MODE=rates and the sandbox
 * carrier, which prices every USPS service from the price list by zone. The Create Label dialog lists
 * the services with their prices and delivery, the cheapest chosen; the same parcel costs more once
 * the recipient moves across the country; the purchase charges exactly the price the list showed.
 */
import { expect, test, type Locator } from '@playwright/test';
import { balanceBadge, fillAddress, signUp, topUpByCard, unique } from './helpers';
import { startOwnFront, type OwnFront } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 57;

const person = { name: 'Rita Rates', email: `rita-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Rita Rates', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
const acrossTown = { name: 'Bo Receiver', street: '2 Elm St', city: 'Austin', state: 'TX', zip: '78702' };
const acrossCountry = { name: 'Bo Receiver', street: '2 Elm St', city: 'Seattle', state: 'WA', zip: '98101' };

test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

/** A service's row when it is offered: its name followed by its price (Cubic's name only starts the same). */
const offered = (services: Locator, name: string) => services.getByRole('radio', { name: new RegExp(`^${name}\\s*\\$`) });

/** The whole item a radio sits in: its name, price, badges and delivery line. */
const itemOf = (radio: Locator) => radio.locator('xpath=ancestor::label[1]');

/** The Ground Advantage row's price in the dialog's service list, in cents. */
async function groundPrice(services: Locator): Promise<number> {
  const row = offered(services, 'USPS Ground Advantage');
  await expect(row).toBeEnabled({ timeout: 15_000 });
  const text = (await itemOf(row).innerText()).match(/\$(\d+)\.(\d\d)/);
  expect(text, 'the row shows its price').not.toBeNull();
  return Number(text![1]) * 100 + Number(text![2]);
}

test.describe.serial('rates mode', () => {
  let front: OwnFront | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    front = await startOwnFront(FRONT_PORT, { PRICING_MODE: 'rates' });
  });

  test.afterAll(async () => {
    await front?.stop();
  });

  test('the dialog lists every service priced by distance, the cheapest chosen, and the purchase charges its price', async ({ page, request }) => {
    test.setTimeout(180_000);
    await signUp(page, request, person);
    await topUpByCard(page, '50', '$50.00');
    await page.getByRole('link', { name: 'Shipping Labels' }).click();

    await page.getByRole('button', { name: 'Create Label' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Label' });
    await dialog.getByRole('spinbutton', { name: 'Weight (lbs)' }).fill('2');
    await dialog.getByRole('spinbutton', { name: 'Height (in)' }).fill('4');
    await dialog.getByRole('spinbutton', { name: 'Length (in)' }).fill('10');
    await dialog.getByRole('spinbutton', { name: 'Width (in)' }).fill('6');
    await fillAddress(dialog.getByRole('group', { name: 'Sender' }), from);
    await fillAddress(dialog.getByRole('group', { name: 'Recipient' }), acrossTown);

    const services = dialog.getByRole('radiogroup', { name: 'Service' });
    const town = await groundPrice(services);
    // Every listed service is shown; the cheapest (Ground Advantage for this parcel) is chosen.
    await expect(offered(services, 'USPS Priority Mail')).toBeEnabled();
    await expect(offered(services, 'USPS Priority Mail Express')).toBeEnabled();
    await expect(offered(services, 'USPS Ground Advantage')).toBeChecked();
    await expect(itemOf(offered(services, 'USPS Ground Advantage'))).toContainText('Cheapest');

    const recipient = dialog.getByRole('group', { name: 'Recipient' });
    await recipient.getByRole('textbox', { name: 'ZIP', exact: true }).fill(acrossCountry.zip);
    await recipient.getByRole('textbox', { name: 'City', exact: true }).fill(acrossCountry.city);
    await recipient.getByRole('combobox', { name: 'State', exact: true }).selectOption(acrossCountry.state);
    await expect.poll(() => groundPrice(services), { timeout: 15_000 }).toBeGreaterThan(town);
    const country = await groundPrice(services);

    await dialog.getByRole('combobox', { name: 'Payment method' }).selectOption({ label: 'Wallet credits' });
    const dollars = `$${(country / 100).toFixed(2)}`;
    await dialog.getByRole('button', { name: `Create Order ${dollars}` }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(balanceBadge(page)).toHaveText(`Balance: $${((5000 - country) / 100).toFixed(2)}`, { timeout: 15_000 });
    await expect(page.getByRole('table', { name: 'Shipments' })).toContainText('Bo Receiver, SeattleUSPS Ground Advantage');
  });
});
