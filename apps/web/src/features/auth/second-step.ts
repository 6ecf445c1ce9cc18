import {
  ROLES,
  SECOND_STEP_METHODS,
  SIGN_IN_TICKET_TTL_MS,
  type Enrolled,
  type SecondStep,
} from '@vp/contract';

/**
 * A sign-in waiting for its second step. A password, a login link or an accepted invitation may
 * answer one instead of a session; it is kept for this tab only (session storage) so the login page
 * can ask for the second step, also after a reload or when another page got the answer. It is never
 * the session: only the second step's answer is.
 *
 * A finished enrolment (`Enrolled`) takes the step's place until its recovery codes are said to be
 * kept, so that a reload shows the codes again instead of a set-up whose ticket is spent. Its token
 * becomes the session only when the user goes on from the codes.
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

function isEnrolled(value: unknown): value is Enrolled {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    v.token !== '' &&
    (ROLES as readonly unknown[]).includes(v.role) &&
    Array.isArray(v.recoveryCodes) &&
    v.recoveryCodes.every((c) => typeof c === 'string')
  );
}

/** What this tab keeps, while it is fresh; anything else kept is forgotten. */
function kept(): { step?: unknown; enrolled?: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  const { step, enrolled, at } = (value ?? {}) as { step?: unknown; enrolled?: unknown; at?: unknown };
  if (
    (!isStep(step) && !isEnrolled(enrolled)) ||
    typeof at !== 'number' ||
    Date.now() - at > SIGN_IN_TICKET_TTL_MS
  ) {
    forgetSecondStep();
    return null;
  }
  return { step, enrolled };
}

/** The second step this tab is waiting for, while its ticket can still work. */
export function pendingSecondStep(): SecondStep | null {
  const value = kept();
  return value && isStep(value.step) ? value.step : null;
}

/** Keeps a finished enrolment, in place of its step, until its recovery codes are kept. */
export function keepEnrolled(answer: Enrolled): void {
  const enrolled: Enrolled = {
    token: answer.token,
    role: answer.role,
    recoveryCodes: [...answer.recoveryCodes],
  };
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ enrolled, at: Date.now() }));
  } catch {
    // Without storage the login page still shows the codes, until a reload.
  }
}

/** A finished enrolment whose recovery codes are still to be confirmed as kept. */
export function pendingEnrolled(): Enrolled | null {
  const value = kept();
  return value && isEnrolled(value.enrolled) ? value.enrolled : null;
}
