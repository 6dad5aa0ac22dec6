import { DEMO_IDS, type BatchOperation } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { canonicalJson, checkBatchFile, NO_NAMES, type BatchNames } from './batch-check';
import { namesFrom } from './batch-tables';

const { treasury, payouts, trading } = DEMO_IDS.profiles;
const now = () => Date.parse('2026-11-27T12:00:00Z');

/** Profile nicknames as the directory of profiles would resolve them. */
const nicknames: BatchNames = {
  resolve(field, cell) {
    if (!field.endsWith('profile_id') || /^[0-9a-f-]{36}$/.test(cell)) return undefined;
    const known: Record<string, string> = { Treasury: treasury, Payouts: payouts };
    if (cell === 'Twins') return { error: 'Two profiles are called “Twins”: use the profile id' };
    return known[cell] ? { id: known[cell] } : { error: `No profile is called “${cell}”` };
  },
};

const check = (
  text: string,
  operation: BatchOperation = 'createInternalTransfer',
  names = NO_NAMES,
) => checkBatchFile({ operation, text, names, now });

const header = 'from_profile_id,to_profile_id,asset,amount';
const line = (amount: string, to: string = payouts, asset = 'USD') =>
  `${treasury},${to},${asset},${amount}`;

describe('checkBatchFile: every problem of a row is in its cell', () => {
  it.each([
    ['a float-looking amount', line('1e3'), 'amount', /plain decimal/],
    ['a comma that groups no thousands', line('"1,00.00"'), 'amount', /plain decimal/],
    ['a decimal comma (a file is read as en)', line('"12,5"'), 'amount', /plain decimal/],
    ['a negative amount', line('-5'), 'amount', /plain decimal/],
    ['a zero amount', line('0.00'), 'amount', /greater than 0/],
    ['an amount with a space inside', line('12 50'), 'amount', /plain decimal/],
    ['a missing amount', line(''), 'amount', /required/i],
    ['an unknown asset code in small letters', line('5', payouts, 'zzz'), 'asset', /./],
    ['a stray quote', `${treasury},${payouts},US"D,5`, 'asset', /quote inside a cell/],
  ])('%s', (_, row, column, message) => {
    const checked = check(`${header}\n${line('1.00')}\n${row}\n`);
    expect(checked.file_errors).toEqual([]);
    expect(checked.valid_rows).toBe(1);
    const bad = checked.rows[1]!;
    expect(bad.body).toBeNull();
    expect(bad.errors.find((e) => e.column === column)?.message).toMatch(message);
  });

  it('names an unknown or ambiguous nickname in its cell, and resolves the known ones', () => {
    const checked = check(
      'from_profile_id,to_profile_id,asset,amount\nTreasury,Payouts,USD,5\nTreasury,Nobody,USD,5\nTwins,Payouts,USD,5\n',
      'createInternalTransfer',
      nicknames,
    );
    expect(checked.rows[0]!.body).toMatchObject({
      from_profile_id: treasury,
      to_profile_id: payouts,
    });
    expect(checked.rows[1]!.errors).toEqual([
      { column: 'to_profile_id', field: 'to_profile_id', message: 'No profile is called “Nobody”' },
    ]);
    expect(checked.rows[2]!.errors[0]).toMatchObject({
      column: 'from_profile_id',
      message: /Two profiles/,
    });
  });

  it('says a row keyed in twice is the same request as the earlier row', () => {
    const checked = check(`${header}\n${line('5')}\n${line('6')}\n${line('5')}\n`);
    expect(checked.valid_rows).toBe(2);
    expect(checked.rows[2]!.errors[0]!.message).toMatch(/same request as row 1/);
  });

  it('says when a row has more or fewer cells than the header', () => {
    const checked = check(`${header}\n${line('5')},extra\n${treasury},${payouts}\n`);
    expect(checked.rows.map((r) => r.errors[0]?.message)).toEqual([
      expect.stringMatching(/has 5 cells; the header has 4/),
      expect.stringMatching(/has 2 cells; the header has 4/),
    ]);
  });

  it('refuses a whole file that is not UTF-8, with no rows and nothing summed', () => {
    const checked = check(`${header}\n${line('5')}\nM\uFFFDller,x,USD,1\n`);
    expect(checked.file_errors[0]).toMatch(/not UTF-8/);
    expect(checked.rows).toEqual([]);
    expect(checked.normalized).toBe('');
  });
});

describe('checkBatchFile: cells read as the single form reads them (issue 67)', () => {
  it.each([
    ['grouped thousands', line('"1,250.00"'), { amount: '1250.00' }, { amount: '1250.00' }],
    ['grouped by spaces', line('1 250.00'), { amount: '1250.00' }, { amount: '1250.00' }],
    ['an asset in small letters', line('5', payouts, 'usd'), { asset: 'USD' }, { asset: 'USD' }],
    ['both', line('"2,000"', payouts, 'Usd'), { amount: '2000', asset: 'USD' }, { amount: '2000' }],
    ['nothing to read otherwise', line('5'), undefined, { amount: '5', asset: 'USD' }],
  ])('%s', (_, row, readAs, body) => {
    const checked = check(`${header}\n${row}\n`);
    expect(checked.rows[0]!.errors).toEqual([]);
    expect(checked.rows[0]!.read_as).toEqual(readAs);
    expect(checked.rows[0]!.body).toMatchObject(body);
  });

  it('sums and hashes what is read, so `1,250.00` and `1250.00` make the same batch', () => {
    const typed = check(`${header}\n${line('"1,250.00"', payouts, 'usd')}\n`);
    const plain = check(`${header}\n${line('1250.00')}\n`);
    expect(typed.totals).toEqual(plain.totals);
    expect(typed.normalized).toBe(plain.normalized);
  });
});

describe('checkBatchFile: columns', () => {
  it('asks for a mapping when a required field has no column, and checks rows once mapped', () => {
    const text = `From,To,Currency,Value\n${line('5')}\n`;
    const unmapped = check(text);
    expect(unmapped.mapping_needed).toBe(true);
    // From, To and Currency are matched by their common names (issue 67); Value is not.
    expect(unmapped.file_errors[0]).toMatch(/Amount/);
    expect(unmapped.rows).toEqual([]);
    const mapping = {
      From: 'from_profile_id',
      To: 'to_profile_id',
      Currency: 'asset',
      Value: 'amount',
    };
    const mapped = checkBatchFile({
      operation: 'createInternalTransfer',
      text,
      mapping,
      names: NO_NAMES,
      now,
    });
    expect(mapped.mapping_needed).toBe(false);
    expect(mapped.valid_rows).toBe(1);
  });

  it('maps headers by path, label or last segment in any case, and metadata columns by key', () => {
    const checked = check(
      `From Profile ID;to-profile-id;ASSET;Amount;metadata.reason;notes\n${treasury};${payouts};USD;12.50;rent;left out\n`,
    );
    expect(checked.mapping).toEqual({
      'From Profile ID': 'from_profile_id',
      'to-profile-id': 'to_profile_id',
      ASSET: 'asset',
      Amount: 'amount',
      'metadata.reason': 'metadata.*',
      notes: '',
    });
    expect(checked.rows[0]!.body).toEqual({
      from_profile_id: treasury,
      to_profile_id: payouts,
      asset: 'USD',
      amount: '12.50',
      metadata: { reason: 'rent' },
    });
  });

  it('prefers the operator’s mapping to a remembered one, and either to the header', () => {
    const text = `a,b,asset,amount\n${line('5')}\n`;
    const remembered = { a: 'from_profile_id', b: 'to_profile_id' };
    const checked = checkBatchFile({
      operation: 'createInternalTransfer',
      text,
      mapping: { a: 'from_profile_id', b: 'to_profile_id', amount: '', asset: 'asset' },
      remembered: { ...remembered, amount: 'amount' },
      names: NO_NAMES,
      now,
    });
    expect(checked.mapping.amount).toBe('');
    expect(checked.mapping_needed).toBe(true);
    const rememberedOnly = checkBatchFile({
      operation: 'createInternalTransfer',
      text,
      remembered,
      names: NO_NAMES,
      now,
    });
    expect(rememberedOnly.mapping).toEqual({ ...remembered, asset: 'asset', amount: 'amount' });
    expect(rememberedOnly.valid_rows).toBe(1);
  });

  it('builds an orchestration’s nested destination from dotted columns, and puts its problems there', () => {
    const text = [
      'profile_id,source_asset,source.profile.profile_id,destination_asset,destination.crypto.address,destination.crypto.network,source_amount',
      `${treasury},USD,${trading},BTC,bc1qexampleaddress00000000000000000000,BITCOIN,100`,
      `${treasury},USD,${trading},BTC,bc1qexampleaddress00000000000000000000,NOT_A_NETWORK,100`,
    ].join('\n');
    const checked = check(text, 'createOrchestration');
    expect(checked.rows[0]!.errors).toEqual([]);
    expect(checked.rows[0]!.body).toMatchObject({
      destination: {
        crypto: { address: 'bc1qexampleaddress00000000000000000000', network: 'BITCOIN' },
      },
    });
    expect(checked.rows[1]!.errors[0]!.column).toBe('destination.crypto.network');
  });
});

describe('checkBatchFile: totals and the approved text', () => {
  it('sums per asset and per destination with decimals, never floats', () => {
    const checked = check(
      `${header}\n${line('0.1')}\n${line('0.2')}\n${line('1000000000000000.01', trading)}\n${line('0.00000001', payouts, 'BTC')}\n${line('oops')}\n`,
    );
    expect(checked.totals).toEqual([
      { asset: 'BTC', amount: '0.00000001', rows: 1 },
      { asset: 'USD', amount: '1000000000000000.31', rows: 3 },
    ]);
    expect(checked.by_destination).toEqual([
      { asset: 'BTC', amount: '0.00000001', rows: 1, destination: `own profile ${payouts}` },
      {
        asset: 'USD',
        amount: '1000000000000000.01',
        rows: 1,
        destination: `own profile ${trading}`,
      },
      { asset: 'USD', amount: '0.3', rows: 2, destination: `own profile ${payouts}` },
    ]);
  });

  it('names each destination by the name the check read for it, the book’s before the service’s', () => {
    const names = namesFrom({
      directoryOf: new Map([['to_profile_id', 'profiles']]),
      byDirectory: new Map([
        [
          'profiles',
          {
            ids: new Set([payouts, trading]),
            names: new Map([
              ['payouts', [payouts]],
              ['trading', [trading]],
            ]),
            labels: new Map([
              [payouts, 'Payouts'],
              [trading, 'Trading'],
            ]),
          },
        ],
        [
          'book',
          {
            ids: new Set([trading]),
            names: new Map([['desk', [trading]]]),
            labels: new Map([[trading, 'Trading desk']]),
          },
        ],
      ]),
    });
    const checked = check(
      `${header}\n${line('0.1')}\n${line('0.2', 'Payouts')}\n${line('5', trading)}\n`,
      'createInternalTransfer',
      names,
    );
    expect(checked.by_destination).toEqual([
      { asset: 'USD', amount: '0.3', rows: 2, destination: `Payouts (own profile ${payouts})` },
      {
        asset: 'USD',
        amount: '5',
        rows: 1,
        destination: `Trading desk (own profile ${trading})`,
      },
    ]);
  });

  it('writes the valid rows as one canonical line each, whatever the column order', () => {
    const a = check(`${header}\n${line('5')}\n${line('x')}\n${line('6')}\n`);
    const b = check(
      `amount,asset,to_profile_id,from_profile_id\n5,USD,${payouts},${treasury}\nx,USD,${payouts},${treasury}\n6,USD,${payouts},${treasury}\n`,
    );
    expect(a.normalized).toBe(b.normalized);
    expect(
      a.normalized
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).row),
    ).toEqual([1, 3]);
    const changed = check(`${header}\n${line('5')}\n${line('x')}\n${line('6.00')}\n`);
    expect(changed.normalized).not.toBe(a.normalized);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });
});

describe('checkBatchFile: balances', () => {
  const balances = {
    available: (profile: string, asset: string) =>
      profile === treasury && asset === 'USD' ? '100.00' : undefined,
  };
  it('refuses in its amount cell the first row the source profile cannot pay after the rows before it', () => {
    const checked = checkBatchFile({
      operation: 'createInternalTransfer',
      text: `${header}\n${line('60')}\n${line('40.00')}\n${line('0.01')}\n${line('5', payouts, 'BTC')}\n`,
      names: NO_NAMES,
      balances,
      now,
    });
    expect(checked.rows.map((r) => r.body !== null)).toEqual([true, true, false, true]);
    expect(checked.rows[2]!.errors).toEqual([
      {
        column: 'amount',
        field: 'amount',
        message:
          'Not enough USD available: the profile has 100.00, and the rows before this one from it already take 100',
      },
    ]);
    expect(checked.valid_rows).toBe(3);
    expect(checked.totals.find((t) => t.asset === 'USD')?.amount).toBe('100');
  });

  it('still pays a smaller later row once a larger one is refused', () => {
    const checked = checkBatchFile({
      operation: 'createInternalTransfer',
      text: `${header}\n${line('90')}\n${line('20')}\n${line('10')}\n`,
      names: NO_NAMES,
      balances,
      now,
    });
    expect(checked.rows.map((r) => r.body !== null)).toEqual([true, false, true]);
  });
});
