import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SessionGenerations } from './merchant-auth.ts';

/** The file, in the storefront's data folder, that keeps the generated password and the session secret. */
export const merchantFileName = 'merchant-login.json';

const merchantFileSchema = z.object({
  /** Present only when the password was generated (no `MERCHANT_PASSWORD`). */
  password: z.string().min(1).optional(),
  sessionSecret: z.string().min(32),
  /** Bumped by every sign-out; part of the session signing key (absent until the first sign-out). */
  sessionGeneration: z.number().int().min(0).optional(),
});

type MerchantFile = z.infer<typeof merchantFileSchema>;

export interface MerchantCredentials {
  readonly password: string;
  /** Signs session cookies; kept across restarts so that a restart does not sign the merchant out. */
  readonly sessionSecret: string;
  /** The session generation at start (see `fileSessionGenerations`). */
  readonly sessionGeneration: number;
  /** Where the generated password (if any) and the session secret are kept. */
  readonly file: string;
  /** Whether the password comes from the file rather than `MERCHANT_PASSWORD`. */
  readonly generated: boolean;
}

/**
 * The merchant's password (`MERCHANT_PASSWORD`, else generated once and kept in
 * `<dataDir>/storefront/merchant-login.json`, readable by its owner only) and the session secret.
 * @throws when the file exists but is not the expected JSON.
 */
export function loadMerchantCredentials(
  dataDir: string,
  configuredPassword: string | undefined,
): MerchantCredentials {
  const folder = join(dataDir, 'storefront');
  const file = join(folder, merchantFileName);
  const stored = readMerchantFile(file);
  const next: MerchantFile = {
    ...(configuredPassword === undefined
      ? { password: stored?.password ?? randomBytes(18).toString('base64url') }
      : stored?.password === undefined
        ? {}
        : { password: stored.password }),
    sessionSecret: stored?.sessionSecret ?? randomBytes(32).toString('base64url'),
    ...(stored?.sessionGeneration === undefined
      ? {}
      : { sessionGeneration: stored.sessionGeneration }),
  };
  if (stored?.password !== next.password || stored?.sessionSecret !== next.sessionSecret) {
    mkdirSync(folder, { recursive: true });
    writeMerchantFile(file, next);
  }
  const password = configuredPassword ?? next.password;
  if (password === undefined) throw new Error('unreachable: a password is always generated');
  return {
    password,
    sessionSecret: next.sessionSecret,
    sessionGeneration: next.sessionGeneration ?? 0,
    file,
    generated: configuredPassword === undefined,
  };
}

/**
 * The session generation kept in the credentials' file: each bump is written there (rereading the file first, so
 * the password and secret are kept as they are), so a sign-out still holds after a restart.
 */
export function fileSessionGenerations(credentials: MerchantCredentials): SessionGenerations {
  let generation = credentials.sessionGeneration;
  return {
    current: () => generation,
    bump: () => {
      const stored = readMerchantFile(credentials.file);
      generation = Math.max(generation, stored?.sessionGeneration ?? 0) + 1;
      writeMerchantFile(credentials.file, {
        ...(stored ?? { sessionSecret: credentials.sessionSecret }),
        sessionGeneration: generation,
      });
      return generation;
    },
  };
}

/** Writes the file whole (a temporary file renamed over it), readable by its owner only. */
function writeMerchantFile(file: string, content: MerchantFile): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

function readMerchantFile(file: string): MerchantFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Could not read ${file}`, { cause: error });
  }
  try {
    return merchantFileSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new Error(
      `${file} is not a valid merchant login file ({password?, sessionSecret, sessionGeneration?}): delete it to generate a new one`,
      { cause: error },
    );
  }
}
