import { useEffect, useState } from 'react';

/**
 * "The browser is leaving for a payment page": set it once the redirect starts, so the submit
 * button stays busy until the page unloads and a second click cannot start a second payment. It
 * turns false again when the person comes back to this very page from the back/forward cache,
 * where the page was never unloaded and would otherwise stay busy.
 */
export function useLeavingPage() {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  return [leaving, setLeaving] as const;
}
