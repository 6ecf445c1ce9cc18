import { formatCount } from './format.ts';
import { z } from './zod.ts';

/**
 * Comments (the website modal's Messages tab and the vendor-level conversation), notifications with
 * their settings, and the live channel's messages (spec §2, §3, §4, §7).
 */

export const COMMENT_MAX = 4_000;

export const CommentMessages = {
  cannotDelete: 'You cannot delete this comment',
  deletedUser: 'Deleted User',
  empty: 'Type a message before sending.',
  tooLong: `A message can be at most ${formatCount(COMMENT_MAX)} characters.`,
  internalOnlyStaff: 'Only MLS staff may post internal notes.',
  sent: 'Message sent',
  deleted: 'Message deleted',
  deleteTitle: 'Delete this message?',
  deleteConfirm: 'It is removed for everyone who can see this conversation.',
  publicMarker: 'Shared with the vendor',
  internalMarker: 'Internal note: MLS staff only',
  placeholder: 'Write a message',
  send: 'Send',
  none: 'No messages yet.',
} as const;

/** Refusals only the server can know of: a comment that is not there, a burst of messages. */
export const CommentServerMessages = {
  notFound: 'Message not found',
  rate: 'Too many messages in a minute. Please wait a moment, then send it again.',
} as const;

/** Who wrote a comment; null once that user was removed ('Deleted User'). */
export const commentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const commentSchema = z.object({
  id: z.number().int(),
  // Marked pure: built only where comments are read, so a bundle that never reads them drops it.
  user: /* @__PURE__ */ commentUserSchema.nullable(),
  /** ISO 8601 instant. */
  dateTime: z.string(),
  comment: z.string(),
  /** False: an internal note of MLS staff, never shown to or sent to a vendor. */
  public: z.boolean(),
  /** The website it was written on; null for the vendor-level conversation. */
  siteId: z.number().int().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListSchema = z.array(commentSchema);

export const commentInputSchema = z.object({
  comment: z
    .string({ error: CommentMessages.empty })
    .trim()
    .min(1, CommentMessages.empty)
    .max(COMMENT_MAX, CommentMessages.tooLong),
  /** Only MLS staff may send false (an internal note). */
  public: z.boolean().default(true),
});
export type CommentInput = z.input<typeof commentInputSchema>;

/** A comment is sent only when something is left after trimming (spec §5). */
export function isSendableComment(text: string): boolean {
  return text.trim().length > 0;
}

export const commentDisplayName = (user: Comment['user']): string =>
  user ? `${user.firstName} ${user.lastName}`.trim() || user.username : CommentMessages.deletedUser;

// ---------------------------------------------------------------------------------------------
// Notifications

export const NotificationMessages = {
  dismissed: 'Notification dismissed',
  selectedDismissed: 'Selected notifications dismissed',
  settingsUpdated: 'Notification settings updated',
  none: 'You are all caught up.',
  title: 'Notifications',
  settingsTitle: 'Notification Settings',
  dismiss: 'Dismiss',
  selectAll: 'Select all',
} as const;

export const NotificationServerMessages = {
  notFound: 'Notification not found',
  read: 'Notification read',
  settingsInvalid:
    'Each notification setting needs its email and push choices, each on or off. Reload the settings and try again.',
} as const;

export const notificationSchema = z.object({
  rowKey: z.number().int(),
  content: z.string(),
  /** A portal address; for a website's notification it carries `?site={id}`. */
  link: z.string(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
  siteId: z.number().int().nullable(),
  /** Opened by the user: it stays until dismissed, but no longer counts on the bell. */
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE_MAX = 100;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE_MAX).default(20),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/**
 * Newest first; `total` counts every notification not yet dismissed, `unread` those of them not yet
 * opened (the bell's badge).
 */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const dismissManySchema = z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500);

/** One item of the settings: whether it reaches the drawer (push) and the mailbox (email). */
const settingsInvalid = { error: () => NotificationServerMessages.settingsInvalid };
export const deliverySchema = z.object(
  { email: z.boolean(settingsInvalid), push: z.boolean(settingsInvalid) },
  settingsInvalid,
);
export type Delivery = z.infer<typeof deliverySchema>;

/**
 * The spec's items (websites; comments; files), plus Site Access Form progress (sent, signed,
 * declined, completed, voided), which the spec's list leaves out but vendors most need to hear of,
 * changes of the vendor's key contacts, and their websites' compliance findings.
 */
export const notificationSettingsSchema = z.object(
  {
    websites: z.object(
      { create: deliverySchema, modify: deliverySchema, delete: deliverySchema },
      settingsInvalid,
    ),
    comments: z.object({ vendorCreate: deliverySchema, websiteCreate: deliverySchema }, settingsInvalid),
    files: z.object(
      {
        vendorCreate: deliverySchema,
        vendorDelete: deliverySchema,
        websiteCreate: deliverySchema,
        websiteDelete: deliverySchema,
      },
      settingsInvalid,
    ),
    forms: z.object({ progress: deliverySchema }, settingsInvalid),
    contacts: z.object({ change: deliverySchema }, settingsInvalid),
    compliance: z.object({ findings: deliverySchema }, settingsInvalid),
  },
  settingsInvalid,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/**
 * What a save carries: at least one of the groups, each whole. The spec's three groups (websites,
 * comments, files) are enough; a group left out keeps its stored choices.
 */
export const notificationSettingsUpdateSchema = notificationSettingsSchema
  .partial()
  .refine((update) => Object.values(update).some((group) => group !== undefined), settingsInvalid);
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

const on = { email: true, push: true };
const pushOnly = { email: false, push: true };
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  websites: { create: on, modify: pushOnly, delete: on },
  comments: { vendorCreate: on, websiteCreate: on },
  files: { vendorCreate: pushOnly, vendorDelete: pushOnly, websiteCreate: pushOnly, websiteDelete: pushOnly },
  forms: { progress: on },
  contacts: { change: pushOnly },
  compliance: { findings: on },
};

/** What a notification is about: one item of the settings, as `group.item`. */
export type NotificationTopic = {
  [G in keyof NotificationSettings]: `${G & string}.${keyof NotificationSettings[G] & string}`;
}[keyof NotificationSettings];

export const NOTIFICATION_SETTING_LABELS: Record<NotificationTopic, string> = {
  'websites.create': 'A website is created',
  'websites.modify': 'A website is modified',
  'websites.delete': 'A website is deleted',
  'comments.vendorCreate': 'A message for the vendor',
  'comments.websiteCreate': 'A message on a website',
  'files.vendorCreate': 'A vendor file is uploaded',
  'files.vendorDelete': 'A vendor file is deleted',
  'files.websiteCreate': 'A website file is uploaded',
  'files.websiteDelete': 'A website file is deleted',
  'forms.progress': 'A Site Access Form is sent, signed, declined, completed or voided',
  'contacts.change': 'A key contact is added, changed or deleted',
  'compliance.findings': 'A compliance finding is opened, fixed or decided by the MLS',
};

export const NOTIFICATION_GROUP_LABELS: Record<keyof NotificationSettings, string> = {
  websites: 'Websites',
  comments: 'Comments',
  files: 'Files',
  forms: 'Site Access Forms',
  contacts: 'Key Contacts',
  compliance: 'Compliance',
};

export function deliveryFor(settings: NotificationSettings, topic: NotificationTopic): Delivery {
  const [group, item] = topic.split('.') as [keyof NotificationSettings, string];
  return (settings[group] as Record<string, Delivery>)[item] ?? { email: false, push: false };
}

// ---------------------------------------------------------------------------------------------
// Live channel

export const LIVE_PATH = '/api/websocket';
export const LIVE_SUBSCRIBED = 'Subscribed Successfully';
/** The close code after which the client never reconnects: bad token or vendor (spec §4). */
export const LIVE_CLOSE_REFUSED = 1011;
/**
 * The close code of a socket opened from a page whose address the server does not accept for the
 * live channel; the reason names the portal's own address. Not retried either.
 */
export const LIVE_CLOSE_ORIGIN = 4403;

export const LiveMessages = {
  maxReconnects: 'Maximum reconnection attempts reached. Please refresh the page.',
  originRefused: (portal: string) =>
    `Live updates are off: the portal does not send them to pages opened at this address. Open the portal at ${portal} to get them.`,
  siteDeleted: 'Site has been deleted',
  /** Who changed the open website, and when: `who` is a username, or `you` for this user's other tab. */
  siteChangedBy: (who: string | 'you', time: string) =>
    who === 'you'
      ? `You changed this website in another tab at ${time}.`
      : `${who} changed this website at ${time}.`,
  siteChanged: 'Refresh to see the changes.',
  siteChangedShown: 'The form shows the latest.',
  refresh: 'Refresh',
  refreshing: 'Refreshing data...',
} as const;

// ---------------------------------------------------------------------------------------------
// Versions: a write carries the version it was made from

export const StaleMessages = {
  website:
    'This website was changed since you opened it, by someone else or in another tab. Reload it to see the changes, then save again.',
  team: 'This team was changed since you opened it, by someone else or in another tab. Reload it to see the changes, then save again.',
  reload: 'Reload',
} as const;
