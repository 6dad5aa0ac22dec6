import { UUID_PATTERN } from '@console/schemas';
import { fieldError } from '../problem';
import { depositInstructionsOr404, depositInstructionsView } from '../state/deposit-instructions';
import type { ReadHandler } from './types';

/** Get Fiat Deposit Instructions: 400 for an id that is not a UUID, 404 for one nobody has (appendix B). */
export const getFiatDepositInstructions: ReadHandler = ({ params, state }) => {
  const id = params.id ?? '';
  if (!UUID_PATTERN.test(id)) throw fieldError('id', 'must be a fiat deposit instructions UUID');
  return depositInstructionsView(depositInstructionsOr404(state, id));
};
