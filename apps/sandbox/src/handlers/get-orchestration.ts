import { notFound } from '../problem';
import { orchestrationView } from '../state/orchestration-view';
import type { ReadHandler } from './types';

/** Get Orchestration: as it stands now, in the read shape of the appendix. */
export const getOrchestration: ReadHandler = ({ params, state }) => {
  const o = state.orchestrations.get(params.id ?? '');
  if (!o) throw notFound(`id: orchestration ${params.id} does not exist`);
  return orchestrationView(o);
};
