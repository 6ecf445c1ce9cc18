import type { WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint } from '@vp/contract';

/** Records as the webhook calls answer them, for this feature's component tests. */

export function endpoint(over: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 5,
    vendorId: 1,
    url: 'https://hooks.summitweb.example/portal',
    description: 'Listing sync',
    eventTypes: ['website.created', 'website.activated', 'website.terminated', 'saf.signed'],
    enabled: true,
    disabledReason: null,
    createdAt: '2026-06-01T12:00:00.000Z',
    createdBy: { username: 'demo', firstName: 'Dana', lastName: 'Whitfield' },
    secretRotatedAt: null,
    previousSecretUntil: null,
    failingSince: null,
    lastDeliveryAt: '2026-06-10T09:30:00.000Z',
    lastDeliveryStatus: 200,
    ...over,
  };
}

export function delivery(over: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 41,
    eventId: 'evt_01J2ZQ8K4N',
    eventType: 'website.activated',
    createdAt: '2026-06-10T09:29:58.000Z',
    state: 'delivered',
    attempts: 1,
    lastAttemptAt: '2026-06-10T09:30:00.000Z',
    nextAttemptAt: null,
    responseStatus: 200,
    responseMs: 183,
    error: null,
    ...over,
  };
}

export function deliveryDetail(over: Partial<WebhookDeliveryDetail> = {}): WebhookDeliveryDetail {
  return {
    ...delivery(over),
    payload: JSON.stringify({
      id: 'evt_01J2ZQ8K4N',
      type: 'website.activated',
      timestamp: '2026-06-10T09:29:58.000Z',
      vendorId: 1,
      data: { rowKey: 7, domainName: 'summit-homes.example.com' },
    }),
    responseBody: '{"ok":true}',
    ...over,
  };
}
