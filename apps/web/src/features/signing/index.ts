/**
 * The public signing link (/sign/{token}) and Verify (/verify) pages. Both are light login-free
 * pages, routed by app/pages.ts; nothing else in the app imports this feature.
 */
export { tokenFromPath } from './api.ts';
