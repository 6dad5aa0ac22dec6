import { exampleInput, LIMIT_WINDOWS, type Role } from '@console/schemas';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { buildPolicy } from '../approvals/policy';
import type { DestinationStanding } from '../destinations/destination-view';
import { approvalNeeds, decideApproval, decideSend, limitChecks, sendNeeds } from './rule-engine';
import { destinationCheck, destinationRefusal } from './destination-check';
import type { WindowSums } from './window-sums';

const fiona = { username: 'fiona', role: 'finance' as Role };
const sam = { username: 'sam', role: 'admin' as Role };
const ENTRY = '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e99';
const svc = { ...exampleInput('createSvcTransfer'), asset: 'USD', amount: '10' };
const internal = (amount: string, asset = 'USD') => ({
  ...exampleInput('createInternalTransfer'),
  amount,
  asset,
});
const used = (all: string) =>
  Object.fromEntries(LIMIT_WINDOWS.map((w) => [w, new Big(all)])) as WindowSums;

function standing(
  state: DestinationStanding['state'],
  entryId: string | null = 'd-1',
): DestinationStanding {
  return {
    state,
    entryId: state === 'NOT_IN_BOOK' ? null : entryId,
    name: state === 'NOT_IN_BOOK' ? null : 'Acme',
    usableFrom: state === 'COOLING_OFF' ? '2026-11-27T09:00:00.000Z' : null,
    revoked:
      state === 'REVOKED'
        ? { at: '2026-11-26T10:00:00.000Z', by: 'ada', by_name: 'Ada', reason: 'Fraud' }
        : null,
  };
}

/** Service transfers go only to the book; a send nothing else matches waits for an admin. */
const bookOnly = (reason = 'Payouts go only to approved counterparties') =>
  buildPolicy({
    format: 2,
    rules: [
      {
        id: 'book-only',
        operations: ['createSvcTransfer'],
        assets: 'any',
        destination: 'not-book',
        action: { kind: 'refuse', reason },
      },
    ],
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
  });

describe('why a send is refused for where its money goes, in the words the maker reads', () => {
  const target = 'counterparty profile';
  it.each([
    [
      'NOT_IN_BOOK',
      / is not in the book of allowed destinations: propose it, and it becomes usable once another operator approved it and its cooling-off has passed\.$/,
    ],
    [
      'PENDING_APPROVAL',
      / \("Acme"\) awaits another operator's approval, after which it cools off before it is usable\.$/,
    ],
    ['COOLING_OFF', / \("Acme"\) is cooling off: usable from 2026-11-27T09:00:00\.000Z\.$/],
    ['REVOKED', / \("Acme"\) was revoked at 2026-11-26T10:00:00\.000Z by Ada: Fraud\.$/],
  ] as const)('a destination %s', (state, words) => {
    const decision = decideSend(bookOnly(), {
      operation: 'createSvcTransfer',
      body: svc,
      maker: fiona,
      destination: standing(state),
    });
    expect(decision.refusal?.code).toBe('destination-not-allowed');
    expect(decision.refusal?.detail).toMatch(
      new RegExp(`^Payouts go only to approved counterparties\\. The ${target}`),
    );
    expect(decision.refusal?.detail).toMatch(words);
  });

  it.each([
    [
      'a reason without a stop gets one',
      'Only to the book, e.g. payroll',
      'Only to the book, e.g. payroll. The',
    ],
    ['a reason ending in ! keeps it', 'Book only!', 'Book only! The'],
    ['a reason ending in ? keeps it', 'Is it in the book?', 'Is it in the book? The'],
  ])('%s', (_, reason, start) => {
    const decision = decideSend(bookOnly(reason), {
      operation: 'createSvcTransfer',
      body: svc,
      maker: fiona,
      destination: standing('NOT_IN_BOOK'),
    });
    expect(decision.refusal?.detail.startsWith(start)).toBe(true);
  });

  it('a destination the book was not asked about reads as not in the book', () => {
    const check = destinationCheck(bookOnly(), 'createSvcTransfer', svc, undefined, 'finance');
    expect(check).toMatchObject({ state: 'NOT_IN_BOOK', allowed: false, entry_id: null });
    expect(destinationRefusal(check, undefined, 'Book only')).toMatch(
      /^Book only\. The counterparty profile .* is not in the book of allowed destinations: /,
    );
  });

  it('says nothing when the destination is allowed or the send names none', () => {
    const allowed = destinationCheck(
      bookOnly(),
      'createSvcTransfer',
      svc,
      standing('ACTIVE'),
      'finance',
    );
    expect(allowed?.allowed).toBe(true);
    expect(destinationRefusal(allowed, standing('ACTIVE'), 'Book only')).toBeNull();
    expect(destinationRefusal(null, undefined, 'Book only')).toBeNull();
  });
});

describe('what the book says of a send’s destination, for the form and the preview', () => {
  it.each([
    [
      'an ACTIVE entry may receive it',
      standing('ACTIVE'),
      {
        state: 'ACTIVE',
        entry_id: 'd-1',
        name: 'Acme',
        usable_from: null,
        required: true,
        allowed: true,
      },
    ],
    [
      'an entry cooling off may not yet',
      standing('COOLING_OFF'),
      {
        state: 'COOLING_OFF',
        entry_id: 'd-1',
        usable_from: '2026-11-27T09:00:00.000Z',
        required: true,
        allowed: false,
      },
    ],
    [
      'a destination not in the book may not',
      standing('NOT_IN_BOOK'),
      { state: 'NOT_IN_BOOK', entry_id: null, name: null, required: true, allowed: false },
    ],
  ] as const)('where the policy asks for the book, %s', (_, given, expected) => {
    expect(destinationCheck(bookOnly(), 'createSvcTransfer', svc, given, 'finance')).toMatchObject(
      expected,
    );
  });

  it('a send to an ACTIVE entry that no rule refuses is held by the default, not refused', () => {
    const decision = decideSend(bookOnly(), {
      operation: 'createSvcTransfer',
      body: svc,
      maker: fiona,
      destination: standing('ACTIVE'),
    });
    expect(decision.refusal).toBeNull();
    expect(decision.requirement).toMatchObject({ approversNeeded: 1, roles: ['admin'] });
  });

  it('a rule that refuses one entry: that entry is refused even while usable, though the book is not required of others', () => {
    const notAcme = buildPolicy({
      format: 2,
      rules: [
        {
          id: 'not-acme',
          operations: 'any',
          assets: 'any',
          destination: { entry: ENTRY },
          action: { kind: 'refuse', reason: 'Acme is under review' },
        },
        { id: 'rest', operations: 'any', assets: 'any', action: { kind: 'send' } },
      ],
      default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    });
    const check = (given: DestinationStanding) =>
      destinationCheck(notAcme, 'createSvcTransfer', svc, given, 'finance');
    expect(check(standing('ACTIVE', ENTRY))).toMatchObject({ required: false, allowed: false });
    expect(check(standing('COOLING_OFF', ENTRY))).toMatchObject({
      required: false,
      allowed: false,
    });
    expect(check(standing('ACTIVE'))).toMatchObject({ required: false, allowed: true });
  });

  it('a send that names no destination asks nothing of the book', () => {
    expect(
      destinationCheck(
        bookOnly(),
        'createOrder',
        exampleInput('createOrder'),
        undefined,
        'finance',
      ),
    ).toBeNull();
    const needs = sendNeeds(bookOnly(), 'createOrder', exampleInput('createOrder'), fiona);
    expect(needs.destination).toBeUndefined();
    expect(sendNeeds(bookOnly(), 'createSvcTransfer', svc, fiona).destination).toMatchObject({
      required: true,
    });
  });
});

describe('limits, in the words the maker and the approver read', () => {
  const limited = buildPolicy({
    format: 2,
    rules: [{ id: 'all', operations: 'any', assets: 'any', action: { kind: 'send' } }],
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    limits: [
      { role: 'finance', side: 'initiate', asset: 'USD', window: '1h', max: '100', over: 'refuse' },
      {
        role: 'finance',
        side: 'initiate',
        asset: 'USD',
        window: '24h',
        max: '120',
        over: 'refuse',
      },
      {
        role: 'finance',
        side: 'initiate',
        asset: 'EUR',
        window: '24h',
        max: '10',
        over: 'escalate',
        lift_roles: ['finance'],
      },
      {
        role: 'finance',
        side: 'initiate',
        asset: 'EUR',
        window: '7d',
        max: '10',
        over: 'escalate',
        lift_roles: ['admin'],
      },
      { role: 'finance', side: 'approve', asset: 'USD', window: '1h', max: '100' },
      { role: 'finance', side: 'approve', asset: 'USD', window: '24h', max: '120' },
    ],
  });

  it('a send past two limits that refuse names both', () => {
    const decision = decideSend(limited, {
      operation: 'createInternalTransfer',
      body: internal('150'),
      maker: fiona,
      initiated: used('0'),
    });
    expect(decision.refusal).toEqual({
      code: 'limit-exceeded',
      detail:
        'It would pass the limit of 100.00 USD in the last hour (0.00 used, 100.00 left; this is 150.00), and the limit of 120.00 USD in the last 24 hours (0.00 used, 120.00 left; this is 150.00).',
    });
  });

  it('a send past escalating limits no one role may lift is refused, saying so', () => {
    const decision = decideSend(limited, {
      operation: 'createInternalTransfer',
      body: internal('11', 'EUR'),
      maker: fiona,
      initiated: used('0'),
    });
    expect(decision.refusal).toEqual({
      code: 'limit-exceeded',
      detail:
        'It would pass the limit of 10.00 EUR in the last 24 hours (0.00 used, 10.00 left; this is 11.00), and the limit of 10.00 EUR in the last 7 days (0.00 used, 10.00 left; this is 11.00), and no role may lift all of them.',
    });
  });

  it('an approval past two of the approver’s limits names both', () => {
    const decided = decideApproval(limited, {
      operation: 'createInternalTransfer',
      body: internal('150'),
      approver: fiona,
      approved: used('0'),
    });
    expect(decided.refusal).toBe(
      'You may not approve it: with it you would pass the limit of 100.00 USD in the last hour (0.00 used, 100.00 left; this is 150.00), and the limit of 120.00 USD in the last 24 hours (0.00 used, 120.00 left; this is 150.00) on what you approve.',
    );
  });

  it('an approval counts from nothing approved when no sums were read', () => {
    const decided = decideApproval(limited, {
      operation: 'createInternalTransfer',
      body: internal('100'),
      approver: fiona,
    });
    expect(decided.refusal).toBeNull();
    expect(decided.limits.map((l) => [l.window, l.used, l.over])).toEqual([
      ['1h', '0', false],
      ['24h', '0', false],
    ]);
  });

  it('an approval of a send no limit counts is never refused and meets no limit', () => {
    expect(
      decideApproval(limited, {
        operation: 'createOrder',
        body: { market: 'BTCUSD', quote_amount: '1000000' },
        approver: fiona,
        approved: used('1000000'),
      }),
    ).toEqual({ refusal: null, limits: [] });
  });

  it('reads the approver’s sums only of an asset they have approval limits of', () => {
    expect(approvalNeeds(limited, 'createInternalTransfer', internal('1'), fiona)).toBe('USD');
    expect(approvalNeeds(limited, 'createInternalTransfer', internal('1', 'EUR'), fiona)).toBe(
      undefined,
    );
    expect(approvalNeeds(limited, 'createInternalTransfer', internal('1'), sam)).toBe(undefined);
    expect(approvalNeeds(limited, 'createOrder', exampleInput('createOrder'), fiona)).toBe(
      undefined,
    );
  });
  it('the preview shows what is left of each limit the send meets, before anything is decided', () => {
    const checks = limitChecks(limited, {
      operation: 'createInternalTransfer',
      body: internal('30'),
      maker: fiona,
      initiated: used('80'),
    });
    expect(checks.map((c) => [c.window, c.left, c.over])).toEqual([
      ['1h', '20', true],
      ['24h', '40', false],
    ]);
  });

  it('a send a limit escalates waits as long as its rule says, else as long as the document says', () => {
    const escalating = (action: object) =>
      buildPolicy({
        format: 2,
        max_wait_hours: 12,
        rules: [{ id: 'all', operations: 'any', assets: 'any', action }],
        default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
        limits: [
          {
            role: 'finance',
            side: 'initiate',
            asset: 'USD',
            window: '24h',
            max: '10',
            over: 'escalate',
          },
        ],
      });
    const waits = (action: object) =>
      decideSend(escalating(action), {
        operation: 'createInternalTransfer',
        body: internal('11'),
        maker: fiona,
        initiated: used('0'),
      }).requirement?.maxWaitMs;
    expect(
      waits({ kind: 'hold', approvers: 1, roles: ['finance', 'admin'], max_wait_hours: 6 }),
    ).toBe(6 * 3_600_000);
    expect(waits({ kind: 'send' })).toBe(12 * 3_600_000);
  });
});
