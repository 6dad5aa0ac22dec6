import { notFound } from '../problem';
import type { ReadHandler } from './types';

/** Get Transfer: the record as it stands now (the call to poll for a transfer's status). */
export const getTransfer: ReadHandler = ({ params, state }) => {
  const transfer = state.transfers.get(params.id ?? '');
  if (!transfer) throw notFound(`id: transfer ${params.id} does not exist`);
  return structuredClone(transfer.record);
};
