/**
 * Finds visible text written in a component instead of taken from the message catalogue
 * (issue 18, docs/i18n.md): JSX text with a letter in it, a string literal with a letter as a
 * visible attribute (label, header, aria-label, placeholder, title, alt, ...) or as the value of
 * a visible property of an object (label:, header:, title:, summary:, detail:, message:, ...),
 * and a string literal with a letter in a JSX expression ({"Close"}).
 *
 * A line may opt out with a trailing comment `// i18n-ignore: <why>` (or `{/* i18n-ignore *\/}`
 * on the line before, for JSX), for text that is not a word of the UI: a product's own name, a
 * unit symbol, a format pattern.
 *
 * `npx tsx scripts/i18nLiterals.ts [paths...]` prints the findings (default: src); the catalogue
 * test (`tests/i18n/catalogue.test.ts`) fails on any.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const LETTER = /[A-Za-z\u0E00-\u0E7F]/;

/** JSX attributes that a person sees or hears. */
export const VISIBLE_ATTRIBUTES = new Set([
  "label", "header", "footer", "title", "placeholder", "alt", "aria-label", "aria-description", "aria-valuetext", "aria-roledescription",
  "emptyMessage", "tooltip", "legend", "caption", "message", "summary", "detail", "acceptLabel", "rejectLabel", "description",
  "heading", "subtitle", "text", "hint", "name", "unit", "definition", "emptyText", "loadingText", "ariaLabel", "offLabel", "onLabel",
  "chooseLabel", "uploadLabel", "cancelLabel", "selectedItemsLabel", "filterPlaceholder", "noun", "what", "value",
]);

/** Object properties whose string values are shown. */
export const VISIBLE_PROPERTIES = new Set([
  "label", "header", "title", "summary", "detail", "message", "placeholder", "heading", "subtitle", "caption", "description",
  "definition", "hint", "emptyMessage", "tooltip", "text", "ariaLabel", "unitLabel", "noun", "legend", "help", "what", "hovertext",
]);

/** Attributes whose values are never text (ids, classes, types, roles, keys). */
const TECHNICAL = /^(className|id|key|type|role|htmlFor|href|src|rel|target|inputMode|autoComplete|accept|method|icon|iconPos|severity|size|variant|position|dataKey|field|sortField|name)$/;

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly where: string;
}

function ignored(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split("\n");
  return /i18n-ignore/.test(lines[line] ?? "") || /i18n-ignore/.test(lines[line - 1] ?? "");
}

export function scanSource(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, value: string, where: string) => {
    if (!LETTER.test(value) || ignored(source, node)) return;
    findings.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: value.trim().slice(0, 80), where });
  };
  const stringOf = (node: ts.Node | undefined): string | null => {
    if (node === undefined) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => s.literal.text).join(" ");
    return null;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      report(node, node.text, "JSX text");
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      if (!TECHNICAL.test(name) && (VISIBLE_ATTRIBUTES.has(name) || /Label$|Text$|Message$|Title$/.test(name))) {
        const init = node.initializer;
        const literal = init === undefined ? null : ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) ? stringOf(init.expression) : null;
        if (literal !== null) report(node, literal, `attribute ${name}`);
      }
    } else if (ts.isJsxExpression(node) && node.parent !== undefined && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const literal = stringOf(node.expression);
      if (literal !== null) report(node, literal, "JSX expression");
      if (node.expression !== undefined && ts.isConditionalExpression(node.expression)) {
        for (const branch of [node.expression.whenTrue, node.expression.whenFalse]) {
          const s = stringOf(branch);
          if (s !== null) report(branch, s, "JSX expression");
        }
      }
    } else if (ts.isPropertyAssignment(node)) {
      const name = node.name.getText(source).replace(/^["']|["']$/g, "");
      if (VISIBLE_PROPERTIES.has(name)) {
        const literal = stringOf(node.initializer);
        if (literal !== null) report(node, literal, `property ${name}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** Source files under `paths` (directories walked; tests and type declarations left out). */
export function sourceFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) {
      for (const entry of readdirSync(p)) walk(join(p, entry));
    } else if (/\.tsx?$/.test(p) && !p.endsWith(".d.ts") && !/\.build\.ts$/.test(p)) {
      out.push(p);
    }
  };
  for (const p of paths) walk(p);
  return out.sort();
}

export function scanPaths(paths: readonly string[]): Finding[] {
  return sourceFiles(paths).flatMap((f) => scanSource(f, readFileSync(f, "utf8")));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const findings = scanPaths(args.length > 0 ? args : ["src"]);
  for (const f of findings) console.log(`${relative(process.cwd(), f.file)}:${f.line}  ${f.where}: ${JSON.stringify(f.text)}`);
  console.log(`${findings.length} literal string(s)`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}
