/**
 * The unused-label reminder: a created label with no scan, 5 days before its refund
 * window closes, mails its shipper when their `unused` setting is on.
 *
 * Created labels already wait in the work index's `unused` queue (functions/data/orders.ts), sorted
 * by their window's end, until they are refunded or scanned. Rather than read every label due within
 * 5 days each minute, the job keeps a watermark: the queue's sort key it has reminded up to. Each
 * run reads only the labels between the watermark and now + 5 days, queues their reminders
 * (idempotent: one notice per order) and moves the watermark. A new label's window ends at least
 * 28 days out, past any watermark, so none is missed; a label whose window had closed before the
 * first run is not reminded (too late to help).
 */
import { notificationSettingsOf } from '../../domain/api/notification-settings';
import type { Order } from '../../domain/api/orders';
import { advanceUnusedWatermark, getUnusedWatermark, putNotice } from '../data/notices';
import { getUserById } from '../data/users';
import { itemsAfter } from '../data/work-index';
import type { Logger } from '../observability/logger';
import { sendNotice } from './notices';

/** How long before the window closes the reminder goes out. */
export const UNUSED_REMINDER_DAYS = 5;
/** Labels one page reads; a run reads at most PAGES pages and leaves the rest to the next run. */
const PAGE = 100;
const PAGES = 10;

/** The scheduled job: reminders for every label whose window closes within 5 days, past the watermark. */
export async function remindUnusedLabels(log: Logger, now = new Date()): Promise<Record<'queued' | 'off' | 'pages', number>> {
  const counts = { queued: 0, off: 0, pages: 0 };
  const until = new Date(now.getTime() + UNUSED_REMINDER_DAYS * 86_400_000);
  const settings = new Map<string, boolean>();
  const wantsReminders = async (userId: string) => {
    if (!settings.has(userId)) settings.set(userId, notificationSettingsOf((await getUserById(userId))?.notifications).unused);
    return settings.get(userId)!;
  };
  let seen = await getUnusedWatermark();
  while (counts.pages < PAGES) {
    const floor = now.toISOString();
    const after = seen !== undefined && seen > floor ? seen : floor;
    const items = await itemsAfter('unused', after, until, PAGE);
    // Nothing new: the watermark can stay (the next run reads from it to its own horizon), so an idle
    // run costs one GetItem and one empty Query per shard, no write, and reports no page (the scheduler logs
    // only runs that did something).
    if (!items.length) break;
    counts.pages++;
    for (const item of items) {
      const order = item as unknown as Order;
      // The setting is checked here (to store nothing for the many who keep it off) and again at send time.
      if (!(await wantsReminders(order.userId))) {
        counts.off++;
        continue;
      }
      // Sent from the order read again (the index's copy may lag a scan or a refund by a moment).
      const notice = await putNotice(order, 'shipper_unused', now);
      if (notice) {
        await sendNotice(notice, log, now);
        counts.queued++;
      }
    }
    const full = items.length === PAGE;
    const upTo = full ? String(items[items.length - 1]!.gsi3sk) : `${until.toISOString()}$`;
    // Another run moved it first: it read the same labels and queued the same (idempotent) reminders.
    if (!(await advanceUnusedWatermark(seen, upTo, now))) break;
    seen = upTo;
    if (!full) break;
  }
  return counts;
}
