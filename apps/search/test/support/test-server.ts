import { startTestApp, type TestApp } from './test-app.ts';

export interface TestServer extends TestApp {
  readonly host: string;
  readonly port: number;
}

/** The app listening on 127.0.0.1, port 0 (the OS picks a free port), for the official clients. */
export async function startTestServer(): Promise<TestServer> {
  const testApp = await startTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (typeof address !== 'object' || address === null)
    throw new Error('The test server has no port');
  return { ...testApp, host: '127.0.0.1', port: address.port };
}
