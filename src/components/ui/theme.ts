/**
 * The app's look: PrimeReact's theme, its icons, the brand's overrides (brandTheme.css: brand
 * palette and the Prompt font in place of the theme's Inter) and hand-written fixes
 * (uiPolish.css: PrimeReact's base .p-button style, icon-to-label gap in buttons, neutral inactive
 * tabs), in that order. Imported once by the default layout. The build keeps of theme.css and brandTheme.css only the selectors of the PrimeReact
 * components the app imports (scripts/themeTrim.ts): a component newly imported gets its styles.
 */
import "primereact/resources/themes/lara-light-amber/theme.css";
import "primeicons/primeicons.css";
import "./brandTheme.css";
import "./uiPolish.css";
// PrimeReact's own words (Close, No results found, paginator labels) follow the user's language
// from the first PrimeReact component on (./locale.ts, imported by each wrapper of this folder):
// its API module is not part of the layout's first load (issue 19).
