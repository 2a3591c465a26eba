/**
 * Starts one in-memory DynamoDB Local for the integration run and stops it afterwards; each test
 * file makes its own table (test/integration/setup-env.ts) so files never see each other's data.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../infra/local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
