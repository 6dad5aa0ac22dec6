import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

/* The book of destination addresses: Put, and the payouts it allows (appendix B, 35 and 36). */
const P = DEMO_IDS.profiles;
const I = DEMO_IDS.identities;
const A = DEMO_IDS.accounts;
const B = DEMO_IDS.destinationAddresses;
const FRESH = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

const put = (body: Record<string, unknown>) => sbx.call('putCryptoDestinationAddress', body);
const screen = (id: string, status: string) =>
  sbx.control('PUT', `/crypto-destination-addresses/${id}`, { status });
const book = async () =>
  (await sbx.send('GET', '/v2/transfer/crypto-destination-addresses')).body.addresses as {
    id: string;
  }[];
/** An ETH payout from treasury to an address, for an identity when given. */
const payout = (address: string, network = 'ETHEREUM', who: Record<string, string> = {}) =>
  sbx.call('createOrchestration', {
    profile_id: P.treasury,
    ...who,
    source_asset: 'ETH',
    source: { profile: { profile_id: P.treasury } },
    destination_asset: 'ETH',
    destination: { crypto: { address, network } },
    source_amount: '0.5',
  });

describe('Put Crypto Destination Address', () => {
  it('creates an address PENDING, not bookmarked, with a nickname made from it', async () => {
    const res = await put({ crypto_network: 'ETHEREUM', address: FRESH });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.address).toMatchObject({
      crypto_network: 'ETHEREUM',
      address: FRESH,
      status: 'PENDING',
      bookmarked: false,
      nickname: 'ETHEREUM 0x8ba1…BA72',
    });
    expect(res.body.address).not.toHaveProperty('identity_id');
  });

  it('updates the address the book has, by network and address or by id, never making a second', async () => {
    const made = (await put({ crypto_network: 'ETHEREUM', address: FRESH })).body.address as {
      id: string;
    };
    const count = (await book()).length;
    const again = await put({
      crypto_network: 'ETHEREUM',
      address: FRESH.toLowerCase(),
      nickname: 'Desk wallet',
    });
    expect(again.body.address).toMatchObject({ id: made.id, nickname: 'Desk wallet' });
    const byId = await put({ id: made.id, bookmarked_status: true });
    expect(byId.body.address).toMatchObject({
      id: made.id,
      nickname: 'Desk wallet',
      bookmarked: true,
      status: 'PENDING',
    });
    expect(await book()).toHaveLength(count);
    // The same address scoped to an identity is another entry of the book.
    const scoped = await put({ crypto_network: 'ETHEREUM', address: FRESH, identity_id: I.bob });
    expect(scoped.body.address).toMatchObject({ identity_id: I.bob });
    expect((scoped.body.address as { id: string }).id).not.toBe(made.id);
  });

  it.each([
    [{ id: '00000000-0000-4000-8000-000000000000' }, 404, 'id'],
    [{ crypto_network: 'BITCOIN', address: FRESH }, 400, 'address'],
    [{ crypto_network: 'ETHEREUM', address: FRESH, identity_id: 'nobody' }, 404, 'identity_id'],
    [{ id: B.cold, crypto_network: 'ETHEREUM', address: FRESH }, 400, 'id'],
    [{ crypto_network: 'ETHEREUM' }, 400, 'address'],
    [{ nickname: 'no address' }, 400, 'crypto_network'],
    [{ id: B.cold, bookmarked_status: 'yes' }, 400, 'bookmarked_status'],
  ])('refuses %j with %i naming the field', async (body, status, field) => {
    const res = await put(body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.detail).toMatch(new RegExp(`^${field}: `));
  });
});

describe('a payout to a crypto address', () => {
  it('goes to an address the book holds APPROVED', async () => {
    const res = await payout('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each([
    ['PENDING', B.pending, '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', 'ETHEREUM', I.bob, A.bob],
    ['REJECTED', B.rejected, '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'SOLANA', I.bob, A.bob],
  ])(
    'is refused to an address the book holds %s, and goes once the service approves it',
    async (status, id, address, network, identity, account) => {
      const who = { identity_id: identity, account_id: account };
      // SOLANA carries USDP, not ETH: the payout is in an asset the network takes.
      const asset = network === 'SOLANA' ? 'USDP' : 'ETH';
      const send = () =>
        sbx.call('createOrchestration', {
          profile_id: P.treasury,
          ...who,
          source_asset: asset,
          source: { profile: { profile_id: P.treasury } },
          destination_asset: asset,
          destination: { crypto: { address, network } },
          source_amount: '0.5',
        });
      const refused = await send();
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(
        new RegExp(`^destination\\.crypto\\.address: the address book holds .* as ${status}`),
      );
      await screen(id, 'APPROVED');
      expect((await send()).status).toBe(200);
    },
  );

  it('is refused to an address the book does not hold, and goes once it is put there and approved', async () => {
    const refused = await payout(FRESH);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/is not in the address book/);
    const made = (await put({ crypto_network: 'ETHEREUM', address: FRESH })).body.address as {
      id: string;
    };
    expect((await payout(FRESH)).status).toBe(403);
    await screen(made.id, 'APPROVED');
    expect((await payout(FRESH)).status).toBe(200);
  });

  it('goes to an address scoped to an identity only for that identity', async () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const btc = (who: Record<string, string>) =>
      sbx.call('createOrchestration', {
        profile_id: P.treasury,
        ...who,
        source_asset: 'BTC',
        source: { profile: { profile_id: P.treasury } },
        destination_asset: 'BTC',
        destination: { crypto: { address, network: 'BITCOIN' } },
        source_amount: '0.1',
      });
    expect((await btc({ identity_id: I.alice, account_id: A.alice })).status).toBe(200);
    expect((await btc({ identity_id: I.bob, account_id: A.bob })).status).toBe(403);
    expect((await btc({})).status).toBe(403);
  });
});
