import {
  operations,
  type FiatAccount,
  type TransferType,
  type WriteOperation,
} from '@console/schemas';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { readService } from './api';
import { railOf } from './fiat-account-words';
import type { FieldRefusal } from './refusal-fields';
import { limitExceeded, limitTypeOf, overLimitWords } from './transfer-limits';
import { FIAT_ACCOUNTS_KEY } from './use-fiat-accounts';

/*
 * List Transfer Limits, per transfer type: what a form shows beside the amount and what its
 * review checks the amount against. One query per type, shared by the panel and the check; read
 * again after every send (the key is under `svc`), since a send lowers what remains.
 */

export const transferLimitsQuery = (type: TransferType) => ({
  queryKey: ['svc', 'transfer-limits', type],
  queryFn: () =>
    readService(
      operations.listTransferLimits.path,
      { transfer_type: type },
      operations.listTransferLimits.response,
    ),
  staleTime: 5_000,
});

/** The limits of one transfer type; idle without one. */
export function useTransferLimits(type: TransferType | undefined) {
  return useQuery({
    ...transferLimitsQuery(type ?? 'INTERNAL_TRANSFER_DEBIT'),
    enabled: type !== undefined,
  });
}

/** The limits as the review checks them: from the cache when fresh, else read now. */
export async function fetchTransferLimits(client: QueryClient, type: TransferType) {
  return (await client.fetchQuery(transferLimitsQuery(type))).items;
}

/**
 * Why a send goes past a transfer limit, beside its amount field, or undefined: the check before
 * the review, on limits read fresh (at most 5 s old). A send whose limits cannot be read is left
 * to the service, which refuses it the same way.
 */
export async function limitRefusal(
  client: QueryClient,
  op: WriteOperation,
  input: Readonly<Record<string, unknown>>,
): Promise<FieldRefusal | undefined> {
  const members = op.approval.amount;
  const fiat = client.getQueryData<FiatAccount[]>(FIAT_ACCOUNTS_KEY);
  const type = limitTypeOf(op.id, input, {
    fiatRail: (id) => {
      const account = fiat?.find((a) => a.id === id);
      return account ? railOf(account) : undefined;
    },
  });
  if (!members || !type) return undefined;
  const amount = input[members.amount];
  const asset = input[members.asset];
  let limits;
  try {
    limits = await fetchTransferLimits(client, type);
  } catch {
    return undefined;
  }
  const over = limitExceeded(limits, amount, typeof asset === 'string' ? asset : undefined);
  return over && typeof amount === 'string'
    ? { path: members.amount, message: overLimitWords(over, amount) }
    : undefined;
}
