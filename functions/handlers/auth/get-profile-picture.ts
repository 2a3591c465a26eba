/**
 * GET /auth/get-profile-picture: a generated avatar, the user's initials on a colour picked from
 * the user id, as an SVG data URL (no image storage, no third-party avatar service).
 */
import { createHash } from 'node:crypto';
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

const COLOURS = ['#2563eb', '#0d9488', '#7c3aed', '#db2777', '#ea580c', '#16a34a', '#0891b2', '#4f46e5'];

/** Up to two initials, from the first and last word of the name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return letters.map((w) => [...(w as string)][0]?.toUpperCase() ?? '').join('') || '?';
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function avatarSvg(id: string, name: string): string {
  const colour = COLOURS[(createHash('sha256').update(id).digest()[0] as number) % COLOURS.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="${colour}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="26" font-weight="600" fill="#fff">${escapeXml(initials(name))}</text></svg>`
  );
}

export const handler = api(route.getProfilePicture, async function getProfilePicture({ auth }) {
  const user = await getUserById(auth.userId);
  if (!user) throw new Unauthorized();
  const picture = `data:image/svg+xml;base64,${Buffer.from(avatarSvg(user.id, user.name)).toString('base64')}`;
  return { success: true, picture, message: 'Generated avatar' };
});
