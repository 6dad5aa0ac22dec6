import { iso } from '../clock';
import {
  fiatAccountOr404,
  mergeUpdate,
  rejects,
  requireSameOwnerKind,
} from '../state/fiat-accounts';
import type { Handler } from './types';

/** The service ignores `null` and empty-string members of an update: so does the sandbox. */
export { withoutBlanks as prepareBody } from '../state/fiat-accounts';

/**
 * Update Fiat Account. Members left out, `null` and empty strings are kept as they were; given
 * objects merge member by member; every `metadata` object given replaces the stored one whole; an
 * owner never switches between person and institution (400). The answer is PENDING; after the
 * review time the account is APPROVED, or REJECTED when its wire account number starts with `000`.
 */
export const updateFiatAccount: Handler<'updateFiatAccount'> = ({ body, params, state, now }) => {
  const account = fiatAccountOr404(state, params.id ?? '');
  requireSameOwnerKind(account.record.fiat_account_owner, body.fiat_account_owner);
  const merged = mergeUpdate(account.record, body, (key) => key === 'metadata') as Record<
    string,
    unknown
  > & { created_at: string };
  merged.status = 'PENDING';
  merged.updated_at = iso(now);
  account.record = merged;
  account.settles_at = now + state.timings.fiat_review_ms;
  account.settles_to = rejects(merged) ? 'REJECTED' : 'APPROVED';
  return structuredClone(merged);
};
