import { describe, expect, it } from 'vitest';
import specText from '../spec/svc-api.md?raw';
import { idOfName, specEndpoints } from './spec-endpoints';

const table = (...rows: string[]) =>
  ['| # | Method | Path | Scope | Operation |', '|---|---|---|---|---|', ...rows].join('\n');

describe('the specification’s endpoint tables', () => {
  it('reads method, path, scope and name from a table with an Operation column', () => {
    const text = table(
      '| 1 | GET | /v2/identity/identities/{id} | identity:read_identity | Get Identity |',
      '| 2 | PUT | /v2/transfer/crypto-destination-address | transfer:write_crypto_destination_address | Put Crypto Destination Address (create or update) |',
    );
    expect(specEndpoints(text)).toEqual([
      {
        number: 1,
        method: 'GET',
        path: '/v2/identity/identities/{id}',
        scope: 'identity:read_identity',
        name: 'Get Identity',
      },
      {
        number: 2,
        method: 'PUT',
        path: '/v2/transfer/crypto-destination-address',
        scope: 'transfer:write_crypto_destination_address',
        name: 'Put Crypto Destination Address',
      },
    ]);
  });

  it('takes the name from the endpoint’s heading where the table has no Operation column, and none as no scope', () => {
    const text = [
      '| # | Method | Path | Scope |',
      '|---|---|---|---|',
      '| 1 | GET | /v2/markets | none |',
      '',
      '### 1. List Markets',
    ].join('\n');
    expect(specEndpoints(text)).toEqual([
      { number: 1, method: 'GET', path: '/v2/markets', scope: null, name: 'List Markets' },
    ]);
  });

  it.each([
    ['a method it does not know', '| 1 | FETCH | /v2/markets | none | List Markets |'],
    ['a path outside /v2', '| 1 | GET | /markets | none | List Markets |'],
    ['a path with a stray space', '| 1 | GET | /v2/mar kets | none | List Markets |'],
    ['a scope that is not family:name', '| 1 | GET | /v2/markets | markets | List Markets |'],
    ['a missing cell', '| 1 | GET | /v2/markets | none |'],
    ['a number that is not one', '| one | GET | /v2/markets | none | List Markets |'],
    ['an empty name', '| 1 | GET | /v2/markets | none |  |'],
  ])('refuses a row with %s, naming its line', (_what, row) => {
    expect(() => specEndpoints(table(row))).toThrow(/^line 3: an endpoint row it cannot read/);
  });

  it('refuses a gap in the numbering (a row lost between tables), and a number given twice', () => {
    const row = (n: number) => `| ${n} | GET | /v2/markets | none | List Markets |`;
    expect(() => specEndpoints(table(row(1), row(3)))).toThrow(/endpoint 3 where 2 was expected/);
    expect(() => specEndpoints(table(row(1), row(1)))).toThrow(/endpoint 1 where 2 was expected/);
  });

  it('refuses a text without an endpoint table, and an endpoint without a name', () => {
    expect(() => specEndpoints('# Nothing here')).toThrow(/no endpoint table/);
    const nameless = ['| # | Method | Path | Scope |', '|---|---|---|---|'];
    expect(() =>
      specEndpoints([...nameless, '| 1 | GET | /v2/markets | none |'].join('\n')),
    ).toThrow(/endpoint 1 has no name/);
  });

  it('reads the 42 endpoints of the committed snapshot: the main document’s 8, appendix A’s 20, appendix B’s 14', () => {
    const endpoints = specEndpoints(specText);
    expect(endpoints.map((e) => e.number)).toEqual(Array.from({ length: 42 }, (_, k) => k + 1));
    expect(endpoints[0]).toMatchObject({ method: 'POST', name: 'Create Orchestration' });
    expect(endpoints[41]).toMatchObject({ path: '/v2/markets/{market}/ticker', scope: null });
  });

  it('makes the registry’s id of a name in camelCase', () => {
    expect(idOfName('List Crypto Destination Addresses')).toBe('listCryptoDestinationAddresses');
    expect(idOfName('Get Fiat Deposit Instructions')).toBe('getFiatDepositInstructions');
  });
});
