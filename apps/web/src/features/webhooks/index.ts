/**
 * Webhooks: the endpoints that receive licensing events, under Tools (a vendor's own) and in the
 * console (the MLS's own, and a vendor's in its drawer). The pages are loaded by the router from
 * pages/; the console's vendor drawer shows `VendorWebhooks`.
 */
export { VendorWebhooks } from './components/vendor-webhooks.tsx';
