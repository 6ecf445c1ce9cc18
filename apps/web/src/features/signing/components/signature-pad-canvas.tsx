import { SIGNATURE_IMAGE_MAX } from '@vp/contract';
import SignaturePad from 'signature_pad';
import { useEffect, useRef, useState } from 'react';
import { inkBox, type InkBox } from '../ink-box.ts';

/** Device pixels per CSS pixel, capped: sharp on phones, and the image stays well under the limit. */
const MAX_RATIO = 2;
/**
 * The drawing pad: a canvas the signer draws on with a finger, pen or mouse, sized to the column
 * and sharp on HiDPI screens, with a Clear button. It reports the drawing as a PNG data URL, or
 * null when empty. Keyboard users type their signature instead (signature-field.tsx).
 */
export default function SignaturePadCanvas({
  onChange,
  describedBy,
}: {
  onChange: (image: string | null) => void;
  describedBy?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const pad = new SignaturePad(canvas, { penColor: '#0b1f44', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;

    const report = () => {
      if (pad.isEmpty()) {
        setEmpty(true);
        onChangeRef.current(null);
        return;
      }
      setEmpty(false);
      const box = inkBox(pad.toData(), canvas.offsetWidth, canvas.offsetHeight);
      const ratio = canvas.width / (canvas.offsetWidth || 1);
      let image = box ? cutOut(canvas, box, ratio) : pad.toDataURL('image/png');
      // A very dense drawing on a large screen: send it at one device pixel per CSS pixel instead.
      if (box && image.length > SIGNATURE_IMAGE_MAX) image = cutOut(canvas, box, ratio, 1);
      onChangeRef.current(image);
    };

    // The canvas holds device pixels; a new width (rotating the phone) keeps the strokes drawn so far.
    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      if (width === 0 || height === 0) return;
      if (canvas.width === Math.floor(width * ratio) && canvas.height === Math.floor(height * ratio)) return;
      const strokes = pad.toData();
      canvas.width = Math.floor(width * ratio);
      canvas.height = Math.floor(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length > 0) pad.fromData(strokes);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    pad.addEventListener('endStroke', report);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  function clear() {
    padRef.current?.clear();
    setEmpty(true);
    onChangeRef.current(null);
  }

  return (
    <div className="vp-sign-pad">
      <canvas
        ref={canvasRef}
        className="vp-sign-pad-canvas"
        role="img"
        aria-label="Signature pad: draw your signature here with your finger, a pen or the mouse"
        aria-describedby={describedBy}
        data-testid="signature-pad"
      />
      <div className="vp-sign-pad-line" aria-hidden="true" />
      <button type="button" className="vp-sign-button-secondary" onClick={clear} disabled={empty}>
        Clear
      </button>
    </div>
  );
}

/** The part of the pad in `box` (CSS px) as a PNG, at `scale` image pixels per CSS pixel. */
function cutOut(source: HTMLCanvasElement, box: InkBox, ratio: number, scale = ratio): string {
  const copy = document.createElement('canvas');
  copy.width = Math.max(1, Math.round(box.width * scale));
  copy.height = Math.max(1, Math.round(box.height * scale));
  copy
    .getContext('2d')
    ?.drawImage(
      source,
      box.x * ratio,
      box.y * ratio,
      box.width * ratio,
      box.height * ratio,
      0,
      0,
      copy.width,
      copy.height,
    );
  return copy.toDataURL('image/png');
}
