import { SigningLinkMessages, type SigningView } from '@vp/contract';
import { useCallback, useEffect, useState } from 'react';
import { type ApiError, errorMessage } from '../../../lib/http.ts';
import { fetchSigningView, isLinkRefusal, tokenFromPath } from '../api.ts';
import { SignLayout, SignButton, Notice } from '../components/sign-layout.tsx';
import { SigningForm } from '../components/signing-form.tsx';
import '../signing.css';

/**
 * The broker's signing page (/sign/{token}): no login, the token in the path is the credential.
 * It shows the document, asks for consent to sign electronically, and takes the signer's full name
 * and a drawn or typed signature; or a decline with its reason. A link that cannot be used gets a
 * page that says why and what to do, never an error trace.
 */

type State =
  | { kind: 'loading' }
  | { kind: 'unusable'; status: number; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'ready'; view: SigningView }
  | { kind: 'done'; outcome: 'signed' | 'declined'; message: string; completed: boolean };

/** What each refusal of a link means for the signer: a title and the next step. */
function unusableCopy(status: number, message: string): { title: string; next: string } {
  switch (message) {
    case SigningLinkMessages.expired:
      return {
        title: 'This signing link has expired',
        next: 'Ask the sender to send the form again. You will get a new email with a fresh link.',
      };
    case SigningLinkMessages.used:
      return {
        title: 'Already signed',
        next: 'There is nothing more for you to do. You can close this page.',
      };
    case SigningLinkMessages.completed:
      return {
        title: 'Signed by everyone',
        next: 'There is nothing more for you to do. You can close this page.',
      };
    case SigningLinkMessages.declined:
      return {
        title: 'You declined to sign',
        next: 'If you change your mind, ask the sender to send the form again.',
      };
    case SigningLinkMessages.declinedByOther:
      return {
        title: 'Declined by another signer',
        next: 'There is nothing for you to do now. If the sender sends a new form, you will get a new email.',
      };
    case SigningLinkMessages.voided:
      return {
        title: 'This document was withdrawn',
        next: 'If you expected to sign it, contact the sender; they can send a new form.',
      };
    default:
      return status === 410
        ? { title: 'This signing link can no longer be used', next: 'Ask the sender to send the form again.' }
        : {
            title: 'This signing link does not work',
            next: 'Open the latest email you received about this document and use its link. If that does not work either, ask the sender to send the form again.',
          };
  }
}

export default function SignPage() {
  const [token] = useState(() => tokenFromPath(window.location.pathname));
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'loading' } : { kind: 'unusable', status: 404, message: SigningLinkMessages.invalid },
  );

  const load = useCallback(() => {
    if (!token) return undefined;
    let current = true;
    setState({ kind: 'loading' });
    fetchSigningView(token).then(
      (view) => current && setState({ kind: 'ready', view }),
      (err: unknown) => {
        if (!current) return;
        if (isLinkRefusal(err)) setState({ kind: 'unusable', status: err.status, message: err.message });
        else setState({ kind: 'unreachable', message: errorMessage(err) });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(() => load(), [load]);

  const onRefused = useCallback((err: ApiError) => {
    setState({ kind: 'unusable', status: err.status, message: err.message });
  }, []);

  switch (state.kind) {
    case 'loading':
      return (
        <SignLayout title="Loading the document" busy>
          <p role="status">Loading the document to sign…</p>
        </SignLayout>
      );
    case 'unusable': {
      const copy = unusableCopy(state.status, state.message);
      return (
        <SignLayout title={copy.title} focusTitle>
          <Notice tone="warning">{state.message}</Notice>
          <p>{copy.next}</p>
        </SignLayout>
      );
    }
    case 'unreachable':
      return (
        <SignLayout title="The document could not be loaded" focusTitle>
          <Notice tone="error">{state.message}</Notice>
          <p>Check your connection, then try again. Your link stays valid.</p>
          <SignButton onClick={load}>Try again</SignButton>
        </SignLayout>
      );
    case 'done':
      return (
        <SignLayout title={state.outcome === 'signed' ? 'Signed' : 'Declined'} focusTitle>
          <Notice tone={state.outcome === 'signed' ? 'success' : 'info'}>{state.message}</Notice>
          <p>
            {state.outcome === 'declined'
              ? 'You can close this page.'
              : state.completed
                ? 'Everyone has now signed, and the document is sealed. We have emailed you a link to your copy, and the sender has it in the portal. You can close this page.'
                : 'When everyone has signed, we email you a link to your copy of the sealed document, and the sender is told. You can close this page.'}
          </p>
          {state.outcome === 'signed' && (
            <p>
              Anyone can check that a copy of the sealed document is unchanged on the{' '}
              <a href="/verify" className="vp-sign-link">
                Verify a document
              </a>{' '}
              page.
            </p>
          )}
        </SignLayout>
      );
    case 'ready':
      return (
        <SigningForm
          token={token!}
          view={state.view}
          onRefused={onRefused}
          onDone={(outcome, message, completed) => setState({ kind: 'done', outcome, message, completed })}
        />
      );
  }
}
