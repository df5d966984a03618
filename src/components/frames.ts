import { startTransition, useEffect, useState } from "react";

/**
 * Runs `run` in the task after the browser's next frame (a frame callback runs before the frame's
 * style and layout; the task it posts, after them). Returns the cancel.
 */
export function afterNextFrame(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * `value` once the browser has drawn a frame with the render that brought it, in a transition of
 * its own (issue 19): a part of a page renders a frame after the rest, so the style and layout of
 * new data are two frames, not one long one. Chained, a part per frame. `null` at once when
 * `value` is null, and until the first value has come through; afterwards the last value that
 * did, while the next waits for its frame.
 */
export function useAfterFrame<T>(value: T | null): T | null {
  const [later, setLater] = useState<T | null>(null);
  useEffect(() => (value === null ? undefined : afterNextFrame(() => startTransition(() => setLater(() => value)))), [value]);
  return value === null ? null : later;
}
