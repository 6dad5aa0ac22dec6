import { describe, expect, it } from 'vitest';
import { requestKindOf, requestKindWords } from './request-kind-words';

describe('each kind of request in its own words', () => {
  it.each([
    ['createInternalTransfer', 'send', 'Sent', 'Approved and sent'],
    ['updateFiatAccount', 'send', 'Sent', 'Approved and sent'],
    ['proposePolicyVersion', 'policy-version', 'Proposed', 'Approved: in force'],
    ['addAllowedDestination', 'book-entry', 'Proposed', 'Approved: in the book'],
    ['revokeAllowedDestination', 'book-revocation', 'Asked', 'Approved: revoked'],
  ])('%s is a %s: "%s", then "%s"', (operation, kind, made, done) => {
    expect(requestKindOf(operation)).toBe(kind);
    expect(requestKindWords(operation)).toMatchObject({ made, done });
  });

  it('says "sent" of a send only', () => {
    for (const op of ['proposePolicyVersion', 'addAllowedDestination', 'revokeAllowedDestination'])
      expect(JSON.stringify(requestKindWords(op)).toLowerCase()).not.toMatch(/\bsent\b|service/);
  });
});
