/**
 * The scheduled work's Lambda: EventBridge invokes it every minute (infra/stack.ts). It answers the
 * run's summary; a job's failure is in the summary and the log, never a failed invocation, so one
 * stuck order cannot make EventBridge retry the whole run.
 */
import { logger } from '../observability/logger';
import { publishIfAny } from '../observability/metrics';
import { runScheduledWork, type RunSummary } from './scheduled-work';

export async function handler(): Promise<RunSummary> {
  const log = logger.createChild({ persistentKeys: { job: 'scheduled-work' } });
  try {
    return await runScheduledWork(log);
  } finally {
    publishIfAny();
  }
}
