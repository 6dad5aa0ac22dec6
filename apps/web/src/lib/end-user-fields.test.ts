import { WRITE_OPERATION_IDS, operations, walkFields } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { identityFieldOf, identitySide } from './end-user-fields';

describe('identity and account fields of the writes', () => {
  it('pair every account field with the identity field of the same request', () => {
    for (const id of WRITE_OPERATION_IDS) {
      const fields = walkFields(operations[id]);
      for (const field of fields.filter((f) => f.choices === 'listAccounts')) {
        const identity = identityFieldOf(field.path);
        expect(identity, `${id}.${field.path}`).toBeDefined();
        expect(fields.some((f) => f.path === identity && f.choices === 'listIdentities')).toBe(
          true,
        );
      }
    }
  });

  it('know what every money-moving request does for its identity', () => {
    for (const id of WRITE_OPERATION_IDS) {
      if (!operations[id].movesMoney) continue;
      for (const field of walkFields(operations[id]).filter(
        (f) => f.choices === 'listIdentities',
      )) {
        expect(identitySide(id, field.path, 'BUY'), `${id}.${field.path}`).toBeDefined();
      }
    }
    expect(identitySide('createOrder', 'identity_id', 'SELL')).toBe('sell');
    expect(identitySide('createSvcTransfer', 'to_identity_id', undefined)).toBe('credit');
    expect(identitySide('createDepositAddress', 'identity_id', undefined)).toBeUndefined();
  });
});
