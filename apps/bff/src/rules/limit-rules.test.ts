import { describe, expect, it } from 'vitest';
import { buildPolicy } from '../approvals/policy';
import { PolicyError } from '../approvals/policy-file';
import { limitsFor } from './limit-rules';

function problemsOf(input: unknown): string[] {
  try {
    buildPolicy(input);
  } catch (error) {
    if (error instanceof PolicyError) return error.problems;
    throw error;
  }
  return [];
}

const usd24 = { side: 'initiate', asset: 'USD', window: '24h', max: '50000' };

describe('limits in the policy file', () => {
  it('defaults to none, refuses a send past one (over: refuse) and lets admin lift an escalating one', () => {
    expect(buildPolicy({}).limits).toEqual([]);
    const [refusing, escalating] = buildPolicy({
      limits: [
        { role: 'finance', ...usd24 },
        { role: 'support', ...usd24, over: 'escalate' },
      ],
    }).limits;
    expect(refusing).toMatchObject({ who: { role: 'finance' }, over: 'refuse' });
    expect(refusing!.max.toFixed()).toBe('50000');
    expect(escalating).toMatchObject({ over: 'escalate', liftRoles: ['admin'] });
  });

  it.each([
    [{ ...usd24 }, 'limits.0: give either role or operator'],
    [{ ...usd24, role: 'finance', operator: 'ada' }, 'limits.0: give either role or operator'],
    [
      { ...usd24, role: 'finance', max: '1e6' },
      'limits.0.max: must be a decimal string such as "10000"',
    ],
    [
      { ...usd24, role: 'finance', asset: '*' },
      'limits.0.asset: must be an asset code such as USD',
    ],
    [{ ...usd24, role: 'finance', window: '30d' }, 'limits.0.window'],
    [
      { ...usd24, role: 'finance', side: 'approve', over: 'escalate' },
      'limits.0.over: an approval past its limit is always refused: over is for initiate',
    ],
    [
      { ...usd24, role: 'finance', lift_roles: ['admin'] },
      'limits.0.lift_roles: lift_roles is for a limit whose over is escalate',
    ],
    [
      { ...usd24, role: 'finance', over: 'escalate', lift_roles: ['viewer'] },
      'limits.0.lift_roles.0: must be admin, finance or support (a viewer can never approve)',
    ],
  ])('stops the start naming what is wrong: %j', (rule, problem) => {
    expect(problemsOf({ limits: [rule] }).join('\n')).toContain(problem);
  });

  it('refuses the same limit twice, naming both', () => {
    expect(
      problemsOf({
        limits: [
          { role: 'finance', ...usd24 },
          { role: 'finance', ...usd24 },
        ],
      }),
    ).toEqual(['limits.1: the same limit as limits.0 (role finance initiate USD 24h): keep one']);
  });

  it('an operator’s own limit replaces their role’s for that side, asset and window, and no other', () => {
    const { limits } = buildPolicy({
      limits: [
        { role: 'finance', ...usd24 },
        { role: 'finance', ...usd24, window: '7d' },
        { operator: 'ada', ...usd24, max: '90000' },
        { role: 'admin', ...usd24 },
      ],
    });
    const ada = limitsFor(limits, { username: 'ada', role: 'finance' }, 'initiate');
    expect(ada.map((l) => [l.window, l.max.toFixed()])).toEqual([
      ['24h', '90000'],
      ['7d', '50000'],
    ]);
    expect(limitsFor(limits, { username: 'ada', role: 'finance' }, 'approve')).toEqual([]);
    expect(limitsFor(limits, { username: 'fiona', role: 'finance' }, 'initiate', 'BTC')).toEqual(
      [],
    );
  });
});
