import { errorMessage } from './http.ts';

/**
 * A server's refusal that is about one field is shown on that field as well as in the toast. The
 * server's message may carry the action's prefix ('Domain Change Failed: ...'); the field shows the
 * reason alone.
 */
export interface FieldError<Name extends string> {
  name: Name;
  errors: string[];
}

/** The field errors for a failure: each field lists the messages that are about it. */
export function fieldErrorsOf<Name extends string>(
  err: unknown,
  fields: Record<Name, readonly string[]>,
): FieldError<Name>[] {
  const text = errorMessage(err);
  const found: FieldError<Name>[] = [];
  for (const name of Object.keys(fields) as Name[]) {
    const reason = fields[name].find((m) => text === m || text.endsWith(`: ${m}`));
    if (reason) found.push({ name, errors: [reason] });
  }
  return found;
}

/** A refusal's reason without the action's prefix ('Domain Change Failed: taken' → 'taken'). */
export function failureReason(err: unknown, prefix: string): string {
  const text = errorMessage(err);
  return text.startsWith(`${prefix}: `) ? text.slice(prefix.length + 2) : text;
}
