/**
 * What the account handler tests share: a stored user, session tokens, JSON requests, the DynamoDB
 * errors the data layer reacts to, and readers for what the mocked table received (mails, writes).
 * Each test file makes and resets its own `mockClient(DynamoDBDocumentClient)` and passes it here.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClientResolvedConfig,
  type PutCommandInput,
  type QueryCommandInput,
  type ServiceInputTypes,
  type ServiceOutputTypes,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AwsStub } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { expect } from 'vitest';
import { signSessionToken, type SessionClaims } from '../../../../functions/http/tokens';
import { apiEvent } from '../../functions/api-event';

export type TableMock = AwsStub<ServiceInputTypes, ServiceOutputTypes, DynamoDBDocumentClientResolvedConfig>;

/** A real ULID, so reset tokens built on it parse. */
export const USER_ID = '01J9Z3K4M5N6P7Q8R9S0T1V2W3';
export const OTHER_ID = '01J9Z3K4M5N6P7Q8R9S0T1V2W4';
export const EMAIL = 'ann@example.com';
/** Meets every sign-up rule. */
export const PASSWORD = 'Str0ng!pass';

/** The profile item as `createUser` stores it. */
export function userItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const item = {
    id: USER_ID,
    name: 'Ann Lee',
    email: EMAIL,
    role: 'user',
    passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
    verified: false,
    balanceCents: 1250,
    version: 3,
    createdAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
  return { pk: `USER#${item.id}`, sk: 'PROFILE', type: 'user', gsi1pk: 'USERS', gsi1sk: `${item.createdAt}#${item.id}`, ...item };
}

/** Every read finds nothing and every write succeeds, until a test says otherwise. */
export function emptyTable(ddb: TableMock): void {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
}

/** Makes the profile readable by id (and by email, through its claim, unless `byEmail` is false). */
export function storeUser(ddb: TableMock, item: Record<string, unknown> = userItem(), byEmail = true): void {
  ddb.on(GetCommand, { Key: { pk: `USER#${item.id as string}`, sk: 'PROFILE' } }).resolves({ Item: item });
  if (byEmail) {
    ddb.on(GetCommand, { Key: { pk: `EMAIL#${String(item.email).toLowerCase()}`, sk: 'EMAIL' } }).resolves({ Item: { userId: item.id } });
  }
}

export const ADMIN_ID = '01J9Z3K4M5N6P7Q8R9S0T1V2WA';

/** An admin account in the table: the handler factory checks an admin claim against it. */
export const storeAdmin = (ddb: TableMock, id = ADMIN_ID): void =>
  storeUser(ddb, userItem({ id, role: 'admin', email: 'admin@example.com', verified: true }), false);

/** `Authorization: Bearer <token>` for a session. */
export async function bearer(claims: Partial<SessionClaims> = {}): Promise<Record<string, string>> {
  const token = await signSessionToken({ userId: USER_ID, role: 'user', scope: 'full', ...claims });
  return { authorization: `Bearer ${token}` };
}

/** A JSON request as API Gateway hands it to the Lambda. */
export const jsonEvent = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  apiEvent({ method, path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A failed condition; `item` is the old item DynamoDB returns with ReturnValuesOnConditionCheckFailure. */
export const conditionFailed = (item?: Record<string, unknown>) =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, ...(item ? { Item: marshall(item) } : {}) });

/** A cancelled transaction, one reason code per item. */
export const transactionCancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

/** The exact answer of any unexpected error. */
export const HIDDEN_500 = { message: 'Something went wrong. Please try again.', requestId: 'req-test-1' };

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/** Mails the outbox mailer (MAIL_PROVIDER=outbox, the default) put in the table, in order. */
export function mailsSent(ddb: TableMock): SentMail[] {
  return ddb
    .commandCalls(PutCommand)
    .map((c) => c.args[0].input.Item as Record<string, unknown>)
    .filter((item) => String(item.pk).startsWith('OUTBOX#'))
    .map((item) => ({ to: item.to as string, subject: item.subject as string, text: item.text as string }));
}

/** The sign-in code a mail carries. */
export function signInCodeIn(mail: SentMail | undefined): string {
  const code = /Your verification code: ([A-Z0-9]{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no sign-in code in mail: ${JSON.stringify(mail)}`);
  return code;
}

/** The input of the single call of a command, failing the test when there is not exactly one. */
export function onlyCall(ddb: TableMock, command: typeof PutCommand): PutCommandInput;
export function onlyCall(ddb: TableMock, command: typeof UpdateCommand): UpdateCommandInput;
export function onlyCall(ddb: TableMock, command: typeof QueryCommand): QueryCommandInput;
export function onlyCall(ddb: TableMock, command: typeof TransactWriteCommand): TransactWriteCommandInput;
export function onlyCall(ddb: TableMock, command: typeof PutCommand | typeof UpdateCommand | typeof QueryCommand | typeof TransactWriteCommand): object {
  // One overload per command keeps the answer typed; the call itself does not care which.
  const calls = ddb.commandCalls(command as typeof PutCommand);
  expect(calls, `${command.name} calls`).toHaveLength(1);
  return calls[0]?.args[0].input as object;
}

/** Asserts that the table saw no write of any kind (reads are allowed). */
export function expectNoWrites(ddb: TableMock): void {
  expect(ddb).not.toHaveReceivedCommand(PutCommand);
  expect(ddb).not.toHaveReceivedCommand(UpdateCommand);
  expect(ddb).not.toHaveReceivedCommand(DeleteCommand);
  expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
}
