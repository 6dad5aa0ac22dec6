import { FINAL_ORCHESTRATION_RULE_STATUSES } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { readWholeList } from './use-service-list';

/** The orchestration rules not final yet (a deleted rule stays listed): what a rule picker offers. */
export function useLiveRules() {
  return useQuery({
    queryKey: ['svc', 'listOrchestrationRules', 'live'],
    queryFn: async () =>
      (await readWholeList('listOrchestrationRules')).filter(
        (r) => !(FINAL_ORCHESTRATION_RULE_STATUSES as readonly string[]).includes(r.status),
      ),
    staleTime: 60_000,
  });
}

/** Every rule, deleted ones too: what names a rule id wherever one is shown. */
export function useRules(enabled = true) {
  return useQuery({
    queryKey: ['svc', 'listOrchestrationRules', 'all'],
    queryFn: () => readWholeList('listOrchestrationRules'),
    staleTime: 60_000,
    enabled,
  });
}
