import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { useState } from 'react';

/** 'Ada Lovelace' -> 'AL', 'Ada' -> 'A': the initials Chakra's Avatar.Fallback shows for a name. */
export function initialsOf(name: string): string {
  const names = name.trim().split(' ');
  const first = names[0] ?? '';
  const last = names.length > 1 ? (names[names.length - 1] ?? '') : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/**
 * A person's avatar: their initials, swapped for their picture once it has loaded (and back if it
 * fails), in Chakra's avatar styles and with the DOM Chakra's Avatar renders. Not Chakra's Avatar
 * itself: that runs a zag state machine for this one swap, and the machine with zag's React binding
 * would weigh on the dashboard's first load (docs/performance.md, "`/user-dashboard` first load (gzip)"); here an
 * onLoad does it.
 */
export function UserAvatar({ name, picture, size = 'sm' }: { name: string; picture?: string; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const styles = useSlotRecipe({ key: 'avatar' })({ size });
  // The source that has loaded: a new picture shows the initials until it has loaded too.
  const [loaded, setLoaded] = useState<string | null>(null);
  const shown = picture !== undefined && loaded === picture;
  // The attributes zag's avatar gives each part; `state` for the two that take turns being shown.
  const part = (slot: 'root' | 'fallback' | 'image', state?: boolean) => ({
    'data-scope': 'avatar',
    'data-part': slot,
    dir: 'ltr' as const,
    className: `chakra-avatar__${slot}`,
    ...(state === undefined ? {} : { 'data-state': state ? 'visible' : 'hidden', hidden: !state }),
  });
  return (
    <chakra.div {...part('root')} css={styles.root}>
      <chakra.span {...part('fallback', !shown)} css={styles.fallback}>
        {initialsOf(name)}
      </chakra.span>
      {picture && (
        <chakra.img
          {...part('image', shown)}
          css={styles.image}
          src={picture}
          alt=""
          draggable="false"
          referrerPolicy="no-referrer"
          onLoad={() => setLoaded(picture)}
          onError={() => setLoaded(null)}
        />
      )}
    </chakra.div>
  );
}
