/** PrimeReact InputText behind a local module (docs/architecture.md: PrimeReact only through src/components/ui), so a major bump touches this folder only. */
import "./locale";
export { InputText, type InputTextProps } from "primereact/inputtext";
