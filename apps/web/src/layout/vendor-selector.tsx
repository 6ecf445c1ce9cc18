import { truncateLicensee, type LinkedAccount } from '@vp/contract';
import { Select } from 'antd';
import { useEffect } from 'react';
import { useActiveAccounts, useSwitchVendor } from '../features/profile/index.ts';
import { setVendor, useSettings } from '../lib/settings.ts';

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
 * An account as the lists show it: its vendor code first, then the licensee cut at the spec's 20
 * characters, so that two names that read alike once cut (a vendor and its sub-account) are told
 * apart at a glance. The full name is the hover title.
 */
export function AccountLabel({ account }: { account: LinkedAccount }) {
  return (
    <span className="vp-account-label">
      <span className="vp-account-code" data-testid="vendor-code">
        {account.vendorCode}
      </span>
      <span className="vp-account-separator" aria-hidden="true">
        ·
      </span>
      <span className="vp-account-name" title={account.licensee}>
        {truncateLicensee(account.licensee)}
      </span>
    </span>
  );
}

type AccountOption = { value: number; label: React.ReactNode; account: LinkedAccount };

/**
 * Linked-vendor selector (spec §2 Layout): only when more than one linked account is active. The
 * navbar hides it on mobile; there it sits, labelled, in the Settings drawer instead (which gives
 * it its label, so the navbar carries no form code). Typing narrows the list by name or code (MLS
 * staff choose among every vendor).
 */
export function VendorSelector({ id }: { id?: string }) {
  const choice = useVendorChoice();
  if (!choice) return null;
  const { active, current, choose } = choice;
  return (
    <Select<number, AccountOption>
      id={id}
      className={id ? 'vp-vendor-select-block' : 'vp-vendor-select'}
      data-testid="vendor-selector"
      aria-label="Vendor account"
      value={current.rowKey}
      onChange={choose}
      popupMatchSelectWidth={false}
      showSearch={{ filterOption: (typed, option) => !!option && accountMatches(option.account, typed) }}
      options={active.map((a) => ({ value: a.rowKey, label: <AccountLabel account={a} />, account: a }))}
    />
  );
}
