/**
 * `npx tsx bench/search.ts`: what a filtered shipments page costs. One user with
 * ORDERS orders, one in SPARSE to a recipient the search finds, against DynamoDB Local through
 * findOrders (functions/data/orders.ts), the handler's own call. Measured per page: DynamoDB requests,
 * read units (bench/dynamo-meter.ts) and time, for the plain list, the sparse search followed to its
 * end, and a search that matches nothing (each request then reads its whole 1,000-item budget).
 * Prints figures, asserts nothing; runs in a child process like the other DynamoDB benches.
 */
import { measureInChild, measureWhenRunDirectly } from './child-measure';

const ORDERS = 3000;
const SPARSE = 100;

interface PageFigures {
  pages: number;
  rowsPerPage: number;
  requestsPerPage: number;
  readUnitsPerPage: number;
  msPerPage: number;
}

export interface SearchFigures {
  plain: PageFigures;
  sparse: PageFigures;
  none: PageFigures;
}

async function measure(): Promise<SearchFigures> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL = 'error';
  const { startLocalEnvironment } = await import('../infra/local/environment');
  const local = await startLocalEnvironment({ tableName: 'bench-search' });
  try {
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db, tableName } = await import('../functions/data/client');
    const { findOrders, newOrder, putOrderStep } = await import('../functions/data/orders');
    const { meterDynamo } = await import('./dynamo-meter');
    const { sampleAddress, sampleLabelOrder } = await import('../test/fixtures/label-order');

    const userId = 'bench-search-user';
    const items = Array.from({ length: ORDERS }, (_, i) => {
      const name = i % SPARSE === 0 ? `Needle Person ${i}` : `Hay Person ${i}`;
      const order = newOrder(userId, sampleLabelOrder({ to: sampleAddress(name, '10001', '2 Elm St') }) as never, 600, 'created');
      return putOrderStep({ ...order, tracking: `9400${String(i).padStart(18, '0')}` }).item.Put!.Item!;
    });
    for (let i = 0; i < items.length; i += 25) {
      await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }

    const meter = meterDynamo();
    /** Follows a list to its end (at most `maxPages`), per-page averages. */
    async function follow(filters: { q?: string }, maxPages: number): Promise<PageFigures> {
      let cursor: string | undefined;
      let pages = 0;
      let rows = 0;
      meter.take();
      const start = performance.now();
      do {
        const page = await findOrders(userId, filters, { limit: 50, cursor });
        rows += page.items.length;
        pages++;
        cursor = page.nextCursor ?? undefined;
      } while (cursor && pages < maxPages);
      const ms = performance.now() - start;
      const used = meter.take();
      return { pages, rowsPerPage: rows / pages, requestsPerPage: used.requests / pages, readUnitsPerPage: used.readUnits / pages, msPerPage: ms / pages };
    }

    await follow({}, 1); // warm the modules and the connection
    const plain = await follow({}, 1);
    const sparse = await follow({ q: 'needle' }, 100);
    const none = await follow({ q: 'nobody at all' }, 100);
    meter.stop();
    return { plain, sparse, none };
  } finally {
    await local.stop();
  }
}

export function formatSearchReport(f: SearchFigures): string {
  const line = (what: string, p: PageFigures) =>
    `  ${what}: ${p.pages} page(s), ${p.rowsPerPage.toFixed(1)} rows, ${p.requestsPerPage.toFixed(1)} Query(s), ${p.readUnitsPerPage.toFixed(1)} RRU, ${p.msPerPage.toFixed(0)} ms a page`;
  return [
    '',
    `Shipments search (one user, ${ORDERS} orders, 1 in ${SPARSE} matching; limit 50; DynamoDB Local):`,
    line('plain first page         ', f.plain),
    line('sparse search, to its end', f.sparse),
    line('no match, to its end     ', f.none),
  ].join('\n');
}

/** Measures in a fresh child process, prints the report and answers the figures. */
export const searchFigures = (): Promise<SearchFigures> => measureInChild(import.meta.url, formatSearchReport);

await measureWhenRunDirectly(import.meta.url, measure, formatSearchReport);
