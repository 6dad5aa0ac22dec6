import { deleteRule } from '../state/rules';
import type { ReadHandler } from './types';

/** Delete Orchestration Rule: `{rule}` with status DELETED (see state/rules.ts). */
export const deleteOrchestrationRule: ReadHandler = ({ params, state }) => ({
  rule: structuredClone(deleteRule(state, params.id ?? '')),
});
