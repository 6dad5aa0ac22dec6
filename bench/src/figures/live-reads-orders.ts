import { randomUUID } from 'node:crypto';
import type { Stack } from '../stack/stack';
import { MARKET, PROFILE, sleep } from './live-reads-plan';

/*
 * The live-reads figure's moves at the sandbox and the BFF (issue 35): the market's price held or
 * moved, a limit order placed as the SPA places it, and the wait for the sandbox to book orders.
 */

async function sandboxFetch(stack: Stack, path: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(`${stack.sandbox.url}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

export function setPrice(stack: Stack, price: string | null): Promise<unknown> {
  return sandboxFetch(stack, `/sandbox/prices/${MARKET}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ price }),
  });
}

/** A GTC limit buy through the BFF, as the SPA sends it; its id. */
export async function placeOrder(stack: Stack, price: string): Promise<string> {
  const response = await fetch(`${stack.bff.url}/api/operations/createOrder`, {
    method: 'POST',
    headers: stack.bff.headers,
    body: JSON.stringify({
      profile_id: PROFILE,
      market: MARKET,
      side: 'BUY',
      type: 'LIMIT',
      base_amount: '0.001',
      price,
      ref_id: randomUUID(),
    }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`createOrder at ${price}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

/** The sandbox books an accepted order a moment later: waits until every one has `status`. */
export async function waitForStatus(stack: Stack, ids: string[], status: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const state = (await sandboxFetch(stack, '/sandbox/state')) as {
      orders: { id: string; status: string }[];
    };
    const statuses = new Map(state.orders.map((o) => [o.id, o.status]));
    const behind = ids.filter((id) => statuses.get(id) !== status);
    if (behind.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `${behind.length} orders not ${status} at the sandbox (${statuses.get(behind[0]!)})`,
      );
    }
    await sleep(100);
  }
}
