import { useRef, type ReactNode } from "react";
import "./locale";
import { Sidebar } from "primereact/sidebar";
import { useModalFocus } from "@/components/ui/useModalFocus";

export interface DrawerProps {
  /** Title shown in the header; also the drawer's accessible name. */
  title: string;
  visible: boolean;
  onHide: () => void;
  children: ReactNode;
  position?: "left" | "right";
  className?: string;
  /** A dialog opened from the drawer is up (outside it in the DOM): focus then belongs to it. */
  suspendFocusTrap?: boolean;
}

/**
 * A modal side drawer (PrimeReact Sidebar): announced as a dialog, focus kept inside while it
 * is open, closed by Escape, the close button or a click on the mask. Focus returns to where it
 * was when the drawer opened.
 */
export function Drawer({ title, visible, onHide, children, position = "right", className, suspendFocusTrap = false }: DrawerProps) {
  const sidebar = useRef<Sidebar>(null);

  useModalFocus(visible, suspendFocusTrap, () => sidebar.current?.getElement() ?? null);

  return (
    <Sidebar
      ref={sidebar}
      visible={visible}
      onHide={onHide}
      position={position}
      className={className}
      header={<h2 className="drawer-title">{title}</h2>}
      role="dialog"
      aria-modal="true"
      aria-label={title}
      blockScroll
    >
      {children}
    </Sidebar>
  );
}
