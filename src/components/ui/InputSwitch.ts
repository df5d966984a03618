/** PrimeReact InputSwitch behind a local module (docs/architecture.md: PrimeReact only through src/components/ui), so a major bump touches this folder only. */
export { InputSwitch, type InputSwitchProps } from "primereact/inputswitch";
