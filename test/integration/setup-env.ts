/**
 * Runs before each integration test file loads its modules: points the handlers' configuration at
 * the shared DynamoDB Local and at a table of this file's own, created from the shared definition.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { ensureTable } from '../../infra/local/ensure-table';
import { checkRecordedAnswers } from '../contract/answer-check';

const endpoint = inject('dynamoEndpoint');
const tableName = `it-${randomUUID()}`;
process.env.DYNAMODB_ENDPOINT = endpoint;
process.env.TABLE_NAME = tableName;
await ensureTable(endpoint, tableName);
// Handler-level tests here exercise the rules behind the captcha; the captcha has its own tests.
process.env.CAPTCHA_PROVIDER ??= 'none';
// Label PDFs of this file's tests go to a folder of their own.
process.env.LABEL_DIR = (await import('node:fs')).mkdtempSync((await import('node:path')).join((await import('node:os')).tmpdir(), 'ps-labels-'));
// Every answer a local front of this file sends (infra/local/lambda-front.ts records them) keeps to
// the OpenAPI document; handlers called directly are checked as they answer (security/actors.ts).
const contractFile = join(tmpdir(), `ps-contract-${randomUUID()}.jsonl`);
process.env.CONTRACT_RECORD_FILE = contractFile;
afterAll(() => {
  expect(checkRecordedAnswers(contractFile).violations, 'answers through the local front that break the OpenAPI document').toEqual([]);
});
