import {
  NotificationMessages,
  NotificationServerMessages,
  type NotificationList,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@vp/contract';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { dismissMany, dismissOne, listNotifications, readOne, type Owner } from './queries.ts';
import { saveSettings, settingsOf } from './settings.ts';

/** A user's own notifications (for the vendor acted for) and delivery choices. */
export function notificationsService({ db }: AppContext) {
  return {
    async list(owner: Owner, page: number, pageSize: number): Promise<NotificationList> {
      // Only notifications not yet dismissed are listed; the bell counts those not yet opened.
      return listNotifications(db, owner, page, pageSize);
    },

    /** The user opened it: it no longer counts on the bell. */
    async read(owner: Owner, id: number): Promise<{ message: string }> {
      if (!(await readOne(db, owner, id))) throw new NotFoundError(NotificationServerMessages.notFound);
      return { message: NotificationServerMessages.read };
    },

    async dismiss(owner: Owner, id: number): Promise<{ message: string }> {
      if (!(await dismissOne(db, owner, id))) throw new NotFoundError(NotificationServerMessages.notFound);
      return { message: NotificationMessages.dismissed };
    },

    /** Ids that are not the owner's are not an error: they are left as they are. */
    async dismissMany(owner: Owner, ids: readonly number[]): Promise<{ message: string }> {
      await dismissMany(db, owner, ids);
      return { message: NotificationMessages.selectedDismissed };
    },

    settings: (userId: number): Promise<NotificationSettings> => settingsOf(db, userId),

    saveSettings: (userId: number, update: NotificationSettingsUpdate): Promise<NotificationSettings> =>
      saveSettings(db, userId, update),
  };
}
