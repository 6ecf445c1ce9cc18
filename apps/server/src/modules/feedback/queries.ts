import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';

export async function insertFeedback(db: Db, row: typeof tickets.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(tickets).values(row).returning({ id: tickets.id });
  if (!inserted) throw new Error('feedback insert returned nothing');
  return inserted.id;
}
