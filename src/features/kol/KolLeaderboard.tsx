/**
 * The KOL leaderboard of a campaign (issue 16): one row per KOL (its bookings in the campaign
 * together), a PrimeReact DataTable sorted by any figure: a column header sorts by its figure
 * (again: the other way), and "Sort by" offers every figure, those without a column too. The
 * rows come ordered and filtered (`leaderboardOf` in machines/kol/kolSelectors.ts); the table
 * only reports the choice (`lazy`), which the URL keeps. A KOL's name shows only that KOL.
 */
import type { KolRow } from "../../../domain/kolContract";
import { KOL_SORTS, type KolSort } from "../../../domain/routeSearch";
import type { KolChoices } from "../../../machines/kol/kolMachine";
import { Column, DataTable } from "@/components/ui/DataTable";
import { Select } from "@/components/ui/Select";
import { SORT_NAMES, count, leaderboardColumns, platformLabel, tierLabel } from "@/features/kol/kolFormat";
import { t } from "@/i18n/i18n";
import { LabelledSelect } from "@/features/kol/LabelledSelect";

export interface KolLeaderboardProps {
  rows: readonly KolRow[];
  choices: KolChoices;
  campaign: string;
  onSort: (sort: KolSort) => void;
  onOrder: (order: "asc" | "desc") => void;
  onPick: (kol: number | null) => void;
}

const sortName = (s: KolSort): string => t(SORT_NAMES[s]);
const sortOfLabel = (label: string): KolSort | null => KOL_SORTS.find((s) => sortName(s) === label) ?? null;
const orderLabel = (order: "asc" | "desc"): string => (order === "asc" ? t("kol.leaderboard.lowToHigh") : t("kol.leaderboard.highToLow"));

export function KolLeaderboard({ rows, choices, campaign, onSort, onOrder, onPick }: KolLeaderboardProps) {
  const nameCell = (r: KolRow) => (
    <div className="kol-lb-name">
      {choices.kol === r.kolId ? (
        <span className="kol-lb-picked">{r.name}</span>
      ) : (
        <button type="button" className="kol-drill" aria-label={t("kol.scatter.showOnlyOf", { name: r.name })} onClick={() => onPick(r.kolId)}>
          {r.name}
        </button>
      )}
      <span className="kol-row-detail muted">
        @{r.handle} · {platformLabel(r.platform)} · {tierLabel(r.tier)}
        {r.bookings > 1 ? ` · ${t("kol.leaderboard.bookings", { n: count(r.bookings) })}` : ""}
      </span>
    </div>
  );
  return (
    <>
      <div className="kol-sort" role="group" aria-label={t("kol.leaderboard.order")}>
        <LabelledSelect label={t("kol.leaderboard.sortBy")}>
          <Select label={t("kol.leaderboard.sortBy")} value={sortName(choices.sort)} options={KOL_SORTS.map(sortName)} onChange={(l) => { const s = sortOfLabel(l); if (s !== null) onSort(s); }} />
        </LabelledSelect>
        <LabelledSelect label={t("kol.leaderboard.orderLabel")}>
          <Select label={t("kol.leaderboard.orderLabel")} value={orderLabel(choices.order)} options={[orderLabel("desc"), orderLabel("asc")]} onChange={(l) => onOrder(l === orderLabel("asc") ? "asc" : "desc")} />
        </LabelledSelect>
        <span className="muted kol-sort-note">{t("kol.leaderboard.note", { count: rows.length, n: count(rows.length) })}</span>
      </div>
      <div className="kol-leaderboard">
        <DataTable
          value={rows as KolRow[]}
          dataKey="kolId"
          lazy
          sortField={choices.sort}
          sortOrder={choices.order === "asc" ? 1 : -1}
          onSort={(e) => {
            if (typeof e.sortField === "string" && (KOL_SORTS as readonly string[]).includes(e.sortField)) onSort(e.sortField as KolSort);
          }}
          size="small"
          scrollable
          stripedRows
          emptyMessage={t("kol.leaderboard.empty")}
          aria-label={choices.order === "asc" ? t("kol.leaderboard.labelAsc", { campaign, sort: sortName(choices.sort) }) : t("kol.leaderboard.labelDesc", { campaign, sort: sortName(choices.sort) })}
          tableStyle={{ minWidth: "68rem" }}
        >
          <Column field="name" header={t("kol.table.kol")} sortable body={nameCell} headerClassName="kol-lb-name-col" bodyClassName="kol-lb-name-cell" />
          {leaderboardColumns().map((c) => (
            <Column key={c.sort} field={c.sort} header={c.header} sortable body={(r: KolRow) => c.cell(r)} align="right" headerClassName="kol-lb-num" />
          ))}
        </DataTable>
      </div>
    </>
  );
}
