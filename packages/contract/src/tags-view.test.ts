import { describe, expect, it } from 'vitest';
import {
  addVisitedView,
  closeAllViews,
  closeOtherViews,
  closeView,
  nextViewAfterClose,
  type VisitedView,
} from './tags-view.ts';

const dashboard: VisitedView = {
  path: '/dashboard',
  fullPath: '/dashboard',
  title: 'Dashboard',
  affix: true,
};
const profile: VisitedView = { path: '/profile', fullPath: '/profile', title: 'Profile' };
const feedback: VisitedView = { path: '/feedback', fullPath: '/feedback?x=1', title: 'Feedback' };
const all = [dashboard, profile, feedback];

describe('tags view', () => {
  it('adds a new visit at the end and updates the query of an open one', () => {
    expect(addVisitedView([dashboard], profile)).toEqual([dashboard, profile]);
    const again = addVisitedView(all, { ...feedback, fullPath: '/feedback?x=2' });
    expect(again).toHaveLength(3);
    expect(again[2]?.fullPath).toBe('/feedback?x=2');
  });

  it('Close removes one tab but never the affixed Dashboard', () => {
    expect(closeView(all, '/profile')).toEqual([dashboard, feedback]);
    expect(closeView(all, '/dashboard')).toEqual(all);
  });

  it('Close Others keeps the chosen tab and the affixed Dashboard', () => {
    expect(closeOtherViews(all, '/feedback')).toEqual([dashboard, feedback]);
    expect(closeOtherViews(all, '/dashboard')).toEqual([dashboard]);
  });

  it('Close All leaves only affixed tabs', () => {
    expect(closeAllViews(all)).toEqual([dashboard]);
  });

  it('after closing the current tab goes to the last remaining one', () => {
    expect(nextViewAfterClose([dashboard, feedback], '/profile')).toBe('/feedback?x=1');
    expect(nextViewAfterClose([dashboard, feedback], '/feedback')).toBeNull();
    expect(nextViewAfterClose([], '/profile')).toBe('/dashboard');
  });
});
