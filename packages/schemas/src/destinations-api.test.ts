import { describe, expect, it } from 'vitest';
import { CONSOLE_ACTION_IDS, isConsoleActionId } from './console-actions';
import { destinationKey, destinationOf, ProposeDestinationSchema } from './destinations-api';
import { exampleInput } from './fixtures';
import { isOperationId, WRITE_OPERATION_IDS } from './registry';

describe('where a write’s money goes (the registry’s approval.destination)', () => {
  it.each([
    ['createSvcTransfer', { kind: 'counterparty-profile' }, 'ETH'],
    ['createInternalTransfer', { kind: 'own-profile' }, 'USD'],
    ['createOrchestration', { kind: 'own-profile' }, 'BTC'],
  ] as const)('%s names a %j destination of %s', (operation, target, asset) => {
    const found = destinationOf(operation, exampleInput(operation));
    expect(found?.target).toMatchObject(target);
    expect(found?.asset).toBe(asset);
  });

  it('reads every rail of an orchestration: a crypto address on its network, a fiat account, a profile', () => {
    const body = exampleInput('createOrchestration');
    const on = (destination: object) =>
      destinationOf('createOrchestration', { ...body, destination });
    expect(on({ crypto: { address: 'bc1q', network: 'BITCOIN' } })?.target).toEqual({
      kind: 'crypto-address',
      network: 'BITCOIN',
      address: 'bc1q',
    });
    expect(on({ fiat: { fiat_account_id: 'fa-1', memo: 'x' } })?.target).toEqual({
      kind: 'fiat-account',
      fiat_account_id: 'fa-1',
    });
    expect(on({ profile: { profile_id: 'p-1' } })?.target).toEqual({
      kind: 'own-profile',
      profile_id: 'p-1',
    });
  });

  it('is nothing for a write without a destination, or a rule whose body names none', () => {
    const withDestination = WRITE_OPERATION_IDS.filter(
      (id) => destinationOf(id, exampleInput(id)) !== undefined,
    );
    expect(withDestination.sort()).toEqual([
      'createInternalTransfer',
      'createOrchestration',
      'createOrchestrationRule',
      'createSvcTransfer',
    ]);
    const rule = { ...exampleInput('createOrchestrationRule'), destination: undefined };
    expect(destinationOf('createOrchestrationRule', rule)).toBeUndefined();
    expect(
      destinationOf('createOrchestrationRule', {
        ...rule,
        destination: { fiat: { fiat_account_id: 'fa-2' } },
      })?.target,
    ).toEqual({ kind: 'fiat-account', fiat_account_id: 'fa-2' });
  });

  it('compares destinations exactly as written: kind, network and address', () => {
    const key = (address: string, network = 'ETHEREUM') =>
      destinationKey({ kind: 'crypto-address', network: network as 'ETHEREUM', address });
    expect(key('0xAbC')).not.toBe(key('0xabc'));
    expect(key('0xabc')).not.toBe(key('0xabc', 'BASE'));
    expect(destinationKey({ kind: 'own-profile', profile_id: 'p' })).not.toBe(
      destinationKey({ kind: 'counterparty-profile', profile_id: 'p' }),
    );
  });

  it('a proposal names one destination of one kind, with its fields and nothing else', () => {
    const ok = {
      target: { kind: 'fiat-account', fiat_account_id: 'fa-1' },
      name: 'n',
      reason: 'r',
    };
    expect(ProposeDestinationSchema.safeParse(ok).success).toBe(true);
    const mixed = { ...ok, target: { ...ok.target, profile_id: 'p' } };
    expect(ProposeDestinationSchema.safeParse(mixed).success).toBe(false);
  });
});

describe('console actions', () => {
  it('never share an id with an operation of the service', () => {
    expect(CONSOLE_ACTION_IDS.filter((id) => isOperationId(id))).toEqual([]);
    expect(WRITE_OPERATION_IDS.filter((id) => isConsoleActionId(id))).toEqual([]);
  });
});
