import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RouteOptions } from 'fastify';
import * as z from 'zod/mini';
import * as contract from '../../contract';
import { cashOutExecuteRequestSchema } from '../../contract/betting';
import { matchQuery, REQUEST_SCHEMAS } from '../../contract/fields';
import { getListBody } from '../../contract/match';
import { anchorSearchQuery } from '../../contract/live';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Every route's request schemas are the contract's (issue 14): the platform writes none of its own, and /openapi.json
 * documents requests from the same objects, field by field and with their descriptions.
 */

type Part = 'body' | 'querystring' | 'params' | 'headers';
const PARTS: readonly Part[] = ['body', 'querystring', 'params', 'headers'];

interface Def {
  type: string;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
}
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object a request schema validates, through the preprocessing, defaults and transforms around it. */
function objectShape(schema: z.ZodMiniType): Record<string, z.ZodMiniType> {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape!;
  if (def.type === 'pipe') return objectShape(defOf(def.in!).type === 'transform' ? def.out! : def.in!);
  if (def.innerType) return objectShape(def.innerType);
  throw new Error(`no object in a ${def.type} schema`);
}

/** The description a field carries in the contract: the outermost one, as the OpenAPI document shows it. */
function descriptionOf(schema: z.ZodMiniType): string | undefined {
  const own = z.globalRegistry.get(schema)?.description;
  if (own !== undefined) return own;
  const def = defOf(schema);
  if (def.type === 'pipe') return descriptionOf(defOf(def.in!).type === 'transform' ? def.out! : def.in!);
  return def.innerType ? descriptionOf(def.innerType) : undefined;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; description?: string }>;
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> };
}

let t: TestApp;
const routes: RouteOptions[] = [];
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await buildTestApp({ sharedFeed: true, onRoute: (route) => routes.push(route) });
  doc = (await t.inject({ url: '/openapi.json' })).json();
}, 60_000);

afterAll(async () => {
  await t?.app.close();
});

describe('request schemas', () => {
  it('come from the contract on every route that takes a body, query, path parameters or headers', () => {
    const taken = routes.flatMap((route) =>
      PARTS.flatMap((part) => {
        const schema = (route.schema as Partial<Record<Part, unknown>> | undefined)?.[part];
        return schema === undefined ? [] : [{ route: `${String(route.method)} ${route.url} ${part}`, schema }];
      }),
    );
    expect(taken.length).toBeGreaterThanOrEqual(40);
    const foreign = taken.filter(({ schema }) => !REQUEST_SCHEMAS.has(schema as object)).map(({ route }) => route);
    expect(foreign).toEqual([]);
  });

  it('that the contract exports are all taken by a route (none is left behind after a route changes)', () => {
    const used = new Set(routes.flatMap((route) => PARTS.map((part) => (route.schema as Partial<Record<Part, unknown>> | undefined)?.[part])));
    const exported = Object.entries(contract).filter(([, value]) => typeof value === 'object' && value !== null && REQUEST_SCHEMAS.has(value));
    expect(exported.length).toBeGreaterThanOrEqual(30);
    expect(exported.filter(([, value]) => !used.has(value)).map(([name]) => name)).toEqual([]);
  });

  it('a schema the route wrote itself would be caught: the mark is on the contract object, not on its shape', () => {
    expect(REQUEST_SCHEMAS.has(getListBody)).toBe(true);
    expect(REQUEST_SCHEMAS.has(z.object({ language: z.optional(z.string()) }))).toBe(false);
  });
});

describe('/openapi.json documents the requests from the contract', () => {
  const bodyOf = (path: string, method = 'post') => doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema.properties ?? {};
  const queryOf = (path: string) => (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query');

  it('a body: the fields of getList and cash-out execute, with the descriptions the contract gives them', () => {
    for (const [path, schema] of [
      ['/api/match/getList', getListBody],
      ['/v1/order/cashOut/execute', cashOutExecuteRequestSchema],
    ] as const) {
      const shape = objectShape(schema);
      const documented = bodyOf(path);
      expect(Object.keys(documented).sort()).toEqual(Object.keys(shape).sort());
      for (const [name, field] of Object.entries(shape)) expect({ name, description: documented[name]?.description }).toEqual({ name, description: descriptionOf(field) });
    }
    expect(bodyOf('/api/match/getList').size?.description).toBe('page size, 1 to 200');
    expect(bodyOf('/api/match/getList').sportId?.description).toMatch(/^scheme-A sport id\(s\); 0 means all sports; a number, an array, or a comma list/);
  });

  it('a query: the match-data query and the anchor search, with their descriptions', () => {
    for (const [path, schema] of [
      ['/api/match/analysis', matchQuery],
      ['/ssapi/anchor/search', anchorSearchQuery],
    ] as const) {
      const shape = objectShape(schema);
      const documented = queryOf(path);
      expect(documented.map((p) => p.name).sort()).toEqual(Object.keys(shape).sort());
      for (const p of documented) expect({ name: p.name, description: p.description }).toEqual({ name: p.name, description: descriptionOf(shape[p.name]!) });
    }
    expect(queryOf('/ssapi/anchor/search').find((p) => p.name === 'matchSource')?.description).toBe(
      'all rooms (default), only live ones, or only ones waiting for kick-off',
    );
  });

  it('path parameters: a crest takes the id the contract names', () => {
    const params = (doc.paths['/api/team/icon/{id}']?.get?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    expect(params).toEqual(['id']);
  });
});
