import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './router.tsx';

function flat(routes: readonly RouteObject[]): RouteObject[] {
  return routes.flatMap((r) => [r, ...(r.children ? flat(r.children) : [])]);
}

describe('the router built from the route table', () => {
  it('a section with no page of its own (the MLS console) opens its first page', async () => {
    const section = flat(buildRoutes()).find((r) => r.path === 'admin');
    expect(section).toBeTruthy();
    const loader = section!.loader as (args: LoaderFunctionArgs) => Promise<Response> | Response;
    const answer = await loader({ request: new Request('http://portal.test/admin') } as LoaderFunctionArgs);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/admin/queue');
  });

  it.each(['admin/queue', 'admin/compliance', 'admin/compliance-rules'])(
    'the console page %s is a page of the signed-in layout, loaded as its own chunk',
    (path) => {
      const pagesRoute = flat(buildRoutes()).find((r) => r.id === 'pages');
      const page = pagesRoute?.children?.find((r) => r.path === path);
      expect(page?.lazy).toBeTypeOf('function');
    },
  );
});
