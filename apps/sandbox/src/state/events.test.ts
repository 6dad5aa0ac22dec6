import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, operations } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';
import { iso } from '../clock';

/* The event log (appendix B, 38 and 39): what raises an event, and reading it back in order. */
const P = DEMO_IDS.profiles;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

type Event = { id: string; type: string; object: Record<string, unknown> };

/** Every event since `since`, read a page of `limit` at a time, following the cursor. */
async function walk(since: string, limit: number, order = ''): Promise<Event[]> {
  const seen: Event[] = [];
  let cursor: string | undefined;
  do {
    const query = `created_at.gte=${encodeURIComponent(since)}&limit=${limit}${order}`;
    const page = await sbx.send(
      'GET',
      `/v2/events?${query}${cursor ? `&page_cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(operations.listEvents.response.safeParse(page.body).success).toBe(true);
    seen.push(...(page.body.events as Event[]));
    cursor = page.body.next_page_cursor as string | undefined;
  } while (cursor);
  return seen;
}

/** The ETHEREUM address the service made for the seed's sweep rule (USDP deposits → USD). */
async function sweepAddress(): Promise<string> {
  const rules = await sbx.send('GET', `/v2/orchestration/rules?ids=${DEMO_IDS.rules.sweep}`);
  return (rules.body.items as { source: { crypto: { address_id: string } } }[])[0]!.source.crypto
    .address_id;
}

describe('the event log', () => {
  it('records a deposit and the orchestrations that follow, and reads them back oldest first with a cursor', async () => {
    const since = iso(sbx.clock.now());
    const deposit = await sbx.control('POST', '/deposits', {
      asset: 'USDP',
      amount: '1000',
      deposit_address_id: await sweepAddress(),
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    const made = (deposit.body.orchestrations as { id: string }[])[0]!;
    sbx.clock.advance(2_000);
    const payout = await sbx.call('createOrchestration', {
      profile_id: P.treasury,
      ref_id: 'events-payout',
      source_asset: 'ETH',
      source: { profile: { profile_id: P.treasury } },
      destination_asset: 'ETH',
      destination: {
        crypto: { address: '0x52908400098527886E0F7030069857D2E4169EE7', network: 'ETHEREUM' },
      },
      source_amount: '1',
    });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    await sbx.control('POST', `/orchestrations/${payout.body.id as string}/settle`, {});

    const events = await walk(since, 1);
    expect(events.map((e) => e.type)).toEqual([
      'transfer.crypto_deposit.completed',
      'orchestration.processing',
      'orchestration.completed',
      'orchestration.processing',
      'transfer.crypto_withdrawal.completed',
      'orchestration.completed',
    ]);
    const transfer = deposit.body.transfer as Record<string, unknown>;
    expect(events[0]!.object).toEqual({
      id: transfer.id,
      type: 'CRYPTO_DEPOSIT',
      status: 'COMPLETED',
      profile_id: P.omnibus,
      crypto_network: 'ETHEREUM',
      crypto_tx_hash: transfer.crypto_tx_hash,
      crypto_tx_index: '0',
    });
    expect(events[1]!.object).toEqual({
      id: made.id,
      ref_id: `rule-${DEMO_IDS.rules.sweep}-${transfer.id as string}`,
      status: 'PROCESSING',
      orchestration_rule_id: DEMO_IDS.rules.sweep,
    });
    // Made directly: no rule.
    expect(events[3]!.object).toEqual({
      id: payout.body.id,
      ref_id: 'events-payout',
      status: 'PROCESSING',
    });
    // Pages of any size, and the other order, read the same events.
    expect(await walk(since, 4)).toEqual(events);
    expect(await walk(since, 2, '&order=DESC')).toEqual([...events].reverse());
    // Each is read back whole by its id, as a webhook's receiver does.
    const one = await sbx.send('GET', `/v2/events/${events[4]!.id}`);
    expect(one.body).toEqual(events[4]);
  });

  it('records a failed orchestration and an ACT deposit; a wire deposit and an internal transfer raise none', async () => {
    const since = iso(sbx.clock.now());
    const orchestration = await sbx.call('createOrchestration', {
      profile_id: P.treasury,
      source_asset: 'USD',
      source: { profile: { profile_id: P.treasury } },
      destination_asset: 'USD',
      destination: { profile: { profile_id: P.payouts } },
      source_amount: '10.00',
    });
    await sbx.control('POST', `/orchestrations/${orchestration.body.id as string}/settle`, {
      status: 'FAILED',
    });
    await sbx.control('POST', '/deposits', {
      asset: 'SGD',
      amount: '250.00',
      deposit_instructions_id: DEMO_IDS.fiatDepositInstructions.act,
    });
    await sbx.control('POST', '/deposits', {
      asset: 'USD',
      amount: '250.00',
      deposit_instructions_id: DEMO_IDS.depositInstructions,
    });
    await sbx.call('createInternalTransfer', {
      from_profile_id: P.treasury,
      to_profile_id: P.payouts,
      asset: 'USD',
      amount: '1.00',
    });
    const events = await walk(since, 100);
    expect(events.map((e) => e.type)).toEqual([
      'orchestration.processing',
      'orchestration.failed',
      'transfer.act_deposit.completed',
    ]);
    expect(events[2]!.object).toMatchObject({ type: 'ACT_DEPOSIT', profile_id: P.omnibus });
  });

  it('answers 404 for an event nobody has, and keeps test events apart', async () => {
    expect((await sbx.send('GET', '/v2/events/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    const denied = `/v2/events/${DEMO_IDS.events.daveDenied}`;
    expect((await sbx.send('GET', denied)).body).toMatchObject({
      type: 'identity.denied',
      object: { identity_id: DEMO_IDS.identities.dave, new_summary_status: 'DENIED' },
    });
    expect((await sbx.send('GET', `${denied}?is_test=true`)).status).toBe(404);
  });
});
