// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from './api-stub';
import { stubBrowserApis } from './browser-api-stubs';
import { setupPageTests } from './page-test-setup';
import { renderAt } from './render-route';
import { rowTexts } from './table-rows';

setupPageTests();

const mobileQuery = '(max-width: 768px)';

async function renderLanding({ mobile = false, counter = json({ count: 1234 }) } = {}) {
  if (mobile) stubBrowserApis([mobileQuery]);
  const api = stubApi({ 'GET /api/counter': counter });
  const user = userEvent.setup();
  renderAt('/');
  await screen.findByRole('heading', { level: 1, name: 'Effortless Shipping Labels' });
  return { user, api };
}

const figure = (key: string) => screen.getByTestId(`price-${key}-value`);
const figures = () => ['ours', 'uspsPrice', 'shippoPrice', 'pirateShipPrice'].map((k) => figure(k).textContent);
const savings = () => ['uspsPrice', 'shippoPrice', 'pirateShipPrice'].map((k) => screen.getByTestId(`saving-${k}`).textContent);
const colours = () => ['uspsPrice', 'shippoPrice', 'pirateShipPrice'].map((k) => figure(k).dataset.colour);

describe('landing page', () => {
  it('has the five anchors in order, the features, the payment methods and the side navigation', async () => {
    await renderLanding();
    const ids = [...document.querySelectorAll('main section[id]')].map((s) => s.id);
    expect(ids).toEqual(['home', 'prices', 'howto', 'savings', 'contact']);
    for (const f of ['Fast shipping', 'Print labels', 'Email support']) expect(screen.getByText(f)).toBeInTheDocument();
    expect(screen.getAllByText(/debit card, Apple Pay or crypto/).length).toBeGreaterThan(0);
    const nav = screen.getByRole('navigation', { name: 'Page sections' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Home', 'Prices', 'How To', 'Savings', 'Contact']);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(within(document.getElementById('contact')!).getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/login');
    // With the default end date (in the past) the promo block is not there.
    expect(screen.queryByText('DEPOSIT $10 RECEIVE $5 CREDIT!')).not.toBeInTheDocument();
  });

  it("has SPEC's section order: hero, promo, counter, three other sections, savings, final section; the third names only what the dashboard does", async () => {
    await renderLanding();
    const headings = [...document.querySelectorAll('main h1, main h2')].map((h) => h.textContent);
    expect(headings).toEqual(['Effortless Shipping Labels', 'USPS Prices', 'How To Ship', 'Why PrepaidShip', 'Savings', 'Ready to ship?']);
    // The counter sits between the hero and the first of the three.
    const counter = screen.getByTestId('labels-count');
    expect(document.getElementById('home')!.compareDocumentPosition(counter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(counter.compareDocumentPosition(document.getElementById('prices')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // No anchor of its own: the side navigation keeps SPEC's five.
    const why = screen.getByRole('region', { name: 'Why PrepaidShip' });
    expect(why).not.toHaveAttribute('id');
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.firstElementChild?.textContent),
    ).toEqual(['Track every package', 'Saved addresses', 'Batch labels', 'Delivery emails', 'Receipts and exports', 'Your credit back']);
    expect(why).toHaveTextContent('up to 500 packages');
    expect(why).toHaveTextContent('once every 30 days');
  });

  it('shows the product: a 4x6 label drawing named for assistive technology, marked SAMPLE', async () => {
    await renderLanding();
    const drawing = within(document.getElementById('home')!).getByRole('img', { name: 'Sample 4 by 6 inch USPS Priority Mail label made with PrepaidShip' });
    expect(drawing.tagName.toLowerCase()).toBe('svg');
    expect(drawing.getAttribute('viewBox')).toBe('0 0 400 600');
    for (const part of ['FROM', 'SHIP TO', 'USPS PRIORITY MAIL', 'USPS TRACKING #', 'SAMPLE']) expect(within(drawing).getByText(part)).toBeInTheDocument();
    expect(drawing.querySelectorAll('rect').length).toBeGreaterThan(30);
  });

  it('states the refund promise as the refund feature keeps it, and no invented claims', async () => {
    await renderLanding();
    const promise = screen.getByRole('complementary', { name: "Didn't use a label? Get your money back." });
    expect(promise).toHaveTextContent('up to 30 days after its purchase');
    expect(promise).toHaveTextContent('label USPS has not scanned');
    expect(promise).toHaveTextContent('once the carrier confirms the refund');
    const text = document.querySelector('main')!.textContent ?? '';
    for (const claim of [/24\/7/, /79389/, /in a minute/i, /testimonial/i]) expect(text).not.toMatch(claim);
  });

  it('shows the price table of SPEC section 9', async () => {
    await renderLanding();
    expect(rowTexts('USPS label prices per label')).toEqual([
      ['USPS Priority Flat Rate', '$5.00', '$5.00'],
      ['USPS Priority', '$6.00', '$7.00'],
      ['USPS Ground Advantage', '$5.00', '$6.00'],
    ]);
  });

  it("shows '--' until the counter answers, then the count 500 ms later", async () => {
    let answer!: (r: Response) => void;
    await renderLanding({ counter: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const count = screen.getByTestId('labels-count');
    expect(count).toHaveTextContent('--');
    answer(Response.json({ count: 4321 }));
    await new Promise((r) => setTimeout(r, 250));
    expect(count).toHaveTextContent('--');
    await vi.waitFor(() => expect(count).toHaveTextContent('4321'), { timeout: 2000 });
  });

  it("keeps '--' when the counter fails, never an invented number, with a console warning and no toast", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderLanding({ counter: json({ message: 'boom' }, 500) });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.getByTestId('labels-count')).toHaveTextContent(/^--$/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
  });
});

describe('savings calculator', () => {
  it('starts with the initial figures and a number input at 1 on wide screens', async () => {
    await renderLanding();
    const input = screen.getByRole('spinbutton', { name: 'Package weight (lbs)' });
    expect(input).toHaveValue(1);
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '70');
    expect(figures()).toEqual(['$5.00', '$8.10', '$6.08', '$5.57']);
    expect(savings()).toEqual(['You save $3.10', 'You save $1.08', 'You save $0.57']);
    expect(colours()).toEqual(['red', 'orange', 'green']);
  });

  it.each([
    ['1', ['$5.00', '$8.15', '$7.20', '$6.10'], ['You save $3.15', 'You save $2.20', 'You save $1.10']],
    ['30', ['$5.00', '$12.50', '$13.00', '$9.00'], ['You save $7.50', 'You save $8.00', 'You save $4.00']],
    ['31', ['$6.00', '$24.30', '$19.75', '$16.20'], ['You save $18.30', 'You save $13.75', 'You save $10.20']],
    ['70', ['$6.00', '$36.00', '$29.50', '$24.00'], ['You save $30.00', 'You save $23.50', 'You save $18.00']],
    ['100', ['$6.00', '$36.00', '$29.50', '$24.00'], ['You save $30.00', 'You save $23.50', 'You save $18.00']],
    ['0', ['$5.00', '$8.15', '$7.20', '$6.10'], ['You save $3.15', 'You save $2.20', 'You save $1.10']],
  ])('for weight %s shows our price, the competitors and the savings', async (weight, prices, saved) => {
    const { user } = await renderLanding();
    const input = screen.getByRole('spinbutton', { name: 'Package weight (lbs)' });
    await user.clear(input);
    await user.type(input, weight);
    expect(figures()).toEqual(prices);
    expect(savings()).toEqual(saved);
  });

  it('colours a competitor orange at exactly $3 over ours and red above', async () => {
    const { user } = await renderLanding();
    const input = screen.getByRole('spinbutton', { name: 'Package weight (lbs)' });
    await user.clear(input);
    await user.type(input, '5'); // Other label service A: 7 + 0.2 * 5 = 8.00, ours 5.00
    expect(figure('shippoPrice')).toHaveTextContent('$8.00');
    expect(colours()).toEqual(['red', 'orange', 'orange']);
    await user.clear(input);
    await user.type(input, '6'); // 8.20: 3.20 over
    expect(colours()).toEqual(['red', 'red', 'orange']);
  });

  it('uses an empty text input on narrow screens; invalid input counts as 1 and weights are clamped', async () => {
    const { user } = await renderLanding({ mobile: true });
    const input = screen.getByRole('textbox', { name: 'Package weight (lbs)' });
    expect(input).toHaveValue('');
    expect(figures()).toEqual(['$5.00', '$8.10', '$6.08', '$5.57']);

    await user.type(input, 'abc');
    expect(figures()).toEqual(['$5.00', '$8.15', '$7.20', '$6.10']);
    expect(screen.getByText('Prices for 1 lb')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '31.9');
    expect(figures()).toEqual(['$6.00', '$24.30', '$19.75', '$16.20']);

    await user.clear(input);
    await user.type(input, '250');
    expect(screen.getByText('Prices for 70 lbs')).toBeInTheDocument();
    expect(figures()).toEqual(['$6.00', '$36.00', '$29.50', '$24.00']);
  });

  it.each([
    ['-5', 1],
    ['1', 1],
    ['2', 2],
    ['29.99', 29],
    ['30', 30],
    ['31', 31],
    ['69', 69],
    ['70', 70],
    ['71', 70],
  ])('reads %j on narrow screens as %i whole pounds', async (typed, pounds) => {
    const { user } = await renderLanding({ mobile: true });
    await user.type(screen.getByRole('textbox', { name: 'Package weight (lbs)' }), typed);
    expect(screen.getByText(`Prices for ${pounds} lb${pounds === 1 ? '' : 's'}`)).toBeInTheDocument();
    expect(figure('ours')).toHaveTextContent(pounds > 30 ? '$6.00' : '$5.00');
  });

  it('puts the weight it prices in the field when the field is left, with a note saying why (100 shows 70)', async () => {
    const { user } = await renderLanding();
    const input = screen.getByRole('spinbutton', { name: 'Package weight (lbs)' });
    await user.clear(input);
    await user.type(input, '100');
    expect(screen.getByText('Prices for 70 lbs')).toBeInTheDocument();
    expect(screen.getByTestId('weight-note')).toHaveTextContent('Labels go up to 70 lbs, so 100 counts as 70.');
    await user.tab();
    expect(input).toHaveValue(70);
    expect(input).toHaveAccessibleDescription(/Prices for 70 lbs.*Labels go up to 70 lbs, so 100 counts as 70\./);
    expect(figures()[0]).toBe('$6.00');

    // A weight taken as typed needs no note.
    await user.clear(input);
    await user.type(input, '12');
    expect(screen.queryByTestId('weight-note')).not.toBeInTheDocument();
  });

  it.each([
    ['31.9', '31', 'Weights count in whole pounds, so 31.9 counts as 31.'],
    ['abc', '1', 'The lightest weight is 1 lb, so abc counts as 1.'],
    ['-5', '1', 'The lightest weight is 1 lb, so -5 counts as 1.'],
  ])('on narrow screens shows %j as %s when left, with a note', async (typed, shown, note) => {
    const { user } = await renderLanding({ mobile: true });
    const input = screen.getByRole('textbox', { name: 'Package weight (lbs)' });
    await user.type(input, typed);
    await user.tab();
    expect(input).toHaveValue(shown);
    expect(screen.getByTestId('weight-note')).toHaveTextContent(note);
  });

  it('counts an emptied input as 1 lb', async () => {
    const { user } = await renderLanding({ mobile: true });
    const input = screen.getByRole('textbox', { name: 'Package weight (lbs)' });
    await user.type(input, '45');
    expect(screen.getByText('Prices for 45 lbs')).toBeInTheDocument();
    await user.clear(input);
    expect(screen.getByText('Prices for 1 lb')).toBeInTheDocument();
    expect(figures()).toEqual(['$5.00', '$8.15', '$7.20', '$6.10']);
  });
});
