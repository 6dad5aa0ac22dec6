import Big from 'big.js';
import { iso } from '../clock';
import { badRequest } from '../problem';
import { amountOf, fmtAsset } from '../state/assets';
import { FEE_QUOTE_TTL_MS, WITHDRAWAL_FEES, isAddressOf } from '../state/networks';
import { newId } from '../state/random';
import type { Handler } from './types';

const fieldError = (path: string, message: string) =>
  badRequest(`${path}: ${message}`, { errors: [{ path, message }] });

/**
 * Create Crypto Withdrawal Fee: the network's fee for the asset (state/networks.ts), valid for
 * five minutes; amount + fee = total whichever of the two was given.
 */
export const createCryptoWithdrawalFee: Handler<'createCryptoWithdrawalFee'> = ({
  body,
  state,
  now,
}) => {
  const feeText = WITHDRAWAL_FEES[body.crypto_network][body.asset];
  if (feeText === undefined) {
    throw fieldError('asset', `${body.asset} cannot be withdrawn over ${body.crypto_network}`);
  }
  if (!isAddressOf(body.crypto_network, body.destination_address)) {
    throw fieldError('destination_address', `not an address of the ${body.crypto_network} network`);
  }
  const fee = new Big(feeText);
  let amount: Big;
  let total: Big;
  if (body.amount !== undefined) {
    amount = amountOf(body.amount, body.asset, 'amount');
    total = amount.plus(fee);
  } else {
    total = amountOf(body.total ?? '0', body.asset, 'total');
    if (total.lte(fee)) {
      throw fieldError(
        'total',
        `must be more than the fee of ${fmtAsset(fee, body.asset)} ${body.asset}`,
      );
    }
    amount = total.minus(fee);
  }
  const quote = {
    id: newId(),
    fee: fmtAsset(fee, body.asset),
    asset: body.asset,
    expires_at: iso(now + FEE_QUOTE_TTL_MS),
    destination_address: body.destination_address,
    crypto_network: body.crypto_network,
    amount: fmtAsset(amount, body.asset),
    total: fmtAsset(total, body.asset),
  };
  state.fee_quotes.set(quote.id, quote);
  return quote;
};
