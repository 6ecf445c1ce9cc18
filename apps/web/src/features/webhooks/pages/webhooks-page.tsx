import { VENDOR_SCOPE } from '../api.ts';
import { WebhooksScreen } from '../components/webhooks-screen.tsx';
import { WebhookTexts as T } from '../texts.ts';

/** Tools → Webhooks (/tools/webhooks): the current vendor's endpoints; the read-only role reads them. */
export default function WebhooksPage() {
  return <WebhooksScreen scope={VENDOR_SCOPE} intro={T.intro} />;
}
