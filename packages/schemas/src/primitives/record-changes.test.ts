import { describe, expect, it } from 'vitest';
import { applyUpdate, changedOnly, changesBetween, leavesOf, pickMembers } from './record-changes';

const account = {
  id: 'f-1',
  status: 'APPROVED',
  fiat_account_owner: { person_details: { first_name: 'Acme', last_name: 'Corporation' } },
  fiat_network_instructions: {
    wire: {
      account_number: '400123456789',
      routing_details: { routing_number_type: 'ABA', bank_name: 'First Demo Bank' },
    },
  },
  metadata: { seeded: 'true', ticket: 'SUP-1' },
};

describe('leavesOf', () => {
  it.each([
    ['nested members by dotted path', { a: { b: 'x' } }, [['a.b', 'x']]],
    ['metadata pairs as members', { metadata: { k: 'v' } }, [['metadata.k', 'v']]],
    [
      'numbers and booleans as text',
      { n: 1, t: true },
      [
        ['n', '1'],
        ['t', 'true'],
      ],
    ],
    ['arrays as one value', { nets: ['A', 'B'] }, [['nets', '["A","B"]']]],
    ['null and empty text as absent', { a: null, b: '', c: 'x' }, [['c', 'x']]],
    ['nothing for a non-object', 'text', []],
  ])('%s', (_, value, leaves) => {
    expect([...leavesOf(value)]).toEqual(leaves);
  });
});

describe('changesBetween', () => {
  it('lists each member that differs, with its old and new text', () => {
    const after = structuredClone(account);
    after.fiat_account_owner.person_details.last_name = 'Lovelace';
    expect(changesBetween(account, after)).toEqual([
      {
        path: 'fiat_account_owner.person_details.last_name',
        before: 'Corporation',
        after: 'Lovelace',
      },
    ]);
  });

  it('names a member added and one removed', () => {
    expect(changesBetween({ a: '1' }, { b: '2' })).toEqual([
      { path: 'b', before: undefined, after: '2' },
      { path: 'a', before: '1', after: undefined },
    ]);
  });

  it('finds nothing in two equal records, whatever the order of their members', () => {
    expect(
      changesBetween({ a: '1', m: { x: '1', y: '2' } }, { m: { y: '2', x: '1' }, a: '1' }),
    ).toEqual([]);
  });
});

describe('applyUpdate, as the service applies an update', () => {
  it('keeps members left out and merges objects member by member', () => {
    const after = applyUpdate(account, {
      fiat_account_owner: { person_details: { last_name: 'Lovelace' } },
    });
    expect(after.fiat_account_owner).toEqual({
      person_details: { first_name: 'Acme', last_name: 'Lovelace' },
    });
    expect(after.fiat_network_instructions).toEqual(account.fiat_network_instructions);
  });

  it('ignores null and empty text: they neither clear nor change', () => {
    const after = applyUpdate(account, {
      fiat_account_owner: { person_details: { first_name: '', last_name: null } },
    });
    expect(after.fiat_account_owner).toEqual(account.fiat_account_owner);
  });

  it('replaces metadata whole, so a pair left out is removed', () => {
    expect(applyUpdate(account, { metadata: { ticket: 'SUP-2' } }).metadata).toEqual({
      ticket: 'SUP-2',
    });
  });

  it('does not change the record it is given', () => {
    const copy = structuredClone(account);
    applyUpdate(copy, { metadata: { a: 'b' }, fiat_account_owner: { person_details: {} } });
    expect(copy).toEqual(account);
  });
});

describe('changedOnly: what an edit sends', () => {
  const before = pickMembers(account, [
    'fiat_account_owner',
    'fiat_network_instructions',
    'metadata',
  ]);

  it('sends nothing of an untouched record but the path parameter', () => {
    expect(changedOnly(before, { id: 'f-1', ...structuredClone(before) })).toEqual({
      update: { id: 'f-1' },
      unclearable: [],
    });
  });

  it('sends only the member that changed, inside its objects', () => {
    const edited = structuredClone(before) as typeof account;
    edited.fiat_network_instructions.wire.account_number = '400000000001';
    expect(changedOnly(before, edited).update).toEqual({
      fiat_network_instructions: { wire: { account_number: '400000000001' } },
    });
  });

  it('sends metadata whole when one pair changed, and when one was removed', () => {
    expect(
      changedOnly(before, { ...before, metadata: { seeded: 'true', ticket: 'SUP-2' } }).update,
    ).toEqual({ metadata: { seeded: 'true', ticket: 'SUP-2' } });
    expect(changedOnly(before, { ...before, metadata: { seeded: 'true' } })).toEqual({
      update: { metadata: { seeded: 'true' } },
      unclearable: [],
    });
  });

  it('counts metadata in another order as unchanged', () => {
    expect(
      changedOnly(before, { ...before, metadata: { ticket: 'SUP-1', seeded: 'true' } }).update,
    ).toEqual({});
  });

  it('reports an emptied member as one the update cannot clear, and does not send it', () => {
    const edited = structuredClone(before) as Record<string, unknown>;
    (edited.fiat_account_owner as typeof account.fiat_account_owner).person_details.first_name = '';
    const result = changedOnly(before, edited);
    expect(result.update).toEqual({});
    expect(result.unclearable).toEqual([
      {
        path: 'fiat_account_owner.person_details.first_name',
        before: 'Acme',
        after: undefined,
      },
    ]);
  });

  it('reports metadata with every pair removed as not clearable', () => {
    const { metadata: _, ...rest } = before;
    expect(changedOnly(before, rest).unclearable.map((c) => c.path)).toEqual([
      'metadata.seeded',
      'metadata.ticket',
    ]);
  });

  it('takes a value typed over a number the service holds as a number as unchanged', () => {
    expect(changedOnly({ n: 5 }, { n: '5' }).update).toEqual({});
  });
});
