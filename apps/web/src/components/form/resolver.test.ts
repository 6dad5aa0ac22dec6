import { operations, type WriteOperation } from '@console/schemas';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { requestShape } from '@/lib/schema-walk';
import { operationResolver } from './resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

async function resolve(op: WriteOperation, values: FieldValues) {
  return operationResolver(op, requestShape(op))(values, undefined, options);
}

describe('operationResolver', () => {
  it('puts cross-field rules on the field they name', async () => {
    const { errors } = await resolve(operations.createOrder, {
      profile_id: 'p',
      side: 'BUY',
      market: 'BTCUSD',
      type: 'MARKET',
      quote_amount: '10',
      identity_id: 'i',
    });
    expect(errors.identity_account_id?.message).toBe(
      'Identity account is required when an identity is given',
    );
  });

  it('puts a rule about the whole request on root', async () => {
    const { errors } = await resolve(operations.updateFiatAccount, { id: 'f' });
    expect(errors.root?.message).toMatch(/Change at least one/);
  });

  it('lands metadata problems on the editor and names rail gaps in plain words', async () => {
    const { errors } = await resolve(operations.createOrchestration, {
      profile_id: 'p',
      source_asset: 'USD',
      destination_asset: 'USD',
      source_amount: '1',
      metadata: [{ key: 'a', value: 'x'.repeat(101) }],
    });
    expect(JSON.stringify(errors.metadata)).toMatch(/at most 100 characters/);
    expect(errors.source?.message).toBe('Source is required');
  });

  it('answers the parsed input when valid, empty fields left out', async () => {
    const result = await resolve(operations.createSvcTransfer, {
      from_profile_id: 'a',
      to_profile_id: 'b',
      asset: 'ETH',
      amount: '0.5',
      from_identity_id: '',
      metadata: [],
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      from_profile_id: 'a',
      to_profile_id: 'b',
      asset: 'ETH',
      amount: '0.5',
    });
  });
});
