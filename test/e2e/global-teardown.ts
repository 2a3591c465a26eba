/**
 * After the browser suite: every API answer the local front sent during the run (recorded to
 * CONTRACT_RECORD_FILE, playwright.config.ts) is checked against the OpenAPI document, errors
 * included, and the run fails naming each answer that breaks it. Then the run's DynamoDB Local data
 * folder goes, once the local front has stopped.
 */
import { rmSync } from 'node:fs';
import { checkRecordedAnswers } from '../contract/answer-check';
import { contractRecordFile, e2eDataDir } from '../../playwright.config';

export default function teardown() {
  rmSync(e2eDataDir, { recursive: true, force: true });
  const { answers, violations } = checkRecordedAnswers(contractRecordFile);
  if (violations.length) throw new Error(`${violations.length} API answers break the OpenAPI document:\n${violations.join('\n')}`);
  console.log(`contract: ${answers} API answers keep to the OpenAPI document`);
}
