// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { toast, useToasterStore } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/toaster';
import { setupToastTests } from './toast-test-setup';

setupToastTests();

/** What the toaster shows: the messages of the toasts still marked visible, newest first. */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  return (
    <p aria-label="visible toasts">
      {toasts
        .filter((t) => t.visible)
        .map((t) => String(t.message))
        .join(', ')}
    </p>
  );
}

function renderToaster() {
  render(
    <>
      <AppToaster />
      <VisibleToasts />
    </>,
  );
  return screen.getByLabelText('visible toasts');
}

describe('AppToaster', () => {
  it('shows at most 3 toasts, dismissing the oldest first', () => {
    const visible = renderToaster();
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast(`Toast ${n}`);
    });
    expect(visible).toHaveTextContent('Toast 5, Toast 4, Toast 3');
  });

  it('shows toasts 356 px wide for 4 seconds', () => {
    vi.useFakeTimers();
    const visible = renderToaster();
    act(() => {
      toast.success('Label Created Successfully');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Label Created Successfully');
    expect(screen.getByRole('status').parentElement).toHaveStyle({ width: '356px' });

    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(visible).toHaveTextContent('Label Created Successfully');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(visible).toHaveTextContent('');
  });
});
