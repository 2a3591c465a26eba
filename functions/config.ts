/**
 * Environment configuration, parsed with zod once at cold start: a missing or malformed setting
 * fails the Lambda's init with a clear message instead of a confusing error mid-request.
 * Every variable is listed in .env.example and the README.
 */
import { z } from 'zod';

const schema = z.object({
  TABLE_NAME: z.string().min(1).default('prepaidship'),
  /** Set only for DynamoDB Local; in AWS the SDK finds the regional endpoint itself. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** HS256 key for session tokens; at least 32 characters. The local front generates one into DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  JWT_ISSUER: z.string().default('prepaidship'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

/** The parsed configuration; parsed on first use and kept for the life of the process. */
export function config(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid configuration: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Forgets the parsed configuration (tests that change process.env). */
export function resetConfigForTests(): void {
  cached = undefined;
}
