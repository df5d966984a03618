/**
 * Paths through the filter UI model for Playwright: xstate/graph's shortest path to every state
 * of the model, then the fewest of those (greedily) that together reach every state node and
 * take every transition definition of the model, so the browser suite stays short. The
 * machinery is the model-agnostic `uiPaths.ts`.
 */
import type { SnapshotFrom } from "xstate";
import { UI_EVENTS, filterUiModel, type FilterUiContext, type FilterUiEvent } from "./filterUi.model";
import { uiPaths, type UiPath as AnyUiPath, type UiStep as AnyUiStep } from "./uiPaths";

type Value = SnapshotFrom<typeof filterUiModel>["value"];
export type UiStep = AnyUiStep<FilterUiContext, FilterUiEvent, Value>;
export type UiPath = AnyUiPath<FilterUiContext, FilterUiEvent, Value>;

const label = (e: FilterUiEvent) => ("title" in e ? `${e.type}(${e.title})` : "tab" in e ? `${e.type}(${e.tab})` : e.type);

const paths = uiPaths(filterUiModel, UI_EVENTS, label);

/** Shortest paths to every state of the model (xstate/graph). */
export const shortestUiPaths = (): UiPath[] => paths.shortestUiPaths();

/** The paths the browser suite runs: the fewest candidates (greedily) that reach every state node and transition. */
export const coveringUiPaths = (): { paths: UiPath[]; missing: string[] } => paths.coveringUiPaths();
