import type { Website } from '@vp/contract';
import { AgentInfoDialog } from '../../agents/index.ts';
import type { WebsiteActions } from '../use-website-actions.ts';
import { AgentChangeDialog } from './agent-change-dialog.tsx';
import { DomainChangeDialog } from './domain-change-dialog.tsx';
import { ProductChangeDialog } from './product-change-dialog.tsx';
import { TerminationDialog } from './termination-dialog.tsx';

interface Props {
  saved: Website | null;
  actions: WebsiteActions;
  reciprocalAllowed: boolean;
  onRequested: (site: Website) => void;
  agentInfo: string | null;
  onAgentInfoClose: () => void;
}

/** The dialogs the Website tab opens over the modal: the requests and an agent's information. */
export function WebsiteModalDialogs({
  saved,
  actions,
  reciprocalAllowed,
  onRequested,
  agentInfo,
  onAgentInfoClose,
}: Props) {
  const { request, closeRequest } = actions;
  return (
    <>
      {saved && (
        <DomainChangeDialog
          siteId={saved.rowKey}
          current={saved.domainName}
          open={request === 'domain'}
          onClose={closeRequest}
        />
      )}
      {saved && (
        <TerminationDialog
          siteId={saved.rowKey}
          open={request === 'termination'}
          onClose={closeRequest}
          onRequested={onRequested}
        />
      )}
      {saved && (
        <AgentChangeDialog
          siteId={saved.rowKey}
          open={request === 'agent'}
          reciprocalAllowed={reciprocalAllowed}
          onClose={closeRequest}
        />
      )}
      {saved && <ProductChangeDialog site={saved} open={request === 'product'} onClose={closeRequest} />}
      <AgentInfoDialog memberNumber={agentInfo} open={agentInfo !== null} onClose={onAgentInfoClose} />
    </>
  );
}
