/**
 * The Lambda SNS invokes with SES's bounce and complaint notifications (the configuration set's
 * event destination, infra/constructs/mail-feedback.ts). A record that fails is thrown, so SNS
 * delivers it again; applying one twice suppresses nothing twice.
 */
import type { SNSEvent } from 'aws-lambda';
import { logger } from '../observability/logger';
import { applySesNotification } from './notification';

export const handler = async (event: SNSEvent): Promise<void> => {
  const log = logger.createChild({ persistentKeys: { job: 'mail-feedback' } });
  for (const record of event.Records) await applySesNotification(record.Sns.Message, log);
};
