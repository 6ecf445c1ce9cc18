import { WebsiteServerMessages } from '@vp/contract';
import { z } from 'zod';
import { parse } from './errors.ts';

/** Ids in paths: digits only, within the range of a PostgreSQL integer, so bad ids are 400, never 500. */
export const idSchema = z
  .string()
  .regex(/^\d{1,10}$/, WebsiteServerMessages.invalidId)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647, WebsiteServerMessages.invalidId);

const siteParams = z.object({ id: idSchema });

export function siteIdParam(params: unknown): number {
  return parse(siteParams, params).id;
}
