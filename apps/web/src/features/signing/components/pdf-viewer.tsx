import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is one of our own files, served from the portal's origin like every other script.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PdfPlaceholder } from './pdf-placeholder.tsx';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages are drawn when they come near the screen, at the width the column has (no wider than this). */
const MAX_WIDTH = 900;

export interface PdfViewerProps {
  /** Where the PDF is fetched from (same origin). */
  url: string;
  /** Said of each page to screen readers, e.g. "Site Access Form". */
  title: string;
  /** Called once the document has loaded, with its page count, or with the failure. */
  onLoad?: (result: { pages: number } | { error: string }) => void;
  /** Pages at this width (full screen), instead of the column's. */
  pageWidth?: number;
}

/**
 * The document itself, drawn page by page with pdf.js into canvases, each with pdf.js's text layer
 * over it, so the words can be selected, searched and read out. Loaded only by the signing page.
 */
export default function PdfViewer({ url, title, onLoad, pageWidth }: PdfViewerProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    const controller = new AbortController();
    void (async () => {
      try {
        const res = await fetch(url, { signal: controller.signal });
        if (!res.ok) throw new Error(`status ${res.status}`);
        const data = new Uint8Array(await res.arrayBuffer());
        // No eval: the Content-Security-Policy forbids it, and pdf.js does without.
        loaded = await getDocument({ data, isEvalSupported: false }).promise;
        if (cancelled) {
          void loaded.destroy();
          return;
        }
        setPdf(loaded);
        onLoadRef.current?.({ pages: loaded.numPages });
      } catch {
        if (cancelled) return;
        const text = 'The document could not be shown here. Open the PDF with the link above instead.';
        setError(text);
        onLoadRef.current?.({ error: text });
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
      if (loaded) void loaded.destroy();
    };
  }, [url]);

  if (error)
    return (
      <p className="vp-sign-notice" role="alert">
        {error}
      </p>
    );
  if (!pdf) return <PdfPlaceholder />;
  return (
    <div className={`vp-pdf${pageWidth ? ' vp-pdf-fixed' : ''}`} data-testid="pdf-viewer">
      {Array.from({ length: pdf.numPages }, (_, i) => (
        <PdfPage key={i} pdf={pdf} number={i + 1} count={pdf.numPages} title={title} fixedWidth={pageWidth} />
      ))}
    </div>
  );
}

function PdfPage({
  pdf,
  number,
  count,
  title,
  fixedWidth,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  count: number;
  title: string;
  fixedWidth?: number;
}) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [visible, setVisible] = useState(number === 1);
  const [aspect, setAspect] = useState(11 / 8.5);
  const [drawn, setDrawn] = useState(false);

  // The page's width follows the column (phone or desktop), re-drawn when it changes; measured
  // before the first paint, so the page never shows at no height.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (fixedWidth) {
      setWidth(fixedWidth);
      return undefined;
    }
    if (!frame) return undefined;
    const measure = () => setWidth(Math.min(MAX_WIDTH, Math.floor(frame.parentElement?.clientWidth ?? 0)));
    measure();
    const observer = new ResizeObserver(measure);
    if (frame.parentElement) observer.observe(frame.parentElement);
    return () => observer.disconnect();
  }, [fixedWidth]);

  // Later pages are drawn when they scroll near.
  useEffect(() => {
    const frame = frameRef.current;
    if (visible || !frame) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const textDiv = textRef.current;
    if (!visible || width === 0 || !canvas || !textDiv) return undefined;
    let cancelled = false;
    let cancel: (() => void) | null = null;
    void (async () => {
      const page = await pdf.getPage(number);
      if (cancelled) return;
      const base = page.getViewport({ scale: 1 });
      setAspect(base.height / base.width);
      const viewport = page.getViewport({ scale: width / base.width });
      // Sharp on HiDPI phones: the canvas holds device pixels, shown at CSS pixels.
      const ratio = Math.min(window.devicePixelRatio || 1, 3);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      const task = page.render({
        canvas,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
      });
      cancel = () => task.cancel();
      try {
        await task.promise;
      } catch {
        return;
      }
      if (cancelled) return;
      textDiv.replaceChildren();
      textDiv.style.setProperty('--scale-factor', String(viewport.scale));
      const textLayer = new TextLayer({
        textContentSource: page.streamTextContent(),
        container: textDiv,
        viewport,
      });
      cancel = () => textLayer.cancel();
      try {
        await textLayer.render();
      } catch {
        return;
      }
      if (!cancelled) setDrawn(true);
    })();
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [pdf, number, visible, width]);

  const label = `${title}, page ${number} of ${count}`;
  return (
    <div
      ref={frameRef}
      className="vp-pdf-page"
      role="group"
      aria-label={label}
      data-rendered={drawn || undefined}
      style={
        width
          ? { width, height: Math.round(width * aspect) }
          : { width: '100%', maxWidth: MAX_WIDTH, aspectRatio: `1 / ${aspect}` }
      }
    >
      <canvas ref={canvasRef} aria-hidden="true" />
      <div ref={textRef} className="textLayer" />
    </div>
  );
}
