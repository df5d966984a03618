import { useLocation } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { showClearFilter, showDatePicker, showKpiButton } from "../../../domain/permissions";
import { selectPermissions, selectUser } from "../../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { clearPageFilterOf } from "@/app/pageFilters";
import { brandsOf, channelsOf, useSetView, useView } from "@/app/view";
import { TopBarView } from "@/features/shell/TopBarView";

export interface TopBarProps {
  menuOpen: boolean;
  onMenuToggle: () => void;
  onKpi: () => void;
  onFilter: () => void;
}

export function TopBar({ menuOpen, onMenuToggle, onKpi, onFilter }: TopBarProps) {
  const path = useLocation({ select: (l) => l.pathname });
  const user = useSelector(authActor, selectUser);
  const permissions = useSelector(authActor, selectPermissions);
  const view = useView();
  const setView = useSetView();
  return (
    <TopBarView
      showDatePicker={showDatePicker(path)}
      showClearFilter={showClearFilter(path, permissions)}
      showKpi={showKpiButton(path, permissions)}
      range={view.range}
      brand={view.brand}
      brands={brandsOf(user)}
      channel={view.ch}
      channels={channelsOf(user, path)}
      menuOpen={menuOpen}
      onMenuToggle={onMenuToggle}
      onRange={(start, end) => setView({ start, end })}
      onBrand={(brand) => setView({ brand })}
      onChannel={(ch) => setView({ ch })}
      // Clear Filter resets the current page's filters and the active template (issue 3), and its chart clicks (issue 6).
      onClearFilter={() => {
        clearPageFilterOf(path);
        setView({ tpl: undefined, adhoc: undefined, pages: undefined, bags: undefined });
      }}
      onKpi={onKpi}
      onFilter={onFilter}
    />
  );
}
