import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors } from './helpers';

const sections = [
  ['Home', 'home'],
  ['Prices', 'prices'],
  ['How To', 'howto'],
  ['Savings', 'savings'],
  ['Contact', 'contact'],
] as const;

// Weight 1 comes last: on wide screens the input starts at 1, so typing 1 first changes nothing.
const expected: [string, string[]][] = [
  ['30', ['$5.00', '$12.50', '$13.00', '$9.00']],
  ['31', ['$6.00', '$24.30', '$19.75', '$16.20']],
  ['70', ['$6.00', '$36.00', '$29.50', '$24.00']],
  ['1', ['$5.00', '$8.15', '$7.20', '$6.10']],
];

const figureIds = ['price-ours-value', 'price-uspsPrice-value', 'price-shippoPrice-value', 'price-pirateShipPrice-value'];

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

      // The counter answers with a number and replaces '--'.
      await expect(page.getByTestId('labels-count')).toHaveText(/^\d+$/);

      const nav = page.getByRole('navigation', { name: 'Page sections' });
      if (await nav.isVisible()) {
        for (const [label, id] of [...sections.slice(1), sections[0]]) {
          const button = nav.getByRole('button', { name: label, exact: true });
          await button.click();
          await expect(button).toHaveAttribute('aria-current', 'true');
          await expect(page.locator(`#${id}`)).toBeInViewport();
          // Once the smooth scroll settles, the scroll position still makes this button the active one.
          await page.waitForTimeout(900);
          await expect(button).toHaveAttribute('aria-current', 'true');
        }
      } else {
        expect(width).toBeLessThanOrEqual(768);
        for (const [, id] of sections) await expect(page.locator(`#${id}`)).toHaveCount(1);
      }

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
      await page.waitForTimeout(300);
      await page.screenshot({ path: `test-results/landing-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });
  });
}
