// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '@domain/money';
import { LABEL_TYPES } from '@domain/pricing';
import { json, stubApi } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { rowTexts } from './table-rows';

setupPageTests();

async function renderPage(path: string, user = apiUser()) {
  signInAs(user);
  stubApi({ 'GET /auth/profile': json(user), 'GET /auth/addresses': json([]) });
  const person = userEvent.setup();
  const router = renderAt(path);
  await screen.findByRole('heading', { level: 1, name: 'FAQ' });
  return { user: person, router };
}

const question = (name: string) => screen.getByRole('button', { name });

describe('FAQ page', () => {
  it('opens and closes an answer', async () => {
    const { user } = await renderPage('/user-dashboard/faq');
    const weight = question('What is the maximum weight of a package?');
    expect(weight).toHaveAttribute('aria-expanded', 'false');

    await user.click(weight);
    expect(weight).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(/70 lbs\. A label can be bought/)).toBeVisible();

    await user.click(weight);
    expect(weight).toHaveAttribute('aria-expanded', 'false');
  });

  it("gives SPEC's facts: withdrawals, deposits, using a label and the text line", async () => {
    const { user } = await renderPage('/user-dashboard/faq');
    await user.click(question('Can I withdraw credits I have not used?'));
    await user.click(question('How fast are deposits added to my balance?'));
    await user.click(question('How long can I wait before shipping with a label?'));
    await user.click(question('How can I reach support?'));

    expect(await screen.findByText(/Yes, once every 30 days\. On Account Wallet choose Withdraw balance/)).toBeInTheDocument();
    expect(screen.getByText(/Card deposits are instant.*Crypto deposits take a few minutes/)).toBeInTheDocument();
    expect(screen.getByText(/within about 2 days/)).toBeInTheDocument();
    expect(screen.getByText(/support text line: contact support for the number/)).toBeInTheDocument();
  });

  it("lists every label type's prices from the catalogue", async () => {
    const { user } = await renderPage('/user-dashboard/faq');
    await user.click(question('How much does a label cost?'));
    await screen.findByRole('table', { name: 'Label prices' });

    expect(rowTexts('Label prices')).toEqual(LABEL_TYPES.map((t) => [t.name, formatUsd(t.lightCents), formatUsd(t.heavyCents)]));
  });

  it('links Contact Support to the support page of its area', async () => {
    const { user, router } = await renderPage('/user-dashboard/faq');
    const contact = screen.getByRole('link', { name: 'Contact Support' });
    expect(contact).toHaveAttribute('href', '/user-dashboard/support');

    await user.click(contact);
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-dashboard/support');
  });

  it("is the admins' FAQ too, linking to the admin support page", async () => {
    await renderPage('/admin-dashboard/faq', apiUser({ id: 'u9', role: 'admin' }));
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/admin-dashboard/support');
  });
});
