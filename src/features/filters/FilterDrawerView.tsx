/**
 * The filter drawer as plain props (spec §2): tabs Template and Filter. The container
 * (`FilterDrawer.tsx`) reads the machines and passes what to show and what to send.
 */
import { useRef } from "react";
import { Button } from "@/components/ui/Button";
import { InputNumber } from "@/components/ui/InputNumber";
import { InputSwitch } from "@/components/ui/InputSwitch";
import { MultiSelect } from "@/components/ui/MultiSelect";
import { ProgressSpinner } from "@/components/ui/ProgressSpinner";
import { Sidebar } from "@/components/ui/Sidebar";
import { TabPanel, TabView } from "@/components/ui/TabView";
import type { Bag, FilterTemplateRecord, Page } from "../../../domain/entities";
import { CHANNEL_LABELS } from "../../../domain/permissions";
import { LOCATION_OPTIONS, PLATFORM_OPTIONS } from "../../../domain/viewSearch";
import { ALL_STATUS, statusOptionOf, type FilterDraft, type FilterValues, type Location, type Platform } from "../../../machines/filterDrawer/filterDraft";
import type { DrawerTab } from "../../../machines/filterDrawer/filterDrawerSetup";
import { SelectField } from "@/components/ui/Select";
import { useModalFocus } from "@/components/ui/useModalFocus";
import "@/features/filters/filterDrawer.css";

const TABS: readonly DrawerTab[] = ["template", "filter"];

export interface FilterDrawerViewProps {
  visible: boolean;
  /** A template dialog is open over the drawer: focus then belongs to that dialog. */
  dialogOpen: boolean;
  /** 420 or 356 px (spec §2). */
  width: number;
  onHide: () => void;
  loading: boolean;
  /** Set when the drawer could not be prepared. */
  unavailable: string | null;
  onRetry: () => void;
  tab: DrawerTab | null;
  onTab: (tab: DrawerTab) => void;
  templates: TemplateListProps;
  filter: FilterFormProps;
}

export function FilterDrawerView(p: FilterDrawerViewProps) {
  const sidebar = useRef<Sidebar>(null);
  const { visible, dialogOpen } = p;

  // Modal like the shell's Drawer, except while one of its dialogs (outside it in the DOM) is up.
  useModalFocus(visible, dialogOpen, () => sidebar.current?.getElement() ?? null);

  return (
    <Sidebar
      ref={sidebar}
      visible={p.visible}
      onHide={p.onHide}
      position="right"
      // Spec §2: width 420 when the window is wider than 600 px, else 356. PrimeReact's Sidebar
      // is used directly (not the shell's Drawer wrapper, which has no width) because the width
      // must follow the window.
      style={{ width: `${p.width}px` }}
      header={<h2 className="drawer-title">Filters</h2>}
      role="dialog"
      aria-modal="true"
      aria-label="Filters"
      blockScroll
      className="filter-drawer"
    >
      {p.loading && (
        <div className="filter-drawer__loading" role="status">
          <ProgressSpinner style={{ width: "2rem", height: "2rem" }} aria-hidden="true" />
          <span>Loading templates…</span>
        </div>
      )}
      {p.unavailable !== null && (
        <div className="filter-drawer__problem" role="alert">
          <p>The filters could not be opened: {p.unavailable}</p>
          <Button type="button" label="Try again" onClick={p.onRetry} />
        </div>
      )}
      {p.tab !== null && (
        <TabView activeIndex={TABS.indexOf(p.tab)} onTabChange={(e) => p.onTab(TABS[e.index] ?? "template")}>
          <TabPanel header="Template">
            <TemplateList {...p.templates} />
          </TabPanel>
          <TabPanel header="Filter">
            <FilterForm {...p.filter} />
          </TabPanel>
        </TabView>
      )}
    </Sidebar>
  );
}

export interface TemplateListProps {
  templates: readonly FilterTemplateRecord[];
  error: string | null;
  activeTitle: string | null;
  canCreate: boolean;
  onToggle: (title: string) => void;
  onEdit: (title: string) => void;
  onDelete: (title: string) => void;
  onCreate: () => void;
}

function describeTemplate(t: FilterTemplateRecord): string {
  const { min, max } = t.basketSize;
  const basket = min === null && max === null ? "Any basket size" : `Basket ${min ?? 0}–${max ?? "∞"}`;
  const status = statusOptionOf(t.status);
  return [
    basket, t.platform || PLATFORM_OPTIONS[0], t.location || LOCATION_OPTIONS[0],
    ...(status === ALL_STATUS ? [] : [status]), ...(t.product.trim() === "" ? [] : [t.product.trim()]),
  ].join(" · ");
}

function TemplateList(p: TemplateListProps) {
  return (
    <section className="template-list" aria-label="Templates">
      {p.error !== null && (
        <p className="form-error" role="alert">
          Templates could not be loaded: {p.error}
        </p>
      )}
      {p.templates.length === 0 && p.error === null && <p className="muted">No templates yet. Set the filter, then create one.</p>}
      <ul>
        {p.templates.map((t) => (
          <li key={t.title} className="template-item">
            <InputSwitch
              checked={p.activeTitle === t.title}
              onChange={() => p.onToggle(t.title)}
              aria-label={t.title}
            />
            <div className="template-item__text">
              <span className="template-item__title">{t.title}</span>
              <span className="template-item__summary">{describeTemplate(t)}</span>
            </div>
            <Button type="button" icon="pi pi-pencil" text rounded aria-label={`Edit ${t.title}`} onClick={() => p.onEdit(t.title)} />
            <Button
              type="button"
              icon="pi pi-trash"
              text
              rounded
              severity="danger"
              aria-label={`Delete ${t.title}`}
              onClick={() => p.onDelete(t.title)}
            />
          </li>
        ))}
      </ul>
      <Button type="button" label="Create Template" icon="pi pi-plus" onClick={p.onCreate} disabled={!p.canCreate} />
    </section>
  );
}

export interface FilterFormProps {
  draft: FilterDraft;
  pageOptions: readonly Page[];
  bagOptions: readonly Bag[];
  narrowing: boolean;
  pagesError: string | null;
  canSearch: boolean;
  onPages: (ids: readonly string[]) => void;
  onBags: (ids: readonly string[]) => void;
  onChange: (patch: Partial<FilterValues>) => void;
  onSearch: () => void;
}

const bagLabel = (b: Bag) => `${b.name} (${CHANNEL_LABELS[b.channel]})`;
const asIds = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

function FilterForm(p: FilterFormProps) {
  return (
    <form
      className="filter-form"
      aria-label="Filter"
      onSubmit={(e) => {
        e.preventDefault();
        p.onSearch();
      }}
    >
      <div className="field">
        <label id="filter-bags-label" htmlFor="filter-bags">
          Accounts
        </label>
        <MultiSelect
          inputId="filter-bags"
          aria-labelledby="filter-bags-label"
          value={[...p.draft.bags]}
          options={p.bagOptions.map((b) => ({ label: bagLabel(b), value: b._id }))}
          onChange={(e) => p.onBags(asIds(e.value))}
          placeholder="All accounts"
          filter
          maxSelectedLabels={2}
          selectedItemsLabel="{0} accounts"
          appendTo="self"
        />
      </div>
      <div className="field">
        <label id="filter-pages-label" htmlFor="filter-pages">
          Pages
        </label>
        <MultiSelect
          inputId="filter-pages"
          aria-labelledby="filter-pages-label"
          value={[...p.draft.pages]}
          options={p.pageOptions.map((page) => ({ label: page.name, value: page.id }))}
          onChange={(e) => p.onPages(asIds(e.value))}
          placeholder={p.draft.bags.length > 0 ? "All pages of the chosen accounts" : "All pages"}
          filter
          loading={p.narrowing}
          maxSelectedLabels={2}
          selectedItemsLabel="{0} pages"
          appendTo="self"
        />
        {p.pagesError !== null && (
          <small className="form-error" role="alert">
            {p.pagesError}
          </small>
        )}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="filter-min">Minimum basket size</label>
          <InputNumber
            inputId="filter-min"
            value={p.draft.min}
            onValueChange={(e) => p.onChange({ min: e.value ?? null })}
            min={0}
            maxFractionDigits={2}
            placeholder="No minimum"
          />
        </div>
        <div className="field">
          <label htmlFor="filter-max">Maximum basket size</label>
          <InputNumber
            inputId="filter-max"
            value={p.draft.max}
            onValueChange={(e) => p.onChange({ max: e.value ?? null })}
            min={0}
            maxFractionDigits={2}
            placeholder="No maximum"
          />
        </div>
      </div>
      <SelectField label="Platform" value={p.draft.platform} options={PLATFORM_OPTIONS} onChange={(v) => p.onChange({ platform: v as Platform })} />
      <SelectField label="Location" value={p.draft.location} options={LOCATION_OPTIONS} onChange={(v) => p.onChange({ location: v as Location })} />
      <Button type="submit" label="Search" icon="pi pi-search" disabled={!p.canSearch} />
    </form>
  );
}
