import { z } from './zod.ts';

/*
 * The live channel's messages and their checks. Kept apart from the channel's texts
 * (conversation.ts), which every signed-in page shows, so that a page showing the texts does not
 * load zod with them: the browser loads these checks with the first event it receives.
 */

export const liveAuthenticateSchema = z.object({
  action: z.literal('AUTHENTICATE'),
  token: z.string().min(1).max(200),
  vendorId: z.coerce.number().int().positive().max(2_147_483_647),
});
export type LiveAuthenticate = z.infer<typeof liveAuthenticateSchema>;

export const LIVE_EVENT_TYPES = ['comment', 'website', 'document', 'notification', 'contact'] as const;

/** A browser tab's name on its calls (`TAB_HEADER`), which the events of its writes carry back. */
export const tabIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,40}$/);

export const liveEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  context: z.enum(['vendor', 'website']),
  siteId: z.number().int().nullable(),
  username: z.string(),
  action: z.enum(['update', 'delete']),
  tab: tabIdSchema.optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
