import { PolicyDocumentV2Schema } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { lastApprovalWords } from './last-approval';

const rules = PolicyDocumentV2Schema.parse({
  format: 2,
  rules: [],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
  destination_book: { cooling_off_hours: { 'own-profile': 2, 'crypto-address': 0 } },
});
const context = { inForce: { version: 3, rules }, now: new Date('2026-01-01T00:00:00Z') };
const profile = { target: { kind: 'own-profile', profile_id: 'p-1' } };

describe('what the last approval does, by kind', () => {
  it.each([
    ['createInternalTransfer', {}, 'it is sent to the service at once', 'is sent'],
    ['proposePolicyVersion', {}, 'it comes into force at once as version 4', 'comes into force'],
    ['addAllowedDestination', profile, 'usable from approval + 2 h (about', 'is added to the book'],
    [
      'addAllowedDestination',
      { target: { kind: 'crypto-address', network: 'ETHEREUM', address: '0xab' } },
      'usable at once (no cooling-off)',
      'is added to the book',
    ],
    ['revokeAllowedDestination', {}, 'revoked at once', 'is revoked'],
  ])('%s', (operation, fields, now, later) => {
    const words = lastApprovalWords(operation, fields, context);
    expect(words.now).toContain(now);
    expect(words.later).toBe(later);
  });

  it('says a send goes to the service: nothing else does', () => {
    for (const op of ['proposePolicyVersion', 'addAllowedDestination', 'revokeAllowedDestination'])
      expect(lastApprovalWords(op, profile, context).now).not.toContain('service');
  });
});
