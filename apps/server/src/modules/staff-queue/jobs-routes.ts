import {
  JOB_RUNS_SHOWN,
  JobMessages,
  jobListSchema,
  messageResponseSchema,
  type JobInfo,
} from '@vp/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/sql.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';

/** The console's Jobs screen: every scheduled job with its last runs and errors, and Run now. */
export function staffJobsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = { access: 'staff' as const };
  const tags = ['console'];

  api.get(
    '/api/admin/jobs',
    {
      config: staff,
      schema: {
        tags,
        summary: "The portal's scheduled jobs, each with its schedule and last runs",
        response: { 200: jobListSchema, ...errorResponses },
      },
    },
    async (): Promise<JobInfo[]> => {
      const rows = await rowsOf<{
        name: string;
        started_at: string | Date;
        finished_at: string | Date | null;
        ok: boolean | null;
        error: string | null;
        manual: boolean;
        summary: string | null;
      }>(
        ctx.db,
        sql`SELECT name, started_at, finished_at, ok, error, manual, summary FROM (
            SELECT r.*, row_number() OVER (PARTITION BY name ORDER BY started_at DESC, id DESC) AS n
            FROM job_runs r) x
          WHERE n <= ${JOB_RUNS_SHOWN} ORDER BY name, started_at DESC, id DESC`,
      );
      const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
      return ctx.jobs.list().map((job) => ({
        ...job,
        runs: rows
          .filter((r) => r.name === job.name)
          .map((r) => ({
            startedAt: iso(r.started_at)!,
            finishedAt: iso(r.finished_at),
            ok: r.ok,
            error: r.error,
            manual: r.manual,
            summary: r.summary,
          })),
      }));
    },
  );

  const jobName = z.object({
    name: z
      .string()
      .max(100)
      .meta({ examples: ['websites.term-dates'] }),
  });
  const known = (name: string) => {
    if (!ctx.jobs.list().some((j) => j.name === name)) throw new NotFoundError(JobMessages.unknown);
  };

  api.get(
    '/api/admin/jobs/:name/preview',
    {
      config: staff,
      schema: {
        tags,
        summary: 'What running a job now would change, asked before Run now of a job that changes data',
        params: jobName,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      known(request.params.name);
      const message = await ctx.jobs.preview(request.params.name);
      // A job that changes nothing needs no question: it says only what it does.
      return {
        message: message ?? ctx.jobs.list().find((j) => j.name === request.params.name)!.description,
      };
    },
  );

  api.post(
    '/api/admin/jobs/:name/run',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Run a job now, once, besides its schedule',
        params: jobName,
        response: { 202: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      known(name);
      ctx.jobs.runManually(name);
      return reply.code(202).send({ message: JobMessages.started(name) });
    },
  );
}
