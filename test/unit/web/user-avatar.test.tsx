// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { Avatar, ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '@/app/theme';
import { initialsOf, UserAvatar } from '@/components/user-avatar';

const inChakra = (node: ReactNode) => render(<ChakraProvider value={system}>{node}</ChakraProvider>).container;

afterEach(cleanup);

describe('UserAvatar (the dashboard header avatar without Chakra Avatar state machine)', () => {
  it("shows the initials Chakra's Avatar shows for a name", () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('  Ada ')).toBe('A');
    expect(initialsOf('')).toBe('');
  });

  it("renders Chakra's avatar parts with the same classes and attributes as Chakra's Avatar", () => {
    const ours = inChakra(<UserAvatar size="sm" name="Ada Lovelace" />).firstElementChild as HTMLElement;
    const chakras = inChakra(
      <Avatar.Root size="sm">
        <Avatar.Fallback name="Ada Lovelace" />
      </Avatar.Root>,
    ).firstElementChild as HTMLElement;
    const shape = (el: Element): unknown => ({
      tag: el.tagName,
      class: el.className,
      attrs: ['data-scope', 'data-part', 'data-state', 'hidden', 'dir'].map((name) => el.getAttribute(name)),
      text: el.children.length ? undefined : el.textContent,
      children: [...el.children].map(shape),
    });
    expect(shape(ours)).toEqual(shape(chakras));
  });

  it('swaps the initials for the picture once it has loaded, and back when a new one fails', () => {
    const view = render(
      <ChakraProvider value={system}>
        <UserAvatar name="Ada Lovelace" picture="/a.png" />
      </ChakraProvider>,
    );
    const fallback = () => view.container.querySelector('[data-part="fallback"]') as HTMLElement;
    const image = () => view.container.querySelector('img') as HTMLImageElement;
    expect(fallback()).toBeVisible();
    expect(fallback()).toHaveTextContent('AL');
    expect(image()).not.toBeVisible();
    fireEvent.load(image());
    expect(fallback()).not.toBeVisible();
    expect(image()).toBeVisible();
    expect(image()).toHaveAttribute('data-state', 'visible');

    view.rerender(
      <ChakraProvider value={system}>
        <UserAvatar name="Ada Lovelace" picture="/b.png" />
      </ChakraProvider>,
    );
    expect(fallback()).toBeVisible();
    fireEvent.error(image());
    expect(fallback()).toBeVisible();
    expect(image()).not.toBeVisible();
  });
});
