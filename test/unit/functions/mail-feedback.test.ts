/**
 * The SES feedback Lambda (functions/mail-feedback/) with the DynamoDB client mocked: which
 * notifications suppress whom, and what it writes. The same code against DynamoDB Local:
 * test/integration/mail-suppression.test.ts.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SNSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/mail-feedback/handler';
import { suppressionsOf } from '../../../functions/mail-feedback/notification';
import { simulatedNotification } from '../../../functions/providers/mail/outbox-mailer';

const ddb = mockClient(DynamoDBDocumentClient);
const table = process.env.TABLE_NAME as string;
beforeEach(() => {
  ddb.reset();
  ddb.on(PutCommand).resolves({});
});

const sns = (...messages: unknown[]) =>
  ({ Records: messages.map((m) => ({ EventSource: 'aws:sns', Sns: { Message: typeof m === 'string' ? m : JSON.stringify(m) } })) }) as unknown as SNSEvent;
const bounce = (bounceType: string, ...to: string[]) => ({
  eventType: 'Bounce',
  mail: { messageId: 'm-1' },
  bounce: { bounceType, bounceSubType: 'General', feedbackId: 'f-1', bouncedRecipients: to.map((emailAddress) => ({ emailAddress })) },
});

describe('mail feedback handler', () => {
  it('stores one suppression per hard-bounced recipient, lower-cased, only where none is stored', async () => {
    await handler(sns(bounce('Permanent', 'Ann@Example.com', 'bob@example.com')));
    expect(ddb).toHaveReceivedCommandTimes(PutCommand, 2);
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      TableName: table,
      Item: expect.objectContaining({
        pk: 'SUPPRESSED#ann@example.com',
        sk: 'SUPPRESSED',
        email: 'ann@example.com',
        reason: 'bounce',
        detail: 'General',
        feedbackId: 'f-1',
      }),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('writes nothing for soft bounces, deliveries and unreadable messages', async () => {
    await handler(sns(bounce('Transient', 'a@example.com'), bounce('Undetermined', 'b@example.com'), { eventType: 'Delivery' }, 'not json'));
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('takes an address already suppressed as done, and throws a real failure so SNS delivers again', async () => {
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    await expect(handler(sns(bounce('Permanent', 'a@example.com')))).resolves.toBeUndefined();
    ddb.on(PutCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    await expect(handler(sns(bounce('Permanent', 'a@example.com')))).rejects.toThrow();
  });

  it('reads complaints from configuration-set events and identity notifications alike', () => {
    const complaint = { complaint: { complaintFeedbackType: 'abuse', feedbackId: 'f', complainedRecipients: [{ emailAddress: 'c@example.com' }] } };
    for (const kind of [{ eventType: 'Complaint' }, { notificationType: 'Complaint' }]) {
      expect(suppressionsOf({ ...kind, ...complaint })).toEqual([{ email: 'c@example.com', reason: 'complaint', detail: 'abuse', feedbackId: 'f' }]);
    }
  });
});

describe("sandbox mail's simulator", () => {
  it("gives SES's own notification for its simulator addresses and none for others", () => {
    const b = JSON.parse(simulatedNotification({ to: 'bounce+x@simulator.amazonses.com', subject: 's', text: 't' }, 'm') ?? '{}');
    expect(suppressionsOf(b)).toEqual([{ email: 'bounce+x@simulator.amazonses.com', reason: 'bounce', detail: 'General', feedbackId: 'm-bounce' }]);
    const c = JSON.parse(simulatedNotification({ to: 'complaint@simulator.amazonses.com', subject: 's', text: 't' }, 'm') ?? '{}');
    expect(suppressionsOf(c)).toMatchObject([{ reason: 'complaint' }]);
    expect(simulatedNotification({ to: 'success@simulator.amazonses.com', subject: 's', text: 't' }, 'm')).toBeUndefined();
    expect(simulatedNotification({ to: 'bounce@example.com', subject: 's', text: 't' }, 'm')).toBeUndefined();
  });
});
