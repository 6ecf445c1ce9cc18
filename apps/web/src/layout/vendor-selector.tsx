import { DownOutlined } from '@ant-design/icons';
import { truncateLicensee, type LinkedAccount } from '@vp/contract';
import { lazy, Suspense, useEffect, useState, type KeyboardEvent } from 'react';
import { useActiveAccounts, useSwitchVendor } from '../features/profile/index.ts';
import { loadChunk } from '../lib/chunk-load.ts';
import { setVendor, useSettings, type UiSize } from '../lib/settings.ts';

/** Whether typed text finds an account, by any part of its full name or of its vendor code. */
export function accountMatches(account: LinkedAccount, typed: string): boolean {
  const q = typed.trim().toLowerCase();
  if (!q) return true;
  return account.licensee.toLowerCase().includes(q) || account.vendorCode.toLowerCase().includes(q);
}

export interface VendorChoice {
  active: LinkedAccount[];
  current: LinkedAccount;
  choose: (rowKey: number) => void;
}

/**
 * The linked accounts the user can switch between, the one in use, and the switch itself; null
 * while there is nothing to choose (one active account or none). Shared by the navbar's selector,
 * the Settings drawer and the user menu.
 */
export function useVendorChoice(): VendorChoice | null {
  const { accounts, active, current } = useActiveAccounts();
  const { vendor } = useSettings();
  const switchTo = useSwitchVendor();

  // A stored choice that is no longer linked and active would make every call fail with 403.
  const stale = accounts.isSuccess && vendor !== null && !active.some((a) => a.rowKey === vendor);
  useEffect(() => {
    if (stale) setVendor(null);
  }, [stale]);

  if (active.length <= 1 || !current) return null;

  function choose(id: number) {
    const account = active.find((a) => a.rowKey === id);
    if (!account || account.rowKey === current?.rowKey) return;
    switchTo(account);
  }
  return { active, current, choose };
}

/**
 * An account as the selector shows it: its vendor code first, so that two names that read alike
 * (a vendor and its sub-account) are told apart at a glance, then the licensee. The narrow box in
 * the top bar cuts the name at the spec's 20 characters, with the full name as its hover title;
 * the list of accounts (`full`) shows whole names.
 */
export function AccountLabel({ account, full = false }: { account: LinkedAccount; full?: boolean }) {
  return (
    <span className="vp-account-label">
      <span className="vp-account-code" data-testid="vendor-code">
        {account.vendorCode}
      </span>
      <span className="vp-account-separator" aria-hidden="true">
        ·
      </span>
      <span className="vp-account-name" title={account.licensee}>
        {full ? account.licensee : truncateLicensee(account.licensee)}
      </span>
    </span>
  );
}

const loadVendorSelect = () => loadChunk(() => import('./vendor-select.tsx'));
const VendorSelect = lazy(() => loadVendorSelect().then((m) => ({ default: m.VendorSelect })));

/** Keys that open a select's list: the arrows, Enter and Space. */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Linked-vendor selector (spec §2 Layout): only when more than one linked account is active. The
 * navbar hides it on mobile; there it sits, labelled, in the Settings drawer instead. Until the
 * user reaches for it, it is a plain box showing the account in use, drawn like the select it
 * becomes: the select itself (vendor-select.tsx) loads when the pointer comes near or the box is
 * focused, and takes over, open, when the box is clicked or opened from the keyboard.
 */
export function VendorSelector() {
  const choice = useVendorChoice();
  const { size } = useSettings();
  const [engaged, setEngaged] = useState(false);
  if (!choice) return null;
  if (engaged) {
    return (
      <Suspense fallback={<VendorBox account={choice.current} size={size} busy />}>
        <VendorSelect choice={choice} opened />
      </Suspense>
    );
  }
  const engage = () => setEngaged(true);
  return (
    <VendorBox
      account={choice.current}
      size={size}
      onPointerEnter={() => void loadVendorSelect().catch(() => undefined)}
      onFocus={() => void loadVendorSelect().catch(() => undefined)}
      onMouseDown={(e) => {
        e.preventDefault();
        engage();
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (OPENING_KEYS.has(e.key)) {
          e.preventDefault();
          engage();
        }
      }}
    />
  );
}

function VendorBox({
  account,
  size,
  busy = false,
  ...handlers
}: {
  account: LinkedAccount;
  size: UiSize;
  busy?: boolean;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onMouseDown?: (e: React.MouseEvent) => void;
  onKeyDown?: (e: KeyboardEvent) => void;
}) {
  return (
    <div
      role="combobox"
      tabIndex={0}
      aria-label="Vendor account"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-busy={busy || undefined}
      className={`vp-vendor-select vp-vendor-box vp-vendor-box-${size}`}
      data-testid="vendor-selector"
      {...handlers}
    >
      <AccountLabel account={account} />
      <DownOutlined className="vp-vendor-box-arrow" aria-hidden />
    </div>
  );
}
