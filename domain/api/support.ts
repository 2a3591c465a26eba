/** POST /support's answer: what the person reads, and the request's id. */
import * as z from 'zod';

export const supportAnswerSchema = z.object({ message: z.string(), id: z.string() }).meta({ id: 'SupportAnswer' });
export type SupportAnswer = z.infer<typeof supportAnswerSchema>;
