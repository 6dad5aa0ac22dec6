import {
  WRITE_OPERATION_IDS,
  fieldMeta,
  operations,
  type WriteOperationId,
} from '@console/schemas';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OperationForm } from '@/components/form';
import { renderWithProviders } from '@/test/render';
import { fieldsFileOf, loadView } from './operation-views';

/** Fields that appear only on a condition the default form does not meet, and why. */
const CONDITIONAL: Partial<Record<WriteOperationId, string[]>> = {
  // A limit buy (the default) takes base amount and price; GTT alone takes an expiry.
  createOrder: ['quote_amount', 'stop_price', 'expiration_date'],
  // One switch: amount by default, total when switched.
  createCryptoWithdrawalFee: ['total'],
  // An edit: the account's owner, instructions and metadata appear, filled, once the account is
  // picked and read (features/fiat/fields/update-fiat-account-fields.test.tsx), as their
  // members' sections (person details, wire, …).
  updateFiatAccount: ['fiat_account_owner', 'fiat_network_instructions', 'metadata'],
};

// Each write's own fields component, or the generated form when it has none.
describe.each(WRITE_OPERATION_IDS)('%s form', (id) => {
  it('offers every field of the request, labelled from the schema', async () => {
    const { Fields } = await loadView(id);
    renderWithProviders(
      <OperationForm
        operationId={id}
        Fields={Fields}
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

describe('operation views', () => {
  it('use a write’s own fields file where there is one, and generate the form otherwise', async () => {
    const { GeneratedFields } = await import('@/components/form');
    for (const id of WRITE_OPERATION_IDS) {
      const view = await loadView(id);
      expect(view.Fields === GeneratedFields, id).toBe(fieldsFileOf(id) === undefined);
    }
    expect(fieldsFileOf('createOrder')).toMatch(
      /features\/orders\/fields\/create-order-fields\.tsx$/,
    );
    expect((await loadView('createOrder')).defaults).toMatchObject({ type: 'LIMIT' });
    expect((await loadView('createInternalTransfer')).review).toBeTypeOf('function');
  });
});
