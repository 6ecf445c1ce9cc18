import { PRODUCT_NAME } from '@vp/contract';

/** What the portal's seal says of itself: `verify` recognises its name and reason as ours. */
export const SEAL_NAME = `${PRODUCT_NAME} seal`;
export const SEAL_REASON = `Sealed by ${PRODUCT_NAME}`;
