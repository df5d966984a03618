import { useEffect, useRef } from "react";
import { Toast } from "primereact/toast";
import { TOAST_LIFE_MS, attachToaster } from "@/app/toast";

/** Where `showToast` messages appear (spec §2, §9: top right, 1500 ms). */
export function Toaster() {
  const toast = useRef<Toast>(null);
  useEffect(
    () =>
      attachToaster((message) => {
        toast.current?.show({ ...message, life: TOAST_LIFE_MS });
      }),
    [],
  );
  return <Toast ref={toast} position="top-right" />;
}
