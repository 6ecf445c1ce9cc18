import { MLS_SCOPE } from '../api.ts';
import { WebhooksScreen } from '../components/webhooks-screen.tsx';
import { WebhookTexts as T } from '../texts.ts';

/** The console's Webhooks (/admin/webhooks): the MLS's own endpoints, which hear every vendor's events. */
export default function ConsoleWebhooksPage() {
  return <WebhooksScreen scope={MLS_SCOPE} intro={T.mlsIntro} />;
}
