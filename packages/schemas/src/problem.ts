import { z } from 'zod';
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

/** The BFF's error body: one shape for every error the browser sees. */
export interface ConsoleProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  request_id: string;
  errors?: FieldError[];
  upstream?: { status: number; type?: string; title?: string; detail?: string; meta?: unknown };
  /** The journal entry, when the problem arose after the send was journaled (retry, resolve). */
  journal?: import('./console-api').JournalEntry;
}
