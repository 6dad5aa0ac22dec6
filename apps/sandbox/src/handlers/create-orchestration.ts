import { createOrchestration as create } from '../state/orchestrations';
import type { Handler } from './types';

/** Create Orchestration: PROCESSING with PENDING legs; see state/orchestrations.ts. */
export const createOrchestration: Handler<'createOrchestration'> = ({ body, state, now }) =>
  create(state, body, now);
