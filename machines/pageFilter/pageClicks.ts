/** Pure rules of the page filter's clicks: a value is applied at most once per field. */
import { sameClick, type ChartClick } from "../../domain/commerceFilter";

/** What tells two clicks apart: the field and the value (not the time). */
export type ClickKey = Pick<ChartClick, "field" | "value">;

export function isClickApplied(clicks: readonly ChartClick[], key: ClickKey): boolean {
  return clicks.some((c) => sameClick(c, key));
}

/** `clicks` with `click` appended, unless the same value of the same field is already applied. */
export function appendClick(clicks: readonly ChartClick[], click: ChartClick): ChartClick[] {
  return isClickApplied(clicks, click) ? [...clicks] : [...clicks, click];
}

/** `clicks` without the one with that field and value. */
export function withoutClick(clicks: readonly ChartClick[], key: ClickKey): ChartClick[] {
  return clicks.filter((c) => !sameClick(c, key));
}

/** The clicks and the undo list after an undo: the latest click moves to the end of `undone`. */
export function undoLast(clicks: readonly ChartClick[], undone: readonly ChartClick[]): { clicks: ChartClick[]; undone: ChartClick[] } {
  return { clicks: clicks.slice(0, -1), undone: [...undone, ...clicks.slice(-1)] };
}

/** The clicks and the undo list after a redo: the click undone last is applied again (with its own time). */
export function redoLast(clicks: readonly ChartClick[], undone: readonly ChartClick[]): { clicks: ChartClick[]; undone: ChartClick[] } {
  const last = undone.at(-1);
  return last === undefined ? { clicks: [...clicks], undone: [] } : { clicks: appendClick(clicks, last), undone: undone.slice(0, -1) };
}
