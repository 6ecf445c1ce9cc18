import { lazy, Suspense } from 'react';

// pdf.js is large: it loads with this component, after the page's own text is on screen.
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

/**
 * The document to sign: a link that opens the PDF itself (any reader, or to keep a copy) and the
 * pages drawn in place.
 */
export function DocumentView({ url, title }: { url: string; title: string }) {
  return (
    <div className="vp-sign-document">
      <p>
        <a href={url} target="_blank" rel="noopener" className="vp-sign-link">
          Open or download the PDF
        </a>{' '}
        <span className="vp-sign-muted">(opens in a new tab)</span>
      </p>
      <Suspense
        fallback={
          <p className="vp-sign-muted" role="status">
            Loading the document…
          </p>
        }
      >
        <PdfViewer url={url} title={title} />
      </Suspense>
    </div>
  );
}
