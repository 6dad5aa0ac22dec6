import { MONEY_ROLES } from '../primitives/roles';
import { positiveDecimalString } from '../primitives/decimal';
import { CryptoNetworkSchema } from '../primitives/transfer-enums';
import { text } from '../primitives/identifier';
import { assetField } from './common-fields';
import { CryptoWithdrawalFeeSchema } from '../resources/crypto-withdrawal-fee';
import { defineOperation } from './define-operation';

export const createCryptoWithdrawalFee = defineOperation({
  id: 'createCryptoWithdrawalFee',
  title: 'Quote crypto withdrawal fee',
  description: 'Obtains a guaranteed fee for a crypto withdrawal, valid for a few minutes.',
  method: 'POST',
  path: '/v2/transfer/fees/crypto-withdrawal',
  scope: 'fee:write_crypto_withdrawal_fee',
  movesMoney: false,
  takesRefId: false,
  roles: MONEY_ROLES,
  approval: { because: 'moves-nothing', required: false, approvers: MONEY_ROLES },
  // A fee quote moves nothing: a second one is harmless.
  lostAnswer: { settle: 'resend', why: 'a fee quote moves nothing: a second one is harmless' },
  nav: { duty: 'Crypto', label: 'Withdrawal fees' },
  route: '/withdrawal-fees/new',
  result: {},
  pathShape: {},
  bodyShape: {
    asset: assetField('Asset', { help: 'The currency to withdraw', group: 'what' }),
    crypto_network: CryptoNetworkSchema.meta({ label: 'Crypto network', group: 'what' }),
    destination_address: text('Destination address').meta({
      label: 'Destination address',
      choices: 'listCryptoDestinationAddresses',
      choiceMember: 'address',
      group: 'who',
    }),
    amount: positiveDecimalString('Amount').optional().meta({
      label: 'Amount',
      help: 'The amount to withdraw; the fee comes on top',
      group: 'amount',
      kind: 'decimal',
      asset: 'asset',
    }),
    total: positiveDecimalString('Total').optional().meta({
      label: 'Total',
      help: 'The total including the fee',
      group: 'amount',
      kind: 'decimal',
      asset: 'asset',
    }),
  },
  rules(body, report) {
    if (body.amount !== undefined && body.total !== undefined) {
      report(['total'], 'Give either amount or total, not both');
    } else if (body.amount === undefined && body.total === undefined) {
      report(['amount'], 'Give either amount or total');
    }
  },
  response: CryptoWithdrawalFeeSchema,
  example: () => ({
    asset: 'BTC',
    crypto_network: 'BITCOIN',
    destination_address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    amount: '0.25',
  }),
});
