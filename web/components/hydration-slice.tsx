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
export type HydrationTurn = (slice: string) => Promise<void> | undefined;

const Schedule = createContext<HydrationTurn | null>(null);
export const HydrationScheduleProvider = Schedule.Provider;

export function HydrationSlice({ name, children }: { name: string; children: ReactNode }) {
  const turn = useContext(Schedule);
  if (!turn) return children;
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn} name={name}>
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

function WaitForTurn({ turn, name, children }: { turn: HydrationTurn; name: string; children: ReactNode }) {
  const waiting = turn(name);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- suspending, as in Never above
  if (waiting) throw waiting;
  return children;
}

/**
 * Slices take their turns in the order they first ask, one task (a `setTimeout`) each, so the
 * browser can paint and answer input between them; `done` runs once the last has hydrated.
 */
export function hydrationTurns(done: () => void): HydrationTurn {
  const hydrated = new Set<string>();
  const queue: { name: string; promise: Promise<void>; resolve: () => void }[] = [];
  let scheduled = false;
  const next = () => {
    const first = queue.shift();
    if (!first) {
      scheduled = false;
      done();
      return;
    }
    hydrated.add(first.name);
    first.resolve();
    setTimeout(next, 0);
  };
  return (slice) => {
    if (hydrated.has(slice)) return undefined;
    const queued = queue.find((q) => q.name === slice);
    if (queued) return queued.promise;
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    queue.push({ name: slice, promise, resolve });
    if (!scheduled) {
      scheduled = true;
      setTimeout(next, 0);
    }
    return promise;
  };
}
