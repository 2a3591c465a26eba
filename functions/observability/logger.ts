/**
 * The process's logger: Powertools for AWS Lambda's Logger, so every line is JSON with the service,
 * the cold start, the Lambda request id and the X-Ray trace id, and a sampled share of invocations
 * (POWERTOOLS_LOGGER_SAMPLE_RATE) logs at debug level. The level comes from LOG_LEVEL (or
 * POWERTOOLS_LOG_LEVEL), which Powertools reads itself; `silent` is a level too (the tests).
 *
 * The handler factory gives each route its own child (the route key on every line) and each
 * request a child of that (the request id the caller sees in `x-request-id`), so lines of
 * concurrent requests in the local front never borrow each other's ids.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export type { Logger };

/** LOG_LEVEL as our configuration spells it (lower case); Powertools only reads upper case from the environment. */
const level = (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || 'info').toUpperCase() as Uppercase<string>;

export const logger = new Logger({ serviceName: 'prepaidship', logLevel: level as 'INFO' });
