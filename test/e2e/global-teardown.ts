/**
 * After the browser suite: every API answer the local front sent during the run (recorded to
 * CONTRACT_RECORD_FILE, playwright.config.ts) is checked against the OpenAPI document, errors
 * included, and the run fails naming each answer that breaks it. Then the run's DynamoDB Local data
 * folder goes, once the local front has stopped.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { contractViolation, type RecordedAnswer } from '../contract/answer-check';
import { contractRecordFile, e2eDataDir } from '../../playwright.config';

function checkRecordedAnswers(): void {
  if (!existsSync(contractRecordFile)) return;
  const answers = readFileSync(contractRecordFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedAnswer);
  rmSync(contractRecordFile, { force: true });
  const violations = [...new Set(answers.map(contractViolation).filter((v): v is string => v !== undefined))];
  if (violations.length) throw new Error(`${violations.length} API answers break the OpenAPI document:\n${violations.join('\n')}`);
  console.log(`contract: ${answers.length} API answers keep to the OpenAPI document`);
}

export default function teardown() {
  rmSync(e2eDataDir, { recursive: true, force: true });
  checkRecordedAnswers();
}
