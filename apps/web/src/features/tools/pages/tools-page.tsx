import { Navigate } from 'react-router';

/** /tools has no page of its own: it opens its first tool. */
export default function ToolsPage() {
  return <Navigate to="/tools/export-selected-excel" replace />;
}
