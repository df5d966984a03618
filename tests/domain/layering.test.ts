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
  ])("refuses %s importing across the layers: %s", async (file, source) => {
    expect(await layerErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ["machines/auth/x.ts", 'import { a } from "../../domain/api";\nexport const b = a;\n'],
    ["server/x.ts", 'import { a } from "../domain/api";\nexport const b = a;\n'],
    ["src/x.ts", 'import { a } from "../machines/auth/authMachine";\nexport const b = a;\n'],
  ])("allows %s: %s", async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});
