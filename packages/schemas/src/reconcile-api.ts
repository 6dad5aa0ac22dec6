import { z } from 'zod';

/*
 * Reconciliation as the browser sees it (issue 40): runs over a period, and the queue of
 * differences between the journal and what the service holds, each with its two sides.
 */

export const RECON_DIFFERENCE_KINDS = [
  /** The journal says the service took it; the service has no record of its `ref_id`. */
  'absent',
  /** The service holds it; the journal has no entry (a deposit, a rule, another client). */
  'unjournaled',
  'amount',
  'asset',
  'destination',
  'profile',
  /** The journal says succeeded and the service failed or rejected it, or the reverse. */
  'status',
  /** Still pending at the service longer than its type's limit. */
  'pending',
  /** An order's fill differs from the journal's last (final) answer. */
  'fills',
] as const;
export const RECON_STATUSES = ['open', 'resolved', 'closed'] as const;
export const RECON_SOURCES = ['deposit', 'rule', 'other'] as const;

/** The longest period one run covers: a month and a day. */
export const RECON_MAX_PERIOD_DAYS = 32;

/**
 * A reconciled period's bounds, `from` inclusive and `to` exclusive: after its start and at most
 * `RECON_MAX_PERIOD_DAYS` long, said of what covers it ("One run", "One statement").
 */
export const refinePeriod =
  (covering: string) => (period: { from: string; to: string }, ctx: z.RefinementCtx) => {
    const span = Date.parse(period.to) - Date.parse(period.from);
    if (!(span > 0)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after the start' });
    } else if (span > RECON_MAX_PERIOD_DAYS * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `${covering} covers at most ${RECON_MAX_PERIOD_DAYS} days`,
      });
    }
  };

/** `POST /api/reconciliation/runs`: `from` inclusive, `to` exclusive (instants). */
export const ReconRunRequestSchema = z
  .strictObject({ from: z.iso.datetime(), to: z.iso.datetime() })
  .superRefine(refinePeriod('One run'));
export type ReconRunRequest = z.infer<typeof ReconRunRequestSchema>;

export const ReconRunSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  started_by: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  reads: z.number().int(),
  found: z.number().int().nullable(),
  opened: z.number().int().nullable(),
  closed: z.number().int().nullable(),
  matched: z.number().int().nullable(),
  /** Why a failed run failed. */
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReconRun = z.infer<typeof ReconRunSchema>;

export const ReconRunListSchema = z.object({ items: z.array(ReconRunSchema) });

/**
 * A record the service keeps as a part of another (issue 64): a transfer's credit leg under its
 * debit, an orchestration's transfers, a deposit's conversion. Named under its head's difference.
 */
export const ReconLegSchema = z.object({
  id: z.string(),
  type: z.string().nullable(),
  profile_id: z.string().nullable(),
});
export type ReconLeg = z.infer<typeof ReconLegSchema>;

export const ReconDifferenceSchema = z.object({
  id: z.string(),
  kind: z.enum(RECON_DIFFERENCE_KINDS),
  source: z.enum(RECON_SOURCES).nullable(),
  journal_id: z.string().nullable(),
  record_type: z.enum(['transfer', 'order', 'orchestration']),
  record_id: z.string().nullable(),
  ref_id: z.string().nullable(),
  journal_value: z.string().nullable(),
  service_value: z.string().nullable(),
  detail: z.string(),
  /** The records that are its record's legs: one difference for them all, whoever made them. */
  legs: z.array(ReconLegSchema),
  subject_at: z.string(),
  status: z.enum(RECON_STATUSES),
  reopened: z.number().int(),
  assignee: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type ReconDifference = z.infer<typeof ReconDifferenceSchema>;

export const ReconDifferenceQuerySchema = z.object({
  status: z.enum([...RECON_STATUSES, 'all']).optional(),
});

export const ReconDifferenceListSchema = z.object({
  items: z.array(ReconDifferenceSchema),
  /** Open differences per kind, over the whole queue. */
  open_by_kind: z.record(z.string(), z.number().int()),
});

/** One difference with both sides: the journal's entry and the service's record as read. */
export const ReconDifferenceDetailSchema = z.object({
  difference: ReconDifferenceSchema,
  journal: z
    .object({
      id: z.string(),
      operation: z.string(),
      state: z.string(),
      operator: z.string(),
      created_at: z.string(),
      request_body: z.unknown(),
      response: z.unknown(),
    })
    .nullable(),
  service: z.unknown(),
  events: z.array(
    z.object({
      kind: z.string(),
      actor: z.string().nullable(),
      reason: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type ReconDifferenceDetail = z.infer<typeof ReconDifferenceDetailSchema>;

export const ReconAssignSchema = z.strictObject({
  assignee: z.string().min(1).max(100).nullable(),
});
export const ReconResolveSchema = z.strictObject({
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
});

/** `GET /api/reconciliation/export?from&to`: the period's differences and matches as CSV. */
export const ReconExportQuerySchema = z.object({ from: z.iso.datetime(), to: z.iso.datetime() });
export const ReconExportSchema = z.object({
  filename: z.string(),
  csv: z.string(),
  /** Per day and kind: how many differences, and how many sends matched. */
  summary: z.array(z.object({ day: z.string(), kind: z.string(), count: z.number().int() })),
});
export type ReconExport = z.infer<typeof ReconExportSchema>;
