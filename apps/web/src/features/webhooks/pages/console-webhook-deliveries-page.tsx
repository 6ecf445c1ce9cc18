import { useParams, useSearchParams } from 'react-router';
import { useVendorOptions } from '../../staff-accounts/index.ts';
import { consoleVendorScope, MLS_SCOPE } from '../api.ts';
import { DeliveryLogScreen } from '../components/delivery-log-screen.tsx';
import { idOf } from '../ids.ts';
import { WebhookTexts as T } from '../texts.ts';

/** The vendor an endpoint belongs to, by name, once the console's list of vendors is read. */
function VendorName({ vendorId }: { vendorId: number }) {
  const vendors = useVendorOptions();
  const vendor = vendors.data?.find((v) => v.id === vendorId);
  if (!vendor) return null;
  return (
    <span className="vp-muted" data-testid="log-vendor">
      {T.vendorOf(`${vendor.name} (${vendor.code})`)}
    </span>
  );
}

/**
 * An endpoint's delivery log in the console (/admin/webhooks/{id}): one of the MLS's, or, with
 * `?vendor=`, one of that vendor's, opened from the vendor's drawer (naming the vendor, and leading
 * back to it).
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
      owner={vendorId === null ? undefined : <VendorName vendorId={vendorId} />}
    />
  );
}
