import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notifyInfo } from '@/components/notify';
import { useRevalidateWallet } from '../api/list-transactions';

/** The query the payment providers' success and cancel URLs bring the person back with. */
export const checkoutQuery = 'checkout';
export const checkoutPollMs = 2_000;
/** 10 polls of 2 s: long enough for a webhook that lags the redirect, short enough not to poll forever. */
export const checkoutPolls = 10;

const notices = {
  success: ['Payment received', 'Your balance updates as soon as the payment is confirmed.'],
  cancelled: ['Payment cancelled', undefined],
} as const;

/**
 * Back from a payment page (`?checkout=success` or `=cancelled`): says so, then refetches the list
 * and the balance every 2 s while the newest entry is unsettled, up to 20 s, then drops the query
 * so a reload does not repeat it. The redirect proves nothing: only the provider's webhook credits
 * the wallet, and it may land before or after the person does.
 *
 * `settled` is true once the list has been fetched since arriving and its newest entry is not pending.
 */
export function useCheckoutReturn(settled: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get(checkoutQuery);
  const returning = outcome === 'success' || outcome === 'cancelled';
  const revalidateWallet = useRevalidateWallet();
  // Polling lasts while the query is there; each new arrival starts a full count. The count is reset
  // while rendering (React's pattern for state that follows a changed value), not in an effect.
  const [pollsLeft, setPollsLeft] = useState(checkoutPolls);
  const [countedFor, setCountedFor] = useState(outcome);
  if (countedFor !== outcome) {
    setCountedFor(outcome);
    setPollsLeft(checkoutPolls);
  }

  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancelled') return;
    const [title, description] = notices[outcome];
    // The id keeps one notice when the effect runs twice (React's strict mode).
    notifyInfo(title, description, 'checkout-return');
  }, [outcome]);

  useEffect(() => {
    if (!returning) return;
    if (settled || pollsLeft === 0) {
      // Dropping the query ends the polling: `returning` turns false on the next render.
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(checkoutQuery);
          return next;
        },
        { replace: true },
      );
      return;
    }
    const timer = setTimeout(() => {
      void revalidateWallet();
      setPollsLeft((n) => n - 1);
    }, checkoutPollMs);
    return () => clearTimeout(timer);
  }, [returning, pollsLeft, settled, revalidateWallet, setSearchParams]);
}
