import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/auth/get-profile-picture';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, emptyTable, storeUser, USER_ID, userItem } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const DATA_URL = 'data:image/svg+xml;base64,';

beforeEach(() => {
  emptyTable(ddb);
});

/** The avatar of a stored user with this id and name, as SVG text. */
async function avatarOf(name: string, id = USER_ID): Promise<string> {
  storeUser(ddb, userItem({ id, name }), false);
  const res = await call(handler, apiEvent({ path: '/auth/get-profile-picture', headers: await bearer({ userId: id }) }));
  expect(res.statusCode).toBe(200);
  const { success, picture, message } = res.json as { success: boolean; picture: string; message: string };
  expect({ success, message }).toEqual({ success: true, message: 'Generated avatar' });
  expect(picture.startsWith(DATA_URL)).toBe(true);
  return Buffer.from(picture.slice(DATA_URL.length), 'base64').toString('utf8');
}

const textOf = (svg: string) => /<text[^>]*>(.*)<\/text>/.exec(svg)?.[1];
const fillOf = (svg: string) => /<rect[^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];

describe('GET /auth/get-profile-picture', () => {
  it('draws the initials of the first and last word as an SVG data URL', async () => {
    const svg = await avatarOf('Ann B Lee');

    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(textOf(svg)).toBe('AL');
  });

  it('upper-cases a single name to one initial', async () => {
    expect(textOf(await avatarOf('cher'))).toBe('C');
  });

  it('picks the same colour for the same id, and not one colour for everyone', async () => {
    const first = fillOf(await avatarOf('Ann Lee'));
    expect(first).toBeDefined();
    expect(fillOf(await avatarOf('Someone Else'))).toBe(first);

    const ids = ['01J9Z3K4M5N6P7Q8R9S0T1V2W4', '01J9Z3K4M5N6P7Q8R9S0T1V2W5', '01J9Z3K4M5N6P7Q8R9S0T1V2W6', '01J9Z3K4M5N6P7Q8R9S0T1V2W7', '01J9Z3K4M5N6P7Q8R9S0T1V2W8', '01J9Z3K4M5N6P7Q8R9S0T1V2W9'];
    const fills = new Set<string | undefined>([first]);
    for (const id of ids) fills.add(fillOf(await avatarOf('Ann Lee', id)));
    expect(fills.size).toBeGreaterThan(1);
  });

  it('escapes markup in the name', async () => {
    const svg = await avatarOf('<script>alert(1)</script> &"x');

    expect(svg).not.toContain('<script');
    expect(textOf(svg)).toBe('&#60;&#38;');
    // Only the avatar's own tags open with '<'.
    expect(svg.match(/<\/?[a-z]+/g)).toEqual(['<svg', '<rect', '<text', '</text', '</svg']);
    expect(svg.split('<')).toHaveLength(6);
  });

  it('answers 401 for a valid token of a deleted account', async () => {
    const res = await call(handler, apiEvent({ path: '/auth/get-profile-picture', headers: await bearer() }));

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
  });

  it('answers 403 to a sign-in token that has not passed the code step', async () => {
    const res = await call(handler, apiEvent({ path: '/auth/get-profile-picture', headers: await bearer({ scope: 'otp' }) }));

    expect(res.statusCode).toBe(403);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
