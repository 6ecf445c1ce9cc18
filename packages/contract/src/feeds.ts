/** Whether a vendor's metadata gives it the data-feed screen. */
export function hasFeeds(meta: { isProvider?: boolean; isConsumer?: boolean } | null | undefined): boolean {
  return !!meta && (!!meta.isProvider || !!meta.isConsumer);
}
