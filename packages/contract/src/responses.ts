import { z } from './zod.ts';

/** Small answers shared by several calls. */

/** A done action, with the text to show (logout, delete, password set). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A created record: its new id. */
export const createdResponseSchema = z.object({ id: z.number().int() });
export type CreatedResponse = z.infer<typeof createdResponseSchema>;

/** Feedback sent: the stored ticket's id and the thanks to show. */
export const feedbackResponseSchema = z.object({ id: z.number().int(), message: z.string() });
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;
