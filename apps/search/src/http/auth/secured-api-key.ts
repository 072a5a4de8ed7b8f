/**
 * Secured API keys (docs/api.md §7.2): `base64(hexHmacSha256(parentKey, R) + R)` where `R` is the restriction
 * query string. Verification HMACs the received `R` byte for byte (never a re-serialization), so keys made by
 * v4 clients (JSON arrays, unsorted) and v5 clients (comma lists, sorted) both verify.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeParamsString, type RawParams } from '../../protocol/decode-params.ts';
import { readInteger, readString, readStringList } from '../../protocol/read-param.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';

const signatureLength = 64;
const hexSignature = /^[0-9a-f]{64}$/;

export interface DecodedSecuredKey {
  readonly signature: string;
  /** The restriction string exactly as it was signed. */
  readonly restrictions: string;
}

export interface SecuredRestrictions {
  /** Unix seconds; the key is refused from that moment. */
  readonly validUntil: number | undefined;
  readonly restrictIndices: readonly string[] | undefined;
  /** One IPv4 CIDR (`192.168.1.0/24`) or address the caller must come from. */
  readonly restrictSources: string | undefined;
  readonly userToken: string | undefined;
  /** ANDed with the request's own `filters`. */
  readonly filters: string | undefined;
  /** Any other search parameter, forced over the request's value. */
  readonly searchParams: RawParams;
}

/**
 * Splits a candidate secured key; `undefined` when it cannot be one (not base64, no hex signature). A space is
 * read as `+`: a key pasted unencoded into a query string arrives with its `+` turned into spaces.
 */
export function decodeSecuredApiKey(key: string): DecodedSecuredKey | undefined {
  const base64 = key.replaceAll(' ', '+');
  if (base64.length < 88 || !/^[A-Za-z0-9+/]+=*$/.test(base64)) return undefined;
  const decoded = Buffer.from(base64, 'base64').toString('utf8');
  const signature = decoded.slice(0, signatureLength);
  if (!hexSignature.test(signature)) return undefined;
  return { signature, restrictions: decoded.slice(signatureLength) };
}

/** Whether `signature` is the HMAC-SHA256 of `restrictions` under `parentKey` (constant-time compare). */
export function isSignedBy(decoded: DecodedSecuredKey, parentKey: string): boolean {
  const expected = createHmac('sha256', parentKey).update(decoded.restrictions, 'utf8').digest();
  const received = Buffer.from(decoded.signature, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * Parses a restriction string (`+` = space, arrays as comma lists or JSON arrays).
 * `filters=brand%3ALG&restrictIndices=products&validUntil=1767225600` → `{ filters: 'brand:LG',
 * restrictIndices: ['products'], validUntil: 1767225600, searchParams: {} }`.
 * @throws SearchApiError 403 when empty or malformed (the key is not usable).
 */
export function parseRestrictions(restrictions: string): SecuredRestrictions {
  if (restrictions.trim() === '') throw invalidKey();
  try {
    const { validUntil, restrictIndices, restrictSources, userToken, filters, referers, ...rest } =
      decodeParamsString(restrictions, 'securedApiKey');
    void referers; // a regular-key attribute, not a secured-key restriction: ignored
    return {
      validUntil: validUntil === undefined ? undefined : readValidUntil(validUntil),
      restrictIndices:
        restrictIndices === undefined
          ? undefined
          : readStringList(restrictIndices, 'restrictIndices'),
      restrictSources,
      // An empty value restricts nothing (v5 clients serialize `userToken: ''` as `userToken=`).
      userToken:
        userToken === undefined || userToken === ''
          ? undefined
          : readString(userToken, 'userToken'),
      filters,
      searchParams: rest,
    };
  } catch (error) {
    throw new SearchApiError(403, invalidKeyMessage, { cause: error });
  }
}

/**
 * Reads `validUntil` in Unix seconds. A fractional value (`Date.now() / 1000 + 3600` passed as is) counts up to
 * its whole second, as the official `getSecuredApiKeyRemainingValidity` reads it (`validUntil=(\d+)`).
 */
function readValidUntil(value: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds < 0) {
    return readInteger(value, 'validUntil', 0, Number.MAX_SAFE_INTEGER);
  }
  return Math.floor(seconds);
}

/**
 * Whether an IPv4 address is inside `source` (`a.b.c.d` or `a.b.c.d/n`); IPv4-mapped IPv6 addresses
 * (`::ffff:a.b.c.d`) are compared as IPv4.
 */
export function isInSource(address: string, source: string): boolean {
  const [network = '', bitsText = '32'] = source.trim().split('/');
  const bits = Number(bitsText);
  const target = ipv4ToNumber(address.replace(/^::ffff:/, ''));
  const base = ipv4ToNumber(network);
  if (
    target === undefined ||
    base === undefined ||
    !Number.isInteger(bits) ||
    bits < 0 ||
    bits > 32
  ) {
    return false;
  }
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (target & mask) >>> 0 === (base & mask) >>> 0;
}

function ipv4ToNumber(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    const byte = Number(part);
    if (!/^\d{1,3}$/.test(part) || byte > 255) return undefined;
    value = value * 256 + byte;
  }
  return value;
}

export const invalidKeyMessage = 'Invalid Application-ID or API key';

function invalidKey(): SearchApiError {
  return new SearchApiError(403, invalidKeyMessage);
}
