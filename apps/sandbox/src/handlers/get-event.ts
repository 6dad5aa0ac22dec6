import { notFound } from '../problem';
import { eventOr404 } from '../state/events';
import { flag } from './query';
import type { ReadHandler } from './types';

/** Get Event: 404 for an unknown id, and for any id with `is_test=true` (the sandbox sends no test events). */
export const getEvent: ReadHandler = ({ params, query, state }) => {
  if (flag(query, 'is_test')) throw notFound(`id: no test event ${params.id}`);
  return structuredClone(eventOr404(state, params.id ?? ''));
};
