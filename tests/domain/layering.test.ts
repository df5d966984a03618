// The one-way imports of docs/architecture.md are enforced by lint; these cases prove the
// rules fire (a lint config that silently stopped matching would otherwise pass everything).
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function layerErrors(file: string, source: string): Promise<string[]> {
  const [res] = await eslint.lintText(source, { filePath: file });
  return (res?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layering rules", () => {
  it.each([
    ["domain/x.ts", 'import { a } from "../server/config";\nexport const b = a;\n'],
    ["domain/x.ts", 'import { a } from "@/main";\nexport const b = a;\n'],
    ["machines/auth/x.ts", 'import { a } from "../../src/app/auth";\nexport const b = a;\n'],
    ["machines/auth/x.ts", 'import { a } from "../../workers/y";\nexport const b = a;\n'],
    ["workers/x.ts", 'import { a } from "../machines/auth/authMachine";\nexport const b = a;\n'],
    ["server/x.ts", 'import { a } from "../src/app/auth";\nexport const b = a;\n'],
    ["server/x.ts", 'import { a } from "../machines/auth/authMachine";\nexport const b = a;\n'],
    ["server/services/x.ts", 'import { a } from "../demo/seed";\nexport const b = a;\n'],
    ["server/services/x.ts", 'import { a } from "../demo/topUp";\nexport const b = a;\n'],
    ["server/services/x.ts", 'import { a } from "../../src/app/auth";\nexport const b = a;\n'],
  ])("refuses %s importing across the layers: %s", async (file, source) => {
    expect(await layerErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ["machines/auth/x.ts", 'import { a } from "../../domain/api";\nexport const b = a;\n'],
    ["server/x.ts", 'import { a } from "../domain/api";\nexport const b = a;\n'],
    ["server/runtime.ts", 'import { a } from "./demo/topUp";\nexport const b = a;\n'],
    ["server/demo/x.ts", 'import { a } from "../services/users";\nexport const b = a;\n'],
    ["server/services/x.ts", 'import { a } from "./users";\nexport const b = a;\n'],
    ["src/x.ts", 'import { a } from "../machines/auth/authMachine";\nexport const b = a;\n'],
  ])("allows %s: %s", async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});

describe("page anatomy rules (docs/architecture.md)", () => {
  it.each([
    ["src/features/crm/x.ts", 'import { a } from "@/features/commerce/commerceData";\nexport const b = a;\n'],
    ["src/features/crm/x.ts", 'import { a } from "@/router";\nexport const b = a;\n'],
    ["src/features/o2o/x.ts", 'import { a } from "@/layouts/DefaultLayout";\nexport const b = a;\n'],
    ["src/app/x.ts", 'import { a } from "@/features/o2o/o2oSearch";\nexport const b = a;\n'],
    ["src/components/x.ts", 'import { a } from "@/routes/modules";\nexport const b = a;\n'],
  ])("refuses %s: %s", async (file, source) => {
    expect(await layerErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ["src/features/crm/x.ts", 'import { a } from "@/features/crm/crmFormat";\nexport const b = a;\n'],
    ["src/features/crm/x.ts", 'import { a } from "@/app/view";\nexport const b = a;\n'],
    ["src/routes/x.ts", 'import { a } from "@/features/crm/CrmPage";\nexport const b = a;\n'],
  ])("allows %s: %s", async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });

  it("finds an import cycle (router → routes → layout → feature → router)", async () => {
    const [res] = await eslint.lintText('import "@/router";\nexport const a = 1;\n', { filePath: "src/features/kpi/kpiActors.ts" });
    expect((res?.messages ?? []).filter((m) => m.ruleId === "import-x/no-cycle")).not.toEqual([]);
  });
});

describe("PrimeReact only through src/components/ui", () => {
  it.each([
    ["src/features/kpi/x.tsx", 'import { Button } from "primereact/button";\nexport const b = Button;\n'],
    ["src/layouts/x.tsx", 'import "primereact/resources/themes/lara-light-amber/theme.css";\nexport const b = 1;\n'],
    ["src/app/x.ts", 'import { updateLocaleOption } from "primereact/api";\nexport const b = updateLocaleOption;\n'],
  ])("refuses %s: %s", async (file, source) => {
    expect(await layerErrors(file, source)).not.toEqual([]);
  });

  it("allows it in src/components/ui, and the wrappers everywhere", async () => {
    expect(await layerErrors("src/components/ui/x.ts", 'export { Button } from "primereact/button";\n')).toEqual([]);
    expect(await layerErrors("src/features/kpi/x.tsx", 'import { Button } from "@/components/ui/Button";\nexport const b = Button;\n')).toEqual([]);
  });
});
