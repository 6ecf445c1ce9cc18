import { auditKindSchema } from './audit.ts';
import { z } from './zod.ts';

/** A website's History: one entry per recorded change, with before and after values per field. */

export const changeSchema = z.object({ path: z.array(z.string()), from: z.unknown(), to: z.unknown() });
export const historyEntrySchema = z.object({
  date: z.string(),
  /** What happened, for code to branch on; the description is its display text. */
  kind: auditKindSchema,
  description: z.string(),
  user: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
  changes: z.array(changeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
