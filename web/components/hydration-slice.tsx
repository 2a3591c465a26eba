import { createContext, Suspense, useContext, type ReactNode } from 'react';

/**
 * Hydration in slices, for the landing page's own build (vite.config.ts, landingBuildConfig), which
 * hydrates with Preact. Preact hydrates a tree in one call, where React yields to the browser every
 * few milliseconds: on Lighthouse's phone the whole landing page was one task of 750-1,250 ms.
 * Preact keeps a suspended part's prerendered DOM as it is while it hydrates the rest, and hydrates
 * it when it resumes; so each slice waits for its turn, and the turns come one task apart
 * (web/app/preact/hydrate-landing.tsx). A slice must render a single element: Preact keeps one node for a
 * suspended part. Without a schedule (the prerender, the SPA) a slice is its children, nothing more.
 */

/**
 * When a slice hydrates. `load`: its turn comes as the page loads. The others wait for the visitor,
 * so a phone that only reads the top of the page never pays for the parts below: `near`, when the
 * slice's element comes within a screen of the viewport; `scroll`, when the page first scrolls or
 * resizes (a part that follows the scroll position). A waiting slice also hydrates at once when the
 * visitor points at, focuses or clicks anything inside it, with the slices inside it, so the tap,
 * key or click lands on a hydrated element. A waiting slice's element is the one whose id is the
 * slice's name; without it (or without IntersectionObserver, or when the schedule is not deferring)
 * a slice takes its turn on load, so a mistake costs time, never behaviour.
 */
export type HydrationTrigger = 'load' | 'near' | 'scroll';

export type HydrationTurn = (slice: string, on: HydrationTrigger) => Promise<void> | undefined;

const Schedule = createContext<HydrationTurn | null>(null);
export const HydrationScheduleProvider = Schedule.Provider;

export function HydrationSlice({ name, on = 'load', children }: { name: string; on?: HydrationTrigger; children: ReactNode }) {
  const turn = useContext(Schedule);
  if (!turn) return children;
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn} name={name} on={on}>
        {children}
      </WaitForTurn>
    </Suspense>
  );
}

/**
 * A part with nothing to hydrate (no state, no handlers, nothing that depends on the visitor): in
 * the landing page's build it keeps its prerendered DOM for good, and its code never runs in the
 * browser. Anchors, text and CSS behave the same without it. Like a slice, it renders one element.
 */
export function Prerendered({ children }: { children: ReactNode }) {
  const turn = useContext(Schedule);
  if (!turn) return children;
  return (
    <Suspense fallback={null}>
      <Never />
    </Suspense>
  );
}

const never = new Promise<never>(() => {});
function Never(): never {
  // Suspending is throwing a promise to the Suspense boundary above (preact/compat has no `use`).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw never;
}

function WaitForTurn({ turn, name, on, children }: { turn: HydrationTurn; name: string; on: HydrationTrigger; children: ReactNode }) {
  const waiting = turn(name, on);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- suspending, as in Never above
  if (waiting) throw waiting;
  return children;
}

/** What the schedule tells while slices hydrate: web/app/preact/react.ts's `hydration`. */
export interface HydrationSpan {
  start: () => void;
  end: () => void;
}

// A click with neither before it (a screen reader's activation) wakes the slice too: the browser
// runs the microtasks between the document's capture listener and the target's, so the handler Preact
// attaches there hears that very click.
const INTENT_EVENTS = ['pointerdown', 'focusin', 'click'] as const;

/**
 * The landing page's schedule. Slices that hydrate on load take their turns in the order they first
 * ask, one task (a `setTimeout`) each, so the browser can paint and answer input between them; the
 * others wait for their trigger (HydrationTrigger), unless `defer` is false: then every slice is a
 * load slice. `span` is started now (the frame hydrates in this task) and ended once nothing is left
 * to hydrate for the moment: the last load slice's task, or the task after a waiting slice woke.
 */
export function hydrationTurns(span: HydrationSpan, { defer = true }: { defer?: boolean } = {}): HydrationTurn {
  const hydrated = new Set<string>();
  const waiting = new Map<string, { promise: Promise<void>; resolve: () => void; element?: Element; stop?: () => void }>();
  const queue: string[] = [];
  let scheduled = false;
  // A woken slice's subtree hydrates in this task's microtasks; the slices inside it come along.
  let urgent = false;

  let busy = 0;
  const hold = () => {
    if (busy++ === 0) span.start();
  };
  const release = () => {
    if (--busy === 0) span.end();
  };
  hold();
  setTimeout(release, 0); // the frame's own hydration is this task

  const hydrate = (name: string) => {
    const slice = waiting.get(name);
    if (!slice) return;
    waiting.delete(name);
    slice.stop?.();
    hydrated.add(name);
    slice.resolve();
  };
  const next = () => {
    const name = queue.shift();
    if (name === undefined) {
      scheduled = false;
      release();
      return;
    }
    hydrate(name);
    setTimeout(next, 0);
  };
  const enqueue = (name: string) => {
    queue.push(name);
    if (scheduled) return;
    scheduled = true;
    hold();
    setTimeout(next, 0);
  };
  const wake = (name: string, now: boolean) => {
    if (!waiting.has(name)) return;
    hold();
    urgent ||= now;
    hydrate(name);
    setTimeout(() => {
      urgent = false;
      release();
    }, 0);
  };

  const onIntent = (event: Event) => {
    for (const [name, { element }] of waiting) if (element?.contains(event.target as Node)) wake(name, true);
  };
  let listening = false;
  const listen = () => {
    if (listening) return;
    listening = true;
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  };

  /** Waits for `on`; false when this slice cannot wait (and takes its turn on load). */
  const arm = (name: string, on: HydrationTrigger): boolean => {
    const element = defer && on !== 'load' ? document.getElementById(name) : null;
    const slice = waiting.get(name);
    if (!element || !slice) return false;
    if (on === 'near') {
      if (typeof IntersectionObserver === 'undefined') return false;
      // A screen ahead: the slice is hydrated before it scrolls into view.
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) wake(name, false);
        },
        { rootMargin: '100% 0px' },
      );
      observer.observe(element);
      slice.stop = () => observer.disconnect();
    } else {
      // Opened already scrolled (a reload, a #section link): the part must follow at once.
      if (window.scrollY > 0) return false;
      const onScroll = () => wake(name, false);
      window.addEventListener('scroll', onScroll, { passive: true });
      window.addEventListener('resize', onScroll);
      slice.stop = () => {
        window.removeEventListener('scroll', onScroll);
        window.removeEventListener('resize', onScroll);
      };
    }
    slice.element = element;
    listen();
    return true;
  };

  return (name, on) => {
    if (hydrated.has(name)) return undefined;
    if (urgent) {
      hydrated.add(name);
      return undefined;
    }
    const asked = waiting.get(name);
    if (asked) return asked.promise;
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    waiting.set(name, { promise, resolve });
    if (!arm(name, on)) enqueue(name);
    return promise;
  };
}
