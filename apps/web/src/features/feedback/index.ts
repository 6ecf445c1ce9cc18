/** Feedback tickets to the MLS data licensing team. */
export { useSendTicket } from './api.ts';
