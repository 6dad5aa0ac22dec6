import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../primitives/roles';
import { defineRead } from './define-read';

/** A read of one widget, with the query the test gives it. */
const widgetRead = (queryShape: z.ZodRawShape) =>
  defineRead({
    id: 'getWidget',
    title: 'Widget',
    description: 'One widget.',
    path: '/v2/widgets/{id}',
    scope: 'widgets:read',
    roles: ROLES,
    route: '/widgets/:id',
    result: {},
    pathShape: { id: z.uuid() },
    queryShape,
    response: z.object({}),
    example: () => ({ params: { id: ID } }),
  });

const ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01';

describe('defineRead', () => {
  it('refuses a read whose query names one of its path parameters', () => {
    expect(() => widgetRead({ id: z.string().optional() })).toThrow(
      'getWidget: id cannot be both a path and a query parameter',
    );
  });

  it('answers the path and the query apart, each as its own schema took it', () => {
    const read = widgetRead({ colour: z.string().optional() });
    expect(read.parseRequest({ id: ID }, new URLSearchParams('colour=red'))).toEqual({
      ok: true,
      value: { params: { id: ID }, query: { colour: 'red' } },
    });
  });

  it('never lets a query value stand in for a path value that fails its check', () => {
    const read = widgetRead({ colour: z.string().optional() });
    const result = read.parseRequest({ id: 'NOT-A-UUID' }, new URLSearchParams({ id: ID }));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual(['id', 'id']);
  });
});
