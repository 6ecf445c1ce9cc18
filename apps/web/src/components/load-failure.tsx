import { PRODUCT_NAME } from '@vp/contract';
import { Component, useEffect, useState, type ReactNode } from 'react';
import { useEndFirstPaint } from '../lib/first-paint.ts';
import {
  knownFailureKind,
  loadFailureKind,
  pageReload,
  portalAnswers,
  type LoadFailureKind,
} from '../lib/chunk-load.ts';

/**
 * What a page that could not be shown says, and the one thing the user can do about it. Plain
 * markup and the app's CSS, no antd: it also stands in for the shell itself or a login-free page
 * when their own code did not arrive.
 */
export const LoadFailureTexts: Record<LoadFailureKind, { title: string; text: string; action: string }> = {
  unreachable: {
    title: 'The portal could not be reached',
    text: 'This page could not be loaded. Check your connection, then try again.',
    action: 'Retry',
  },
  newVersion: {
    title: 'A new version is available',
    text: 'The portal has been updated since this page was opened. Reload to continue with the new version.',
    action: 'Reload',
  },
  failed: {
    title: 'Something went wrong',
    text: 'The page could not be shown. Reloading usually fixes this.',
    action: 'Reload',
  },
};

export const STILL_UNREACHABLE = 'The portal still does not answer. Try again in a moment.';

/**
 * A page that could not be shown. `framed` when nothing of the app is on screen around it: it then
 * fills the window like the login page; otherwise it sits in the shell's content area.
 */
export function LoadFailure({ error, framed = false }: { error: unknown; framed?: boolean }) {
  const [kind, setKind] = useState<LoadFailureKind | null>(() => knownFailureKind(error));
  const [busy, setBusy] = useState(false);
  const [still, setStill] = useState(false);
  // Whatever stands in for the page goes: this is what the user must see.
  useEndFirstPaint(true);

  useEffect(() => {
    if (knownFailureKind(error) === 'failed') console.error(error);
    let current = true;
    void loadFailureKind(error).then((k) => {
      if (current) setKind(k);
    });
    return () => {
      current = false;
    };
  }, [error]);

  async function act() {
    if (kind !== 'unreachable') {
      pageReload.reload();
      return;
    }
    setBusy(true);
    setStill(false);
    // Loading the page again is what brings the missing code; only worth it once the portal answers.
    if (await portalAnswers()) {
      pageReload.reload();
      return;
    }
    setBusy(false);
    setStill(true);
  }

  const body = !kind ? (
    <div className="vp-load-failure" aria-busy="true" />
  ) : (
    <section className="vp-load-failure" aria-labelledby="vp-load-failure-title">
      <h1 id="vp-load-failure-title" className="vp-load-failure-title">
        {LoadFailureTexts[kind].title}
      </h1>
      <p className="vp-load-failure-text">{LoadFailureTexts[kind].text}</p>
      {still && (
        <p role="status" className="vp-load-failure-still">
          {STILL_UNREACHABLE}
        </p>
      )}
      <button
        type="button"
        className="vp-button"
        onClick={() => void act()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <span className="vp-button-spinner" aria-hidden="true" />}
        {LoadFailureTexts[kind].action}
      </button>
    </section>
  );

  if (!framed) return <div className="vp-load-failure-area">{body}</div>;
  return (
    <main className="vp-auth vp-load-failure-page">
      <div className="vp-auth-card">
        <div className="vp-auth-brand" aria-hidden="true">
          {PRODUCT_NAME}
        </div>
        {body}
      </div>
    </main>
  );
}

/** Shows LoadFailure, framed, for whatever its children throw while they load or render. */
export class LoadFailureBoundary extends Component<
  { children: ReactNode },
  { failure: { error: unknown } | null }
> {
  override state: { failure: { error: unknown } | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override render() {
    return this.state.failure ? <LoadFailure error={this.state.failure.error} framed /> : this.props.children;
  }
}
