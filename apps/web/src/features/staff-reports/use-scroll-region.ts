/** The reports' wide tables scroll as keyboard-reachable regions; the hook is shared with other pages. */
export { useScrollRegion } from '../../hooks/use-scroll-region.ts';
