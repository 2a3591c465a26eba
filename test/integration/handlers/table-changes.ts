/**
 * What a handler call changed in this file's table, read from the table itself (every integration
 * file has its own table): the items that appeared or changed, and the ones that went away. "Nothing
 * written on a refusal" is then `expect(await changesOf(call)).toEqual(NO_CHANGE)`.
 */
import { scanTable } from '../security/actors';

export interface TableChanges<T> {
  /** What the action answered. */
  result: T;
  /** Items written (new, or changed), each as canonical JSON. */
  written: string[];
  /** Items that are gone (deleted, or the old version of a changed item). */
  removed: string[];
}

export async function changesOf<T>(action: () => Promise<T>): Promise<TableChanges<T>> {
  const before = new Set(await scanTable());
  const result = await action();
  const after = await scanTable();
  const afterSet = new Set(after);
  return { result, written: after.filter((l) => !before.has(l)), removed: [...before].filter((l) => !afterSet.has(l)) };
}

/** Asserts the action wrote and deleted nothing; answers what it answered. */
export async function withoutWrites<T>(action: () => Promise<T>): Promise<T> {
  const { result, written, removed } = await changesOf(action);
  if (written.length || removed.length) throw new Error(`expected no change to the table, got ${JSON.stringify({ written, removed }, null, 1)}`);
  return result;
}

/**
 * Asserts the action wrote nothing but the caller's count of calls to a rated route (the RATE#
 * items of functions/data/rate-counters.ts); answers what it answered.
 */
export async function withoutWritesButCounts<T>(action: () => Promise<T>): Promise<T> {
  const { result, written, removed } = await changesOf(action);
  const other = (lines: string[]) => lines.filter((l) => !pkOf(l).startsWith('RATE#'));
  if (other(written).length || other(removed).length)
    throw new Error(`expected no change to the table but the call counts, got ${JSON.stringify({ written, removed }, null, 1)}`);
  return result;
}

/** The partition key of a canonical item line. */
export const pkOf = (line: string): string => String((JSON.parse(line) as { pk: unknown }).pk);
