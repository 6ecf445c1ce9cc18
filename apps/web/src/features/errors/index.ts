/** The error pages (routed by app/pages.ts) and their shared frame. */
export { ErrorPage } from './pages/error-page.tsx';
