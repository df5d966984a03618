// UPLOAD_STORE (issue 13): where uploaded images are kept, from the environment.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

const DB = "postgres://u@db-host:5432/brand_dashboard";

describe("UPLOAD_STORE", () => {
  it("defaults to files in DATA_DIR on the embedded database, and to the database with DATABASE_URL", () => {
    expect(loadConfig({}).uploadStore).toBe("files");
    expect(loadConfig({ DATABASE_URL: DB }).uploadStore).toBe("database");
    expect(loadConfig({ DATABASE_URL: DB, UPLOAD_STORE: "" }).uploadStore).toBe("database");
  });

  it("takes files or database whatever the database", () => {
    expect(loadConfig({ DATABASE_URL: DB, UPLOAD_STORE: "files" }).uploadStore).toBe("files");
    expect(loadConfig({ UPLOAD_STORE: "database" }).uploadStore).toBe("database");
  });

  it.each(["disk", "Database", "s3", " files"])("refuses %j with a message naming UPLOAD_STORE and the values it takes", (raw) => {
    expect(() => loadConfig({ UPLOAD_STORE: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ UPLOAD_STORE: raw })).toThrow(`UPLOAD_STORE must be "files" or "database", got "${raw}"`);
  });
});
