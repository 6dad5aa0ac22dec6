import { PolicyDocumentV2Schema } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { draftChanges } from './draft-changes';

const IN_FORCE = PolicyDocumentV2Schema.parse({
  format: 2,
  rules: [
    {
      id: 'createInternalTransfer-1',
      operations: ['createInternalTransfer'],
      assets: ['USD'],
      amount: { above: '10000' },
      action: { kind: 'hold', approvers: 2, roles: ['finance', 'admin'] },
    },
  ],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
  limits: [{ role: 'finance' }],
});

describe('what a draft changes of the version in force', () => {
  it('says nothing of a draft that is the version in force', () => {
    expect(draftChanges(IN_FORCE, IN_FORCE)).toEqual([]);
  });

  it('names a rule whose band changed, with its amount in words', () => {
    const draft = structuredClone(IN_FORCE);
    draft.rules[0]!.amount = { above: '5000' };
    const [change] = draftChanges(IN_FORCE, draft);
    expect(change).toMatch(
      /^Rule createInternalTransfer-1 changed: amount above 5,000 \(was above 10,000\)/,
    );
  });

  it('names the limits and the book settings, which the rules do not cover, as wholes', () => {
    const draft = { ...IN_FORCE, limits: [], destination_book: { cooling_off_hours: 1 } };
    expect(draftChanges(IN_FORCE, draft)).toEqual([
      'The settings of the book of allowed destinations added',
      'The limits per operator changed',
    ]);
  });
});
