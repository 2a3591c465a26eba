/**
 * Notifications, end to end through the local front: a shipper buys a label in
 * the Create Label dialog with a recipient email; the local advance control moves it through its
 * carrier events (signed EasyPost events through the real webhook code) to delivered; the shipper's
 * "Delivered" mail and the recipient's "on its way" and "delivered" mails arrive in the outbox,
 * each once, with RFC 8058 unsubscribe headers; the recipient unsubscribes from the link in the
 * mail; the shipper's one-click POST (form-encoded, as mail providers send it) turns delivery mails
 * off, which the Profile page shows; and a setting is toggled and saved there.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createLabelThroughForm, sessionToken, signUp, topUpByCard, unique } from './helpers';
import { useLaptopPage } from './own-front';

const stamp = unique();
const shipper = { name: 'Nora Notice', email: `nora-${stamp}@example.com`, password: 'E2e-User-Pass1!' };
const recipientEmail = `grace-${stamp}@example.com`;
const from = { name: 'Nora Notice', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

interface OutboxMail {
  subject: string;
  text: string;
  headers?: Record<string, string>;
}
const outbox = async (request: APIRequestContext, address: string): Promise<OutboxMail[]> => {
  const res = await request.get(`/_local/outbox?to=${encodeURIComponent(address)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as OutboxMail[];
};
/** The subjects of `address`'s notice mails (sign-in codes left out), sorted. */
const noticeSubjects = async (request: APIRequestContext, address: string) =>
  (await outbox(request, address))
    .map((m) => m.subject)
    .filter((s) => !/code|Welcome|receipt/i.test(s))
    .sort();

test.describe.serial('tracking mails and their unsubscribe', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let tracking = '';

  useLaptopPage((p, errors) => ((page = p), (consoleErrors = errors)));

  test('a label bought with a recipient email in the dialog mails both sides as it is delivered, once each', async ({ request }) => {
    test.setTimeout(150_000);
    await signUp(page, request, shipper);
    await topUpByCard(page, '10', '$10.00');
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await createLabelThroughForm(page, { type: 'USPS Priority', weight: '2', size: ['4', '10', '6'], from, to, toEmail: recipientEmail }, '$6.00');
    await expect(page.getByText('Label Created Successfully')).toBeVisible({ timeout: 20_000 });

    const list = await request.get('/shipping/orders', { headers: { Authorization: `Bearer ${await sessionToken(page)}` } });
    const { orders } = (await list.json()) as { orders: { tracking: string; toEmail: string | null; to: Record<string, string> }[] };
    expect(orders[0]?.toEmail).toBe(recipientEmail);
    expect(orders[0]?.to).not.toHaveProperty('email');
    tracking = orders[0]!.tracking;

    // Advance through every planned carrier event, up to delivered.
    let status = '';
    for (let i = 0; i < 12 && status !== 'delivered'; i++) {
      const res = await page.request.post(`/_local/tracking/${encodeURIComponent(tracking)}/advance`);
      expect(res.status()).toBe(200);
      status = ((await res.json()) as { status: string }).status;
    }
    expect(status).toBe('delivered');

    await expect.poll(() => noticeSubjects(request, shipper.email)).toEqual([`Delivered: ${tracking}`]);
    await expect
      .poll(() => noticeSubjects(request, recipientEmail))
      .toEqual([`Your package is on its way: ${tracking}`, `Your package was delivered: ${tracking}`]);
    const [delivered] = (await outbox(request, shipper.email)).filter((m) => m.subject.startsWith('Delivered'));
    expect(delivered!.text).toContain(`/user-dashboard/tracking?number=${tracking}`);
    expect(delivered!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(delivered!.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/[^>]+\/notifications\/unsubscribe\?token=[^>]+>$/);
    const recipientMails = await outbox(request, recipientEmail);
    expect(recipientMails.every((m) => m.text.includes(`https://tools.usps.com/go/TrackConfirmAction?tLabels=${tracking}`))).toBe(true);
  });

  test("the recipient unsubscribes with the mail's link and its one button", async () => {
    const [mail] = (await outbox(page.request, recipientEmail)).filter((m) => m.subject.includes('delivered'));
    const link = /Unsubscribe: (\S+)/.exec(mail!.text)?.[1];
    expect(link).toContain('/unsubscribe?token=');
    const url = new URL(link!);
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toContainText(`${recipientEmail} gets no more tracking mails`);
  });

  test("the shipper's one-click POST (form-encoded) turns delivery mails off; the Profile page shows it and saves another setting", async ({ request }) => {
    const [mail] = (await outbox(request, shipper.email)).filter((m) => m.subject.startsWith('Delivered'));
    const oneClick = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const url = new URL(oneClick);
    const res = await request.post(url.pathname + url.search, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { unsubscribed: string }).unsubscribed).toBe('delivered');

    await page.goto('/user-dashboard/profile-edit');
    const section = page.getByRole('group', { name: 'Email notifications' });
    await expect(section.getByRole('checkbox', { name: 'A label is delivered' })).not.toBeChecked();
    await expect(section.getByRole('checkbox', { name: 'A label has a delivery problem' })).toBeChecked();
    const unused = section.getByRole('checkbox', { name: /still unused 5 days before/ });
    await expect(unused).not.toBeChecked();

    await unused.check();
    await section.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('group', { name: 'Email notifications' }).getByRole('checkbox', { name: /still unused 5 days before/ })).toBeChecked();

    // On a phone and on a desktop: no WCAG 2.1 AA finding, and nothing wider than the screen.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('button', { name: 'Save notification settings' })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `axe at ${width} px`,
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    expect(consoleErrors).toEqual([]);
  });
});
