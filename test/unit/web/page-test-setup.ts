import { cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { endSession } from '../../../web/lib/session';
import { stubBrowserApis } from './browser-api-stubs';

/** The hooks every page test needs: browser stubs before, and no page, toast, session or stub left after. */
export function setupPageTests(): void {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    toast.remove();
    endSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** An account as the API answers it. */
export function apiUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u1',
    name: 'Ann Lee',
    email: 'ann@example.com',
    role: 'user',
    isVerified: true,
    balance: 12.5,
    balanceCents: 1250,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
