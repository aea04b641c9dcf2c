import { lazy, useEffect, useState, type ComponentType } from "react";

/**
 * One component of a module loaded when it is first drawn (a modal, a
 * rarely opened panel): its script is not part of the screen's first paint
 * (docs/performance.md). Draw it inside a <Suspense>.
 */
export function lazyPart<M extends Record<K, ComponentType<never>>, K extends string>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType<PropsOf<M[K]>> })));
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * False for a screen's first paint, true from the next frame: what lies
 * below the fold (a job card's work items) is drawn then, so the fields at
 * the top show without waiting for it (docs/performance.md).
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setAfter(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return after;
}
