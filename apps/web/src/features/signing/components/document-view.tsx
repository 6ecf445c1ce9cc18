import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PdfPlaceholder } from './pdf-placeholder.tsx';

// pdf.js is large: it loads with this component, after the page's own text is on screen.
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

/** The width pages are drawn at full screen: a US Letter page at 96 dpi, where 10 pt text reads as on paper. */
const FULL_SCREEN_WIDTH = 816;

/**
 * The document to sign: a link that opens the PDF itself (any reader, or to keep a copy), the pages
 * drawn in place, and a full-screen view where a phone shows them at a readable size.
 */
export function DocumentView({ url, title }: { url: string; title: string }) {
  const [fullScreen, setFullScreen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div className="vp-sign-document">
      <p className="vp-sign-document-links">
        <span>
          <a href={url} target="_blank" rel="noopener" className="vp-sign-link">
            Open or download the PDF
          </a>{' '}
          <span className="vp-sign-muted">(opens in a new tab)</span>
        </span>
        <button
          type="button"
          ref={opener}
          className="vp-sign-button-secondary"
          onClick={() => setFullScreen(true)}
        >
          View full screen
        </button>
      </p>
      <Suspense fallback={<PdfPlaceholder />}>
        <PdfViewer url={url} title={title} />
      </Suspense>
      {fullScreen && (
        <FullScreen
          url={url}
          title={title}
          onClose={() => {
            setFullScreen(false);
            opener.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function FullScreen({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    closeRef.current?.focus();
    // The page behind does not scroll under the document.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return (
    <div className="vp-sign-fullscreen" role="dialog" aria-modal="true" aria-label={`${title}, full screen`}>
      <div className="vp-sign-fullscreen-bar">
        <span className="vp-sign-fullscreen-title">{title}</span>
        <button type="button" ref={closeRef} className="vp-sign-button-secondary" onClick={onClose}>
          Close full screen
        </button>
      </div>
      <div className="vp-sign-fullscreen-body" data-testid="pdf-fullscreen">
        <Suspense fallback={<PdfPlaceholder />}>
          <PdfViewer url={url} title={title} pageWidth={FULL_SCREEN_WIDTH} />
        </Suspense>
      </div>
    </div>
  );
}
