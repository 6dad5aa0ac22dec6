import type { Role } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { approvingRoles, prospectOf, type CurrentOperator } from './prospect';
import { buildPolicy } from './policy';

const op = (username: string, role: Role): CurrentOperator => ({ username, role });
const DEMO = [
  op('fiona', 'finance'),
  op('frank', 'finance'),
  op('ada', 'admin'),
  op('sam', 'support'),
];
const money = { roles: ['finance', 'admin'] as Role[], maker: 'fiona' };

describe('what a request still needs of the operators there are', () => {
  it.each([
    [
      'one approval, two others eligible',
      1,
      0,
      [],
      DEMO,
      { still_needed: 1, candidates: 2 },
      false,
    ],
    [
      'two approvals, two others eligible',
      2,
      0,
      [],
      DEMO,
      { still_needed: 2, candidates: 2 },
      false,
    ],
    [
      'the maker is the only finance operator and there is no admin',
      1,
      0,
      [],
      [op('fiona', 'finance'), op('sam', 'support')],
      { still_needed: 1, candidates: 0 },
      true,
    ],
    [
      'two required, one approved, and the only other one was demoted',
      2,
      1,
      ['frank'],
      [op('fiona', 'finance'), op('frank', 'finance'), op('ada', 'viewer')],
      { still_needed: 1, candidates: 0 },
      true,
    ],
    [
      'two required and one left who may approve',
      2,
      0,
      [],
      [op('fiona', 'finance'), op('frank', 'finance'), op('sam', 'support')],
      { still_needed: 2, candidates: 1 },
      true,
    ],
    [
      'every approval given',
      2,
      2,
      ['frank', 'ada'],
      DEMO,
      { still_needed: 0, candidates: 0 },
      false,
    ],
  ] as const)('%s', (_, needed, counting, approved, operators, expected, stalled) => {
    const prospect = prospectOf({ ...money, needed }, counting, approved, operators);
    expect(prospect).toMatchObject(expected);
    expect(prospect.stalled !== null).toBe(stalled);
  });

  it('says how many are missing and from which roles, in words', () => {
    expect(prospectOf({ ...money, needed: 2 }, 0, [], [op('frank', 'finance')]).stalled).toBe(
      'Needs 2 more approvals from finance or admin, and only 1 other operator holds one of those roles: add an approver or change the policy.',
    );
    expect(prospectOf({ ...money, needed: 1 }, 0, [], []).stalled).toBe(
      'Needs 1 more approval from finance or admin, and no other operator holds one of those roles: add an approver or change the policy.',
    );
  });

  it('counts only the roles the request names that the policy still names', () => {
    const policy = buildPolicy({
      operations: { createSvcTransfer: { required: true, roles: ['admin'] } },
    });
    expect(approvingRoles(policy, 'createSvcTransfer', ['finance', 'admin'])).toEqual(['admin']);
  });
});

describe('what an escalated request still needs (issue 37)', () => {
  const lifted = (given: boolean) => ({
    ...money,
    needed: 2,
    lift: { roles: ['admin'] as Role[], given },
  });

  it('stalls when nobody who may lift the limit is left, however many others could approve', () => {
    const financeOnly = [op('fiona', 'finance'), op('frank', 'finance'), op('fran', 'finance')];
    expect(prospectOf(lifted(false), 0, [], financeOnly).stalled).toBe(
      'Needs an approval from admin to lift the limit it passes, and no other operator holds one of those roles: add an approver or change the policy.',
    );
    expect(prospectOf(lifted(false), 0, [], DEMO).stalled).toBeNull();
  });

  it('needs no lifter once one counts', () => {
    expect(
      prospectOf(lifted(true), 1, ['ada'], [...DEMO, op('fran', 'finance')]).stalled,
    ).toBeNull();
  });
});
