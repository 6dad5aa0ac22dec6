import { iso } from '../clock';
import { notFound } from '../problem';
import { FIAT_REVIEW_MS, mergeUpdate, rejects } from '../state/fiat-accounts';
import type { Handler } from './types';

/**
 * Update Fiat Account. Members left out are kept; given objects merge member by member; every
 * `metadata` object given replaces the stored one whole. The answer is PENDING; five seconds
 * later the account is APPROVED, or REJECTED when its wire account number starts with `000`.
 */
export const updateFiatAccount: Handler<'updateFiatAccount'> = ({ body, params, state, now }) => {
  const id = params.id ?? '';
  const account = state.fiat_accounts.get(id);
  if (!account) throw notFound(`id: fiat account ${id} does not exist`);
  const merged = mergeUpdate(account.record, body, (key) => key === 'metadata') as Record<
    string,
    unknown
  >;
  merged.status = 'PENDING';
  merged.updated_at = iso(now);
  account.record = merged;
  account.settles_at = now + FIAT_REVIEW_MS;
  account.settles_to = rejects(merged) ? 'REJECTED' : 'APPROVED';
  return structuredClone(merged);
};
