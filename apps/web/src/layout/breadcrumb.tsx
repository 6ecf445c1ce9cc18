import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { findRoute } from '../lib/route-table.ts';
import { useSession } from '../lib/session.ts';

/** Dashboard first, then the current page. */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const current = findRoute(pathname, useSession().roles);
  const items: { key: string; title: ReactNode }[] = [
    {
      key: '/dashboard',
      title: pathname === '/dashboard' ? 'Dashboard' : <Link to="/dashboard">Dashboard</Link>,
    },
  ];
  if (pathname !== '/dashboard' && current?.title) items.push({ key: pathname, title: current.title });
  return <Breadcrumb className="vp-breadcrumb" items={items} />;
}
