/**
 * SES's bounces and complaints, fed to the suppression list (functions/data/suppressions.ts): every
 * mail is sent under one configuration set (SES_CONFIGURATION_SET, functions/providers/mail/
 * ses-mailer.ts) whose event destination publishes its Bounce and Complaint events to an SNS topic,
 * and the feedback Lambda (functions/mail-feedback/handler.ts), subscribed to that topic, suppresses
 * hard-bounced and complaining addresses. SES pauses an account whose bounce or complaint rate
 * climbs, which would stop every sign-in code; never mailing a bad address twice keeps the rates low.
 * A failed invocation is retried by SNS (Lambda's own async retries); applying a notification twice
 * changes nothing.
 */
import { Duration } from 'aws-cdk-lib';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { ProductFunction, type ProductFunctionProps } from './product-function';

/** The configuration set's name for a stage: the Lambdas get it in their environment before it exists. */
export const mailConfigurationSetName = (stage: string) => `prepaidship-${stage}`;

export class MailFeedback extends ProductFunction {
  readonly topic: Topic;
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: Omit<ProductFunctionProps, 'description' | 'table' | 'timeout'> & { configurationSetName: string }) {
    super(scope, id, {
      ...props,
      description: 'mail feedback (SES bounces and complaints to the suppression list)',
      table: 'write',
      timeout: Duration.seconds(30),
    });
    // Notifications name addresses, no secret; SSL only (cdk-nag SNS3).
    this.topic = new Topic(this, 'Topic', { displayName: 'PrepaidShip SES bounces and complaints', enforceSSL: true });
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { configurationSetName: props.configurationSetName });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(this.topic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    this.topic.addSubscription(new LambdaSubscription(this.function));
  }
}
