/**
 * Webhooks end to end, through the real front, handlers and DynamoDB Local: a shop adds an endpoint
 * on the Webhooks page (a tiny HTTP receiver this test starts on 127.0.0.1 and stops), is shown its
 * signing secret once, buys a label, and the receiver gets a label.created that the documented check
 * accepts under that secret; the delivery log shows it delivered, Resend sends it again, and Delete
 * removes the endpoint. The tests run in order on one page, as one person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../domain/webhook-signature';
import { buyLabelWithCredits, collectConsoleErrors, signUp, topUpByCard, unique } from './helpers';

const person = { name: 'Wes Hooks', email: `wes-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const sender = { name: 'Wes Hooks', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const recipient = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

interface Got {
  signature: string;
  body: string;
}

test.describe.serial('webhooks', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let server: Server;
  let url = '';
  let secret = '';
  const received: Got[] = [];

  test.beforeAll(async ({ browser }) => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (c: string) => (body += c));
      req.on('end', () => {
        received.push({ signature: String(req.headers['prepaidship-signature']), body });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const menuLink = (name: string) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });

  test('a new account tops up $10 by card', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '10', '$10.00');
  });

  test('adds an endpoint for label.created and is shown its secret once', async () => {
    await menuLink('Webhooks').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();

    // No event chosen: the form says so and sends nothing.
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    await expect(page.getByText('Choose at least one event')).toBeVisible();

    await page.getByText('A label was bought').click();
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    await expect(page.getByText('Webhook endpoint added')).toBeVisible();
    secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText(url, { exact: true })).toBeVisible();

    // Shown once: after a reload the list has the endpoint but no secret.
    await page.reload();
    await expect(page.getByText(url, { exact: true })).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
  });

  test('a label bought sends a label.created the documented check accepts', async ({ request }) => {
    const tracking = await buyLabelWithCredits(page, request, sender, recipient);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [got] = received;
    expect(verifyWebhookSignature(got!.signature, got!.body, secret)).toBe(true);
    const event = JSON.parse(got!.body) as { type: string; data: unknown };
    expect(event.type).toBe('label.created');
    expect(JSON.stringify(event.data)).toContain(tracking);
  });

  test('the delivery log shows it delivered, and Resend sends it again', async () => {
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('table', { name: `Deliveries to ${url}` });
    const row = log.getByRole('row').filter({ hasText: 'label.created' });
    await expect(row).toContainText('delivered');
    await expect(row).toContainText('HTTP 200');
    await row.getByRole('button', { name: /^Resend label.created/ }).click();
    await expect(page.getByText('Delivery sent again')).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.body).toBe(received[0]!.body);
  });

  test('Delete removes the endpoint', async () => {
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Webhook endpoint deleted')).toBeVisible();
    await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
