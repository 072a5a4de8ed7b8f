import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Names JavaScript gives a meaning to (`__proto__`, `constructor`, `prototype`, `hasOwnProperty`, `toString`)
 * arrive as parameter names, setting names and record attributes. As parameter names they are unknown
 * parameters (ignored, as any other unknown one) or a 400 naming them; as record attributes they are data,
 * stored and given back as sent. Never a 500, and never a change to `Object.prototype`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.reset();
  await t.request({
    method: 'PUT',
    url: '/1/indexes/items/settings',
    payload: { attributesForFaceting: ['brand'], searchableAttributes: ['name'] },
  });
  await t.request({
    method: 'POST',
    url: '/1/indexes/items/batch',
    payload: {
      requests: [{ action: 'addObject', body: { objectID: 'a', name: 'Alpha', brand: 'X' } }],
    },
  });
});
afterEach(() => {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
});

const names = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];
const poison = { polluted: 'yes' };

/** Sends a JSON text as it is (`__proto__` keys included). */
const sendJson = (method: 'PUT' | 'POST', url: string, payload: string) =>
  t.request({ method, url, payload, headers: { 'content-type': 'application/json' } });

/** An answer a client can use: a success, or an Algolia 4xx error. */
function expectHandled(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.json(), what).toEqual({
      message: expect.any(String),
      status: response.statusCode,
    });
  }
}

/** A JSON text with `name` as a key (a computed key is an own property, even `__proto__`). */
const withKey = (name: string, value: unknown, rest: Record<string, unknown> = {}) =>
  JSON.stringify({ [name]: value, ...rest });

describe.each(names)('%s as a search parameter name', (name) => {
  it('is ignored in a search body, a params string, a query string and a multi-query entry', async () => {
    const requests: [string, string, string | undefined][] = [
      ['POST', '/1/indexes/items/query', withKey(name, poison, { query: 'alpha' })],
      ['POST', '/1/indexes/items/query', withKey(name, 1, { query: 'alpha' })],
      ['POST', '/1/indexes/items/query', JSON.stringify({ params: `query=alpha&${name}=1` })],
      [
        'POST',
        '/1/indexes/items/query',
        JSON.stringify({ params: `query=alpha&${name}[polluted]=1` }),
      ],
      ['GET', `/1/indexes/items?query=alpha&${name}=1`, undefined],
      ['GET', `/1/indexes/items?query=alpha&params=${encodeURIComponent(`${name}=1`)}`, undefined],
      [
        'POST',
        '/1/indexes/*/queries',
        `{"requests":[${withKey(name, poison, { indexName: 'items', query: 'alpha' })}]}`,
      ],
      ['POST', '/1/indexes/items/browse', withKey(name, poison, { query: 'alpha' })],
      ['GET', `/1/indexes/items/browse?query=alpha&${name}=1`, undefined],
      ['POST', '/1/indexes/items/facets/brand/query', withKey(name, poison, { facetQuery: 'x' })],
    ];
    for (const [method, url, payload] of requests) {
      const response = await t.request({
        method: method as 'GET' | 'POST',
        url,
        ...(payload === undefined
          ? {}
          : { payload, headers: { 'content-type': 'application/json' } }),
      });
      expectHandled(response, `${method} ${url} ${payload}`);
      if (!url.includes('facets')) {
        const body = response.json();
        const nbHits = body.nbHits ?? body.results?.[0]?.nbHits ?? body.hits?.length;
        expect(nbHits, `${method} ${url} ${payload}`).toBe(1);
      }
    }
  });

  it('is refused or ignored as a setting, and the settings still read back', async () => {
    const response = await sendJson(
      'PUT',
      '/1/indexes/items/settings',
      withKey(name, poison, { hitsPerPage: 7 }),
    );
    expectHandled(response, 'PUT settings');
    const settings = await t.request({ method: 'GET', url: '/1/indexes/items/settings' });
    expectHandled(settings, 'GET settings');
    expect(settings.json()).toMatchObject({ searchableAttributes: ['name'] });
  });

  it("is refused or ignored in a rule's consequence params, a rule and a synonym", async () => {
    const rule = `{"objectID":"r","conditions":[{"pattern":"alpha","anchoring":"contains"}],"consequence":{"params":${withKey(name, poison, { hitsPerPage: 3 })}}}`;
    const saved = await sendJson('PUT', '/1/indexes/items/rules/r', rule);
    expectHandled(saved, 'PUT rule');
    const batch = await sendJson(
      'POST',
      '/1/indexes/items/rules/batch',
      `[${withKey(name, poison, { objectID: 'r2', conditions: [], consequence: { params: {} } })}]`,
    );
    expectHandled(batch, 'rules batch');
    const synonym = await sendJson(
      'PUT',
      '/1/indexes/items/synonyms/s',
      withKey(name, poison, { objectID: 's', type: 'synonym', synonyms: ['a', 'b'] }),
    );
    expectHandled(synonym, 'PUT synonym');
    const search = await t.request({
      method: 'POST',
      url: '/1/indexes/items/query',
      payload: { query: 'alpha' },
    });
    expectHandled(search, 'search with the rule');
    for (const kind of ['rules', 'synonyms'])
      expectHandled(
        await t.request({ method: 'POST', url: `/1/indexes/items/${kind}/search`, payload: {} }),
        `${kind} search`,
      );
  });

  it("is refused or ignored in a key's queryParameters, and the key still searches", async () => {
    const created = await t.request({
      method: 'POST',
      url: '/1/keys',
      payload: { acl: ['search'], queryParameters: `${name}=1&hitsPerPage=1` },
    });
    expectHandled(created, 'POST key');
    if (created.statusCode !== 200) return;
    const search = await t.request({
      method: 'POST',
      url: '/1/indexes/items/query',
      key: created.json().key,
      payload: { query: 'alpha' },
    });
    expectHandled(search, 'search with the key');
  });
});

describe.each(names)("%s as a key in a rule's renderingContent", (name) => {
  it('is given back in the search answer as data', async () => {
    const renderingContent = JSON.parse(withKey(name, { kept: 1 }, { userFlag: true }));
    const saved = await t.request({
      method: 'PUT',
      url: '/1/indexes/items/rules/r',
      payload: JSON.stringify({
        objectID: 'r',
        conditions: [{ pattern: 'alpha', anchoring: 'contains' }],
        consequence: { params: { renderingContent } },
      }),
      headers: { 'content-type': 'application/json' },
    });
    expectHandled(saved, 'PUT rule');
    const search = await t.request({
      method: 'POST',
      url: '/1/indexes/items/query',
      payload: { query: 'alpha' },
    });
    const answer = JSON.parse(search.body);
    expect(Object.hasOwn(answer.renderingContent, name), search.body).toBe(true);
    expect(answer.renderingContent[name]).toEqual({ kept: 1 });
  });
});

describe.each(names)('%s as a record attribute', (name) => {
  it('is stored and given back as data: save, get, search, partial update', async () => {
    const record = withKey(
      name,
      { polluted: 'yes', nested: { a: 1 } },
      { objectID: 'p', name: 'Proto' },
    );
    const saved = await sendJson('PUT', '/1/indexes/items/p', record);
    expectHandled(saved, 'PUT record');
    expect(saved.statusCode).toBe(200);
    const read = await t.request({ method: 'GET', url: '/1/indexes/items/p' });
    expect(Object.hasOwn(JSON.parse(read.body), name), read.body).toBe(true);
    expect(JSON.parse(read.body)[name]).toEqual({ polluted: 'yes', nested: { a: 1 } });

    const found = await t.request({
      method: 'POST',
      url: '/1/indexes/items/query',
      payload: { query: 'proto' },
    });
    expectHandled(found, 'search');
    const [hit] = JSON.parse(found.body).hits;
    expect(Object.hasOwn(hit, name), found.body).toBe(true);

    for (const partial of [
      withKey(name, { more: 2 }),
      withKey(`${name}.nested.b`, 2),
      withKey(`${name}.polluted`, 'yes'),
      withKey('constructor.prototype.polluted', 'yes'),
      withKey('__proto__.polluted', { _operation: 'Add', value: 'yes' }),
      `{"name":"Proto","nested":${withKey(name, poison)}}`,
      withKey(name, { _operation: 'Increment', value: 1 }),
    ]) {
      const updated = await sendJson('POST', '/1/indexes/items/p/partial', partial);
      expectHandled(updated, `partial ${partial}`);
    }
    const after = await t.request({ method: 'GET', url: '/1/indexes/items/p' });
    expectHandled(after, 'GET after partial updates');
    expect(Object.hasOwn(JSON.parse(after.body), name), after.body).toBe(true);
  });
});
