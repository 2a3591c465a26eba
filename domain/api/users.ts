/**
 * Accounts: the stored shape (functions/data/users.ts owns the items) and the answer the account
 * routes give (docs/api.md): no hash, the balance in dollars beside the exact cents. The mapper
 * from one to the other, which Lambdas run, is in ./user-answer.ts (no zod there).
 */
import * as z from 'zod';
import { TEAM_ROLES } from './team-roles';
import type { NotificationSettings } from './notifications';
import { notificationSettingsSchema } from './notifications';
import { apiEntrySchema } from './wallet';
import { apiApprovalSchema } from './oversight';
import { LABEL_FORMATS, type LabelChoice } from '../label-formats';

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** One account as stored. */
export interface User {
  id: string;
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  /** The email address was proven by a one-time code at least once. */
  verified: boolean;
  /** Spendable cents, written only by functions/wallet/; 0 until the first credit. */
  balanceCents: number;
  /**
   * Cents on hold for a withdrawal request (functions/wallet/), not spendable: purchases check
   * `balanceCents` alone. What the wallet owes the user is `balanceCents + heldCents`.
   */
  heldCents: number;
  /**
   * Cents on hold for open card disputes (functions/wallet/), taken from `balanceCents` even below
   * zero; given back when a dispute is won, gone when it is lost.
   */
  disputedCents: number;
  /** Bumped on every write of the profile item (optimistic concurrency). */
  version: number;
  /** Sessions count only while theirs is this one; moving it on ends them all (functions/data/sessions.ts). */
  sessionEpoch: number;
  /** Labels this user has bought (created), kept with each label's transaction. */
  labelCount: number;
  /** The mail settings the user chose; absent until they first save them (the defaults). */
  notifications?: Partial<NotificationSettings>;
  /** The label file a download gives when it names none; absent until first saved (the 4x6 PDF). */
  labelFormat?: LabelChoice;
  createdAt: string;
}

/** An account as the account routes answer it. */
export const apiUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    isVerified: z.boolean(),
    balance: z.number().meta({ description: 'The wallet balance as shown, in dollars: everything we owe the user, held cents included.' }),
    balanceCents: z.number().int(),
    held: z.number().meta({ description: 'On hold for a withdrawal request: part of the balance, not spendable.' }),
    heldCents: z.number().int(),
    disputed: z
      .number()
      .meta({ description: 'On hold for open card disputes: taken from the available balance (which may then be below zero) until decided.' }),
    disputedCents: z.number().int(),
    available: z.number().meta({ description: 'What purchases can spend: the balance minus holds.' }),
    availableCents: z.number().int(),
    notifications: notificationSettingsSchema,
    labelFormat: z
      .object({ format: z.enum(LABEL_FORMATS), dpi: z.union([z.literal(203), z.literal(300)]) })
      .meta({ description: 'The label file a download gives when it names none (PUT /auth/label-format); `dpi` counts for a PNG.' }),
    createdAt: z.string(),
    team: z
      .object({ accountId: z.string(), role: z.enum(TEAM_ROLES), ownerName: z.string(), ownerEmail: z.string() })
      .optional()
      .meta({
        description:
          "GET /auth/profile of a team member: the team's account and the member's role in it; the balance figures are then the team's wallet. Absent for a person on their own account.",
      }),
  })
  .meta({ id: 'User' });
export type ApiUser = z.infer<typeof apiUserSchema>;

/** One page of GET /auth/users (admin): newest first. */
export const usersPageSchema = z.object({ users: z.array(apiUserSchema), nextCursor: z.string().nullable() }).meta({ id: 'UsersPage' });
export type UsersPage = z.infer<typeof usersPageSchema>;

/**
 * POST /admin/users/{id}/adjustments: the entry made and the account after it; over the second-admin
 * threshold, no entry yet and the approval waiting for a second admin.
 */
export const adjustmentAnswerSchema = z
  .object({
    entry: apiEntrySchema.nullable().meta({ description: 'The adjustment made; null while it waits for a second admin.' }),
    user: apiUserSchema,
    pendingApproval: apiApprovalSchema.nullable().meta({ description: 'The approval waiting for a second admin, when the adjustment needs one.' }),
  })
  .meta({ id: 'AdjustmentAnswer' });
export type AdjustmentAnswer = z.infer<typeof adjustmentAnswerSchema>;
