/**
 * `fn` over `items`, `size` at a time (a group finishes before the next starts), the answers in the
 * items' order: a batch's carrier calls, transactions and label reads stay bounded however many rows
 * it has. A rejection rejects the whole (the rest of its group still runs; no later group starts).
 */
export async function inGroups<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  for (let i = 0; i < items.length; i += size) answers.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return answers;
}
