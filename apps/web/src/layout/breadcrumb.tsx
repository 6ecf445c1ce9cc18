import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { findRoute, sectionOf } from '../lib/route-table.ts';
import { useIsWide } from '../hooks/use-is-wide.ts';
import { useSession } from '../lib/session.ts';

/** Dashboard first, then the section the page is under (Tools, MLS Console), then the page. */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const { roles } = useSession();
  const current = findRoute(pathname, roles);
  const section = sectionOf(pathname, roles);
  const wide = useIsWide();
  const items: { key: string; title: ReactNode }[] = [
    {
      key: '/dashboard',
      title: pathname === '/dashboard' ? 'Dashboard' : <Link to="/dashboard">Dashboard</Link>,
    },
  ];
  // A section is a menu heading, not a page of its own: named, not linked.
  // On a phone the bar is narrow: the section gives way to the page's own name.
  if (section?.title && wide) items.push({ key: section.path, title: section.title });
  if (pathname !== '/dashboard' && current?.title) items.push({ key: pathname, title: current.title });
  return <Breadcrumb className="vp-breadcrumb" items={items} />;
}
