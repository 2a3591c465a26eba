/** Removes the run's DynamoDB Local data folder once the local front has stopped. */
import { rmSync } from 'node:fs';
import { e2eDataDir } from '../../playwright.config';

export default function teardown() {
  rmSync(e2eDataDir, { recursive: true, force: true });
}
