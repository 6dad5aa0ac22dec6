import { OPERATION_IDS, fieldMeta, operations, type OperationId } from '@console/schemas';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { OperationForm } from '@/components/form';
import { CreateCryptoWithdrawalFeeFields } from '@/features/crypto/fields/create-crypto-withdrawal-fee-fields';
import { CreateDepositAddressFields } from '@/features/crypto/fields/create-deposit-address-fields';
import { UpdateFiatAccountFields } from '@/features/fiat/fields/update-fiat-account-fields';
import { CreateOrchestrationFields } from '@/features/orchestration/fields/create-orchestration-fields';
import { CreateOrchestrationRuleFields } from '@/features/orchestration/fields/create-orchestration-rule-fields';
import { CreateOrderFields } from '@/features/orders/fields/create-order-fields';
import { CreateInternalTransferFields } from '@/features/transfers/fields/create-internal-transfer-fields';
import { CreateSvcTransferFields } from '@/features/transfers/fields/create-svc-transfer-fields';
import { renderWithProviders } from '@/test/render';

const FIELDS: Record<OperationId, ComponentType> = {
  createOrder: CreateOrderFields,
  createInternalTransfer: CreateInternalTransferFields,
  createSvcTransfer: CreateSvcTransferFields,
  createDepositAddress: CreateDepositAddressFields,
  createCryptoWithdrawalFee: CreateCryptoWithdrawalFeeFields,
  updateFiatAccount: UpdateFiatAccountFields,
  createOrchestration: CreateOrchestrationFields,
  createOrchestrationRule: CreateOrchestrationRuleFields,
};

/** Fields that appear only on a condition the default form does not meet, and why. */
const CONDITIONAL: Partial<Record<OperationId, string[]>> = {
  // A limit buy (the default) takes base amount and price; GTT alone takes an expiry.
  createOrder: ['quote_amount', 'stop_price', 'expiration_date'],
  // One switch: amount by default, total when switched.
  createCryptoWithdrawalFee: ['total'],
  // Shown as their members' sections (person details, wire, …), not under their own name.
  updateFiatAccount: ['fiat_account_owner', 'fiat_network_instructions'],
};

describe.each(OPERATION_IDS)('%s form', (id) => {
  it('offers every field of the request, labelled from the schema', () => {
    renderWithProviders(
      <OperationForm
        operationId={id}
        Fields={FIELDS[id]}
        initialInput={id === 'createOrder' ? { side: 'BUY', type: 'LIMIT' } : undefined}
      />,
    );
    const op = operations[id];
    const shape = { ...op.shape.path, ...op.shape.body } as Record<
      string,
      Parameters<typeof fieldMeta>[0]
    >;
    const missing = Object.entries(shape)
      .filter(([name]) => !CONDITIONAL[id]?.includes(name))
      .filter(([, schema]) => {
        const label = fieldMeta(schema).label!;
        return (
          screen.queryAllByLabelText(label).length === 0 &&
          screen.queryAllByRole('group', { name: label }).length === 0
        );
      })
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
