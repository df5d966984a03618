/**
 * The app's look: PrimeReact's theme, its icons and the brand's overrides (brandTheme.css), in
 * that order. Imported once by the default layout; PrimeReact's files are reached only from here.
 */
import "primereact/resources/themes/lara-light-amber/theme.css";
import "primeicons/primeicons.css";
import "./brandTheme.css";
