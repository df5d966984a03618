/** PrimeReact TabView behind a local module (docs/architecture.md: PrimeReact only through src/components/ui), so a major bump touches this folder only. */
import "./locale";
export { TabPanel, TabView, type TabPanelProps, type TabViewProps } from "primereact/tabview";
