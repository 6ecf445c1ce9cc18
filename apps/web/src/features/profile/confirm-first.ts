import { ErrorCodes } from '@vp/contract';
import { ApiError } from '../../lib/http.ts';

/**
 * Changing how someone signs in (adding or removing a method, new recovery codes) needs their
 * password or a code again when they last gave one more than ten minutes ago: the server answers
 * 403 with `confirmFirst`. The user is asked then, and the change is made once more.
 */

/** Asks the user to confirm it is them; answers false when they cancel. */
export type AskConfirmation = () => Promise<boolean>;

/** The user closed the question: the change is not made, and nothing more is said. */
export class ConfirmCanceled extends Error {
  constructor() {
    super('Canceled');
    this.name = 'ConfirmCanceled';
  }
}

export function needsConfirmation(err: unknown): boolean {
  return err instanceof ApiError && err.code === ErrorCodes.confirmFirst;
}

/** Makes the call; when the server wants a confirmation first, asks for one and makes it again. */
export async function withConfirmation<T>(call: () => Promise<T>, ask: AskConfirmation): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!needsConfirmation(err)) throw err;
    if (!(await ask())) throw new ConfirmCanceled();
    return call();
  }
}
