import { fiatAccountOr404, fiatAccountView } from '../state/fiat-accounts';
import { flag } from './query';
import type { ReadHandler } from './types';

/** Get Fiat Account: in full (account number, owner name and address); deleted ones on request. */
export const getFiatAccount: ReadHandler = ({ params, query, state }) =>
  fiatAccountView(fiatAccountOr404(state, params.id ?? '', flag(query, 'include_deleted')));
