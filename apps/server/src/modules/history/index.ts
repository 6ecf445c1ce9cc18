/** History of websites: what other modules may use to record and read changes. */
export { diffFields, historyService, recordChange, recordChanges, type ChangeEntry } from './service.ts';
export { historyRoutes } from './routes.ts';
