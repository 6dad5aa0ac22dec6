import { describe, expect, it } from 'vitest';
import { parseWith } from './errors';
import { exampleInput } from './fixtures';
import { pathSegment } from './operations/define-operation';
import { fieldMeta } from './primitives/field-meta';
import { OPERATION_IDS, isOperationId, operations } from './registry';

// The spec's endpoint table, written out once more on purpose: the registry must agree with it.
const SPEC: Record<string, [method: string, path: string, scope: string]> = {
  createOrchestration: [
    'POST',
    '/v2/orchestration/orchestrations',
    'orchestration:write_orchestration',
  ],
  createOrder: ['POST', '/v2/profiles/{profile_id}/orders', 'exchange:write_order'],
  updateFiatAccount: ['PUT', '/v2/transfer/fiat-accounts/{id}', 'transfer:write_fiat_account'],
  createInternalTransfer: ['POST', '/v2/transfer/internal', 'transfer:write_internal_transfer'],
  createSvcTransfer: ['POST', '/v2/transfer/svc', 'transfer:write_svc_transfer'],
  createOrchestrationRule: [
    'POST',
    '/v2/orchestration/rules',
    'orchestration:write_orchestration_rule',
  ],
  createDepositAddress: [
    'POST',
    '/v2/transfer/deposit-addresses',
    'transfer:write_deposit_address',
  ],
  createCryptoWithdrawalFee: [
    'POST',
    '/v2/transfer/fees/crypto-withdrawal',
    'fee:write_crypto_withdrawal_fee',
  ],
};

describe('operation registry', () => {
  it('holds the eight operations of the spec, keyed by id', () => {
    expect(OPERATION_IDS.sort()).toEqual(Object.keys(SPEC).sort());
    expect(isOperationId('createOrder')).toBe(true);
    expect(isOperationId('toString')).toBe(false);
  });

  describe.each(OPERATION_IDS)('%s', (id) => {
    const op = operations[id];

    it('has the spec’s method, path and scope', () => {
      expect([op.method, op.path, op.scope]).toEqual(SPEC[id]);
      expect(op.id).toBe(id);
    });

    it('names its path parameters as they stand in the path template', () => {
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.pathParams).toEqual(inPath);
    });

    it('accepts its example input and moves path parameters into the path', () => {
      const input = exampleInput(id);
      const parsed = parseWith(op.request, input);
      expect(parsed).toEqual({ ok: true, value: input });
      const { path, body } = op.toWire(input as never);
      expect(path).not.toMatch(/[{}]/);
      for (const name of op.pathParams) expect(body).not.toHaveProperty(name);
      expect(parseWith(op.body, body).ok).toBe(true);
    });

    it('refuses fields the service does not know', () => {
      const result = parseWith(op.request, { ...exampleInput(id), surprise: 'x' });
      expect(result).toMatchObject({
        ok: false,
        errors: [{ path: 'surprise', message: 'surprise is not a field of this request' }],
      });
    });

    it('labels every field, so forms, tests and logs use the same words', () => {
      for (const schema of [...Object.values(op.shape.path), ...Object.values(op.shape.body)]) {
        expect(fieldMeta(schema).label).toMatch(/\S/);
      }
    });
  });
});

describe('path parameters (issue 15, item 6)', () => {
  it.each(['abc', '..', '.', '..%2F', ' ', '\u0000', 'a/b', '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e0'])(
    'only a UUID may become a segment of the service URL: %j is refused',
    (value) => {
      for (const [id, field] of [
        ['createOrder', 'profile_id'],
        ['updateFiatAccount', 'id'],
      ] as const) {
        const result = parseWith(operations[id].requestAt(Date.now()), {
          ...exampleInput(id),
          [field]: value,
        });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors.map((e) => e.path)).toContain(field);
      }
    },
  );

  it('a path is built from encoded segments, never from . or ..', () => {
    expect(() => pathSegment('..', 'id')).toThrow(RangeError);
    expect(() => pathSegment('', 'id')).toThrow(RangeError);
    expect(pathSegment('a/b', 'id')).toBe('a%2Fb');
  });
});
