import { UUID_PATTERN } from '@console/schemas';
import { fieldError } from '../problem';
import { deleteFiatAccount as remove } from '../state/fiat-accounts';
import type { ReadHandler } from './types';

/**
 * Delete Fiat Account: `{}`; no new transfer to the account can start (see state/fiat-accounts.ts).
 * Its documented errors: 400 for an id that is not a UUID, 404 for one no account has.
 */
export const deleteFiatAccount: ReadHandler = ({ params, state, now }) => {
  const id = params.id ?? '';
  if (!UUID_PATTERN.test(id)) throw fieldError('id', 'must be a fiat account UUID');
  remove(state, id, now);
  return {};
};
