import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  LinkOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  canManageResources,
  DocumentMessages,
  formatFileSize,
  RESOURCE_CATEGORIES,
  ResourceMessages,
  resourceMatches,
  type Resource,
  type ResourceCategory,
} from '@vp/contract';
import { Button, Card, Collapse, Input, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { urlParam, useUrlState } from '../../../hooks/use-url-state.ts';
import { displayDateTime, displayDay } from '../../../lib/date-time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import {
  downloadResource,
  markResourcesSeen,
  useReorderResources,
  useResources,
  useRetireResource,
} from '../api.ts';
import { ResourceDialog } from '../components/resource-dialog.tsx';
import '../resources.css';
import { CLEARABLE } from '../../../components/clear-icon.tsx';

const spec = { search: urlParam.text() };

interface Editing {
  resource: Resource | null;
  category: ResourceCategory | null;
}

/** How long a second download of the same file waits (spec: the Files tab's rule). */
const DOWNLOAD_GAP_MS = 2_000;

/**
 * Resources: what the MLS publishes for vendors, grouped by category in the MLS's order, with a
 * search over titles and descriptions. Files download under their real names, links open in a new
 * tab. Items changed since the user last looked carry "New"; having shown them, the page tells the
 * server the user has looked. MLS staff add, edit, reorder and retire from the same screen.
 */
export default function ResourcesPage() {
  const data = useResources();
  const { roles } = useSession();
  const staff = canManageResources(roles[0]);
  const [state, setState] = useUrlState(spec);
  const [typed, setTyped] = useState(state.search);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The control that opened the dialog, and the control to focus once a reorder has redrawn the list.
  const opener = useRef<HTMLElement | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ first: string; then: string } | null>(null);

  function openDialog(next: Editing) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(next);
  }

  function closeDialog() {
    setEditing(null);
    // The dialog unmounts with it; focus goes back where the user was.
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  }
  const reorder = useReorderResources();
  const retire = useRetireResource();
  const seen = useRef(false);
  const lastDownload = useRef(new Map<number, number>());

  // Once the list with its markers is on screen, the user has looked.
  useEffect(() => {
    if (!data.data || seen.current) return;
    seen.current = true;
    void markResourcesSeen().catch(() => undefined);
  }, [data.data]);

  useEffect(() => {
    if (!focusAfterMove || reorder.isPending) return;
    const byLabel = (label: string) =>
      document.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(label)}"]`);
    const target = [byLabel(focusAfterMove.first), byLabel(focusAfterMove.then)].find(
      (b) => b && !b.disabled,
    );
    target?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, data.data, reorder.isPending]);

  const all = data.data?.resources;
  const shown = useMemo(
    () => (all ?? []).filter((r) => resourceMatches(r, state.search)),
    [all, state.search],
  );
  const groups = RESOURCE_CATEGORIES.map((category) => ({
    category,
    items: shown.filter((r) => r.category === category),
  })).filter((g) => g.items.length > 0);

  async function download(r: Resource) {
    const now = Date.now();
    const last = lastDownload.current.get(r.id);
    if (last !== undefined && now - last < DOWNLOAD_GAP_MS) {
      void toast('warning', DocumentMessages.downloadWait);
      return;
    }
    lastDownload.current.set(r.id, now);
    try {
      await downloadResource(r);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  async function move(r: Resource, by: -1 | 1) {
    const ids = (all ?? []).filter((x) => x.category === r.category && !x.retiredAt).map((x) => x.id);
    const at = ids.indexOf(r.id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    try {
      const { message } = await reorder.mutateAsync(ids);
      // The same arrow keeps the focus, or Edit when the item has reached the end.
      setFocusAfterMove({
        first: `Move ${r.title} ${by < 0 ? 'up' : 'down'}`,
        then: `Edit ${r.title}`,
      });
      void toastSaved(message);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  async function retireOne(r: Resource) {
    try {
      const { message } = await retire.mutateAsync(r.id);
      void toastSaved(message);
    } catch (err) {
      void toast('error', errorMessage(err));
    }
  }

  function item(r: Resource, active: Resource[]) {
    const pos = active.indexOf(r);
    return (
      <li key={r.id} className="vp-resource" data-testid={`resource-${r.id}`}>
        <div className="vp-resource-main">
          <Space size={6} wrap>
            {r.kind === 'file' ? (
              <Button
                type="link"
                className="vp-resource-title"
                icon={<DownloadOutlined aria-hidden="true" />}
                onClick={() => void download(r)}
                aria-label={`${r.title}: download ${r.fileName ?? ''}`}
              >
                {r.title}
              </Button>
            ) : (
              <a
                className="vp-resource-title"
                href={r.url ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
              >
                <LinkOutlined aria-hidden="true" /> {r.title}
                <span className="vp-sr-only"> (opens in a new tab)</span>
              </a>
            )}
            {r.isNew && !r.retiredAt && <Tag color="blue">{ResourceMessages.newTag}</Tag>}
            {r.retiredAt && <Tag>Retired</Tag>}
          </Space>
          {r.description && <p className="vp-resource-description">{r.description}</p>}
          <div className="vp-resource-meta">
            {r.kind === 'file' ? (
              <span>
                {r.fileName} · {formatFileSize(r.size ?? 0)}
              </span>
            ) : (
              <span className="vp-resource-url">{r.url}</span>
            )}
            {/* The day is what a reader needs of a rule book's update; the time is in the title. */}
            <span title={displayDateTime(r.updatedAt)}>Updated {displayDay(r.updatedAt)}</span>
          </div>
        </div>
        {staff && (
          <Space size={4} wrap className="vp-resource-actions">
            {!r.retiredAt && (
              <>
                <Tooltip title="Move up">
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined aria-hidden="true" />}
                    aria-label={`Move ${r.title} up`}
                    disabled={pos <= 0 || reorder.isPending || !!state.search}
                    onClick={() => void move(r, -1)}
                  />
                </Tooltip>
                <Tooltip title="Move down">
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined aria-hidden="true" />}
                    aria-label={`Move ${r.title} down`}
                    disabled={pos < 0 || pos >= active.length - 1 || reorder.isPending || !!state.search}
                    onClick={() => void move(r, 1)}
                  />
                </Tooltip>
              </>
            )}
            <Button
              size="small"
              icon={<EditOutlined aria-hidden="true" />}
              aria-label={`Edit ${r.title}`}
              onClick={() => openDialog({ resource: r, category: null })}
            >
              Edit
            </Button>
            {!r.retiredAt && (
              <Popconfirm
                title={ResourceMessages.retireConfirm}
                okText="Retire"
                cancelText="Cancel"
                // Focus moves into the confirmation, so the keyboard answers it next.
                okButtonProps={{ danger: true, autoFocus: true }}
                onConfirm={() => retireOne(r)}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={`Retire ${r.title}`}
                >
                  Retire
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
      </li>
    );
  }

  let body;
  if (data.isPending) body = <LoadingState label="Loading resources" rows={8} />;
  else if (data.isError) body = <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  else if ((all ?? []).length === 0) body = <EmptyState title={ResourceMessages.empty} />;
  else if (groups.length === 0)
    body = (
      <EmptyState
        title={ResourceMessages.noMatch(state.search)}
        action={
          <Button
            onClick={() => {
              setTyped('');
              setState({ search: '' }, 'push');
            }}
          >
            Clear the search
          </Button>
        }
      />
    );
  else
    body = (
      <Collapse
        className="vp-resource-groups"
        defaultActiveKey={[...RESOURCE_CATEGORIES]}
        items={groups.map(({ category, items }) => {
          const active = (all ?? []).filter((r) => r.category === category && !r.retiredAt);
          return {
            key: category,
            label: (
              <span data-testid={`resource-group-${category}`}>
                {category} <span className="vp-muted">({items.length})</span>
              </span>
            ),
            children: <ul className="vp-resource-list">{items.map((r) => item(r, active))}</ul>,
          };
        })}
      />
    );

  return (
    <Card
      title={<h1 className="vp-card-title">Resources</h1>}
      extra={
        staff ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => openDialog({ resource: null, category: null })}
          >
            Add a resource
          </Button>
        ) : undefined
      }
    >
      <Input.Search
        className="vp-resource-search"
        placeholder="Search titles and descriptions"
        aria-label="Search resources"
        allowClear={CLEARABLE}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setState({ search: e.target.value });
        }}
        onSearch={(v) => setState({ search: v })}
      />
      {body}
      {editing && (
        <ResourceDialog open resource={editing.resource} category={editing.category} onClose={closeDialog} />
      )}
    </Card>
  );
}
