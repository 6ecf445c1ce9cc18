/** A website's change log, as a timeline (the modal's History tab) or in a drawer. */
export { useChangelog } from './api.ts';
export { HistoryDrawer } from './components/history-drawer.tsx';
export { HistoryTimeline } from './components/history-timeline.tsx';
