/**
 * `npm run backfill:shards`: runs the one-off shard backfill (functions/jobs/backfill-shards.ts)
 * against TABLE_NAME (and DYNAMODB_ENDPOINT when given, e.g. a local table) until the scan is done,
 * printing each batch's counts. Safe to stop and run again: it goes on where it stopped.
 * `--restart` scans from the top again.
 */
// The configuration asks for a session key, which moving index keys never uses: an operator's shell need not hold one.
process.env.JWT_SECRET ||= 'the-shard-backfill-signs-no-session-tokens';
const { backfillShards } = await import('../functions/jobs/backfill-shards');

const restart = process.argv.includes('--restart');
let first = true;
for (;;) {
  const counts = await backfillShards({ maxPages: 10, restart: restart && first });
  first = false;
  console.log(JSON.stringify(counts));
  if (counts.done) break;
}

export {};
