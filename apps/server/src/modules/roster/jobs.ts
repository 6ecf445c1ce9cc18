import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { defineRosterSync } from './sync.ts';

/** The roster module serves no call of its own; it keeps the roster current on a schedule. */
export function rosterJobs(_app: FastifyInstance, ctx: AppContext): void {
  defineRosterSync(ctx);
}
