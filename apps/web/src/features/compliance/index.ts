/** Compliance watch: a website's checks against its products' display rules, and its findings. */
export { ComplianceTab } from './components/compliance-tab.tsx';
