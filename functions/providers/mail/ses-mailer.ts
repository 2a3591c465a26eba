/**
 * Mail through Amazon SES (API v2): a plain-text message from MAIL_FROM, under the configuration set
 * that reports its bounces and complaints (SES_CONFIGURATION_SET, functions/mail-feedback/).
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../../config';
import { clientSettings, SERVICE_LIMITS } from '../aws/client-settings';
import type { Mail, Mailer } from './mailer';

/** Made once per container by getMailer(), so the client and its connections are reused. */
export function createSesMailer(): Mailer {
  const { AWS_REGION, MAIL_FROM, SES_CONFIGURATION_SET } = config();
  const ses = new SESv2Client({ region: AWS_REGION, ...clientSettings(SERVICE_LIMITS) });
  return {
    async send(mail: Mail) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: MAIL_FROM,
          ConfigurationSetName: SES_CONFIGURATION_SET,
          Destination: { ToAddresses: [mail.to] },
          ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
              Headers: mail.headers ? Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) : undefined,
            },
          },
        }),
      );
    },
  };
}
