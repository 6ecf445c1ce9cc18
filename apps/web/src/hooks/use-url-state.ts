import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  readUrlState,
  writeUrlState,
  type UrlStateSpec,
  type UrlStateValues,
  type UrlWriteMode,
} from './url-state.ts';

export { readUrlState, urlParam, writeUrlState } from './url-state.ts';
export type { UrlParam, UrlStateSpec, UrlStateValues, UrlWriteMode } from './url-state.ts';

/**
 * Reads and writes the spec's parameters of the current URL. `set` changes only the keys it is
 * given; by default it replaces the history entry (typing, toggles), 'push' makes a step of it.
 */
export function useUrlState<S extends UrlStateSpec>(spec: S) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readUrlState(spec, params), [spec, params]);
  // Writes build on the newest parameters, also from a timer set several renders ago, and two
  // writes in one event both take effect.
  const latest = useRef({ params, setParams });
  useEffect(() => {
    latest.current = { params, setParams };
  }, [params, setParams]);
  const set = useCallback(
    (patch: Partial<UrlStateValues<S>>, mode: UrlWriteMode = 'replace') => {
      const next = writeUrlState(spec, latest.current.params, patch);
      latest.current = { ...latest.current, params: next };
      latest.current.setParams(next, { replace: mode === 'replace' });
    },
    [spec],
  );
  return [values, set] as const;
}
