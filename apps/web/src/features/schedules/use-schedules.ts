import { useQuery } from '@tanstack/react-query';
import { getSchedule, listSchedules, SCHEDULES_KEY } from '@/lib/api';

/**
 * Occurrences fall due while a page is open, by the scheduler's clock, not the page's: the
 * series are read again every few seconds in the background (an unattended page does not keep
 * the session alive), as a sending batch is.
 */
export const SCHEDULE_POLL_MS = 5_000;

export const schedulesListKey = [...SCHEDULES_KEY, 'list'] as const;
export const scheduleKey = (id: string) => [...SCHEDULES_KEY, 'one', id] as const;

export function useSchedules() {
  return useQuery({
    queryKey: schedulesListKey,
    queryFn: listSchedules,
    refetchInterval: SCHEDULE_POLL_MS,
  });
}

export function useSchedule(id: string) {
  return useQuery({
    queryKey: scheduleKey(id),
    queryFn: () => getSchedule(id),
    refetchInterval: SCHEDULE_POLL_MS,
  });
}
