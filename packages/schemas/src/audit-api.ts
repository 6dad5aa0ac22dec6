import { z } from 'zod';

/*
 * The audit trail as the browser sees it (issue 41, ADR 022): the verification of the hash
 * chains, checkpoints and signed exports, for admins and auditors.
 */

export const AUDIT_CHAINS = ['journal', 'approvals', 'security', 'audit'] as const;
export const AUDIT_BREAK_KINDS = ['changed', 'missing', 'reordered'] as const;

/** One chain as verified: its first break, if any, and what still holds before it. */
export const AuditChainReportSchema = z.object({
  chain: z.enum(AUDIT_CHAINS),
  records: z.number().int(),
  ok: z.boolean(),
  break: z
    .object({
      position: z.number().int(),
      kind: z.enum(AUDIT_BREAK_KINDS),
      detail: z.string(),
    })
    .nullable(),
  last_good: z.object({ position: z.number().int(), hash: z.string() }),
  last_good_checkpoint: z
    .object({ id: z.number().int().nullable(), signed_at: z.string(), position: z.number().int() })
    .nullable(),
});
export type AuditChainReport = z.infer<typeof AuditChainReportSchema>;

/** `GET /api/audit/verification`: every chain walked now, and the audit key to check with. */
export const AuditVerificationSchema = z.object({
  ok: z.boolean(),
  verified_at: z.string(),
  chains: z.array(AuditChainReportSchema),
  checkpoints: z.object({
    count: z.number().int(),
    signatures_checked: z.boolean(),
    forged: z.array(z.object({ id: z.number().int().nullable(), signed_at: z.string() })),
  }),
  /**
   * The live rows compared with the trail (issue 57): each row that differs from the latest
   * record of its subject (`changed`, with the column), that a record names but is gone
   * (`deleted`), or that no record names (`forged`).
   */
  binding: z.object({
    ok: z.boolean(),
    rows: z.number().int(),
    findings: z.array(
      z.object({
        kind: z.enum(['changed', 'deleted', 'forged']),
        table: z.string(),
        id: z.string(),
        column: z.string().nullable(),
        /** `pending`: a record not sealed onto its chain yet (position 0). */
        record: z
          .object({
            chain: z.enum(AUDIT_CHAINS),
            position: z.number().int(),
            pending: z.boolean().optional(),
          })
          .nullable(),
      }),
    ),
  }),
  /**
   * Records written by their change and not sealed onto their chain yet (issue 57): pending,
   * never a break. `lag_seconds` is the oldest's age.
   */
  pending: z.object({
    count: z.number().int(),
    oldest_at: z.string().nullable(),
    lag_seconds: z.number(),
  }),
  /** The audit key's public half, to verify exports with; null when none is configured. */
  key: z.object({ key_id: z.string(), public_key_pem: z.string() }).nullable(),
});
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;

/** `POST /api/audit/checkpoints`: the heads signed now. */
export const AuditCheckpointSchema = z.object({
  id: z.number().int(),
  signed_at: z.string(),
  key_id: z.string(),
});
export type AuditCheckpoint = z.infer<typeof AuditCheckpointSchema>;

export const AUDIT_EXPORT_KINDS = ['journal', 'approvals', 'security'] as const;

/** `POST /api/audit/exports`: a period, `from` inclusive and `to` exclusive (dates or instants). */
export const AuditExportRequestSchema = z
  .object({
    kind: z.enum(AUDIT_EXPORT_KINDS),
    from: z.iso.date().or(z.iso.datetime()),
    to: z.iso.date().or(z.iso.datetime()),
  })
  .strict()
  .refine((r) => new Date(r.from).getTime() < new Date(r.to).getTime(), {
    path: ['to'],
    message: 'must be after from',
  });
export type AuditExportRequest = z.infer<typeof AuditExportRequestSchema>;

/** The export: the CSV itself and its detached JWS (`header..signature`) under `key_id`. */
export const AuditExportSchema = z.object({
  filename: z.string(),
  csv: z.string(),
  signature: z.string(),
  key_id: z.string(),
  rows: z.number().int(),
  /**
   * The inclusion proofs of its rows' records and of its own, in the tree head signed with it, as
   * the text of the file `pnpm cli audit:verify-proof` checks offline (issue 57).
   */
  proofs: z.string(),
});
export type AuditExport = z.infer<typeof AuditExportSchema>;
