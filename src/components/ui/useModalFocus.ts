import { useEffect, useRef } from "react";
import { trapFocus } from "@/components/ui/focusTrap";

/**
 * Focus handling of a modal drawer: while `visible`, Tab stays inside the container, unless
 * `suspended` (a dialog opened from the drawer, outside it in the DOM, has the focus then); on
 * close, focus returns to the element that had it when the drawer opened.
 */
export function useModalFocus(visible: boolean, suspended: boolean, getContainer: () => HTMLElement | null): void {
  const container = useRef(getContainer);
  container.current = getContainer;

  useEffect(() => {
    if (!visible) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, [visible]);
  useEffect(() => {
    if (!visible || suspended) return;
    return trapFocus(() => container.current());
  }, [visible, suspended]);
}
