import { describe, expect, it } from 'vitest';
import { ruleDraftSchema } from '../../lib/admin/merchandising-rule.ts';
import { type ConsoleRequest, handleConsoleRequest } from './console-http.ts';
import { createMerchantAuth } from './merchant-auth.ts';

const auth = createMerchantAuth({
  password: 'a merchant password',
  sessionSecret: 'a-session-secret-of-at-least-32-characters',
});
const now = Date.UTC(2026, 11, 2, 9);
const { token } = auth.signIn(now);
const signedIn = { cookie: `vitrine_merchant=${token}`, host: 'shop.example' };
const fromConsole = { ...signedIn, origin: 'http://shop.example', 'sec-fetch-site': 'same-origin' };

function request(fields: Partial<ConsoleRequest>): ConsoleRequest {
  return { method: 'GET', headers: signedIn, query: {}, body: undefined, ...fields };
}

const echo = {
  GET: async () => ({ status: 200, body: { ok: true } }),
  POST: async (incoming: ConsoleRequest, actor: { name: string }) => {
    const draft = ruleDraftSchema.parse(incoming.body);
    return { status: 201, body: { query: draft.trigger, by: actor.name } };
  },
};

describe('the merchant console API', () => {
  it('answers 401 to a request without the merchant session, and runs nothing', async () => {
    let ran = false;
    const recordRun = async () => {
      ran = true;
      return { status: 200, body: {} };
    };
    const reply = await handleConsoleRequest(
      request({ headers: { host: 'shop.example' } }),
      { auth, now },
      { GET: recordRun },
    );
    expect(reply).toMatchObject({ status: 401, body: { status: 401 } });
    expect(ran).toBe(false);
    const expired = await handleConsoleRequest(
      request({}),
      { auth, now: now + 9 * 60 * 60 * 1000 },
      echo,
    );
    expect(expired.status).toBe(401);
  });

  it('refuses a change sent from another site, or that names no origin, with 403', async () => {
    const body = { trigger: { kind: 'query', query: 'jacket' } };
    const forged = await handleConsoleRequest(
      request({
        method: 'POST',
        body,
        headers: {
          ...signedIn,
          origin: 'https://elsewhere.example',
          'sec-fetch-site': 'cross-site',
        },
      }),
      { auth, now },
      echo,
    );
    expect(forged).toMatchObject({ status: 403, body: { status: 403 } });
    const anonymous = await handleConsoleRequest(
      request({ method: 'POST', body }),
      { auth, now },
      echo,
    );
    expect(anonymous.status).toBe(403);
    const own = await handleConsoleRequest(
      request({ method: 'POST', body, headers: fromConsole }),
      { auth, now },
      echo,
    );
    expect(own).toMatchObject({ status: 201, body: { by: expect.stringMatching(/^merchant/) } });
  });

  it('answers 400 naming the field of an invalid input', async () => {
    const reply = await handleConsoleRequest(
      request({
        method: 'POST',
        headers: fromConsole,
        body: { trigger: { kind: 'query', query: 'jacket' }, redirect: 'javascript:alert(1)' },
      }),
      { auth, now },
      echo,
    );
    expect(reply.status).toBe(400);
    expect((reply.body as { message: string }).message).toMatch(/^redirect: give an https:\/\//);
  });

  it('answers 405 for a method the route does not serve', async () => {
    const reply = await handleConsoleRequest(
      request({ method: 'DELETE', headers: fromConsole }),
      { auth, now },
      echo,
    );
    expect(reply).toMatchObject({ status: 405, headers: { allow: 'GET, POST' } });
  });

  it('keeps the search service’s 4xx and turns its outage into a 503, never a 500', async () => {
    const refused = Object.assign(new Error('Too many hidden objects'), { status: 400 });
    const down = Object.assign(new Error('Unreachable hosts'), { name: 'RetryError' });
    for (const [error, status] of [
      [refused, 400],
      [down, 503],
    ] as const) {
      const failing = async (): Promise<never> => {
        throw error;
      };
      const reply = await handleConsoleRequest(request({}), { auth, now }, { GET: failing });
      expect(reply.status).toBe(status);
    }
  });
});
