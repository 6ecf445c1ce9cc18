import { StaffJobPaths, type JobInfo } from '@vp/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { runState } from './schedule.ts';

/** The Jobs screen's calls (the MLS staff console's, answered to the admin role only). */

/** How soon the list is read again after Run now, and how often while a run is under way. */
export const REFRESH_AFTER_RUN_MS = 1_500;
export const REFRESH_WHILE_RUNNING_MS = 3_000;

const running = (jobs: readonly JobInfo[] | undefined) =>
  (jobs ?? []).some((job) => job.runs[0] !== undefined && runState(job.runs[0]) === 'running');

export function useJobs() {
  return useQuery({
    queryKey: queryKeys.jobs.all,
    queryFn: () => http.get<JobInfo[]>(StaffJobPaths.jobs),
    refetchOnWindowFocus: 'always',
    // A run under way is watched until it ends.
    refetchInterval: (query) => (running(query.state.data) ? REFRESH_WHILE_RUNNING_MS : false),
  });
}

/** What a run now would do, asked before Run now of a job that changes data. */
export function fetchJobPreview(name: string): Promise<{ message: string }> {
  return http.get<{ message: string }>(StaffJobPaths.preview(name));
}

/**
 * Run now: the server starts the job and answers at once (202); its run shows once it has begun,
 * so the list is read again a moment later. The timer ends with the screen.
 */
export function useRunJob() {
  const qc = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useMutation({
    mutationFn: (name: string) => http.post<{ message: string }>(StaffJobPaths.run(name)),
    onSuccess: () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(
        () => void qc.invalidateQueries({ queryKey: queryKeys.jobs.all }),
        REFRESH_AFTER_RUN_MS,
      );
    },
  });
}
