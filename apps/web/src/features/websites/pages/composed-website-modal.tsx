import { HistoryDrawer, HistoryTimeline } from '../../history/index.ts';
import { TeamTab } from '../../teams/index.ts';
import { WebsiteModal, type WebsiteModalSlots } from '../components/website-modal.tsx';

/**
 * The website modal as the Websites page shows it, with the History and Team features in its
 * slots. Loaded with the modal, once a row is opened.
 */
const slots: WebsiteModalSlots = {
  history: (siteId, active) => <HistoryTimeline siteId={siteId} enabled={active} />,
  historyDrawer: (siteId, open, onClose) => <HistoryDrawer siteId={siteId} open={open} onClose={onClose} />,
  team: (props) => <TeamTab {...props} />,
};

export default function ComposedWebsiteModal(props: {
  open: boolean;
  siteId: number | null;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  return <WebsiteModal {...props} slots={slots} />;
}
