/**
 * Generators of bad requests for the bad-input suite, derived from each route's zod schema and one
 * valid body: every strategy starts from the valid body and breaks it one way, so each refusal is
 * about that one thing and not about an unrelated missing field. Bodies that still pass the schema
 * are dropped here (the suite is about refusals), so every generated request must be refused.
 */
import fc from 'fast-check';
import type * as z from '../../../domain/schemas/zod';
import { isWellFormed } from './actors';

export interface BadBody {
  /** The body text exactly as sent. */
  raw: string;
  contentType: string;
}

const JSON_TYPE = 'application/json';

/** Where a raw JSON fragment (NaN, 1e999, deep nesting) goes: JSON.stringify cannot write those. */
const RAW = (i: number) => `\u0000RAW${i}\u0000`;
interface Draft {
  body: unknown;
  raws?: string[];
  contentType?: string;
  /** Pollution keys put in front of the body's own keys, as text (JSON.stringify would drop `__proto__`). */
  pollute?: boolean;
}

const POLLUTION = '"__proto__":{"polluted":"yes","role":"admin"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}';

function render(d: Draft): BadBody {
  let raw = JSON.stringify(d.body) ?? '';
  (d.raws ?? []).forEach((text, i) => {
    raw = raw.replace(JSON.stringify(RAW(i)), text);
  });
  if (d.pollute && raw.startsWith('{')) raw = raw === '{}' ? `{${POLLUTION}}` : `{${POLLUTION},${raw.slice(1)}`;
  return { raw, contentType: d.contentType ?? JSON_TYPE };
}

// ------------------------------------------------------------------------------------------------
// The schema's fields
// ------------------------------------------------------------------------------------------------

export interface Field {
  path: string[];
  /** zod's type name of the field once optional is unwrapped: string, number, union, enum, object, ... */
  kind: string;
}

const WRAPPERS = new Set(['optional', 'default', 'nullable']);
const unwrap = (s: z.ZodMiniType): z.ZodMiniType => (WRAPPERS.has(s.def.type) ? unwrap((s.def as unknown as { innerType: z.ZodMiniType }).innerType) : s);

/** Every field of the schema's objects, nested objects included (`from.zip`), and the objects themselves. */
export function fieldsOf(schema: z.ZodMiniType, prefix: string[] = []): Field[] {
  const inner = unwrap(schema);
  if (inner.def.type !== 'object') return [{ path: prefix, kind: inner.def.type }];
  const own = prefix.length ? [{ path: prefix, kind: 'object' }] : [];
  const { shape } = inner.def as unknown as { shape: Record<string, z.ZodMiniType> };
  return [...own, ...Object.entries(shape).flatMap(([k, v]) => fieldsOf(v, [...prefix, k]))];
}

const STRINGY = new Set(['string', 'pipe', 'enum', 'literal']);
const NUMERIC = new Set(['number', 'union']);

function clone(value: unknown): Record<string, unknown> {
  return structuredClone(value) as Record<string, unknown>;
}

/** A copy of `body` with `value` at `path` (creating objects on the way); `undefined` deletes it. */
export function withValue(body: unknown, path: string[], value: unknown): Record<string, unknown> {
  const copy = clone(body);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null || Array.isArray(at[key])) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  const last = path.at(-1) as string;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

// ------------------------------------------------------------------------------------------------
// Hostile values
// ------------------------------------------------------------------------------------------------

/** Text meant to confuse: bidi overrides, zero-width, NUL, lone surrogates, combining marks, markup, SQL. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    '\u202eevil\u202c',
    '\u200b\u200b',
    'a\u0000b',
    '\ud800',
    '\udfff\ud800',
    'Z\u0351\u0345\u036b\u0341',
    '🙂‍↔️👩🏽‍🚀',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '${jndi:ldap://x}',
    '{{7*7}}',
    '../../etc/passwd',
    '\r\nSet-Cookie: a=b',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Strings of 5 kB and 100 kB in any alphabet, and a full mebibyte (the local front's body limit): every field has an upper bound. */
const hugeText = fc.oneof(
  fc.tuple(fc.constantFrom(5_000, 100_000), fc.constantFrom('x', 'é', '🙂', '\u0000', '<a>')).map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length))),
  fc.constant('x'.repeat(1_048_576)),
);

/** A value of a type the field cannot take. */
function wrongTypeFor(kind: string): fc.Arbitrary<unknown> {
  const any = [
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  ];
  if (STRINGY.has(kind)) return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), ...any);
  if (kind === 'number') return fc.oneof(fc.string({ maxLength: 10 }), ...any);
  if (kind === 'object')
    return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.jsonValue(), { maxLength: 3 }));
  return fc.oneof(...any); // union of number and string (amounts), enums of other kinds
}

/** Numbers no money or measure field may take: negative, zero, fractions of a cent, too big, NaN, infinities. */
const badNumber: fc.Arbitrary<{ value?: unknown; raw?: string }> = fc.oneof(
  fc.double({ max: -Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }).map((value) => ({ value })),
  fc.constantFrom(0, -0, 0.001, 0.005, 1.001, 9.999, 10.015, 1e21, 1e308, Number.MAX_SAFE_INTEGER + 2, 70.0001, 10_000.01).map((value) => ({ value })),
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => ({ value: n + 0.001 * ((n % 9) + 1) })), // a fraction of a cent
  fc.constantFrom('-5', '0', '1e3', '0x10', 'NaN', 'Infinity', '10.001', '', ' ', '١٠').map((value) => ({ value })),
  fc.constantFrom('NaN', '1e999', '-1e999', 'Infinity').map((raw) => ({ raw })),
);

/** Deep nesting, as text: 10 000 levels of arrays or objects. */
const deepNesting = fc.constantFrom('[', '{"a":').map((open) => {
  const depth = 10_000;
  return open === '[' ? '['.repeat(depth) + ']'.repeat(depth) : open.repeat(depth) + '1' + '}'.repeat(depth);
});

/** Text that is not JSON, or JSON cut short, or JSON followed by rubbish. */
const malformed = (validRaw: string) =>
  fc.oneof(
    fc.constantFrom('{', '{"a":', "{'a':1}", '{"a":1,}', 'NaN', 'undefined', '\u0000', '{"a":"\\x"}', '{"a" 1}', '\ufeff{}', '//{}', '<xml/>'),
    fc.integer({ min: 1, max: Math.max(1, validRaw.length - 1) }).map((cut) => validRaw.slice(0, cut)),
    fc.constantFrom('}', ']', ',', 'x', '{}').map((tail) => validRaw + tail),
  );

/** JSON that is not an object. */
const notAnObject = fc.oneof(
  fc.constantFrom('null', '[]', '"text"', '0', 'true', '[{}]', '1e999'),
  fc
    .jsonValue()
    .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
    .map((v) => JSON.stringify(v)),
);

/** Optional decorations that make a broken body also hostile: pollution keys, unicode in one other field, a deep extra key. */
const decoration = fc.record({
  pollute: fc.boolean(),
  unicode: fc.option(fc.tuple(fc.nat(), hostileText), { nil: undefined }),
  deepExtra: fc.boolean(),
});

// ------------------------------------------------------------------------------------------------
// Strategies
// ------------------------------------------------------------------------------------------------

/** True when the handler must refuse the request before touching anything: not JSON, not JSON-typed, or not the schema. */
export function mustRefuse(schema: z.ZodMiniType, body: BadBody): boolean {
  // The handler factory's own rule (functions/http/handler.ts): an empty body is `{}` whatever its type.
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(body.contentType) && body.raw.trim() !== '') return true;
  let parsed: unknown;
  try {
    parsed = body.raw.trim() === '' ? {} : JSON.parse(body.raw);
  } catch {
    return true;
  }
  return !schema.safeParse(parsed).success;
}

/**
 * The strategies for one route, by name: each an arbitrary of bad bodies for `schema`, built from
 * `valid` (a body the schema accepts). Strategies that have nothing to break (no number field) are
 * left out.
 */
export function badBodyStrategies(schema: z.ZodMiniType, valid: Record<string, unknown>): Record<string, fc.Arbitrary<BadBody>> {
  if (!schema.safeParse(valid).success) throw new Error(`the valid body does not pass its schema: ${JSON.stringify(valid)}`);
  const fields = fieldsOf(schema);
  const strings = fields.filter((f) => STRINGY.has(f.kind));
  const numbers = fields.filter((f) => NUMERIC.has(f.kind));
  const required = fields.filter((f) => !schema.safeParse(withValue(valid, f.path, undefined)).success);
  const validRaw = JSON.stringify(valid);

  /** Applies the decorations to a draft: unicode in one string field the breakage left alone, pollution keys, a deep extra key. */
  const decorate = (draft: fc.Arbitrary<Draft & { touched?: string[] }>) =>
    fc.tuple(draft, decoration).map(([d, deco]): Draft => {
      let body = d.body;
      const raws = [...(d.raws ?? [])];
      const others = strings.filter((f) => f.path.join('.') !== d.touched?.join('.'));
      if (deco.unicode && others.length && body && typeof body === 'object' && !Array.isArray(body)) {
        const [pick, text] = deco.unicode;
        body = withValue(body, (others[pick % others.length] as Field).path, text);
      }
      if (deco.deepExtra && body && typeof body === 'object' && !Array.isArray(body)) {
        body = withValue(body, ['extra'], RAW(raws.length));
        raws.push('['.repeat(2_000) + ']'.repeat(2_000));
      }
      return { ...d, body, raws, pollute: deco.pollute };
    });

  // A body with no fields at all (a label refund's) has none to break: only its shape and its extras.
  const strategies: Record<string, fc.Arbitrary<Draft & { touched?: string[] }>> = !fields.length
    ? { 'unexpected field': fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue()).map(([k, v]) => ({ body: { ...valid, [k]: v } })) }
    : {
        'wrong type': fc.constantFrom(...fields).chain((f) => wrongTypeFor(f.kind).map((v) => ({ body: withValue(valid, f.path, v), touched: f.path }))),
        'huge string': fc.tuple(fc.constantFrom(...fields), hugeText).map(([f, text]) => ({ body: withValue(valid, f.path, text), touched: f.path })),
        'deep nesting': fc
          .tuple(fc.constantFrom(...fields), deepNesting)
          .map(([f, text]) => ({ body: withValue(valid, f.path, RAW(0)), raws: [text], touched: f.path })),
        'unicode in a constrained field': fc
          .tuple(fc.constantFrom(...(strings.length ? strings : fields)), hostileText)
          .map(([f, text]) => ({ body: withValue(valid, f.path, text), touched: f.path })),
      };
  // A body whose every field is optional (an approval's note) has no field to leave out.
  if (required.length) {
    strategies['missing field'] = fc.constantFrom(...required).map((f) => ({ body: withValue(valid, f.path, undefined), touched: f.path }));
  }
  if (numbers.length) {
    strategies['bad number'] = fc
      .tuple(fc.constantFrom(...numbers), badNumber)
      .map(([f, n]) =>
        n.raw !== undefined
          ? { body: withValue(valid, f.path, RAW(0)), raws: [n.raw], touched: f.path }
          : { body: withValue(valid, f.path, n.value), touched: f.path },
      );
  }
  const decorated = Object.fromEntries(Object.entries(strategies).map(([name, arb]) => [name, decorate(arb).map(render)]));
  return {
    ...decorated,
    'not an object': notAnObject.map((raw) => ({ raw, contentType: JSON_TYPE })),
    'malformed JSON': malformed(validRaw).map((raw) => ({ raw, contentType: JSON_TYPE })),
    'not JSON content': fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'text/json')
      .map((contentType) => ({ raw: validRaw, contentType })),
  };
}

/**
 * Every strategy keeps only bodies the schema refuses (a valid body is not this suite's business).
 * A strategy whose sample holds no refused body at all is left out: a field that takes any JSON (a
 * WebAuthn credential's parts) has no wrong type, and filtering for one would never end.
 */
export const refusedOnly = (schema: z.ZodMiniType, strategies: Record<string, fc.Arbitrary<BadBody>>) =>
  Object.fromEntries(
    Object.entries(strategies)
      .filter(([, arb]) => fc.sample(arb, { numRuns: 60, seed: 42 }).some((b) => mustRefuse(schema, b)))
      .map(([name, arb]) => [name, arb.filter((b) => mustRefuse(schema, b))]),
  );

// ------------------------------------------------------------------------------------------------
// Webhooks, queries, path ids
// ------------------------------------------------------------------------------------------------

/** Any body at all, from rubbish to well-formed JSON and realistic provider events. */
export const anyWebhookBody = (realistic: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    realistic,
    fc.json(),
    fc.string({ unit: 'binary', maxLength: 200 }),
    malformed('{"id":"evt_1","type":"checkout.session.completed"}'),
    notAnObject,
    fc.constant(`{${POLLUTION}}`),
    deepNesting,
    hugeText.map((t) => JSON.stringify({ data: t })),
  );

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Bad query strings of a list route: a limit that is not 1-100, a cursor that is rubbish or names
 * another partition (`foreignCursor`), a type outside the enum (when the route has one).
 */
export function badQueries(foreignCursor: unknown, withType: boolean): fc.Arbitrary<Record<string, string>> {
  const limit = fc.oneof(
    fc.constantFrom('0', '-1', '101', '1.5', '1e9', 'NaN', 'Infinity', 'abc', '', ' ', '١٠', '10abc', '1_0'),
    fc.integer({ min: 101 }).map(String),
    fc.integer({ max: 0 }).map(String),
    hugeText.map((t) => t.slice(0, 5_000)),
  );
  const cursor = fc.oneof(
    fc.constantFrom('!!!', '%%%', 'e30', 'W10', 'bnVsbA'), // rubbish, {}, [], null
    fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
    fc.constant(base64urlJson(foreignCursor)),
    fc.dictionary(fc.constantFrom('pk', 'sk', '__proto__', 'constructor', 'gsi1pk'), fc.jsonValue(), { minKeys: 1 }).map(base64urlJson),
    fc.constant('A'.repeat(5_000)),
  );
  const type = fc.oneof(fc.constantFrom('TOPUP', 'topups', 'label ', '', 'all', '__proto__', '*'), hostileText);
  const params: Record<string, fc.Arbitrary<string>> = withType ? { limit, cursor, type } : { limit, cursor };
  // At least one bad parameter; the others bad too or absent.
  return fc
    .record(params, { requiredKeys: [] })
    .map((q) => Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)))
    .filter((q) => Object.keys(q).length > 0);
}

/** Path ids that name nothing of the caller's: rubbish, huge, unicode, key syntax, another user's real id. */
export const badIds = (othersId: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('', ' ', '..', '../x', '%00', 'ADDRKEY#x', 'ORDER#x', '#', '*', '0', 'null', othersId, othersId.toLowerCase()),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
    fc.constantFrom(1_025, 2_000, 8_000).map((n) => 'x'.repeat(n)),
    hostileText.filter(isWellFormed),
  );
