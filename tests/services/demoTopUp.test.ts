import { describe, expect, it } from "vitest";
import { before, oncePer } from "../../server/demo/topUp";

describe("oncePer: a demo top-up runs once per period", () => {
  it("runs the fill on the first call of each period only", async () => {
    let period = "2026-11-25";
    let runs = 0;
    const topUp = oncePer(() => period, async () => { runs++; });
    await topUp();
    await topUp();
    expect(runs).toBe(1);
    period = "2026-11-26";
    await topUp();
    await topUp();
    expect(runs).toBe(2);
  });

  it("lets concurrent calls share one run, and all of them wait for it", async () => {
    let runs = 0;
    let finish!: () => void;
    const topUp = oncePer(() => 1, () => { runs++; return new Promise<void>((r) => { finish = r; }); });
    let settled = 0;
    const calls = [topUp(), topUp(), topUp()].map((p) => p.then(() => { settled++; }));
    await Promise.resolve();
    expect(settled).toBe(0);
    finish();
    await Promise.all(calls);
    expect(runs).toBe(1);
    expect(settled).toBe(3);
  });

  it("tries again on the next call after a failed run", async () => {
    let runs = 0;
    const topUp = oncePer(() => 1, async () => {
      runs++;
      if (runs === 1) throw new Error("database busy");
    });
    await expect(topUp()).rejects.toThrow("database busy");
    await topUp();
    await topUp();
    expect(runs).toBe(2);
  });
});

describe("before: a service decorated with a top-up", () => {
  class Service {
    readonly calls: string[] = [];
    private readonly prefix = "answer";
    async read(x: number): Promise<string> {
      this.calls.push(`read ${x}`);
      return `${this.prefix} ${x}`;
    }
    async write(x: number): Promise<number> {
      this.calls.push(`write ${x}`);
      return x;
    }
  }

  it("awaits the top-up before the listed methods only, and answers as the service does", async () => {
    const service = new Service();
    const wrapped = before(service, ["read"], async () => { service.calls.push("top-up"); });
    expect(await wrapped.read(1)).toBe("answer 1");
    expect(await wrapped.write(2)).toBe(2);
    expect(service.calls).toEqual(["top-up", "read 1", "write 2"]);
    expect(wrapped.calls).toBe(service.calls);
  });

  it("does not read when the top-up fails", async () => {
    const service = new Service();
    const wrapped = before(service, ["read"], async () => { throw new Error("top-up failed"); });
    await expect(wrapped.read(1)).rejects.toThrow("top-up failed");
    expect(service.calls).toEqual([]);
  });
});
