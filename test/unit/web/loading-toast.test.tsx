// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { useToasterStore } from 'react-hot-toast';
import { isValidElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@/app/theme';
import { withLoadingToast, type LoadingNotice } from '@/components/notify';
import { AppToaster } from '@/components/toaster';
import { setupToastTests } from './toast-test-setup';

setupToastTests();

/** The visible toasts, newest first, as "type: title"; `data-total` counts the dismissed ones too. */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  const title = (message: unknown) => (isValidElement<{ title?: string }>(message) ? message.props.title : String(message));
  return (
    <p aria-label="visible toasts" data-total={toasts.length}>
      {toasts
        .filter((t) => t.visible)
        .map((t) => `${t.type}: ${title(t.message)}`)
        .join(', ')}
    </p>
  );
}

function renderToaster() {
  render(
    <ChakraProvider value={system}>
      <AppToaster />
      <VisibleToasts />
    </ChakraProvider>,
  );
  return screen.getByLabelText('visible toasts');
}

/** Starts a wait under a loading toast; `end` settles it through the notice, then the work returns. */
function startWait(title: string) {
  let end!: (settle: (notice: LoadingNotice) => void) => void;
  const done = withLoadingToast(title, (notice) => new Promise<void>((resolve) => (end = (settle) => (settle(notice), resolve()))));
  return { done, end: (settle: (notice: LoadingNotice) => void) => act(async () => (end(settle), await done)) };
}

describe('loading toasts', () => {
  it('stays for as long as the wait, past the 4 s of other toasts, then turns into the success toast in its place', async () => {
    vi.useFakeTimers();
    const visible = renderToaster();
    const wait = await act(async () => startWait('Creating label…'));
    expect(visible).toHaveTextContent(/^loading: Creating label…$/);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(visible).toHaveTextContent(/^loading: Creating label…$/);

    await wait.end((notice) => notice.success('Label Created Successfully', 'Order ID: o9'));
    expect(visible).toHaveTextContent(/^success: Label Created Successfully$/);
    // One toast, the same one: no dismissed loading toast beside it in the store.
    expect(visible).toHaveAttribute('data-total', '1');
    // The success toast lasts the usual 4 s from when it turned.
    await act(() => vi.advanceTimersByTimeAsync(3_999));
    expect(visible).toHaveTextContent('success: Label Created Successfully');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(visible).toHaveTextContent(/^$/);
  });

  it('turns into the error toast of the same action', async () => {
    const visible = renderToaster();
    const wait = await act(async () => startWait('Downloading 9400.pdf…'));
    await wait.end((notice) => notice.error('Failed to download PDF. Please try again.'));
    expect(visible).toHaveTextContent(/^error: Failed to download PDF\. Please try again\.$/);
  });

  it('goes when the wait ends with nothing to say, or throws: it never outlives its wait', async () => {
    const visible = renderToaster();
    const wait = await act(async () => startWait('Downloading receipt…'));
    expect(visible).toHaveTextContent('loading: Downloading receipt…');
    await wait.end(() => undefined);
    expect(visible).toHaveTextContent(/^$/);

    const failing = act(() => withLoadingToast('Creating label…', () => Promise.reject(new Error('boom'))));
    await expect(failing).rejects.toThrow('boom');
    expect(visible).toHaveTextContent(/^$/);
  });

  it('answers once: a second outcome after the first is ignored', async () => {
    const visible = renderToaster();
    const wait = await act(async () => startWait('Creating label…'));
    await wait.end((notice) => {
      notice.success('Label Created Successfully');
      notice.error('Order Creation Failed');
      notice.dismiss();
    });
    expect(visible).toHaveTextContent(/^success: Label Created Successfully$/);
  });
});
