/**
 * GET /api/counter: how many labels PrepaidShip has created, for the landing page.
 * Public and cheap: one BatchGet over the counter shards, no Scan.
 */
import { getLabelCount } from '../../data/stats';
import { api } from '../../http/handler';
import { landingGetCounterRoute } from '../../../domain/api/routes';

export const handler = api(landingGetCounterRoute, async function getCounter() {
  return { count: await getLabelCount() };
});
