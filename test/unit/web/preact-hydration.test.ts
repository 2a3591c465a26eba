// @vitest-environment jsdom
/**
 * The landing page's own build hydrates with Preact (vite.config.ts, landingBuildConfig): `react` is
 * web/app/preact/react.ts there. These tests load the shared hydration slices with that `react`, as
 * the build does, and hydrate prerendered markup with Preact: what is kept, what runs, and when.
 */
import { h, hydrate, type ComponentChildren, type FunctionComponent } from 'preact';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydration, useSyncExternalStore } from '@/app/preact/react';
import { HydrationScheduleProvider, HydrationSlice, hydrationTurns, Prerendered, type HydrationTurn } from '@/components/hydration-slice';

vi.mock('react', async () => await import('@/app/preact/react'));
vi.mock('react/jsx-runtime', async () => await import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => await import('preact/jsx-dev-runtime'));

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  hydration.end();
  container.remove();
});

describe('useSyncExternalStore in the landing build (web/app/preact/react.ts)', () => {
  const seen: string[] = [];
  function Screen() {
    const width = useSyncExternalStore(
      () => () => {},
      () => 'wide',
      () => 'narrow',
    );
    seen.push(width);
    return h('p', { 'data-width': width }, width);
  }

  it('starts a hook mounted while the page hydrates from its server snapshot, then moves to the browser value', async () => {
    seen.length = 0;
    container.innerHTML = '<p data-width="narrow">narrow</p>';
    const prerendered = container.firstChild;
    hydration.start();
    await act(() => hydrate(h(Screen, null), container));
    expect(seen).toEqual(['narrow', 'wide']);
    // The same element, updated as React would after its hydration.
    expect(container.firstChild).toBe(prerendered);
    expect(container.innerHTML).toBe('<p data-width="wide">wide</p>');
  });

  it('reads the browser value at once outside a hydration', async () => {
    seen.length = 0;
    await act(() => hydrate(h(Screen, null), container));
    expect(seen).toEqual(['wide']);
  });
});

describe('hydration slices with Preact (web/components/hydration-slice.tsx)', () => {
  function Counter() {
    const [n, setN] = useState(0);
    return h('button', { type: 'button', onClick: () => setN(n + 1) }, `clicked ${n}`);
  }
  const Static = vi.fn(() => h('section', { id: 'prices' }, 'prices'));
  // The shared components, typed for React, as Preact components: in the landing build they are.
  const Slice = HydrationSlice as unknown as FunctionComponent<{ name: string; children?: ComponentChildren }>;
  const Keep = Prerendered as unknown as FunctionComponent<{ children?: ComponentChildren }>;
  const Schedule = HydrationScheduleProvider as unknown as FunctionComponent<{ value: HydrationTurn; children?: ComponentChildren }>;

  it('hydrates the frame first, then each slice in a task of its own, keeping every prerendered element and never running a prerendered part', async () => {
    container.innerHTML = '<main><header>Sign In</header><section id="prices">prices</section><button type="button">clicked 0</button></main>';
    const [header, prices, button] = [...(container.firstChild as Element).children] as HTMLElement[];
    const done = vi.fn();
    hydration.start();
    hydrate(
      h(
        Schedule,
        { value: hydrationTurns(done) },
        h(
          'main',
          null,
          h(Slice, { name: 'header' }, h('header', null, 'Sign In')),
          h(Keep, null, h(Static, null)),
          h(Slice, { name: 'counter' }, h(Counter, null)),
        ),
      ),
      container,
    );
    // The frame is hydrated; the slices wait for their turns and the button has no handler yet.
    button?.click();
    await Promise.resolve();
    expect(button?.textContent).toBe('clicked 0');
    expect(done).not.toHaveBeenCalled();

    await nextTask(); // the header's turn
    expect(done).not.toHaveBeenCalled();
    await nextTask(); // the counter's turn
    await nextTask(); // the end
    expect(done).toHaveBeenCalledOnce();

    button?.click();
    await nextTask();
    expect(button?.textContent).toBe('clicked 1');
    const [header2, prices2, button2] = [...(container.firstChild as Element).children];
    expect([header2, prices2, button2]).toEqual([header, prices, button]);
    expect(header2).toBe(header);
    expect(prices2).toBe(prices);
    expect(button2).toBe(button);
    expect(Static).not.toHaveBeenCalled();
  });
});

describe('hydration turns', () => {
  it('answers each slice with one promise until its turn, in the order they asked, then undefined', async () => {
    const done = vi.fn();
    const turn = hydrationTurns(done);
    const order: string[] = [];
    const a = turn('a');
    const b = turn('b');
    expect(turn('a')).toBe(a);
    void a?.then(() => order.push('a'));
    void b?.then(() => order.push('b'));
    await nextTask();
    expect(order).toEqual(['a']);
    expect(turn('a')).toBeUndefined();
    await nextTask();
    expect(order).toEqual(['a', 'b']);
    await nextTask();
    expect(done).toHaveBeenCalledOnce();
  });
});
