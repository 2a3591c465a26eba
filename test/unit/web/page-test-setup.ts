import { cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { endSession, markSessionVerified, startSession } from '@/lib/session';
import type { ApiOrder } from '@domain/api/orders';
import { stubBrowserApis } from './browser-api-stubs';

/** The hooks every page test needs: browser stubs before, and no page, toast, session, stub or spy left after. */
export function setupPageTests(): void {
  beforeEach(() => stubBrowserApis());
  afterEach(() => {
    cleanup();
    toast.remove();
    endSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/**
 * An account as the API answers it. Its figures agree as the server's do: unless `overrides` says
 * what is available, it is the balance less what is held.
 */
export function apiUser(overrides: Record<string, unknown> = {}) {
  const user = {
    id: 'u1',
    name: 'Ann Lee',
    email: 'ann@example.com',
    role: 'user',
    isVerified: true,
    balance: 12.5,
    balanceCents: 1250,
    held: 0,
    heldCents: 0,
    disputed: 0,
    disputedCents: 0,
    available: 12.5,
    availableCents: 1250,
    notifications: { delivered: true, exception: true, unused: false },
    labelFormat: { format: 'pdf', dpi: 203 },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
  if (!('availableCents' in overrides)) {
    user.availableCents = user.balanceCents - user.heldCents;
    user.available = user.availableCents / 100;
  }
  return user;
}

/** A ledger entry as GET /hoodpay/transactions answers it: a completed $25.00 card top-up by default. */
export function apiTransaction(overrides: Record<string, unknown> = {}) {
  return {
    id: 't1',
    userId: 'u1',
    user: { name: 'Ann Lee', email: 'ann@example.com' },
    orderId: null,
    amount: 25,
    amountCents: 2500,
    type: 'topup',
    creditType: 'Card',
    paymentType: 'CARD',
    status: 'completed',
    createdAt: '2025-03-04T15:06:00.000Z',
    completedAt: '2025-03-04T15:07:00.000Z',
    ...overrides,
  };
}

/** Signs in `user` as a verified session, as after the code step. */
export function signInAs(user: { id: string; name: string; email: string; role: string }): void {
  startSession('otp-token', { id: user.id, name: user.name, email: user.email, role: user.role });
  markSessionVerified('full-token');
}

/** A shipment as GET /shipping/orders answers it: a created 2 lb USPS Priority label by default. */
export function apiOrder(overrides: { [K in keyof ApiOrder]?: ApiOrder[K] | undefined } = {}): ApiOrder {
  const from = { name: 'Ann Lee', street: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' };
  const to = { name: 'Bob Ray', street: '9 Elm Ave', city: 'Portland', state: 'OR', zip: '97201', country: 'US' };
  return {
    shipOrderId: 'o1',
    labelType: 'usps_priority',
    labelTypeName: 'USPS Priority',
    weight: 2,
    length: 10,
    width: 6,
    height: 4,
    from,
    to,
    fromName: from.name,
    fromCity: from.city,
    toName: to.name,
    toCity: to.city,
    toEmail: null,
    shipDate: '2025-03-04',
    paymentMethod: 'credits',
    price: 6,
    priceCents: 600,
    status: 'created',
    tracking: '9400100000000000000017',
    createdAt: '2025-03-04T15:06:00.000Z',
    refundableUntil: '2025-04-01T00:00:00.000Z',
    refund: null,
    instantRefund: false,
    trackingStatus: 'pre_transit',
    lastEvent: null,
    ...overrides,
  };
}
