/**
 * Ids (ulids) that increase within one process, also when several are made in one millisecond, so
 * items made together (a batch's orders and their debits) list in the order they were made. A clock
 * that goes back (a test's fake timers) starts afresh from it rather than stamping ids with a time
 * they were not made at, which range queries on the id's time would misplace.
 */
import { monotonicFactory } from 'ulid';

export function increasingIds(): () => string {
  let next = monotonicFactory();
  let last = 0;
  return () => {
    const now = Date.now();
    if (now < last) next = monotonicFactory();
    last = now;
    return next(now);
  };
}
