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
import { LEADERBOARD_COLUMNS, SORT_NAMES, count, platformLabel, tierLabel } from "@/features/kol/kolFormat";
import { LabelledSelect } from "@/features/kol/LabelledSelect";

export interface KolLeaderboardProps {
  rows: readonly KolRow[];
  choices: KolChoices;
  campaign: string;
  onSort: (sort: KolSort) => void;
  onOrder: (order: "asc" | "desc") => void;
  onPick: (kol: number | null) => void;
}

const SORT_LABELS = KOL_SORTS.map((s) => SORT_NAMES[s]);
const sortOfLabel = (label: string): KolSort | null => KOL_SORTS.find((s) => SORT_NAMES[s] === label) ?? null;
const ORDER_LABELS = { desc: "High to low", asc: "Low to high" } as const;

export function KolLeaderboard({ rows, choices, campaign, onSort, onOrder, onPick }: KolLeaderboardProps) {
  const nameCell = (r: KolRow) => (
    <div className="kol-lb-name">
      {choices.kol === r.kolId ? (
        <span className="kol-lb-picked">{r.name}</span>
      ) : (
        <button type="button" className="kol-drill" aria-label={`Show only ${r.name}`} onClick={() => onPick(r.kolId)}>
          {r.name}
        </button>
      )}
      <span className="kol-row-detail muted">
        @{r.handle} · {platformLabel(r.platform)} · {tierLabel(r.tier)}
        {r.bookings > 1 ? ` · ${count(r.bookings)} bookings` : ""}
      </span>
    </div>
  );
  return (
    <>
      <div className="kol-sort" role="group" aria-label="Leaderboard order">
        <LabelledSelect label="Sort by">
          <Select label="Sort by" value={SORT_NAMES[choices.sort]} options={SORT_LABELS} onChange={(l) => { const s = sortOfLabel(l); if (s !== null) onSort(s); }} />
        </LabelledSelect>
        <LabelledSelect label="Order">
          <Select label="Order" value={ORDER_LABELS[choices.order]} options={[ORDER_LABELS.desc, ORDER_LABELS.asc]} onChange={(l) => onOrder(l === ORDER_LABELS.asc ? "asc" : "desc")} />
        </LabelledSelect>
        <span className="muted kol-sort-note">
          {rows.length === 1 ? "1 KOL" : `${count(rows.length)} KOLs`}; a KOL without a value for the figure comes last.
        </span>
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
          emptyMessage="No KOL matches the filters."
          aria-label={`KOL leaderboard of ${campaign}, by ${SORT_NAMES[choices.sort]}, ${ORDER_LABELS[choices.order].toLowerCase()}`}
          tableStyle={{ minWidth: "68rem" }}
        >
          <Column field="name" header="KOL" sortable body={nameCell} headerClassName="kol-lb-name-col" bodyClassName="kol-lb-name-cell" />
          {LEADERBOARD_COLUMNS.map((c) => (
            <Column key={c.sort} field={c.sort} header={c.header} sortable body={(r: KolRow) => c.cell(r)} align="right" headerClassName="kol-lb-num" />
          ))}
        </DataTable>
      </div>
    </>
  );
}
