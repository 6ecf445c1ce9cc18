import { CheckCircleFilled, CloseCircleFilled, ExperimentOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useDeferredValue, useState } from 'react';
import type { DraftRule } from '../draft.ts';
import { tryRule } from '../try-it.ts';

/**
 * "Try it": paste text from a page and see at once whether this rule, as it is being edited,
 * finds what it looks for, and whether such a page passes it.
 */
export function TryItBox({ rule, label }: { rule: DraftRule; label: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // Long pasted pages are matched after the keystroke has painted.
  const deferred = useDeferredValue(text);
  const result = open ? tryRule(rule, deferred) : null;
  const boxId = `rule-${rule.key}-try`;

  return (
    <div className="vp-rules-try">
      <Button
        size="small"
        icon={<ExperimentOutlined aria-hidden="true" />}
        aria-expanded={open}
        aria-controls={open ? boxId : undefined}
        aria-label={`Try it: ${label}`}
        onClick={() => setOpen((o) => !o)}
      >
        Try it
      </Button>
      {open && (
        <div id={boxId} className="vp-rules-try-box">
          <label htmlFor={`${boxId}-text`} className="vp-rules-try-label">
            Text from a page
          </label>
          <Input.TextArea
            id={`${boxId}-text`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder="Paste the page’s text here"
          />
          <div className="vp-rules-try-result" role="status" aria-live="polite" data-testid="try-result">
            {result === null ? (
              <span className="vp-muted">
                {text.trim()
                  ? 'Fill in the rule to try it.'
                  : 'Paste text to see whether this rule finds what it looks for.'}
              </span>
            ) : (
              <>
                <span className={`vp-rules-try-verdict ${result.passes ? 'is-pass' : 'is-fail'}`}>
                  {result.passes ? (
                    <CheckCircleFilled aria-hidden="true" />
                  ) : (
                    <CloseCircleFilled aria-hidden="true" />
                  )}
                  <span>
                    {result.match ? 'Match' : 'No match'}:{' '}
                    {result.passes ? 'a page with this text passes.' : 'a page with this text fails.'}
                  </span>
                </span>
                <span className="vp-rules-try-detail">{result.detail}</span>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
