/** Websites: the list and its table and filter (reused by Custom Export), and the export runner. */
import './websites.css';

export { useWebsites, type WebsiteListParams } from './api.ts';
export { WebsitesFilter } from './components/websites-filter.tsx';
export { WebsitesTable, type TableState } from './components/websites-table.tsx';
export { useListSearch } from '../../hooks/use-list-search.ts';
export { emptyListReason, listParams, tableChange, useWebsitesListState } from './list-state.ts';
export { ALL_EXPORT_KEYS, type ExportColumnKey } from '@vp/contract';

/** The spreadsheet writer is loaded only when an export starts. */
export const loadWebsiteExport = () => import('./export/run-export.ts');
