import { describe, expect, it } from 'vitest';
import { readUrlState, urlParam, writeUrlState } from './use-url-state.ts';

const spec = {
  q: urlParam.text(),
  page: urlParam.int(1, 1, 100),
  size: urlParam.intOf([20, 50], 50),
  order: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  tag: urlParam.optional((raw) => (raw === 'x' || raw === 'y' ? raw : null)),
};

describe('URL state', () => {
  it.each([
    ['', { q: '', page: 1, size: 50, order: 'asc', tag: null }],
    ['q=+a+&page=3&size=20&order=desc&tag=y', { q: 'a', page: 3, size: 20, order: 'desc', tag: 'y' }],
    ['page=0&size=30&order=up&tag=z', { q: '', page: 1, size: 50, order: 'asc', tag: null }],
    ['page=101&size=&order=', { q: '', page: 1, size: 50, order: 'asc', tag: null }],
    ['page=2.5', { q: '', page: 1, size: 50, order: 'asc', tag: null }],
  ])('reads %j with defaults for what is missing or unreadable', (query, expected) => {
    expect(readUrlState(spec, new URLSearchParams(query))).toEqual(expected);
  });

  it('writes only what changed, leaves defaults out and keeps other parameters', () => {
    const start = new URLSearchParams('site=8&q=old&page=4');
    expect(writeUrlState(spec, start, { q: 'new', page: 1 }).toString()).toBe('site=8&q=new');
    expect(writeUrlState(spec, start, { q: '', tag: 'x', order: 'desc' }).toString()).toBe(
      'site=8&page=4&tag=x&order=desc',
    );
    expect(writeUrlState(spec, start, { tag: null, size: 50 }).toString()).toBe('site=8&q=old&page=4');
  });
});
