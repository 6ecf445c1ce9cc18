import { ErrorPage } from './error-page.tsx';

export default function UnauthorizedPage() {
  return (
    <ErrorPage code="401" title="No access" text="Your account does not have permission to open this page." />
  );
}
