import { describe, expect, it } from 'vitest';
import { advances, awaitedWords, distinctRequirements, progressOf } from './batch-requirements';

const admin = { approversNeeded: 1, roles: ['admin' as const], maxWaitMs: 1 };
const two = { approversNeeded: 2, roles: ['finance' as const, 'admin' as const], maxWaitMs: 1 };
const escalated = {
  ...two,
  escalation: { liftRoles: ['admin' as const], reason: 'It passes the daily limit.' },
};

describe('what a batch waits for', () => {
  it('keeps every distinct requirement whole, rows and totals of the same one named together', () => {
    const kept = distinctRequirements([
      { requirement: admin, by: { row: 1 } },
      { requirement: two, by: { row: 2 } },
      { requirement: { ...two, roles: ['admin', 'finance'] }, by: { row: 3 } },
      { requirement: two, by: { total: 'USD' } },
      { requirement: escalated, by: { row: 4 } },
    ]);
    expect(kept).toEqual([
      { approvals_required: 1, approver_roles: ['admin'], escalation: null, asked_by: 'row 1' },
      {
        approvals_required: 2,
        approver_roles: ['finance', 'admin'],
        escalation: null,
        asked_by: 'rows 2, 3; the total of USD',
      },
      {
        approvals_required: 2,
        approver_roles: ['finance', 'admin'],
        escalation: { lift_roles: ['admin'], reason: 'It passes the daily limit.' },
        asked_by: 'row 4',
      },
    ]);
  });

  it('asks at least one approval of a money role when no row asks any', () => {
    expect(distinctRequirements([])).toEqual([
      expect.objectContaining({ approvals_required: 1, approver_roles: ['finance', 'admin'] }),
    ]);
  });

  it('counts only the approvals of its own roles, one short until its escalation is lifted', () => {
    const [forAdmin, , forLift] = distinctRequirements([
      { requirement: admin, by: { row: 1 } },
      { requirement: two, by: { row: 2 } },
      { requirement: escalated, by: { row: 3 } },
    ]);
    expect(progressOf(forAdmin!, ['finance', 'finance'])).toMatchObject({ given: 0, met: false });
    expect(progressOf(forLift!, ['finance', 'finance'])).toMatchObject({ given: 1, met: false });
    expect(progressOf(forLift!, ['finance', 'admin'])).toMatchObject({ given: 2, met: true });
    // A third finance approval takes neither further: only an admin's does.
    expect(advances([forAdmin!, forLift!], ['finance', 'finance'], 'finance')).toBe(false);
    expect(advances([forAdmin!, forLift!], ['finance', 'finance'], 'admin')).toBe(true);
    expect(
      awaitedWords([forAdmin!, forLift!].map((r) => progressOf(r, ['finance', 'finance']))),
    ).toBe(
      '1 approval from admin (row 1); 1 approval from finance or admin, one of them from admin (row 3)',
    );
  });

  it('names the first rows of a requirement and counts the others', () => {
    const asked = Array.from({ length: 8 }, (_, i) => ({ requirement: two, by: { row: i + 1 } }));
    expect(distinctRequirements(asked)[0]!.asked_by).toBe('rows 1, 2, 3, 4, 5 and 3 more');
  });
});
