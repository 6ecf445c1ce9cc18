/**
 * Documents and the Site Access Form: the website modal's Files tab and SAF flow. The Upload File
 * page is routed directly by app/pages.ts, so it stays its own chunk.
 */
export { FilesTab } from './components/files-tab.tsx';
export { useSafFlow, type SafFlow } from './use-saf-flow.tsx';
export type { SafSite } from './components/saf-signatory-dialog.tsx';
