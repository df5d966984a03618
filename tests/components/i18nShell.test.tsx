// @vitest-environment happy-dom
/**
 * The shell in Thai (issue 18): the side menu, the sign-in page, the error pages, the filter
 * drawer's options and a figure's change (its period in the Buddhist Era) show the Thai catalogue;
 * English stays the default.
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { MENU_ITEMS, O2O_MENU_ITEM } from "../../domain/permissions";
import { figureChange, previousPeriod } from "../../domain/periodChange";
import { FigureCard, FigureCards } from "@/components/figures/FigureCard";
import { Select } from "@/components/ui/Select";
import { ErrorPageFailedView } from "@/features/errors/ErrorView";
import { PermissionErrorView } from "@/features/errors/PermissionErrorView";
import { errorTitle } from "@/features/errors/errorStatus";
import { SignInView } from "@/features/auth/SignInView";
import { locationLabel, platformLabel, statusLabel } from "@/features/filters/optionLabels";
import { menuLabel } from "@/features/shell/menuLabels";
import { SideMenuView } from "@/features/shell/SideMenuView";
import { NotFoundPage } from "@/routes/errorPages";
import { activateLocale, loadAppMessages, loadLanguage, translateMessage } from "@/i18n/i18n";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

async function render(node: ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}

/** `node` under a router at `path` (for `Link`). */
async function renderRouted(node: () => ReactNode, path = "/brandEx"): Promise<HTMLElement> {
  const rootRoute = createRootRoute({ component: node });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return render(<RouterProvider router={router} />);
}

const menuEntries = () =>
  [...MENU_ITEMS, O2O_MENU_ITEM].map((item) => ({ label: menuLabel(item.path, item.label, "Facebook MA"), path: item.path, enabled: item.path !== "/admin" }));

const sideMenu = () => renderRouted(() => <SideMenuView entries={menuEntries()} userName="Nok" profileImage="" onAccount={() => undefined} onNavigate={() => undefined} />);

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("the shell in English (the default)", () => {
  it("keeps the spec's menu labels and words", async () => {
    const host = await sideMenu();
    expect([...host.querySelectorAll(".menu-list .menu-item")].map((a) => a.textContent)).toEqual([
      "Brand Experience", "CIR", "Facebook MA", "Admin", "Ads & Automation", "KOL Campaign", "E-Commerce", "CRM", "Affiliate", "O2O",
    ]);
    expect(host.querySelector(".menu-footer")?.textContent).toBe("AccountLogout");
    expect(errorTitle(404)).toBe("404 Not Found");
  });
});

describe("the shell in Thai", () => {
  beforeAll(async () => {
    await loadAppMessages();
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
  });
  afterAll(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("shows the side menu in Thai, with names (CIR, CRM, the MA label) as they are", async () => {
    const host = await sideMenu();
    const labels = [...host.querySelectorAll(".menu-list .menu-item")].map((a) => a.textContent);
    expect(labels).toEqual([
      "ประสบการณ์แบรนด์", "CIR", "Facebook MA", "ผู้ดูแลระบบ", "โฆษณาและระบบอัตโนมัติ", "แคมเปญ KOL", "อีคอมเมิร์ซ", "CRM", "แอฟฟิลิเอต", "O2O",
    ]);
    expect(host.querySelector("nav")?.getAttribute("aria-label")).toBe("โมดูล");
    expect(host.querySelector(".menu-item.disabled")?.getAttribute("title")).toBe("บัญชีของคุณไม่มีสิทธิ์ใช้โมดูลนี้");
    expect(host.querySelector(".menu-footer")?.textContent).toBe("บัญชีผู้ใช้ออกจากระบบ");
  });

  it("shows the sign-in page in Thai, and the client's English refusal in Thai", async () => {
    const host = await render(<SignInView error="Wrong email or password." busy={false} canSubmit onSignIn={() => undefined} />);
    expect(host.querySelector("h1")?.textContent).toBe("เข้าสู่ระบบ");
    expect([...host.querySelectorAll("label")].map((l) => l.textContent)).toEqual(["อีเมล", "รหัสผ่าน"]);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe("อีเมลหรือรหัสผ่านไม่ถูกต้อง");
    expect(host.querySelector("button")?.textContent).toBe("เข้าสู่ระบบ");
  });

  it("shows the error pages in Thai", async () => {
    const notFound = await renderRouted(() => <NotFoundPage />, "/nowhere");
    expect(notFound.querySelector("h1")?.textContent).toBe("404 ไม่พบหน้า");
    expect(notFound.textContent).toContain("ไม่พบหน้านี้");
    expect(notFound.querySelector("a")?.textContent).toBe("หน้าแรก");
    await act(async () => root?.unmount());

    const permission = await renderRouted(() => <PermissionErrorView />);
    expect(permission.querySelector("h1")?.textContent).toBe("คุณไม่มีสิทธิ์เปิดหน้านี้");
    await act(async () => root?.unmount());

    const failed = await render(<ErrorPageFailedView />);
    expect(failed.querySelector("h1")?.textContent).toBe("เกิดข้อผิดพลาดขณะแสดงหน้าข้อผิดพลาด");
    expect(errorTitle(500)).toBe("เกิดข้อผิดพลาด");
  });

  it("says a figure's change in Thai, the previous period's days in the Buddhist Era", async () => {
    const period = previousPeriod({ start: "2024-03-01", end: "2024-03-31" });
    const host = await render(
      <FigureCards label="x">
        <FigureCard label="ลูกค้า" value="1,123" change={{ change: figureChange(1123, 1000, "higher-is-better"), period }} />
      </FigureCards>,
    );
    expect(host.querySelector(".change-badge .visually-hidden")?.textContent).toBe(
      "เพิ่มขึ้น 12.3 % เมื่อเทียบกับ 31 วันก่อนหน้า (2567-01-30 – 2567-02-29) (ดี)",
    );
  });

  it("shows the filter options in Thai while their values stay the spec's English", async () => {
    expect(platformLabel("All Platform")).toBe("ทุกแพลตฟอร์ม");
    expect(platformLabel("Shopee")).toBe("Shopee");
    expect(locationLabel("Bangkok and Vicinity")).toBe("กรุงเทพฯ และปริมณฑล");
    expect(statusLabel("All Status")).toBe("ทุกสถานะ");
    expect(statusLabel("Cancelled")).toBe("ยกเลิก");
    const host = await render(<Select label="แพลตฟอร์ม" value="All Platform" options={["All Platform", "Lazada"]} optionLabel={platformLabel} onChange={() => undefined} />);
    expect([...host.querySelectorAll("option")].map((o) => [o.value, o.textContent])).toEqual([
      ["All Platform", "ทุกแพลตฟอร์ม"],
      ["Lazada", "Lazada"],
    ]);
  });

  it("finds a machine's English message in the catalogue, its argument kept", () => {
    expect(translateMessage("Your session has ended. Please sign in again.")).toBe("เซสชันของคุณสิ้นสุดแล้ว กรุณาเข้าสู่ระบบอีกครั้ง");
    expect(translateMessage('a template titled "Summer" already exists')).toBe('มีเทมเพลตชื่อ "Summer" อยู่แล้ว');
    expect(translateMessage("Something no catalogue knows")).toBe("Something no catalogue knows");
  });
});
