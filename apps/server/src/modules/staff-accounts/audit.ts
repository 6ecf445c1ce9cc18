import type { AccountChange, AccountChangeKind, AccountChangeSubject } from '@vp/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountChanges } from '../../db/schema.ts';
import type { Actor } from '../../platform/actor.ts';

/** What MLS staff changed in the console, each entry written in the transaction of its change. */

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** The staff member as the record names them: their full name, else their username. */
export function actorName(actor: Actor): string {
  return `${actor.firstName} ${actor.lastName}`.trim() || actor.username;
}

export async function recordAccountChange(
  tx: Db,
  actor: Actor,
  entry: {
    subject: AccountChangeSubject;
    subjectId: number;
    kind: AccountChangeKind;
    description: string;
    changes?: FieldChange[];
  },
): Promise<void> {
  await tx.insert(accountChanges).values({
    subject: entry.subject,
    subjectId: entry.subjectId,
    kind: entry.kind,
    description: entry.description,
    changes: entry.changes ?? [],
    actorId: actor.userId,
    actorName: actorName(actor),
  });
}

/** The fields whose values differ between two versions of a record, in the order given. */
export function fieldChanges<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => ({ field: f, from: before[f], to: after[f] }));
}

/** A record's changes, newest first. */
export async function accountChangesOf(
  db: Db,
  subject: AccountChangeSubject,
  subjectId: number,
  limit = 200,
): Promise<AccountChange[]> {
  const rows = await db
    .select()
    .from(accountChanges)
    .where(and(eq(accountChanges.subject, subject), eq(accountChanges.subjectId, subjectId)))
    .orderBy(desc(accountChanges.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    description: r.description,
    actor: r.actorName,
    at: r.createdAt.toISOString(),
  }));
}
