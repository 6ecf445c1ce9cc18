import {
  DEFAULT_NOTIFICATION_SETTINGS,
  deliverySchema,
  type Delivery,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@vp/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema.ts';

/**
 * A user's delivery choices. What is stored is laid over the contract's defaults item by item, so a
 * topic added after the user saved theirs starts at its default, and a stored item that no longer
 * reads as a delivery is ignored rather than trusted.
 */
export function withDefaults(stored: unknown): NotificationSettings {
  const saved = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const merged: Record<string, Record<string, Delivery>> = {};
  for (const [group, items] of Object.entries(DEFAULT_NOTIFICATION_SETTINGS)) {
    const savedGroup = (saved[group] && typeof saved[group] === 'object' ? saved[group] : {}) as Record<
      string,
      unknown
    >;
    merged[group] = {};
    for (const [item, fallback] of Object.entries(items as Record<string, Delivery>)) {
      const parsed = deliverySchema.safeParse(savedGroup[item]);
      merged[group][item] = parsed.success ? parsed.data : { ...fallback };
    }
  }
  return merged as unknown as NotificationSettings;
}

export async function settingsOf(db: Db, userId: number): Promise<NotificationSettings> {
  const [row] = await db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return withDefaults(row?.settings);
}

/** Stores the groups sent over the user's current choices, and answers them as stored. */
export async function saveSettings(
  db: Db,
  userId: number,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const clean = withDefaults({ ...(await settingsOf(db, userId)), ...update });
  await db
    .insert(notificationSettings)
    .values({ userId, settings: clean })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { settings: clean, updatedAt: sql`now()` },
    });
  return settingsOf(db, userId);
}
