import { createTransfer } from '../state/transfers';
import type { Handler } from './types';

/** Create Internal Transfer: free, PENDING then COMPLETED; answers the INTERNAL_TRANSFER_DEBIT record. */
export const createInternalTransfer: Handler<'createInternalTransfer'> = ({ body, state, now }) =>
  createTransfer(state, 'INTERNAL_TRANSFER', body, now);
