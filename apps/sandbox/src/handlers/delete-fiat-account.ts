import { deleteFiatAccount as remove } from '../state/fiat-accounts';
import type { ReadHandler } from './types';

/** Delete Fiat Account: `{}`; no new transfer to the account can start (see state/fiat-accounts.ts). */
export const deleteFiatAccount: ReadHandler = ({ params, state, now }) => {
  remove(state, params.id ?? '', now);
  return {};
};
