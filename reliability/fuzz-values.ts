// The bad values the fuzz scenario puts where the OpenAPI document expects a good one, and the
// JSON text that carries the ones JSON.stringify cannot write.
import { randomUUID } from 'node:crypto';
import type { Json } from './api.ts';

/** A literal JSON text placed where a value goes, for numbers JSON.stringify cannot write. */
class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

interface BadValue {
  label: string;
  value: unknown;
  /** Part of the smoke run's shorter list. */
  smoke?: boolean;
}

const MEGABYTE = 1024 * 1024;
const deepArray = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

export const BAD_VALUES: BadValue[] = [
  { label: 'number', value: 12345, smoke: true },
  { label: 'boolean', value: true },
  { label: 'object', value: { a: 1 }, smoke: true },
  { label: 'array', value: ['a'], smoke: true },
  { label: 'array of objects', value: [{}] },
  { label: 'null', value: null, smoke: true },
  { label: 'empty string', value: '', smoke: true },
  { label: 'whitespace only', value: ' \t\n ' },
  { label: 'string over limits', value: 'x'.repeat(5000), smoke: true },
  { label: '1 MB string', value: 'x'.repeat(MEGABYTE) },
  { label: 'NUL', value: 'a\u0000b', smoke: true },
  { label: 'C0 controls', value: 'a\u0001\u0008\u001b\u007fb' },
  { label: 'C1 controls', value: 'a\u0085\u009bb' },
  { label: 'lone high surrogate', value: '\ud800', smoke: true },
  { label: 'lone low surrogate', value: 'x\udc00' },
  { label: 'zero-width only', value: '\u200b\u200c\u200d\ufeff' },
  { label: 'bidi override', value: '\u202egnp.exe' },
  { label: 'emoji', value: '🧵👩🏽‍🏭🇮🇳', smoke: true },
  { label: 'Gujarati', value: 'કારખાનું' },
  { label: 'SQL-looking', value: "x' OR '1'='1'; --" },
  { label: 'LIKE wildcards', value: '%_\\' },
  { label: 'negative', value: -1, smoke: true },
  { label: 'negative cent', value: -0.01 },
  { label: 'zero', value: 0 },
  { label: 'too many decimals', value: 1.005 },
  { label: 'tiny fraction', value: 1e-7 },
  { label: 'beyond money maximum', value: 1e15 },
  { label: 'unsafe integer', value: new RawJson('9007199254740993') },
  { label: 'huge integer', value: new RawJson('123456789012345678901234567890') },
  { label: '1e309', value: new RawJson('1e309'), smoke: true },
  { label: '-1e309', value: new RawJson('-1e309') },
  { label: 'negative zero', value: new RawJson('-0') },
  { label: 'NaN string', value: 'NaN' },
  { label: 'Infinity string', value: 'Infinity' },
  { label: 'numeric string', value: '100' },
  { label: 'date 0100-01-01', value: '0100-01-01', smoke: true },
  { label: 'date 9999-12-31', value: '9999-12-31' },
  { label: 'date 2025-13-45', value: '2025-13-45', smoke: true },
  { label: 'date 2025-02-29', value: '2025-02-29' },
  { label: 'date 0000-00-00', value: '0000-00-00' },
  { label: 'date-time', value: '2025-03-10T00:00:00Z' },
  { label: 'extended year', value: '+275760-09-13' },
  { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'unknown uuid', value: '0190f3a4-1b2c-7d3e-8f40-123456789abc' },
  { label: 'malformed uuid', value: 'not-a-uuid' },
  { label: 'prototype key', value: new RawJson('{"__proto__":{"polluted":true}}') },
  { label: 'deep array', value: deepArray(5000), smoke: true },
  { label: 'deep object', value: deepObject(5000) },
];

/** Raw query values, already percent-encoded where needed. */
export const BAD_QUERY_VALUES: { label: string; raw: string; smoke?: boolean }[] = [
  { label: 'empty', raw: '', smoke: true },
  { label: 'word', raw: 'abc', smoke: true },
  { label: 'negative', raw: '-1', smoke: true },
  { label: 'zero', raw: '0' },
  { label: 'huge number', raw: '99999999999999999999999' },
  { label: '1e309', raw: '1e309', smoke: true },
  { label: 'NaN', raw: 'NaN' },
  { label: 'fraction', raw: '1.5' },
  { label: 'too many decimals', raw: '1.005' },
  { label: 'long', raw: 'x'.repeat(5000), smoke: true },
  { label: 'NUL', raw: '%00', smoke: true },
  { label: 'C0', raw: '%01%1B' },
  { label: 'C1', raw: '%C2%85' },
  { label: 'lone surrogate', raw: '%ED%A0%80', smoke: true },
  { label: 'invalid UTF-8', raw: '%FF%FE' },
  { label: 'broken escape', raw: '%E0%A4%' },
  { label: 'emoji', raw: encodeURIComponent('🧵') },
  { label: 'zero-width', raw: encodeURIComponent('\u200b') },
  { label: 'date 0100-01-01', raw: '0100-01-01' },
  { label: 'date 9999-12-31', raw: '9999-12-31' },
  { label: 'date 2025-13-45', raw: '2025-13-45', smoke: true },
  { label: 'malformed uuid', raw: 'not-a-uuid' },
  { label: 'unknown uuid', raw: '0190f3a4-1b2c-7d3e-8f40-123456789abc' },
  { label: 'SQL-looking', raw: encodeURIComponent("' OR 1=1 --") },
  { label: 'LIKE wildcards', raw: encodeURIComponent('%_') },
  { label: 'array syntax', raw: 'a&{name}=b' },
  { label: 'bracket object', raw: 'x&{name}[a]=1' },
];

export const BAD_IDS: { label: string; raw: string; smoke?: boolean }[] = [
  { label: 'malformed', raw: 'not-a-uuid', smoke: true },
  { label: 'nil uuid', raw: '00000000-0000-0000-0000-000000000000' },
  { label: 'unknown uuid', raw: randomUUID(), smoke: true },
  { label: 'number', raw: '1' },
  { label: 'negative', raw: '-1' },
  { label: 'NUL', raw: '%00', smoke: true },
  { label: 'lone surrogate', raw: '%ED%A0%80' },
  { label: 'invalid UTF-8', raw: '%FF' },
  { label: 'traversal', raw: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'SQL-looking', raw: encodeURIComponent("1' OR '1'='1") },
  { label: 'long', raw: 'x'.repeat(4000), smoke: true },
  { label: 'emoji', raw: encodeURIComponent('🧵') },
];

/** JSON text in which RawJson values appear verbatim. */
export function serialize(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof RawJson) {
      raws.push(value.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return value;
  });
  return text.replace(
    /"\\u0000raw(\d+)\\u0000"/g,
    (_match, index: string) => raws[Number(index)] ?? '',
  );
}

interface WholeBodyProbe {
  label: string;
  body: string;
  contentType?: string | null;
}

/** Bodies that are wrong as a whole (not JSON, not an object, wrong content type) around a good one. */
export function wholeBodyProbes(current: Json): WholeBodyProbe[] {
  return [
    { label: 'unknown key', body: serialize({ ...current, zzUnknown: 1 }) },
    {
      label: 'prototype key',
      body: serialize(current).replace(/^\{/, '{"__proto__":{"x":1},'),
    },
    {
      label: 'constructor key',
      body: serialize({ ...current, constructor: { prototype: {} } }),
    },
    { label: 'duplicate keys', body: serialize(current).replace(/^\{/, '{"zz":1,"zz":2,') },
    { label: 'array body', body: serialize([current]) },
    { label: 'null body', body: 'null' },
    { label: 'string body', body: '"text"' },
    { label: 'number body', body: '42' },
    { label: 'empty object', body: '{}' },
    { label: 'empty body', body: '' },
    { label: 'truncated JSON', body: serialize(current).slice(0, -3) },
    { label: 'trailing garbage', body: `${serialize(current)}}` },
    { label: 'single quotes', body: "{'a': 1}" },
    { label: 'byte order mark', body: `\ufeff${serialize(current)}` },
    {
      label: 'invalid UTF-8',
      body: Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]).toString('latin1'),
    },
    { label: 'deep array body', body: deepArray(10000).text },
    { label: 'deep object body', body: deepObject(10000).text },
    {
      label: 'body over 1 MB',
      body: serialize({ ...current, notes: 'x'.repeat(2 * MEGABYTE) }),
    },
    { label: 'text/plain', body: serialize(current), contentType: 'text/plain' },
    { label: 'form', body: 'name=a&b=c', contentType: 'application/x-www-form-urlencoded' },
    {
      label: 'multipart',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      contentType: 'multipart/form-data; boundary=x',
    },
    { label: 'xml', body: '<a>1</a>', contentType: 'application/xml' },
    { label: 'no content type', body: serialize(current), contentType: null },
    {
      label: 'json latin1 charset',
      body: serialize(current),
      contentType: 'application/json; charset=latin1',
    },
    {
      label: 'json with bogus parameter',
      body: serialize(current),
      contentType: 'application/json; x=',
    },
    {
      label: 'vendor JSON type',
      body: serialize(current),
      contentType: 'application/vnd.api+json',
    },
  ];
}
