import type { LinkedAccount } from '@vp/contract';
import { Select } from 'antd';
import { accountMatches, AccountLabel, type VendorChoice } from './vendor-selector.tsx';

type AccountOption = { value: number; label: React.ReactNode; account: LinkedAccount };

/**
 * The vendor account as a select: the navbar's box becomes it when the user reaches for it, and the
 * Settings drawer shows it labelled. Typing narrows the list by name or code (MLS staff choose
 * among every vendor).
 */
export function VendorSelect({
  choice,
  id,
  opened = false,
}: {
  choice: VendorChoice;
  id?: string;
  opened?: boolean;
}) {
  const { active, current, choose } = choice;
  return (
    <Select<number, AccountOption>
      id={id}
      className={id ? 'vp-vendor-select-block' : 'vp-vendor-select'}
      data-testid="vendor-selector"
      aria-label="Vendor account"
      autoFocus={opened}
      defaultOpen={opened}
      value={current.rowKey}
      onChange={choose}
      popupMatchSelectWidth={false}
      showSearch={{ filterOption: (typed, option) => !!option && accountMatches(option.account, typed) }}
      options={active.map((a) => ({ value: a.rowKey, label: <AccountLabel account={a} full />, account: a }))}
      // The box shows the chosen account cut to fit; the list shows every name whole.
      labelRender={() => <AccountLabel account={current} full={!!id} />}
    />
  );
}
