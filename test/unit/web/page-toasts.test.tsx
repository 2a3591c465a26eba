// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast, useToasterStore } from 'react-hot-toast';
import { isValidElement } from 'react';
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

/** The titles of the toasts still marked visible, newest first (a dismissed toast lingers a moment for its exit animation). */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  const title = (message: unknown) => (isValidElement<{ title?: string }>(message) ? message.props.title : String(message));
  return (
    <p aria-label="visible toasts">
      {toasts
        .filter((t) => t.visible)
        .map((t) => title(t.message))
        .join(', ')}
    </p>
  );
}

const renderToaster = () =>
  render(
    <ChakraProvider value={system}>
      <AppToaster />
      <VisibleToasts />
    </ChakraProvider>,
  );

const navigate = (path: string) =>
  act(() => {
    window.history.pushState(null, '', path);
    dismissToastsOfOtherPages();
  });

describe('page-bound toasts', () => {
  it('leaving the page dismisses its toasts; a toast raised on arrival stays, and a query change is the same page', () => {
    renderToaster();
    const visible = screen.getByLabelText('visible toasts');
    act(() => {
      notifySuccess('Address saved');
      notifyError('Failed to fetch addresses.', undefined, 'addresses-fetch');
    });
    expect(visible).toHaveTextContent('Failed to fetch addresses., Address saved');

    navigate('/user-dashboard/transactions?checkout=cancelled');
    act(() => notifyInfo('Payment cancelled', undefined, 'checkout-return'));
    expect(visible).toHaveTextContent(/^Payment cancelled$/);

    navigate('/user-dashboard/transactions');
    expect(visible).toHaveTextContent(/^Payment cancelled$/);
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
