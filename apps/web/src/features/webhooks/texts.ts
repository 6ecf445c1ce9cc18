import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  countOf,
  WEBHOOK_OVERLAP_MAX_HOURS,
  WEBHOOK_RETRY_HOURS,
  type WebhookDelivery,
  type WebhookDeliveryState,
  type WebhookEndpoint,
} from '@vp/contract';

/**
 * The webhook screens' own words (the refusals and limits are the contract's `WebhookMessages`).
 * Kept in one object so the tests look them up rather than retype them.
 */
export const WebhookTexts = {
  title: 'Webhooks',
  intro: `Your systems hear of licensing events as they happen: the portal sends each event to the addresses below, signed with the endpoint's secret, and tries again for ${WEBHOOK_RETRY_HOURS} hours when an address does not answer. An endpoint that has failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days is disabled.`,
  mlsIntro: `The MLS's own endpoints: they receive the events of every vendor. The portal tries again for ${WEBHOOK_RETRY_HOURS} hours when an address does not answer, and disables an endpoint that has failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days.`,
  loading: 'Loading webhook endpoints',
  loadFailed: 'The webhook endpoints could not be loaded.',
  empty: 'No webhook endpoints yet.',
  emptyNext: 'Add one to have events sent to your systems.',
  add: 'Add endpoint',
  columns: {
    endpoint: 'Endpoint',
    events: 'Events',
    state: 'State',
    lastDelivery: 'Last delivery',
    actions: 'Actions',
  },
  allEvents: 'All events',
  moreEvents: (n: number) => `+${n} more`,
  fewerEvents: 'Show fewer',
  noDelivery: 'None yet',
  enabled: 'Enabled',
  disabled: 'Disabled',
  failingSince: (when: string) => `Failing since ${when}`,
  httpStatus: (status: number) => `HTTP ${status}`,
  noAnswer: 'No answer',

  // Actions of an endpoint; each button's name ends with the endpoint's address.
  edit: 'Edit',
  enable: 'Enable',
  disable: 'Disable',
  rotate: 'Rotate secret',
  sendTest: 'Send a test event',
  delete: 'Delete',
  deliveries: 'Delivery log',
  /** The menu of the rarer actions: its word, and its name for a screen reader. */
  more: 'More',
  moreActions: 'More actions',
  actionOn: (action: string, url: string) => `${action}: ${url}`,
  enabledDone: 'The endpoint is enabled.',
  disabledDone: 'The endpoint is disabled.',
  testSent: 'A test event is on its way. Its delivery shows in the delivery log.',
  deleteConfirm: (url: string) => `Delete the endpoint ${url}?`,
  deleteEffect: 'Events stop going to it at once, and its delivery log is deleted with it.',
  deleted: 'The endpoint is deleted.',
  cancel: 'Cancel',

  // The drawer that adds or edits an endpoint.
  newTitle: 'Add a webhook endpoint',
  editTitle: 'Edit the webhook endpoint',
  fields: { url: 'Address (URL)', description: 'Description', events: 'Events' },
  urlHint: 'An https:// address on the public internet that answers a POST with a 2xx status.',
  descriptionHint: 'What it is for, so the list says so.',
  eventsHint: 'The events this address receives.',
  selectAll: 'Select all',
  selectAllOf: (group: string) => `Select all: ${group}`,
  create: 'Add endpoint',
  save: 'Save',
  saved: 'The endpoint is saved.',

  // The secret, shown once.
  createdTitle: 'Endpoint added: its signing secret',
  rotatedTitle: 'The new signing secret',
  secretLabel: 'Signing secret',
  copy: 'Copy',
  copied: 'The secret is copied.',
  copyFailed: 'The browser did not allow copying. Select the secret and copy it.',
  secretOnce: 'Copy this secret now. It will not be shown again.',
  previousUntil: (when: string) => `The previous secret also signs until ${when}.`,
  signaturesTitle: 'Checking signatures',
  done: 'Done',

  // Rotating the secret.
  rotateTitle: 'Rotate the signing secret',
  rotateIntro:
    'A new secret signs every delivery from now on. The old one can keep signing beside it for a while, so your systems can switch over without refusing events.',
  overlapLabel: 'The old secret keeps signing for',
  rotateAction: 'Rotate secret',

  // The delivery log.
  logTitle: 'Delivery log',
  backToList: 'All endpoints',
  logLoading: 'Loading deliveries',
  logFailed: 'The deliveries could not be loaded.',
  logEmpty: 'No events have been sent to this endpoint yet.',
  logEmptyFiltered: (state: string) => `No ${state.toLowerCase()} deliveries.`,
  showAll: 'Show all deliveries',
  stateFilter: 'State',
  allStates: 'All states',
  gone: 'This endpoint no longer exists.',
  deliveryColumns: {
    event: 'Event',
    eventId: 'Event id',
    created: 'Created',
    state: 'State',
    attempts: 'Attempts',
    status: 'HTTP status',
    ms: 'Time (ms)',
    next: 'Next attempt',
  },
  deliveryCount: (n: number) => countOf(n, 'delivery', 'deliveries'),
  openDelivery: (eventType: string, eventId: string) => `Open the delivery of ${eventType} ${eventId}`,
  deliveryTitle: 'Delivery',
  deliveryLoading: 'Loading the delivery',
  payload: 'Payload',
  payloadRegion: 'The payload as sent',
  answer: 'Answer',
  answerBody: "The receiver's answer",
  noBody: 'The answer had no body.',
  lastAttempt: 'Last attempt',
  redeliver: 'Redeliver',
  redelivered: 'The event is queued to be delivered again.',

  /** Whose endpoint a delivery log in the console is, when a vendor's. */
  vendorOf: (name: string) => `Vendor: ${name}`,

  // The console's vendor drawer.
  vendorSection: 'Webhooks',
  vendorEmpty: 'This vendor has no webhook endpoints.',
} as const;

export const DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** A pending delivery that has failed at least once and waits to be tried again. */
export const RETRYING_LABEL = 'Retrying';
export const isRetrying = (d: Pick<WebhookDelivery, 'state' | 'attempts' | 'error'>) =>
  d.state === 'pending' && d.attempts > 0 && d.error !== null;

/** How long the old secret keeps signing after a rotation, in hours, as the dialog offers it. */
export const OVERLAP_CHOICES: readonly { hours: number; label: string }[] = [
  { hours: 0, label: 'Not at all: it stops at once' },
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: WEBHOOK_OVERLAP_MAX_HOURS, label: '7 days' },
];
export const DEFAULT_OVERLAP_HOURS = 24;

/** The endpoint's state in a word: enabled, disabled (by someone or by the portal), or failing. */
export type EndpointStateKind = 'enabled' | 'disabled' | 'failing';
export function endpointState(endpoint: WebhookEndpoint): EndpointStateKind {
  if (!endpoint.enabled) return 'disabled';
  return endpoint.failingSince ? 'failing' : 'enabled';
}
