import { notFound } from '../problem';
import { accountView } from '../state/identity-view';
import type { ReadHandler } from './types';

/** Get Account. */
export const getAccount: ReadHandler = ({ params, state }) => {
  const account = state.accounts.get(params.id ?? '');
  if (!account) throw notFound(`id: account ${params.id} does not exist`);
  return accountView(account);
};
