import { WebsiteServerMessages } from '@vp/contract';
import { z } from 'zod';

/** Ids in paths: digits only, within the range of a PostgreSQL integer, so bad ids are 400, never 500. */
export const idSchema = z
  .string()
  .regex(/^\d{1,10}$/, WebsiteServerMessages.invalidId)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647, WebsiteServerMessages.invalidId)
  .meta({ description: 'Id of the website.', examples: ['1042'] });

/** Path parameters of the routes about one website. */
export const siteParamsSchema = z.object({ id: idSchema });
