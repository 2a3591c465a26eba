/**
 * GET /api/counter: how many labels PrepaidShip has created, for the landing page.
 * Public and cheap: one BatchGet over the counter shards, no Scan.
 */
import { getLabelCount } from '../../data/stats';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.getLabelsCounter, async function getCounter() {
  return { count: await getLabelCount() };
});
