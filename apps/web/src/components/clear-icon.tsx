import { CloseCircleFilled } from '@ant-design/icons';

/**
 * antd's clear buttons hold an icon named after itself ("close-circle"), which is what a screen
 * reader says of the button; this one says what the button does.
 */
export const CLEAR_ICON = <CloseCircleFilled aria-label="Clear" />;

/** `allowClear` for a text box or an autocomplete, its button named Clear. */
export const CLEARABLE = { clearIcon: CLEAR_ICON };
