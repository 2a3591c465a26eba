/**
 * Runs before each integration test file loads its modules: points the handlers' configuration at
 * the shared DynamoDB Local and at a table of this file's own, created from the shared definition.
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable } from '../../infra/local/ensure-table';

const endpoint = inject('dynamoEndpoint');
const tableName = `it-${randomUUID()}`;
process.env.DYNAMODB_ENDPOINT = endpoint;
process.env.TABLE_NAME = tableName;
await ensureTable(endpoint, tableName);
// Handler-level tests here exercise the rules behind the captcha; the captcha has its own tests.
process.env.CAPTCHA_PROVIDER ??= 'none';
// Label PDFs of this file's tests go to a folder of their own.
process.env.LABEL_DIR = (await import('node:fs')).mkdtempSync((await import('node:path')).join((await import('node:os')).tmpdir(), 'ps-labels-'));
