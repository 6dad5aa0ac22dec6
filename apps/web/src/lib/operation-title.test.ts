import { describe, expect, it } from 'vitest';
import { operationTitle } from './operation-title';

describe('an operation in words', () => {
  it('names writes, reads and console actions, and keeps an unknown id as it came', () => {
    expect(operationTitle('createInternalTransfer')).toBe('Create internal transfer');
    expect(operationTitle('addAllowedDestination')).toBe('Add allowed destination');
    expect(operationTitle('revokeAllowedDestination')).toBe('Revoke allowed destination');
    expect(operationTitle('somethingNew')).toBe('somethingNew');
  });
});
