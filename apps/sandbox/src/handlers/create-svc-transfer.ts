import { createTransfer } from '../state/transfers';
import type { Handler } from './types';

/** Create Service Transfer: 0.1 % fee on the sender; answers the SVC_TRANSFER_DEBIT record. */
export const createSvcTransfer: Handler<'createSvcTransfer'> = ({ body, state, now }) =>
  createTransfer(state, 'SVC_TRANSFER', body, now);
