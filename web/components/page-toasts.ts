/**
 * Page-bound toasts: a toast belongs to the page (path) showing when it was raised, and leaving that
 * page dismisses it, since what it said ("Address saved", "Failed to fetch orders") was about that
 * page. A toast raised on arrival ("Payment cancelled" after the checkout sends the person back)
 * belongs to the page arrived at, so it stays. A search-only change (the checkout return dropping
 * its query) is the same page.
 */
import { toast } from 'react-hot-toast';

const pageOf = new Map<string, string>();

/**
 * Ties toast `id` to `page` (the path showing when it was raised; notify.tsx may raise it a moment
 * later, once this module is in); answers the id.
 */
export function bindToastToPage(id: string, page = window.location.pathname): string {
  pageOf.set(id, page);
  return id;
}

/** Dismisses every bound toast of a page other than the one showing now. */
export function dismissToastsOfOtherPages(): void {
  const here = window.location.pathname;
  for (const [id, page] of pageOf) {
    if (page === here) continue;
    toast.dismiss(id);
    pageOf.delete(id);
  }
}
