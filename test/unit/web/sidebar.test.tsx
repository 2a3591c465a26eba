// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userMenu } from '@/app/layouts/dashboard-menus';
import { system } from '@/app/theme';
import { Sidebar, SidebarProvider, SidebarTrigger, sidebarCookie } from '@/components/sidebar';
import { mobileMediaQuery } from '@/hooks/use-is-mobile';
import { batchPagePath, paths } from '@/lib/paths';
import { stubBrowserApis } from './browser-api-stubs';

function renderSidebar(path = '/') {
  render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>
        <SidebarProvider>
          <SidebarTrigger />
          <Sidebar items={userMenu} label="Dashboard" />
        </SidebarProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return screen.getByRole('button', { name: 'Toggle sidebar' });
}

beforeEach(() => {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sidebar', () => {
  it('remembers its state for 7 days in the sidebar_state cookie', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
  });

  it('collapses to the icon rail with Ctrl+B, keeps it in the cookie, and reopens with Cmd+B', async () => {
    const user = userEvent.setup();
    const trigger = renderSidebar();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('complementary')).toHaveAttribute('data-state', 'expanded');

    await user.keyboard('{Control>}b{/Control}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('complementary')).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');
    // The rail shows icons only, but every link keeps its name for screen readers.
    expect(screen.getByRole('link', { name: 'Account Wallet' })).toHaveAttribute('href', '/user-dashboard/transactions');

    cleanup();
    const remounted = renderSidebar();
    expect(remounted).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Meta>}b{/Meta}');
    expect(remounted).toHaveAttribute('aria-expanded', 'true');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('toggles with the trigger button', async () => {
    const user = userEvent.setup();
    const trigger = renderSidebar();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists the user menu in the spec order, Batch Labels after Shipping Labels', () => {
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Shipping Labels',
      'Batch Labels',
      'Account Wallet',
      'Adjustments',
      'Shipping Day',
      'Track Package',
      'Manage Addresses',
      'Saved Packages',
      'Webhooks',
      'Profile',
      'API Keys',
      'Team',
      'FAQ',
      'Support',
    ]);
  });

  it("marks Batch Labels current on a batch's own page, and Shipping Labels (the area's index) only on its own path", () => {
    renderSidebar(batchPagePath('01BATCH'));
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Batch Labels' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Shipping Labels' })).not.toHaveAttribute('aria-current');
    cleanup();

    renderSidebar(paths.user.labels);
    const again = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(again).getByRole('link', { name: 'Shipping Labels' })).toHaveAttribute('aria-current', 'page');
    expect(within(again).getByRole('link', { name: 'Batch Labels' })).not.toHaveAttribute('aria-current');
  });

  it('is an off-canvas drawer on narrow screens, opened by the trigger and closed by a link', async () => {
    stubBrowserApis([mobileMediaQuery]);
    const user = userEvent.setup();
    const trigger = renderSidebar();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    const drawer = await screen.findByRole('dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(drawer).getByRole('link', { name: 'Profile' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
