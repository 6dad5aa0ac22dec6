import { z } from 'zod';
import { BatchUploadedBeforeSchema } from './batch-check-api';
import { JournalEntrySchema } from './console-api';
import { DestinationCheckSchema } from './destinations-api';
import { LimitCheckSchema } from './limits-api';
import type { FieldError } from './errors';

/**
 * Problem details (RFC 9457) as the service answers them: `type` is `about:blank` or a URL whose
 * last segment names the problem (`insufficient-funds`, `already-exists`, …).
 */
export const ServiceProblemSchema = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.number().optional(),
  detail: z.string().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ServiceProblem = z.infer<typeof ServiceProblemSchema>;

/** The last segment of a problem type URL: what to match on, never `detail`. */
export function problemCode(type: string | undefined): string {
  if (!type || type === 'about:blank') return 'about:blank';
  const segments = type.split(/[/#]/).filter(Boolean);
  return segments[segments.length - 1] ?? type;
}

/** A field error of a problem: the form shows `message` beside the field `path` names. */
export const FieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
}) satisfies z.ZodType<FieldError>;

/** The service's problem as the BFF passes it on under `upstream`. */
export const UpstreamProblemSchema = z.object({
  status: z.number(),
  type: z.string().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  /** The service's own details (`meta` of insufficient-funds, already-exists): passed through. */
  meta: z.unknown().optional(),
});

/**
 * The BFF's error body (RFC 9457, `application/problem+json`): one shape for every error the
 * browser sees, on every route. `code` is what the SPA and tests match on, never `detail`.
 */
export const ConsoleProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  code: z.string(),
  request_id: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
  upstream: UpstreamProblemSchema.optional(),
  /** The journal entry, when the problem arose after the send was journaled (retry, resolve). */
  journal: JournalEntrySchema.optional(),
  /** A send refused for its destination (`destination-not-allowed`): what the book says of it. */
  destination: DestinationCheckSchema.optional(),
  /** A send or approval refused for a limit (`limit-exceeded`): the limits it would pass. */
  limits: z.array(LimitCheckSchema).optional(),
  /** A send refused by the approval policy: the version that refused it (issue 38). */
  policy_version: z.number().optional(),
  /** The same rows were uploaded before (`batch-already-uploaded`): that batch's id (issue 39). */
  batch_id: z.string().optional(),
  /** That batch: its name, state, when and by whom it was uploaded, and in which order (issue 64). */
  uploaded_before: BatchUploadedBeforeSchema.optional(),
});
export type ConsoleProblem = z.infer<typeof ConsoleProblemSchema>;
