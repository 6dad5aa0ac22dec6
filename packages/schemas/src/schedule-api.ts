/**
 * Schedules as the console's API carries them (issue 63): a series of one write sent at the
 * occurrences of a timing (`schedules.ts`), approved once per version by the policy's
 * requirements (as a batch is), then paused, resumed, skipped or cancelled as recorded actions.
 */
import { z } from 'zod';
import { BatchRequirementSchema } from './batch-api';
import { BATCH_OPERATIONS } from './batch-states';
import { CatchUpRuleSchema, ScheduleTimingSchema } from './schedules';

/** `POST /api/schedules`: the write (its body without a ref_id), its timing and catch-up rule. */
export const ScheduleCreateRequestSchema = z.strictObject({
  operation: z.enum(BATCH_OPERATIONS, {
    error: 'Only internal transfers, service transfers and orchestrations can be scheduled',
  }),
  body: z.record(z.string(), z.unknown(), { error: 'The request must be a JSON object' }),
  timing: ScheduleTimingSchema,
  catch_up: CatchUpRuleSchema.default('send_once'),
});
export type ScheduleCreateRequest = z.input<typeof ScheduleCreateRequestSchema>;

export const SCHEDULE_STATES = ['active', 'paused', 'cancelled'] as const;
export const SCHEDULE_VERSION_STATES = [
  'awaiting_approval',
  'approved',
  'rejected',
  'superseded',
] as const;
export const OCCURRENCE_STATES = ['upcoming', 'journaled', 'refused', 'skipped'] as const;

const Money = z.object({ asset: z.string(), amount: z.string() });

export const ScheduleOccurrenceSchema = z.object({
  number: z.number().int(),
  due_at: z.string(),
  /** `upcoming` until decided; then journaled (its entry says how the send went), or not sent. */
  state: z.enum(OCCURRENCE_STATES),
  ref_id: z.string(),
  journal_id: z.string().nullable(),
  journal_state: z.string().nullable(),
  /** Why it was refused or skipped, or that it was sent late, in words. */
  words: z.string().nullable(),
  late: z.boolean(),
});
export type ScheduleOccurrence = z.infer<typeof ScheduleOccurrenceSchema>;

export const ScheduleVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  state: z.enum(SCHEDULE_VERSION_STATES),
  body: z.record(z.string(), z.unknown()),
  timing: ScheduleTimingSchema,
  /** The timing in words, as the review shows it. */
  timing_words: z.string(),
  catch_up: CatchUpRuleSchema,
  created_by: z.string(),
  created_by_name: z.string(),
  /** What the approval is given to: the amount each occurrence sends, how many, and in all. */
  per_occurrence: Money.nullable(),
  occurrences: z.number().int().nullable(),
  total: Money.nullable(),
  requirements: z.array(BatchRequirementSchema),
  approvals: z.array(z.object({ by: z.string(), name: z.string(), at: z.string() })),
  policy_version: z.number().int().nullable(),
  approved_at: z.string().nullable(),
});
export type ScheduleVersion = z.infer<typeof ScheduleVersionSchema>;

export const ScheduleSchema = z.object({
  id: z.string(),
  operation: z.enum(BATCH_OPERATIONS),
  state: z.enum(SCHEDULE_STATES),
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
  /** The approved version whose occurrences are sent, or null before the first approval. */
  in_force: ScheduleVersionSchema.nullable(),
  /** A version awaiting approval (the first, or an edit), or null. */
  awaiting: ScheduleVersionSchema.nullable(),
  /** The next occurrences of the version in force (or awaiting, before any is in force). */
  next: z.array(ScheduleOccurrenceSchema),
  /** The occurrences decided, latest first. */
  history: z.array(ScheduleOccurrenceSchema),
  actions: z.array(
    z.object({
      action: z.string(),
      by: z.string(),
      name: z.string(),
      at: z.string(),
      due_at: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ScheduleListSchema = z.object({ items: z.array(ScheduleSchema) });

/** `POST /api/schedules/:id/approve`: the version the approver reviewed. */
export const ScheduleApproveSchema = z.strictObject({
  version_id: z.string({ error: 'Say which version you approve' }),
});

/** `POST /api/schedules/:id/cancel` and `…/reject`: why, in words. */
export const ScheduleReasonSchema = z.strictObject({
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
});

/** `POST /api/schedules/:id/skip`: the occurrence (its due instant) not to send. */
export const ScheduleSkipSchema = z.strictObject({
  due_at: z.iso.datetime({ error: 'Say which occurrence, by its due time' }),
});
