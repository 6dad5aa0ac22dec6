import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxRuntime } from '../runtime';
import {
  changeFill,
  correctTransfer,
  dropRecord,
  requireSomeChange,
  type DroppedKind,
} from '../state/staff-changes';
import { jsonBody } from './json-body';

const decimal = z.string().regex(/^[0-9]+(\.[0-9]+)?$/, { error: 'must be a decimal string' });
const id = z.string().min(1).max(100);

const TransferCorrectionSchema = z.strictObject({
  amount: decimal.optional(),
  asset: z.string().min(1).max(16).optional(),
  profile_id: id.optional(),
  destination_profile_id: id.optional(),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']).optional(),
});

const FillChangeSchema = z.strictObject({
  amount_filled: decimal.optional(),
  average_price: decimal
    .refine((v) => /[1-9]/.test(v), { error: 'must be greater than 0' })
    .optional(),
});

const DROPPED: readonly DroppedKind[] = ['transfers', 'orders', 'orchestrations'];

/**
 * What the service's own staff do to its records, which no client call can (issue 64,
 * `state/staff-changes.ts`): reconciliation's tests make each kind of difference with them.
 * Registered on the control app, under its error handler and its clock.
 */
export function staffRoutes(app: Hono, rt: SandboxRuntime): void {
  // A transfer corrected after the console recorded it: amount, asset, profile, destination,
  // status (a completed one failed, or one left pending until a settle).
  app.patch('/transfers/:id', async (c) => {
    const change = await jsonBody(c.req.raw, TransferCorrectionSchema);
    requireSomeChange(change);
    return c.json(correctTransfer(rt.state, c.req.param('id'), change, rt.clock.now()));
  });

  // An order's fill as the service now holds it: the amount filled, the average price.
  app.patch('/orders/:id', async (c) => {
    const change = await jsonBody(c.req.raw, FillChangeSchema);
    requireSomeChange(change);
    return c.json(changeFill(rt.state, c.req.param('id'), change, rt.clock.now()));
  });

  // A record gone from the service's lists and reads, with its parts.
  for (const kind of DROPPED) {
    app.delete(`/${kind}/:id`, (c) =>
      c.json({ dropped: dropRecord(rt.state, kind, c.req.param('id')) }),
    );
  }
}
