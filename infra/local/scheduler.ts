/**
 * What EventBridge does in AWS, for the local front: runs the scheduled work (functions/jobs/) once
 * at start (so a purchase cut short by the last Ctrl-C is recovered as soon as its lease allows) and
 * then every SCHEDULE_INTERVAL_SECONDS. The same function the Lambda runs; runs never overlap.
 */
import { config } from '../../functions/config';
import { runScheduledWork } from '../../functions/jobs/scheduled-work';
import { logger } from '../../functions/observability/logger';

export interface Scheduler {
  /** Runs the work now (after any run in progress); the tests' way to not wait for the interval. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startScheduler(options: { intervalMs?: number } = {}): Scheduler {
  const intervalMs = options.intervalMs ?? config().SCHEDULE_INTERVAL_SECONDS * 1000;
  const log = logger.createChild({ persistentKeys: { job: 'scheduled-work' } });
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(() =>
      runScheduledWork(log).then(
        () => undefined,
        (err: unknown) => log.error('scheduled work failed', { error: err as Error }),
      ),
    );
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    runNow: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
