import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedDataDir, startServerProcess, type ServerProcess } from "../support/processServer";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../support/testServer";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
beforeAll(async () => {
  prepared = await preparedDataDir();
});
afterAll(() => prepared.cleanup());

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/auth/login-user`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { user: { Tokens: { access_token: string } } }).user.Tokens.access_token;
}

const template = (title: string) => ({
  title, basketSize: { min: null, max: null }, product: "", platform: "", location: "", status: "", disabled: false,
});

describe("a server killed in the middle of a burst of writes", () => {
  it("still has every write it acknowledged before the kill, after a restart on the same data", async () => {
    const server = await startServerProcess(prepared.env);
    const token = await signIn(server);
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;

    // Ten writers in parallel, until the server dies under them.
    const writer = async () => {
      while (!killed) {
        const title = `burst ${n++}`;
        try {
          const res = await fetch(`${server.url}/user/upsert-template`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
            body: JSON.stringify({ template: template(title) }),
          });
          if (res.status === 200) acknowledged.push(title);
        } catch {
          // The connection died with the server: this write was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 10 }, writer);
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    await server.kill("SIGKILL");
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const again = await startServerProcess(prepared.env);
    try {
      const tok = await signIn(again);
      const res = await fetch(`${again.url}/user/get-template`, { headers: { Authorization: `Bearer ${tok}` } });
      const saved = new Set(((await res.json()) as { data: Array<{ title: string }> }).data.map((t) => t.title));
      const lost = acknowledged.filter((t) => !saved.has(t));
      expect(lost).toEqual([]);
    } finally {
      await again.kill();
    }
  });
});
