/**
 * After the browser suite: every API answer the local front sent during the run (recorded to
 * CONTRACT_RECORD_FILE, playwright.config.ts) is checked against the OpenAPI document, errors
 * included, and the run fails naming each answer that breaks it. The run's DynamoDB Local data folder
 * and its scratch folder (locks, the record, tests' own fronts) go, once the local front has stopped.
 */
import { rmSync } from 'node:fs';
import { checkRecordedAnswers } from '../contract/answer-check';
import { contractRecordFile, e2eDataDir, e2eRunDir } from '../../playwright.config';

export default function teardown() {
  rmSync(e2eDataDir, { recursive: true, force: true });
  try {
    const { answers, violations } = checkRecordedAnswers(contractRecordFile);
    if (violations.length) throw new Error(`${violations.length} API answers break the OpenAPI document:\n${violations.join('\n')}`);
    console.log(`contract: ${answers} API answers keep to the OpenAPI document`);
  } finally {
    rmSync(e2eRunDir, { recursive: true, force: true });
  }
}
