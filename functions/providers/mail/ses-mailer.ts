/**
 * Mail through Amazon SES (API v2): a plain-text message from MAIL_FROM. SendEmail in SES's REST-JSON
 * protocol through ../aws/aws-call.ts, not the SES client: the client cost every route that mails
 * 75-90 kB of bundle compiled at each cold start for this one call (docs/performance.md, "Lambdas").
 */
import { config } from '../../config';
import { awsEndpoint, awsService } from '../aws/aws-call';
import type { Mail, Mailer } from './mailer';

/** Made once per container by getMailer(), so the connection is reused. */
export function createSesMailer(): Mailer {
  const { AWS_REGION, MAIL_FROM } = config();
  // SES v2's endpoint is `email.<region>`; requests are signed for `ses`, as the SDK's client does.
  const ses = awsService({ signingName: 'ses', region: AWS_REGION, endpoint: awsEndpoint(process.env, 'SESV2', `https://email.${AWS_REGION}.amazonaws.com/`) });
  return {
    async send(mail: Mail) {
      await ses({
        action: 'SendEmail',
        method: 'POST',
        path: '/v2/email/outbound-emails',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          FromEmailAddress: MAIL_FROM,
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
      });
    },
  };
}
