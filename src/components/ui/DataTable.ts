/** PrimeReact DataTable and Column behind a local module (docs/architecture.md: PrimeReact only through src/components/ui), so a major bump touches this folder only. */
import "./locale";
export { DataTable, type DataTableProps } from "primereact/datatable";
export { Column, type ColumnProps } from "primereact/column";
