import { LiveMessages, StaleMessages } from '@vp/contract';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import { useProfile } from '../../profile/index.ts';
import type { WebsiteActions } from '../use-website-actions.ts';

/** A change to the open site heard on the live channel: who made it, from which tab, and when. */
export interface ChangedElsewhere {
  username: string;
  tab: string | null;
  at: string;
}

interface Props {
  actions: WebsiteActions;
  /** The site was changed elsewhere while it is open here (live channel). */
  changedByOthers: ChangedElsewhere | null;
  /** The form holds edits: the change made elsewhere is not shown until the user refreshes. */
  edited: boolean;
  onRefresh: () => void;
  onKeepEditing: () => void;
}

/**
 * What the modal says about the site's data above its tabs: a save refused as stale (409), and a
 * change made elsewhere meanwhile, saying who made it and when. A form with edits keeps them and
 * offers to read the site again (the edits are only dropped when the user chooses that); a form
 * without edits already shows the change, and only says so.
 */
export function WebsiteModalNotices({ actions, changedByOthers, edited, onRefresh, onKeepEditing }: Props) {
  const me = useProfile().data?.username;
  const change = changedByOthers;
  const who = change && (change.username === me && change.tab ? 'you' : change.username);
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
      {change && who && !actions.stale && (
        <Alert
          type={edited ? 'warning' : 'info'}
          showIcon
          className="vp-stale-alert"
          data-testid="changed-alert"
          title={`${LiveMessages.siteChangedBy(who, dayjs(change.at).format('h:mm A'))} ${
            edited ? LiveMessages.siteChanged : LiveMessages.siteChangedShown
          }`}
          closable={{ onClose: onKeepEditing, 'aria-label': edited ? 'Keep my edits' : 'Dismiss' }}
          action={
            edited ? (
              <Button size="small" loading={actions.reloading} onClick={onRefresh}>
                {LiveMessages.refresh}
              </Button>
            ) : undefined
          }
        />
      )}
    </>
  );
}
