import { DatePicker, Form, type DatePickerProps } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useRef, type SyntheticEvent } from 'react';

dayjs.extend(customParseFormat);

type DateFieldProps = Omit<DatePickerProps, 'format' | 'disabledDate'> & {
  /** The form field the picker fills, where a refused date is explained. */
  field: NamePath;
  /** The typed and shown format, e.g. MM/DD/YYYY. */
  format: string;
  /** The dates the picker greys out. */
  disabledDate: (day: Dayjs) => boolean;
  /** Why such a date cannot be taken: the rule's own message. */
  whyRefused: (day: Dayjs) => string | null;
  /**
   * Empties the field when a typed date is refused, where the picker would otherwise go back to
   * the date it held before (one given by default), which a submit would then send unseen.
   */
  clearRefused?: boolean;
};

/**
 * The date a user typed, when it is a whole date in `format` that the picker refuses; otherwise
 * null (half-typed, or a date it takes).
 */
export function refusedTypedDate(
  text: string,
  format: string,
  disabledDate: (day: Dayjs) => boolean,
): Dayjs | null {
  const day = dayjs(text.trim(), format, true);
  return day.isValid() && disabledDate(day) ? day : null;
}

/**
 * A date picker inside a Form.Item that says why a typed date is refused. The picker greys out the
 * dates it cannot take and empties its box of one typed there before the box is even left; what
 * was typed is kept as it is typed, and when the box is left the field shows the rule that date
 * breaks instead of the date vanishing without a word.
 */
export function DateField({
  field,
  format,
  disabledDate,
  whyRefused,
  clearRefused = false,
  ...props
}: DateFieldProps) {
  const form = Form.useFormInstance();
  const typed = useRef('');
  const record = (event: SyntheticEvent) => {
    const target = event.target as HTMLInputElement;
    if (target.tagName === 'INPUT') typed.current = target.value;
  };
  /** Says why the date last typed is refused, if it is, and forgets it. */
  const explain = () => {
    const refused = refusedTypedDate(typed.current, format, disabledDate);
    typed.current = '';
    const why = refused && whyRefused(refused);
    if (why) form.setFields([{ name: field, errors: [why], ...(clearRefused ? { value: null } : {}) }]);
  };
  return (
    <span
      className="vp-date-field"
      // Enter is a confirmation as leaving the box is: the picker puts the date it held back into
      // the box as it handles the key, so the typed text is read here, before it does.
      onKeyDownCapture={(event) => {
        if (event.key !== 'Enter') return;
        record(event);
        explain();
      }}
      onKeyUpCapture={record}
      onInputCapture={record}
      onFocusCapture={() => {
        typed.current = '';
      }}
      onBlurCapture={explain}
    >
      <DatePicker {...props} format={format} disabledDate={disabledDate} />
    </span>
  );
}
