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
import {
  HydrationScheduleProvider,
  HydrationSlice,
  hydrationTurns,
  Prerendered,
  type HydrationSpan,
  type HydrationTrigger,
  type HydrationTurn,
} from '@/components/hydration-slice';

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
    hydrate(
      h(
        Schedule,
        { value: hydrationTurns({ start: hydration.start, end: done }) },
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

describe('slices that wait for the visitor (web/components/hydration-slice.tsx, HydrationTrigger)', () => {
  function Counter({ label }: { label: string }) {
    const [n, setN] = useState(0);
    return h('button', { type: 'button', onClick: () => setN(n + 1) }, `${label} ${n}`);
  }
  const Slice = HydrationSlice as unknown as FunctionComponent<{ name: string; on?: HydrationTrigger; children?: ComponentChildren }>;
  const Schedule = HydrationScheduleProvider as unknown as FunctionComponent<{ value: HydrationTurn; children?: ComponentChildren }>;
  // The microtasks after an event, and no task: what the browser runs between a pointerdown and its click.
  const microtasks = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  // jsdom has no IntersectionObserver: this one is driven by the test.
  let seeNear: (() => void) | undefined;
  beforeEach(() => {
    seeNear = undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          seeNear = () => this.callback([{ isIntersecting: true }]);
        }
        disconnect() {
          seeNear = undefined;
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  /** `<section id="savings">` with a button of its own and a nested load slice's button; returns the buttons. */
  function hydrateSection(on: HydrationTrigger, span: HydrationSpan, defer = true) {
    container.innerHTML = '<main><section id="savings"><button type="button">own 0</button><button type="button">inner 0</button></section></main>';
    const buttons = [...container.querySelectorAll('button')];
    hydrate(
      h(
        Schedule,
        { value: hydrationTurns(span, { defer }) },
        h(
          'main',
          null,
          h(
            Slice,
            { name: 'savings', on },
            h('section', { id: 'savings' }, h(Counter, { label: 'own' }), h(Slice, { name: 'figures' }, h(Counter, { label: 'inner' }))),
          ),
        ),
      ),
      container,
    );
    return buttons as [HTMLButtonElement, HTMLButtonElement];
  }

  it('keeps a `near` slice prerendered while it is away, then hydrates it in place when it comes near', async () => {
    const span = { start: vi.fn(), end: vi.fn() };
    const [own, inner] = hydrateSection('near', span);
    for (let i = 0; i < 4; i++) await nextTask();
    expect(span.end).toHaveBeenCalledOnce(); // the load's span is over; the section still waits
    own.click();
    expect(own.textContent).toBe('own 0');

    seeNear?.();
    await nextTask(); // the section
    await nextTask(); // the slice inside it takes its own turn
    await nextTask();
    own.click();
    inner.click();
    await nextTask();
    expect([own.textContent, inner.textContent]).toEqual(['own 1', 'inner 1']);
    expect(container.querySelectorAll('button')).toEqual(expect.objectContaining({ 0: own, 1: inner }));
    expect(span.start).toHaveBeenCalledTimes(2);
    expect(span.end).toHaveBeenCalledTimes(2);
    expect(seeNear).toBeUndefined(); // no longer observed
  });

  it('hydrates a waiting slice, and the slices inside it, between a pointerdown inside it and the click that follows', async () => {
    const [own, inner] = hydrateSection('near', { start: () => {}, end: () => {} });
    for (let i = 0; i < 3; i++) await nextTask();
    inner.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await microtasks();
    inner.click();
    own.click();
    await microtasks();
    expect([own.textContent, inner.textContent]).toEqual(['own 1', 'inner 1']);
  });

  it('hydrates a waiting slice when something inside it takes the focus', async () => {
    const [own] = hydrateSection('near', { start: () => {}, end: () => {} });
    await nextTask();
    own.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await microtasks();
    own.click();
    await microtasks();
    expect(own.textContent).toBe('own 1');
  });

  it('wakes a waiting slice on a click with no pointerdown or focus before it (a screen reader activating a button)', async () => {
    const [own] = hydrateSection('near', { start: () => {}, end: () => {} });
    await nextTask();
    own.click();
    await microtasks();
    // In a browser that click itself is heard (the microtasks run before the target's listeners);
    // jsdom dispatches it in one go, so this checks the wake: the next click counts.
    const before = Number(own.textContent?.split(' ')[1]);
    own.click();
    await microtasks();
    expect(own.textContent).toBe(`own ${before + 1}`);
  });

  it('wakes a `scroll` slice on the first scroll, and leaves it waiting for a pointer elsewhere', async () => {
    const [own] = hydrateSection('scroll', { start: () => {}, end: () => {} });
    for (let i = 0; i < 3; i++) await nextTask();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await nextTask();
    own.click();
    expect(own.textContent).toBe('own 0');
    window.dispatchEvent(new Event('scroll'));
    await nextTask();
    own.click();
    await microtasks();
    expect(own.textContent).toBe('own 1');
  });

  it('takes every slice on load when not deferring (a signed-in visitor), or when its element is missing', async () => {
    const [own] = hydrateSection('near', { start: () => {}, end: () => {} }, false);
    for (let i = 0; i < 3; i++) await nextTask();
    own.click();
    await microtasks();
    expect(own.textContent).toBe('own 1');

    const turn = hydrationTurns({ start: () => {}, end: () => {} });
    const waiting = turn('no-such-element', 'near');
    let resolved = false;
    void waiting?.then(() => (resolved = true));
    for (let i = 0; i < 2; i++) await nextTask();
    expect(resolved).toBe(true);
  });
});

describe('hydration turns', () => {
  it('answers each slice with one promise until its turn, in the order they asked, then undefined', async () => {
    const done = vi.fn();
    const turn = hydrationTurns({ start: () => {}, end: done });
    const order: string[] = [];
    const a = turn('a', 'load');
    const b = turn('b', 'load');
    expect(turn('a', 'load')).toBe(a);
    void a?.then(() => order.push('a'));
    void b?.then(() => order.push('b'));
    await nextTask();
    expect(order).toEqual(['a']);
    expect(turn('a', 'load')).toBeUndefined();
    await nextTask();
    expect(order).toEqual(['a', 'b']);
    await nextTask();
    expect(done).toHaveBeenCalledOnce();
  });
});
