import { useParams, useSearchParams } from 'react-router';
import { consoleVendorScope, MLS_SCOPE } from '../api.ts';
import { DeliveryLogScreen } from '../components/delivery-log-screen.tsx';
import { idOf } from '../ids.ts';

/**
 * An endpoint's delivery log in the console (/admin/webhooks/{id}): one of the MLS's, or, with
 * `?vendor=`, one of that vendor's, opened from the vendor's drawer (and leading back to it).
 */
export default function ConsoleWebhookDeliveriesPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const vendorId = idOf(params.get('vendor'));
  const scope = vendorId === null ? MLS_SCOPE : consoleVendorScope(vendorId);
  return (
    <DeliveryLogScreen
      scope={scope}
      endpointId={idOf(id)}
      backTo={vendorId === null ? MLS_SCOPE.page : `/admin/vendors?vendor=${vendorId}`}
    />
  );
}
