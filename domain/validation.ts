/** Turns a zod failure into the API's 400 shape, `{ message, fields }`, for server and forms alike. */
import type { $ZodError } from 'zod/v4/core';

export interface FieldErrors {
  message: string;
  fields: Record<string, string>;
}

/** First message per field path (`from.zip`); the overall message is the first one seen. */
export function fieldErrors(error: $ZodError): FieldErrors {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? 'Invalid request', fields };
}
