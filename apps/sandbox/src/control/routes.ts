import { Hono } from 'hono';
import Big from 'big.js';
import { z } from 'zod';
import {
  CRYPTO_DESTINATION_ADDRESS_STATUSES,
  IDENTITY_STATUSES,
  MarketSchema,
} from '@console/schemas';
import { iso } from '../clock';
import { ControlSchema } from '../config-seed';
import { asProblem, badRequest, problemResponse } from '../problem';
import { balancesView } from '../state/balances';
import { depositInstructionsView } from '../state/deposit-instructions';
import { DepositSchema, simulateDeposit } from '../state/deposits';
import { setAddressStatus } from '../state/destination-addresses';
import { setIdentityStatus } from '../state/identities';
import { accountView, identityView } from '../state/identity-view';
import { fiatAccountOr404, fiatAccountView, mergeUpdate } from '../state/fiat-accounts';
import { reactToPrice } from '../state/order-engine';
import { executionView, orderView } from '../state/order-view';
import { settleOrchestrationNow } from '../state/orchestrations';
import { seedTransfers } from '../state/seed-volume';
import { limitView } from '../state/transfer-limits';
import { settleTransferNow } from '../state/transfers';
import type { SandboxRuntime } from '../runtime';
import { jsonBody } from './json-body';
import { staffRoutes } from './staff-routes';

const dateTime = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time' });
const VolumeSchema = z.strictObject({
  count: z.number().int().min(1).max(50_000),
  from: dateTime,
  to: dateTime,
  ref_prefix: z.string().min(1).max(64),
  from_profile_id: z.string().min(1).max(100),
  to_profile_id: z.string().min(1).max(100),
  asset: z.string().min(1).max(16),
  amount: z.string().regex(/^[0-9]+(\.[0-9]+)?$/, { error: 'must be a decimal string' }),
});

/**
 * The sandbox's own endpoints, which the real service does not have: reset, inspect state and
 * logs, simulate deposits, move the clock, pin prices. They need no token: the sandbox is local.
 */
export function controlRoutes(rt: SandboxRuntime): Hono {
  const app = new Hono();
  app.onError((error, c) => problemResponse(c, asProblem(error)));
  app.use(async (_c, next) => {
    rt.advance();
    await next();
  });

  app.post('/reset', (c) => {
    rt.reset();
    return c.json({ reset: true, now: iso(rt.clock.now()) });
  });

  app.get('/state', (c) => {
    const s = rt.state;
    const now = rt.clock.now();
    return c.json({
      now: iso(now),
      clock_offset_ms: rt.clock.offset(),
      customer_id: s.customer_id,
      profiles: [...s.profiles.values()].map((p) => ({
        id: p.id,
        customer_id: p.customer_id,
        nickname: p.nickname,
        type: p.type,
        deactivated: p.deactivated,
        balances: balancesView(p),
      })),
      identities: [...s.identities.values()].map((i) =>
        identityView(i, { details: true, members: true }),
      ),
      accounts: [...s.accounts.values()].map(accountView),
      fiat_accounts: [...s.fiat_accounts.values()].map((f) => ({
        profile_id: f.profile_id,
        ...(f.deleted_at !== undefined ? { deleted_at: iso(f.deleted_at) } : {}),
        ...f.record,
      })),
      deposit_instructions: [...s.deposit_instructions.values()].map(depositInstructionsView),
      orders: [...s.orders.values()].map(orderView),
      executions: s.executions.map((e) => ({ ...executionView(e), profile_id: e.profile_id })),
      transfers: [...s.transfers.values()].map((t) => t.record),
      orchestrations: [...s.orchestrations.values()].map((o) => o.record),
      rules: [...s.rules.values()],
      deposit_addresses: [...s.deposit_addresses.values()],
      fee_quotes: [...s.fee_quotes.values()],
      destination_addresses: [...s.destination_addresses.values()],
      transfer_limits: s.transfer_limits.map((l) => limitView(s, l, now)),
      events: s.events.map((e) => e.record),
      prices: s.prices.snapshot(now),
    });
  });

  app.post('/deposits', async (c) => {
    const deposit = await jsonBody(c.req.raw, DepositSchema);
    const result = simulateDeposit(rt.state, deposit, rt.clock.now());
    return c.json(result);
  });

  app.post('/clock', async (c) => {
    const { advance_ms } = await jsonBody(
      c.req.raw,
      z.strictObject({ advance_ms: z.number().int().min(0) }),
    );
    rt.clock.advance(advance_ms);
    rt.advance();
    return c.json({ now: iso(rt.clock.now()), offset_ms: rt.clock.offset() });
  });

  app.put('/prices/:market', async (c) => {
    const market = MarketSchema.safeParse(c.req.param('market'));
    if (!market.success) throw badRequest(`market: ${c.req.param('market')} is not a market`);
    const { price } = await jsonBody(
      c.req.raw,
      z.strictObject({
        price: z
          .string()
          .regex(/^[0-9]*\.?[0-9]+$/)
          .refine((v) => /[1-9]/.test(v))
          .nullable(),
      }),
    );
    rt.state.prices.pin(market.data, price === null ? null : new Big(price), rt.clock.now());
    // The market reacts at once: open orders the new price crosses fill now.
    reactToPrice(rt.state, market.data, rt.clock.now());
    return c.json({
      market: market.data,
      price: rt.state.prices.at(market.data, rt.clock.now()).toFixed(),
      pinned: price !== null,
    });
  });

  const SettleSchema = z.strictObject({ status: z.enum(['COMPLETED', 'FAILED']).optional() });
  app.post('/transfers/:id/settle', async (c) => {
    const { status } = await jsonBody(c.req.raw, SettleSchema);
    const id = c.req.param('id');
    return c.json(settleTransferNow(rt.state, id, status ?? 'COMPLETED', rt.clock.now()));
  });
  app.post('/orchestrations/:id/settle', async (c) => {
    const { status } = await jsonBody(c.req.raw, SettleSchema);
    const id = c.req.param('id');
    return c.json(settleOrchestrationNow(rt.state, id, status ?? 'COMPLETED', rt.clock.now()));
  });

  staffRoutes(app, rt);

  // A busy day at once (issue 64): `count` internal transfers across a past period, so that a
  // reconciliation's pace can be measured on tens of thousands of records without as many
  // signed requests. The refs come back, for the caller to journal them.
  app.post('/history/transfers', async (c) => {
    const v = await jsonBody(c.req.raw, VolumeSchema);
    const [from, to] = [Date.parse(v.from), Date.parse(v.to)];
    if (!(from < to)) throw badRequest('to: must be after from');
    if (to > rt.clock.now()) throw badRequest("to: must not be after the sandbox's now");
    const transfers = seedTransfers(rt.state, { ...v, from, to }, rt.clock.now());
    return c.json({ transfers });
  });

  // A change made at the service by someone else (another client, the service's own staff): the
  // account's members are merged as an update merges them, its status left as it is. Tests use
  // it to change an account while a request to update it waits for approval.
  app.patch('/fiat-accounts/:id', async (c) => {
    const change = await jsonBody(c.req.raw, z.record(z.string(), z.unknown()));
    const account = fiatAccountOr404(rt.state, c.req.param('id'));
    account.record = mergeUpdate(
      account.record,
      change,
      (key) => key === 'metadata',
    ) as typeof account.record;
    account.record.updated_at = iso(rt.clock.now());
    return c.json(fiatAccountView(account));
  });

  // The service's own review of an identity: its summary status, its active controls (the list
  // given replaces them; one that stays keeps its id and time). Reaching APPROVED, DENIED or DISABLED records the event.
  app.put('/identities/:id', async (c) => {
    const change = await jsonBody(
      c.req.raw,
      z.strictObject({
        summary_status: z.enum(IDENTITY_STATUSES).optional(),
        controls: z.array(ControlSchema).optional(),
      }),
    );
    const identity = setIdentityStatus(rt.state, c.req.param('id'), change, rt.clock.now());
    return c.json(identityView(identity, { details: true, members: true }));
  });

  // The service's screening of an address of the book: only an APPROVED one can be paid out to.
  app.put('/crypto-destination-addresses/:id', async (c) => {
    const { status } = await jsonBody(
      c.req.raw,
      z.strictObject({ status: z.enum(CRYPTO_DESTINATION_ADDRESS_STATUSES) }),
    );
    return c.json(setAddressStatus(rt.state, c.req.param('id'), status));
  });

  app.get('/log', (c) => c.json({ token_requests: rt.tokenLog, requests: rt.requestLog }));
  return app;
}
