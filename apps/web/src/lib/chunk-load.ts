import { API_ROOT, ApiError } from './http.ts';

/**
 * Loading a part of the app's code (a chunk) can fail: the portal cannot be reached, or a new
 * version has replaced the chunk names this page was built with. A load is tried again a few times
 * before it fails; a failure is then told apart by asking whether the portal answers at all.
 */

const RETRY_DELAYS_MS: readonly number[] = [500, 1500];

/** Browsers' and Vite's words for a module or its styles that did not arrive. */
const CHUNK_FAILURE =
  /dynamically imported module|importing a module script failed|failed to load module script|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `load`, trying again after each of `delaysMs` while the code does not arrive. */
export async function loadChunk<T>(
  load: () => Promise<T>,
  delaysMs: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isChunkLoadError(error)) throw error;
      await wait(delay);
    }
  }
}

/** Whether the portal answers: any answer of its health check, even an error status. */
export async function portalAnswers(): Promise<boolean> {
  try {
    await fetch(`${API_ROOT}/health`, { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * What went wrong, as the user is told it: the portal could not be reached, a new version replaced
 * the code this page needs (the portal answers but the chunk is gone), or anything else.
 */
export type LoadFailureKind = 'unreachable' | 'newVersion' | 'failed';

/** The kind known without asking the portal, or null when only asking tells. */
export function knownFailureKind(error: unknown): LoadFailureKind | null {
  if (error instanceof ApiError && error.status === 0) return 'unreachable';
  return isChunkLoadError(error) ? null : 'failed';
}

export async function loadFailureKind(error: unknown): Promise<LoadFailureKind> {
  return knownFailureKind(error) ?? ((await portalAnswers()) ? 'newVersion' : 'unreachable');
}

/** Loads the page again from the server; an object so that tests can watch it. */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
