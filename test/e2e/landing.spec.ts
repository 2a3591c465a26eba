import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors } from './helpers';

const sections = [
  ['Home', 'home'],
  ['Prices', 'prices'],
  ['How To', 'howto'],
  ['Savings', 'savings'],
  ['Contact', 'contact'],
] as const;

/** Each section but the first, with the one before it. */
const withPrevious = sections.slice(1).map((section, i) => ({ section, previous: sections[i] as (typeof sections)[number] }));

// Weight 1 comes last: on wide screens the input starts at 1, so typing 1 first changes nothing.
const expected: [string, string[]][] = [
  ['30', ['$5.00', '$12.50', '$13.00', '$9.00']],
  ['31', ['$6.00', '$24.30', '$19.75', '$16.20']],
  ['70', ['$6.00', '$36.00', '$29.50', '$24.00']],
  ['1', ['$5.00', '$8.15', '$7.20', '$6.10']],
];

const figureIds = ['price-ours-value', 'price-uspsPrice-value', 'price-shippoPrice-value', 'price-pirateShipPrice-value'];

type Box = { x: number; y: number; width: number; height: number } | null;

/** Whether two layout boxes share any pixel. */
function overlap(a: Box, b: Box): boolean {
  if (!a || !b) throw new Error('element has no layout box');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Jumps (no smooth scrolling) to `top`. */
async function scrollTo(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
}

async function checkCalculator(page: Page) {
  const input = page.getByLabel('Package weight (lbs)');
  for (const [weight, prices] of expected) {
    await input.fill(weight);
    for (const [i, id] of figureIds.entries()) await expect(page.getByTestId(id)).toHaveText(prices[i] as string);
  }
}

for (const width of [375, 1280]) {
  test.describe(`landing page at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 800 } });

    test('sections, side navigation, calculator, counter and a screenshot', async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Effortless Shipping Labels' })).toBeVisible();
      // The logo's package icon is drawn beside the name.
      const logoIcon = page.getByRole('link', { name: 'PrepaidShip' }).locator('svg');
      await expect(logoIcon).toBeVisible();
      expect((await logoIcon.boundingBox())?.width).toBe(24);

      // The counter answers with a number and replaces '--'.
      await expect(page.getByTestId('labels-count')).toHaveText(/^\d+$/);

      // The fixed navigation shows at both widths: a column at the left, a bar at the bottom on phones.
      const nav = page.getByRole('navigation', { name: 'Page sections' });
      await expect(nav).toBeVisible();
      for (const [label] of sections) await expect(nav.getByRole('button', { name: label, exact: true })).toBeInViewport({ ratio: 1 });

      // Each button scrolls its section to 80 px below the top of the screen and becomes the active one.
      for (const [label, id] of [...sections.slice(1), sections[0]]) {
        const button = nav.getByRole('button', { name: label, exact: true });
        await button.click();
        await expect(button).toHaveAttribute('aria-current', 'true');
        await expect(page.locator(`#${id}`)).toBeInViewport();
        // The smooth scroll ends 80 px above the section, unless the page starts or ends before that
        // (polled, so the test waits for the scroll however long it takes, not a fixed time).
        await expect
          .poll(() =>
            page.locator(`#${id}`).evaluate((el) => {
              const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
              const top = el.getBoundingClientRect().top + window.scrollY;
              return Math.abs(window.scrollY - Math.min(Math.max(0, top - 80), maxScroll));
            }),
          )
          .toBeLessThanOrEqual(2);
        // Once the scroll has settled there, the scroll position still makes this button the active one.
        await expect(button).toHaveAttribute('aria-current', 'true');
        await expect(nav.locator('[aria-current="true"]')).toHaveCount(1);
        // The navigation never sits on the section's heading.
        expect(overlap(await page.locator(`#${id}-title`).boundingBox(), await nav.boundingBox())).toBe(false);
      }

      // Scrolling by hand moves the active button: a section is active once its top reaches scroll position + 100 px.
      for (const {
        section: [label, id],
        previous: [previousLabel],
      } of withPrevious) {
        const sectionTop = await page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        if (sectionTop - 100 >= maxScroll - 2) continue; // a short last section is active only at the very end (below)
        await scrollTo(page, Math.floor(sectionTop) - 101);
        await expect(nav.getByRole('button', { name: previousLabel, exact: true })).toHaveAttribute('aria-current', 'true');
        await scrollTo(page, Math.ceil(sectionTop) - 100);
        await expect(nav.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-current', 'true');
      }
      await scrollTo(page, 1e6);
      await expect(nav.getByRole('button', { name: 'Contact', exact: true })).toHaveAttribute('aria-current', 'true');

      // At the very end nothing hides under the navigation: the footer's support link is above a bottom bar.
      const link = page.getByRole('link', { name: /^Contact support:/ });
      await expect(link).toBeInViewport({ ratio: 1 });
      expect(overlap(await link.boundingBox(), await nav.boundingBox())).toBe(false);
      if (width <= 768) {
        const navBox = await nav.boundingBox();
        expect(navBox?.width).toBe(width);
        expect((navBox?.y ?? 0) + (navBox?.height ?? 0)).toBeCloseTo(await page.evaluate(() => window.innerHeight), 0);
      }
      await scrollTo(page, 0);
      await expect(nav.getByRole('button', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'true');

      await page.locator('#savings').scrollIntoViewIfNeeded();
      const input = page.getByLabel('Package weight (lbs)');
      if (width <= 768) await expect(input).toHaveValue('');
      else await expect(input).toHaveValue('1');
      await checkCalculator(page);

      // No horizontal scrolling at any width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByLabel('Package weight (lbs)').fill('');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.screenshot({ path: `test-results/landing-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  });
}
