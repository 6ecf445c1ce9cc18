/**
 * Every query key of the app, in one registry. Keys are nested by the kind of data they hold, so a
 * write (or, later, a live event naming that kind) invalidates a whole family with its prefix:
 * `queryKeys.websites.all` covers every list and detail, `queryKeys.history.site(id)` one log.
 */
export const queryKeys = {
  /** The MLS staff console's approval queue: its pages and its vendor filter's options. */
  approvals: {
    all: ['admin', 'queue'] as const,
    lists: ['admin', 'queue', 'list'] as const,
    list: <P extends object>(params: P) => ['admin', 'queue', 'list', params] as const,
    vendors: ['admin', 'queue', 'vendors'] as const,
  },
  /** The console's Jobs screen: each scheduled job with its last runs. */
  jobs: {
    all: ['admin', 'jobs'] as const,
  },
  /** The console's reports, each by its range of months. */
  reports: {
    all: ['admin', 'reports'] as const,
    billable: (from: string, to: string) => ['admin', 'reports', 'billable', from, to] as const,
    approvals: (from: string, to: string) => ['admin', 'reports', 'approvals', from, to] as const,
    products: ['admin', 'reports', 'products'] as const,
  },
  /** The vendor's API keys, and a vendor's keys as the console lists them. */
  apiKeys: {
    all: ['api-keys'] as const,
    list: ['api-keys', 'list'] as const,
    vendor: (vendorId: number) => ['api-keys', 'vendor', vendorId] as const,
  },
  agents: {
    all: ['agents'] as const,
    search: (query: string, reciprocal: boolean) => ['agents', 'search', reciprocal, query] as const,
    detail: (memberNumber: string) => ['agents', 'detail', memberNumber] as const,
  },
  comments: {
    all: ['comments'] as const,
    /** The vendor-level conversation (on no website). */
    vendor: ['comments', 'vendor'] as const,
    site: (siteId: number) => ['comments', 'site', siteId] as const,
  },
  /** The vendor's key contacts (all, or of one type) and the contact types. */
  contacts: {
    all: ['contacts'] as const,
    list: (typeId: number | null) => ['contacts', 'list', typeId] as const,
    types: ['contacts', 'types'] as const,
  },
  dashboard: {
    metadata: ['portal', 'metadata'] as const,
  },
  /** The vendor's data feeds: the consumers it feeds, the providers that feed it. */
  consumers: {
    all: ['portal', 'consumers'] as const,
  },
  /** What the MLS publishes for vendors, each marked new or not for this user. */
  resources: {
    all: ['resources'] as const,
  },
  documents: {
    all: ['documents'] as const,
    vendor: ['documents', 'vendor'] as const,
    site: (siteId: number) => ['documents', 'site', siteId] as const,
    status: (documentId: number) => ['documents', 'status', documentId] as const,
    types: ['documenttypes'] as const,
    limits: ['upload-limits'] as const,
    requiredType: (name: string) => ['documenttypes', 'required', name] as const,
    signatories: (typeId: number, siteId: number) => ['documenttypes', 'sign', typeId, siteId] as const,
  },
  history: {
    all: ['changelog'] as const,
    site: (siteId: number) => ['changelog', siteId] as const,
  },
  compliance: {
    site: (siteId: number) => ['compliance', siteId] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    lists: ['notifications', 'list'] as const,
    list: (pageSize: number) => ['notifications', 'list', pageSize] as const,
    /** The user's delivery choices; kept apart so a notification refetch leaves a settings form alone. */
    settings: ['notification-settings'] as const,
  },
  profile: {
    all: ['profile'] as const,
    me: ['profile', 'me'] as const,
    vendors: ['profile', 'vendors'] as const,
    /** The user's own sign-in methods (two-step sign-in). */
    factors: ['profile', 'factors'] as const,
  },
  settings: {
    tos: ['settings', 'tos'] as const,
  },
  /** The MLS staff console's vendors, users and document types. */
  staffAccounts: {
    all: ['staff-accounts'] as const,
    vendorLists: ['staff-accounts', 'vendors', 'list'] as const,
    vendorList: <P extends object>(params: P) => ['staff-accounts', 'vendors', 'list', params] as const,
    vendor: (id: number) => ['staff-accounts', 'vendors', 'detail', id] as const,
    vendorOptions: ['staff-accounts', 'vendors', 'options'] as const,
    userList: <P extends object>(params: P) => ['staff-accounts', 'users', 'list', params] as const,
    user: (id: number) => ['staff-accounts', 'users', 'detail', id] as const,
    /** A user's two-step sign-in as the console shows it. */
    userFactors: (id: number) => ['staff-accounts', 'users', 'factors', id] as const,
    history: (subject: string, id: number) => ['staff-accounts', 'history', subject, id] as const,
    documentTypes: ['staff-accounts', 'document-types'] as const,
  },
  teams: {
    all: ['team'] as const,
    site: (siteId: number) => ['team', siteId] as const,
  },
  websites: {
    all: ['websites'] as const,
    lists: ['websites', 'list'] as const,
    list: <P extends object>(params: P) => ['websites', 'list', params] as const,
    details: ['websites', 'detail'] as const,
    detail: (id: number) => ['websites', 'detail', id] as const,
    products: ['products'] as const,
  },
  /**
   * Webhook endpoints and their deliveries. A list is keyed by the path that lists it (the vendor's
   * own, the MLS's, or a vendor's in the console); deliveries by the calls' base and the endpoint.
   */
  webhooks: {
    all: ['webhooks'] as const,
    list: (path: string) => ['webhooks', 'list', path] as const,
    deliveries: (base: string, id: number) => ['webhooks', 'deliveries', base, id] as const,
    deliveryList: <P extends object>(base: string, id: number, params: P) =>
      ['webhooks', 'deliveries', base, id, 'list', params] as const,
    delivery: (base: string, id: number, deliveryId: number) =>
      ['webhooks', 'deliveries', base, id, 'detail', deliveryId] as const,
  },
} as const;
