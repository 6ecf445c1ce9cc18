import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  ExclamationCircleFilled,
  PlayCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { JOB_RUNS_SHOWN, JobMessages, type JobInfo, type JobRun } from '@vp/contract';
import { Button, Card, Modal, Table, type TableProps } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { fetchJobPreview, useJobs, useRunJob } from '../api.ts';
import { runState, scheduleText, startedText, tookText, type RunState } from '../schedule.ts';
import '../jobs.css';
import { useIsWide } from '../../../hooks/use-is-wide.ts';

const RESULT: Record<RunState, { icon: ReactNode; text: string }> = {
  ok: { icon: <CheckCircleFilled aria-hidden="true" />, text: 'Succeeded' },
  failed: { icon: <CloseCircleFilled aria-hidden="true" />, text: 'Failed' },
  running: { icon: <SyncOutlined spin aria-hidden="true" />, text: 'Running' },
  unfinished: { icon: <ExclamationCircleFilled aria-hidden="true" />, text: 'Did not finish' },
};

function RunResult({ run }: { run: JobRun }) {
  const state = runState(run);
  const { icon, text } = RESULT[state];
  return (
    <span className="vp-job-result">
      <span className={`vp-job-state vp-job-state-${state}`} data-testid="run-state">
        {icon} {text}
      </span>
      {state === 'failed' && run.error && <span className="vp-job-error">{run.error}</span>}
      {run.summary && (
        <span className="vp-job-summary" data-testid="run-summary">
          {run.summary}
        </span>
      )}
    </span>
  );
}

const startedBy = (run: JobRun) => (run.manual ? 'Run now' : 'Schedule');

/** A wide screen gives each fact its column; a phone says who started a run under its time, and how long it took under its result. */
function runColumns(wide: boolean): NonNullable<TableProps<JobRun>['columns']> {
  if (!wide)
    return [
      {
        title: 'Started',
        key: 'started',
        render: (_, run) => (
          <span className="vp-job-stack">
            <span>{startedText(run.startedAt)}</span>
            <span className="vp-muted">{startedBy(run)}</span>
          </span>
        ),
      },
      {
        title: 'Result',
        key: 'result',
        render: (_, run) => (
          <span className="vp-job-stack">
            <RunResult run={run} />
            {run.finishedAt !== null && <span className="vp-muted">took {tookText(run)}</span>}
          </span>
        ),
      },
    ];
  return [
    { title: 'Started', key: 'started', render: (_, run) => startedText(run.startedAt) },
    { title: 'Took', key: 'took', render: (_, run) => tookText(run) || '—' },
    { title: 'Result', key: 'result', render: (_, run) => <RunResult run={run} /> },
    { title: 'Started by', key: 'manual', render: (_, run) => startedBy(run) },
  ];
}

function JobCard({ job, onRun, starting }: { job: JobInfo; onRun: () => void; starting: boolean }) {
  const headingId = `job-${job.name.replace(/[^a-z0-9]+/gi, '-')}`;
  const wide = useIsWide();
  return (
    <Card className="vp-job" role="region" aria-labelledby={headingId} data-testid="job">
      <div className="vp-job-head">
        <div className="vp-job-intro">
          <h2 id={headingId} className="vp-card-title vp-job-name">
            {job.name}
          </h2>
          <p className="vp-job-description">{job.description}</p>
          <p className="vp-muted vp-job-schedule">
            <ClockCircleOutlined aria-hidden="true" /> {scheduleText(job.cron)}
          </p>
        </div>
        <Button
          icon={<PlayCircleOutlined />}
          loading={starting}
          onClick={onRun}
          aria-label={`Run now: ${job.name}`}
        >
          Run now
        </Button>
      </div>
      {job.runs.length === 0 ? (
        <p className="vp-muted vp-job-never" data-testid="job-never-run">
          Not run yet. Its first run shows here once it has started.
        </p>
      ) : (
        <Table<JobRun>
          className="vp-job-runs"
          size="small"
          rowKey={(run) => `${run.startedAt}-${run.manual ? 'm' : 's'}`}
          columns={runColumns(wide)}
          dataSource={job.runs}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Card>
  );
}

/**
 * The portal's scheduled jobs: what each does, when it runs, its last runs with their errors, and
 * Run now. A run started here shows a moment later, and is followed until it ends.
 */
export default function JobsPage() {
  const jobs = useJobs();
  const run = useRunJob();
  // The job whose question is being fetched: its button shows it is busy meanwhile.
  const [asking, setAsking] = useState<string | null>(null);

  async function start(name: string) {
    try {
      const answer = await run.mutateAsync(name);
      void toast('success', answer.message);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  /** A job that changes data first says what it would do now, and runs only when staff agree. */
  async function runNow(job: JobInfo) {
    if (!job.asksFirst) return start(job.name);
    setAsking(job.name);
    let preview: string;
    try {
      preview = (await fetchJobPreview(job.name)).message;
    } catch (err) {
      void toast('error', errorMessage(err));
      return;
    } finally {
      setAsking(null);
    }
    Modal.confirm({
      title: JobMessages.confirmTitle(job.name),
      content: <span data-testid="job-preview">{preview}</span>,
      okText: 'Run now',
      cancelText: 'Cancel',
      // Cancel is the safe answer: Enter on the opened question changes nothing.
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => start(job.name),
    });
  }

  return (
    <div className="vp-jobs">
      <Card className="vp-jobs-head">
        <h1 className="vp-card-title">Jobs</h1>
        <p className="vp-muted vp-jobs-intro">
          The portal&apos;s scheduled work. Each job runs on its schedule on one server at a time; Run now
          runs it once more, besides its schedule. The last {JOB_RUNS_SHOWN} runs of each show here.
        </p>
      </Card>
      {jobs.isError && !jobs.data ? (
        <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : !jobs.data ? (
        <Card>
          <LoadingState label="Loading jobs" rows={6} />
        </Card>
      ) : jobs.data.length === 0 ? (
        <Card>
          <EmptyState title="No scheduled jobs are defined." />
        </Card>
      ) : (
        jobs.data.map((job) => (
          <JobCard
            key={job.name}
            job={job}
            starting={asking === job.name || (run.isPending && run.variables === job.name)}
            onRun={() => void runNow(job)}
          />
        ))
      )}
    </div>
  );
}
