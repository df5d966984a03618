/** PrimeReact MultiSelect behind a local module (docs/architecture.md: PrimeReact only through src/components/ui), so a major bump touches this folder only. */
import "./locale";
export { MultiSelect, type MultiSelectProps } from "primereact/multiselect";
