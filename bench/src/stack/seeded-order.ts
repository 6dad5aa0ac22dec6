/**
 * An order of the sandbox's demo history, for the figures that read one. Looked up again after
 * every reset: a reset seeds the history anew, and since issue 67 record ids are random UUIDs,
 * never drawn from the seeded generator, so an id read before a reset answers 404 after it.
 */
import { DEMO_IDS } from '@console/schemas';

export interface SeededOrder {
  id: string;
  profile_id: string;
  /** The service's path of Get Order for it. */
  path: string;
}

export async function seededOrder(sandboxUrl: string): Promise<SeededOrder> {
  const response = await fetch(`${sandboxUrl}/sandbox/state`);
  if (!response.ok) throw new Error(`GET /sandbox/state: ${response.status}`);
  const state = (await response.json()) as { orders: { id: string; profile_id: string }[] };
  const order = state.orders.find((o) => o.profile_id === DEMO_IDS.profiles.marketMaking);
  if (!order) throw new Error('the sandbox has no seeded order to read');
  return { ...order, path: `/v2/profiles/${order.profile_id}/orders/${order.id}` };
}
