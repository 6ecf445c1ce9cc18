/** Where the document will be: a page's space is held, so nothing below it moves when it is drawn. */
export function PdfPlaceholder() {
  return (
    <div className="vp-pdf" aria-busy="true">
      <div className="vp-pdf-page vp-pdf-placeholder">
        <p className="vp-sign-muted" role="status">
          Loading the document…
        </p>
      </div>
    </div>
  );
}
