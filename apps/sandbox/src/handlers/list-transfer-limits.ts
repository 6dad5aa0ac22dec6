import { limitView, limitsOf } from '../state/transfer-limits';
import { text } from './query';
import type { ReadHandler } from './types';

/** List Transfer Limits of one transfer type, with what remains of each now. */
export const listTransferLimits: ReadHandler = ({ query, state, now }) => ({
  items: limitsOf(state, text(query, 'transfer_type') ?? '').map((l) => limitView(state, l, now)),
});
