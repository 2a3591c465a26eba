// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@/app/theme';
import { notifyError, notifyInfo, notifySuccess } from '@/components/notify';
import { dismissToastsOfOtherPages } from '@/components/page-toasts';
import { AppToaster } from '@/components/toaster';
import { mobileMediaQuery } from '@/hooks/use-is-mobile';
import { stubBrowserApis } from './browser-api-stubs';

beforeEach(() => {
  stubBrowserApis();
  window.history.replaceState(null, '', '/user-dashboard/address-management');
});

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const renderToaster = () =>
  render(
    <ChakraProvider value={system}>
      <AppToaster />
    </ChakraProvider>,
  );

const navigate = (path: string) =>
  act(() => {
    window.history.pushState(null, '', path);
    dismissToastsOfOtherPages();
  });

describe('page-bound toasts', () => {
  it('leaving the page dismisses its toasts; a toast raised on arrival stays, and a query change is the same page', async () => {
    renderToaster();
    act(() => {
      notifySuccess('Address saved');
      notifyError('Failed to fetch addresses.', undefined, 'addresses-fetch');
    });
    expect(await screen.findByText('Address saved')).toBeInTheDocument();

    navigate('/user-dashboard/transactions?checkout=cancelled');
    act(() => notifyInfo('Payment cancelled', undefined, 'checkout-return'));
    await vi.waitFor(() => expect(screen.queryByText('Address saved')).not.toBeInTheDocument());
    expect(screen.queryByText('Failed to fetch addresses.')).not.toBeInTheDocument();

    navigate('/user-dashboard/transactions');
    expect(screen.getByText('Payment cancelled')).toBeInTheDocument();
  });
});

describe('the toaster on a phone', () => {
  it('rises from the bottom, clear of the header and the menu drawer', () => {
    stubBrowserApis([mobileMediaQuery]);
    renderToaster();
    act(() => {
      notifySuccess('Label Created Successfully');
    });
    // react-hot-toast places each toast in a wrapper anchored to the container's top or bottom.
    const wrapper = screen.getByRole('status').closest('div[style*="bottom: 0"]');
    expect(wrapper).not.toBeNull();
    expect(screen.getByRole('status').closest('div[style*="top: 0"]')).toBeNull();
  });
});
