import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiCallError } from "@/api/client";
import { xhrUpload } from "@/api/upload";

/** A stand-in for the browser's XMLHttpRequest: records what is sent; the test plays the server. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  responseType = "";
  responseText = "";
  status = 0;
  body: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const sent = () => FakeXhr.last!;

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe("xhrUpload: a multipart upload with progress", () => {
  it("posts the fields as a form with the bearer token, reports progress and answers the status and JSON", async () => {
    const progress: number[] = [];
    const file = new File(["a,b\n1,2\n"], "orders.csv", { type: "text/csv" });
    const answer = xhrUpload({ path: "/user/import-orders", fields: [["file", file], ["brand", "Tipco"]], accessToken: "t0k", onProgress: (f) => progress.push(f) });
    expect(sent().method).toBe("POST");
    expect(sent().url).toBe("/user/import-orders");
    expect(sent().headers).toEqual({ Authorization: "Bearer t0k", Accept: "application/json" });
    expect(sent().body?.get("brand")).toBe("Tipco");
    expect((sent().body?.get("file") as File).name).toBe("orders.csv");
    sent().upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    sent().upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    sent().upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    sent().answer(400, JSON.stringify({ message: "3 rows are invalid" }));
    await expect(answer).resolves.toEqual({ status: 400, json: { message: "3 rows are invalid" } });
    expect(progress).toEqual([0.25, 1]);
  });

  it("answers undefined JSON for a body that is not JSON", async () => {
    const answer = xhrUpload({ path: "/user/upload-img", fields: [["purpose", "profile"]], accessToken: "t" });
    sent().answer(502, "<html>Bad gateway</html>");
    await expect(answer).resolves.toEqual({ status: 502, json: undefined });
  });

  it("rejects with a network error the user can read when the server cannot be reached", async () => {
    const answer = xhrUpload({ path: "/user/upload-img", fields: [], accessToken: "t" });
    sent().onerror?.();
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 0, message: expect.stringMatching(/could not be reached/) });
  });

  it("aborts the request when its signal aborts, and sends nothing for a signal already aborted", async () => {
    const controller = new AbortController();
    const answer = xhrUpload({ path: "/user/import-orders", fields: [], accessToken: "t", signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: "AbortError" });
    expect(sent().aborted).toBe(true);

    FakeXhr.last = null;
    await expect(xhrUpload({ path: "/user/import-orders", fields: [], accessToken: "t", signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeXhr.last).toBeNull();
  });
});
