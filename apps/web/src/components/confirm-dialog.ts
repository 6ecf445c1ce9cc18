/**
 * antd's dialog for the app's questions (discard changes, log out). Loaded when a question is first
 * asked, so no page carries the dialog's code to paint.
 */
export { Modal } from 'antd';
