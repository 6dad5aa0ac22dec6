import { useQuery } from '@tanstack/react-query';
import { getFeeSchedule } from './api';

/** The organisation's fee schedule: it changes with a restart of the BFF, not by the minute. */
export function useFeeSchedule() {
  return useQuery({
    queryKey: ['fee-schedule'],
    queryFn: getFeeSchedule,
    staleTime: 30 * 60_000,
  });
}
