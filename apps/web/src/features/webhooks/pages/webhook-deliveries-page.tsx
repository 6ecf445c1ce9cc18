import { useParams } from 'react-router';
import { VENDOR_SCOPE } from '../api.ts';
import { DeliveryLogScreen } from '../components/delivery-log-screen.tsx';
import { idOf } from '../ids.ts';

/** One of the vendor's endpoints' delivery log (/tools/webhooks/{id}). */
export default function WebhookDeliveriesPage() {
  const { id } = useParams();
  return <DeliveryLogScreen scope={VENDOR_SCOPE} endpointId={idOf(id)} backTo={VENDOR_SCOPE.page} />;
}
