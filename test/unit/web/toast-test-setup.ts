import { act, cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { stubBrowserApis } from './browser-api-stubs';

/** The hooks of a test that renders the toaster alone: browser stubs before, and no toast, page, fake clock or stub left after. */
export function setupToastTests(): void {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    act(() => toast.remove());
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
