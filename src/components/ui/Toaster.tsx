import { useEffect, useRef } from "react";
import "./locale";
import { Toast } from "primereact/toast";
import { TOAST_LIFE_MS, attachToaster } from "@/app/toast";
import { translateMessage } from "@/i18n/i18n";

/**
 * Where `showToast` messages appear (spec §2, §9: top right, 1500 ms), below the top bar: a toast
 * over the top bar's buttons (Filter, KPI) would catch the pointer, and PrimeReact keeps a toast
 * open while the pointer rests on it. It would also catch clicks meant for what it covers (the
 * KPI drawer's '+ Create KPI' sits under it), and a pointer resting on that button would hold the
 * toast open for good. So the toast lets the pointer through: it is read, and announced by its
 * live region, and goes after 1500 ms whatever the pointer does. PrimeReact places the toast with
 * an inline `top`; the `pt` root style is merged after it, so it wins (a `style` prop or a CSS
 * rule does not).
 *
 * A message that came as English text (a statechart's summary, a server's reason) is shown through
 * `translateMessage`; one already in the user's language is shown as it is.
 */
const BELOW_TOP_BAR = { root: { style: { top: 84, pointerEvents: "none" } } } as const;

export function Toaster() {
  const toast = useRef<Toast>(null);
  useEffect(
    () =>
      attachToaster((message) => {
        // Machines and the server send English (their tests read it); shown in the user's language.
        toast.current?.show({
          ...message,
          summary: translateMessage(message.summary),
          ...(message.detail === undefined ? {} : { detail: translateMessage(message.detail) }),
          life: TOAST_LIFE_MS,
        });
      }),
    [],
  );
  return <Toast ref={toast} position="top-right" pt={BELOW_TOP_BAR} />;
}
