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
import { locationLabel, platformLabel, statusLabel } from "@/features/filters/optionLabels";
import { formatCount } from "@/components/format/numbers";
import { t, translateMessage } from "@/i18n/i18n";
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
      header={<h2 className="drawer-title">{t("common.filters.title")}</h2>}
      role="dialog"
      aria-modal="true"
      aria-label={t("common.filters.title")}
      blockScroll
      className="filter-drawer"
    >
      {p.loading && (
        <div className="filter-drawer__loading" role="status">
          <ProgressSpinner style={{ width: "2rem", height: "2rem" }} aria-hidden="true" />
          <span>{t("common.filters.loadingTemplates")}</span>
        </div>
      )}
      {p.unavailable !== null && (
        <div className="filter-drawer__problem" role="alert">
          <p>{t("common.filters.unavailable", { reason: translateMessage(p.unavailable) })}</p>
          <Button type="button" label={t("common.action.tryAgain")} onClick={p.onRetry} />
        </div>
      )}
      {p.tab !== null && (
        <TabView activeIndex={TABS.indexOf(p.tab)} onTabChange={(e) => p.onTab(TABS[e.index] ?? "template")}>
          <TabPanel header={t("common.filters.tabTemplate")}>
            <TemplateList {...p.templates} />
          </TabPanel>
          <TabPanel header={t("common.filters.tabFilter")}>
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

function describeTemplate(template: FilterTemplateRecord): string {
  const { min, max } = template.basketSize;
  const basket =
    min === null && max === null
      ? t("common.filters.anyBasket")
      : t("common.filters.basketRange", { min: formatCount(min ?? 0, 2), max: max === null ? "∞" : formatCount(max, 2) });
  const status = statusOptionOf(template.status);
  return [
    basket, platformLabel(template.platform || PLATFORM_OPTIONS[0]), locationLabel(template.location || LOCATION_OPTIONS[0]),
    ...(status === ALL_STATUS ? [] : [statusLabel(status)]), ...(template.product.trim() === "" ? [] : [template.product.trim()]),
  ].join(" · ");
}

function TemplateList(p: TemplateListProps) {
  return (
    <section className="template-list" aria-label={t("common.filters.templates")}>
      {p.error !== null && (
        <p className="form-error" role="alert">
          {t("common.filters.templatesError", { reason: translateMessage(p.error) })}
        </p>
      )}
      {p.templates.length === 0 && p.error === null && <p className="muted">{t("common.filters.noTemplates")}</p>}
      <ul>
        {p.templates.map((tpl) => (
          <li key={tpl.title} className="template-item">
            <InputSwitch
              checked={p.activeTitle === tpl.title}
              onChange={() => p.onToggle(tpl.title)}
              aria-label={tpl.title}
            />
            <div className="template-item__text">
              <span className="template-item__title">{tpl.title}</span>
              <span className="template-item__summary">{describeTemplate(tpl)}</span>
            </div>
            <Button
              type="button"
              icon="pi pi-pencil"
              text
              rounded
              aria-label={t("common.filters.editNamed", { title: tpl.title })}
              onClick={() => p.onEdit(tpl.title)}
            />
            <Button
              type="button"
              icon="pi pi-trash"
              text
              rounded
              severity="danger"
              aria-label={t("common.filters.deleteNamed", { title: tpl.title })}
              onClick={() => p.onDelete(tpl.title)}
            />
          </li>
        ))}
      </ul>
      <Button type="button" label={t("common.filters.createTemplate")} icon="pi pi-plus" onClick={p.onCreate} disabled={!p.canCreate} />
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
/** PrimeReact's MultiSelect puts the number of chosen items in place of "{0}". */
const CHOSEN_COUNT = "{0}";
const asIds = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

function FilterForm(p: FilterFormProps) {
  return (
    <form
      className="filter-form"
      aria-label={t("common.filters.form")}
      onSubmit={(e) => {
        e.preventDefault();
        p.onSearch();
      }}
    >
      <div className="field">
        <label id="filter-bags-label" htmlFor="filter-bags">
          {t("common.filters.accounts")}
        </label>
        <MultiSelect
          inputId="filter-bags"
          aria-labelledby="filter-bags-label"
          value={[...p.draft.bags]}
          options={p.bagOptions.map((b) => ({ label: bagLabel(b), value: b._id }))}
          onChange={(e) => p.onBags(asIds(e.value))}
          placeholder={t("common.filters.allAccounts")}
          filter
          maxSelectedLabels={2}
          selectedItemsLabel={t("common.filters.accountsChosen", { count: CHOSEN_COUNT })}
          appendTo="self"
        />
      </div>
      <div className="field">
        <label id="filter-pages-label" htmlFor="filter-pages">
          {t("common.filters.pages")}
        </label>
        <MultiSelect
          inputId="filter-pages"
          aria-labelledby="filter-pages-label"
          value={[...p.draft.pages]}
          options={p.pageOptions.map((page) => ({ label: page.name, value: page.id }))}
          onChange={(e) => p.onPages(asIds(e.value))}
          placeholder={p.draft.bags.length > 0 ? t("common.filters.allPagesOfAccounts") : t("common.filters.allPages")}
          filter
          loading={p.narrowing}
          maxSelectedLabels={2}
          selectedItemsLabel={t("common.filters.pagesChosen", { count: CHOSEN_COUNT })}
          appendTo="self"
        />
        {p.pagesError !== null && (
          <small className="form-error" role="alert">
            {translateMessage(p.pagesError)}
          </small>
        )}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="filter-min">{t("common.filters.minBasket")}</label>
          <InputNumber
            inputId="filter-min"
            value={p.draft.min}
            onValueChange={(e) => p.onChange({ min: e.value ?? null })}
            min={0}
            maxFractionDigits={2}
            placeholder={t("common.filters.noMinimum")}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-max">{t("common.filters.maxBasket")}</label>
          <InputNumber
            inputId="filter-max"
            value={p.draft.max}
            onValueChange={(e) => p.onChange({ max: e.value ?? null })}
            min={0}
            maxFractionDigits={2}
            placeholder={t("common.filters.noMaximum")}
          />
        </div>
      </div>
      <SelectField
        label={t("common.filters.platform")}
        value={p.draft.platform}
        options={PLATFORM_OPTIONS}
        optionLabel={platformLabel}
        onChange={(v) => p.onChange({ platform: v as Platform })}
      />
      <SelectField
        label={t("common.filters.location")}
        value={p.draft.location}
        options={LOCATION_OPTIONS}
        optionLabel={locationLabel}
        onChange={(v) => p.onChange({ location: v as Location })}
      />
      <Button type="submit" label={t("common.filters.search")} icon="pi pi-search" disabled={!p.canSearch} />
    </form>
  );
}
