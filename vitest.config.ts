/**
 * `npm test`: unit tests (mocked AWS clients, jsdom for web/), integration tests against a
 * DynamoDB Local that test/integration/global-setup.ts starts and stops, and the CDK stack tests.
 * Browser tests are Playwright's (`npm run test:e2e`), not here.
 */
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './vite.config';

const env = {
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  TABLE_NAME: 'prepaidship-test',
  AWS_REGION: 'us-east-1',
  // TEST_LOG_LEVEL=error shows the handlers' logs (a 500's cause) when a test needs reading.
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // Business metrics are CloudWatch's (EMF lines in Lambda's log); tests assert state, not them.
  POWERTOOLS_METRICS_DISABLED: 'true',
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: pathAliases },
  test: {
    env,
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine.
    // The integration files spend most of their time waiting (DynamoDB Local, leases, a stack's
    // restart), so there three workers keep both cores busy.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    projects: [
      // The page tests drive whole dialogs in jsdom, seconds each on a busy 2-core machine: vitest's default 5 s is too tight.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], testTimeout: 20_000 } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          setupFiles: ['test/integration/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});
