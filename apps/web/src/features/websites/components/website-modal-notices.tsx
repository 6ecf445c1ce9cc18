import { LiveMessages, StaleMessages } from '@vp/contract';
import { Alert, Button } from 'antd';
import type { WebsiteActions } from '../use-website-actions.ts';

interface Props {
  actions: WebsiteActions;
  /** The site was changed elsewhere while it is open here (live channel). */
  changedByOthers: boolean;
  /** The form holds edits: the change made elsewhere is not shown until the user refreshes. */
  edited: boolean;
  onRefresh: () => void;
  onKeepEditing: () => void;
}

/**
 * What the modal says about the site's data above its tabs: a save refused as stale (409), and a
 * change made elsewhere meanwhile (which a form without edits already shows). Each offers to read the
 * site again; the user's edits are only dropped when they choose that.
 */
export function WebsiteModalNotices({ actions, changedByOthers, edited, onRefresh, onKeepEditing }: Props) {
  return (
    <>
      {actions.stale && (
        <Alert
          type="warning"
          showIcon
          className="vp-stale-alert"
          data-testid="stale-alert"
          title={actions.stale}
          action={
            <Button size="small" loading={actions.reloading} onClick={() => void actions.reload()}>
              {StaleMessages.reload}
            </Button>
          }
        />
      )}
      {changedByOthers && !actions.stale && (
        <Alert
          type="warning"
          showIcon
          className="vp-stale-alert"
          data-testid="changed-alert"
          title={edited ? LiveMessages.siteChanged : LiveMessages.siteChangedShown}
          closable={{ onClose: onKeepEditing, 'aria-label': 'Keep my edits' }}
          action={
            <Button size="small" loading={actions.reloading} onClick={onRefresh}>
              {LiveMessages.refresh}
            </Button>
          }
        />
      )}
    </>
  );
}
