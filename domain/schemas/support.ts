/** The support form (SPEC.md section 5). */
import * as z from './zod';
import { schema } from './zod';
import { SUPPORT_MESSAGE_MIN, SUPPORT_SUBJECTS } from '../constants';
import { email, isSafeText, UNSAFE_TEXT_MESSAGE } from './fields';

export const supportSchema = /* @__PURE__ */ schema(() =>
  z.object({
    email: email(),
    subject: z.enum(SUPPORT_SUBJECTS, { error: 'Please select a subject' }),
    message: z
      .string({ error: 'Please enter your message' })
      .check(
        z.trim(),
        z.minLength(1, 'Please enter your message'),
        z.minLength(SUPPORT_MESSAGE_MIN, `Message must be at least ${SUPPORT_MESSAGE_MIN} characters`),
        z.maxLength(5000, 'Message must be at most 5000 characters'),
        z.refine(isSafeText, UNSAFE_TEXT_MESSAGE),
      ),
    _replyto: z.optional(z.string().check(z.maxLength(254))),
  }),
);
export type SupportBody = z.infer<typeof supportSchema>;
