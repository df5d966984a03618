/**
 * A client that hangs up in the middle of sending its request is no server error: the server
 * logs one `[info]` line for it, no `[error]`, and goes on answering. A real server process and
 * a raw socket, so that the body is really cut.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedDataDir, startServerProcess, type ServerProcess } from "../support/processServer";

let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
let server: ServerProcess;
beforeAll(async () => {
  prepared = await preparedDataDir();
  server = await startServerProcess(prepared.env);
});
afterAll(async () => {
  await server.kill();
  await prepared.cleanup();
});

/**
 * Sends the head of a POST announcing `length` bytes of body, waits for the server's
 * `100 Continue` (its handler has the request then), sends `partial` and closes the connection.
 */
function postAndHangUp(path: string, headers: Record<string, string>, length: number, partial: string): Promise<void> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      const head = Object.entries({ Host: "localhost", ...headers, "Content-Length": String(length), Expect: "100-continue" })
        .map(([k, v]) => `${k}: ${v}\r\n`).join("");
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
    });
    let answer = "";
    socket.on("data", (d: Buffer) => {
      answer += d.toString();
      if (!answer.includes("100 Continue")) return;
      socket.write(partial, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.once("error", reject);
  });
}

describe("a request whose client hangs up before its body is sent", () => {
  it("is logged as one [info] line, not as an [error], and the server goes on answering", async () => {
    await postAndHangUp("/auth/login-user", { "Content-Type": "application/json" }, 1000, '{"email":"som');
    const out = await server.waitForOutput(/request aborted|\[error\]/);
    expect(out).not.toContain("[error]");
    expect(out).toMatch(/\[info\] POST \/auth\/login-user: request aborted by the client/);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });
});
