import { ROLES, SECOND_STEP_METHODS, SIGN_IN_TICKET_TTL_MS, type SecondStep } from '@vp/contract';

/**
 * A sign-in waiting for its second step. A password, a login link or an accepted invitation may
 * answer one instead of a session; it is kept for this tab only (session storage) so the login page
 * can ask for the second step, also after a reload or when another page got the answer. It is never
 * the session: only the second step's answer is.
 */
const KEY = 'vp.signInStep';

export function keepSecondStep(answer: SecondStep): void {
  const step: SecondStep = {
    secondStep: answer.secondStep,
    ticket: answer.ticket,
    role: answer.role,
    methods: answer.methods,
  };
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ step, at: Date.now() }));
  } catch {
    // Without storage the login page still has the step it was handed, until a reload.
  }
}

export function forgetSecondStep(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

function isStep(value: unknown): value is SecondStep {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (v.secondStep === 'verify' || v.secondStep === 'enrol') &&
    typeof v.ticket === 'string' &&
    v.ticket !== '' &&
    (ROLES as readonly unknown[]).includes(v.role) &&
    Array.isArray(v.methods) &&
    v.methods.every((m) => (SECOND_STEP_METHODS as readonly unknown[]).includes(m))
  );
}

/** The second step this tab is waiting for, while its ticket can still work. */
export function pendingSecondStep(): SecondStep | null {
  let kept: unknown;
  try {
    kept = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  const { step, at } = (kept ?? {}) as { step?: unknown; at?: unknown };
  if (!isStep(step) || typeof at !== 'number' || Date.now() - at > SIGN_IN_TICKET_TTL_MS) {
    forgetSecondStep();
    return null;
  }
  return step;
}
