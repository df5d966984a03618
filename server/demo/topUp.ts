/**
 * The demo's top-ups, wrapped around the services by the runtime (`server/runtime.ts`) when the
 * demo is on (SEED_DEMO is not "false"): before a service reads, the demo data it reads is
 * continued up to now, so a server running for days still shows today's figures. The services
 * themselves know nothing of the demo.
 *
 * - orders (E-Commerce, CRM, and with them the demo affiliate conversions of Affiliate): up to
 *   today, at most once per Bangkok day;
 * - metrics (KPI progress): up to today, at most once per Bangkok day;
 * - posts and page audience (social figures): up to today, at most once per Bangkok day, after
 *   the metrics they are made from;
 * - ad days (Ads & Automation): up to today, at most once per Bangkok day, after the metrics they
 *   add up to; the brand's rules are then evaluated over the new days;
 * - o2o rollups (the built-in visitor analytics service): up to the last complete hour, at most
 *   once per hour.
 *
 * Each top-up is a no-op when the database holds no demo data. Concurrent reads share one run; a
 * failed run is tried again by the next read.
 */
import { bangkokDay } from "../../domain/dates";
import type { Storage } from "../storage/storage";
import { extendDemoOrders } from "./commerceDemo";
import { completeHoursEnd, extendDemoO2O } from "./o2oDemo";
import { extendDemoMetrics } from "./seed";
import { extendDemoSocial } from "./socialDemo";
import { extendDemoAds } from "./adsDemo";
import { evaluateBrandRules } from "../services/adsRules";

/**
 * `fill`, run at most once per value of `period()` (the first call of a new period runs it; the
 * calls meanwhile wait for that run). A run that fails leaves the period open for the next call.
 */
export function oncePer(period: () => string | number, fill: () => Promise<unknown>): () => Promise<void> {
  let doneFor: string | number | null = null;
  let running: Promise<void> | null = null;
  return async () => {
    const now = period();
    if (doneFor === now) return;
    running ??= fill().then(() => {
      doneFor = now;
    }).finally(() => {
      running = null;
    });
    await running;
  };
}

/** Methods of `T` that return a promise. */
type AsyncMethod<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T];

/**
 * `service` with each of `methods` awaiting `ready()` first; every other member as it was. The
 * methods run on the service itself (`this` is the service, not the wrapper).
 */
export function before<T extends object>(service: T, methods: readonly AsyncMethod<T>[], ready: () => Promise<unknown>): T {
  const wrapped = new Set<PropertyKey>(methods);
  return new Proxy(service, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (!wrapped.has(prop)) return fn.bind(target);
      return async (...args: unknown[]) => {
        await ready();
        return fn.apply(target, args);
      };
    },
  });
}

/** The decorators the runtime installs when the demo is on, over one storage and clock. */
export function demoTopUps(db: Storage, now: () => Date = () => new Date()) {
  const orders = oncePer(() => bangkokDay(now()), () => extendDemoOrders(db, now()));
  const metrics = oncePer(() => bangkokDay(now()), () => extendDemoMetrics(db, bangkokDay(now())));
  const o2o = oncePer(() => completeHoursEnd(now()), () => extendDemoO2O(db, now()));
  const social = oncePer(() => bangkokDay(now()), () => extendDemoSocial(db, bangkokDay(now())));
  const ads = oncePer(() => bangkokDay(now()), async () => {
    const today = bangkokDay(now());
    for (const [brandId, from] of await extendDemoAds(db, today)) {
      await evaluateBrandRules(db, brandId, from, today, undefined, { userId: null, actor: "demo" });
    }
  });
  const metricsThenAds = async () => {
    await metrics();
    await ads();
  };
  return {
    /** E-Commerce and CRM reads continue the demo orders to today first. */
    commerce: <T extends { figures: (...a: never[]) => Promise<unknown>; customers: (...a: never[]) => Promise<unknown> }>(service: T): T =>
      before(service, ["figures", "customers"] as AsyncMethod<T>[], orders),
    /** The affiliate figures continue the demo orders (and with them the demo affiliate conversions) to today first. */
    affiliate: <T extends { figures: (...a: never[]) => Promise<unknown> }>(service: T): T =>
      before(service, ["figures"] as AsyncMethod<T>[], orders),
    /** The KPI summary continues the demo metric series to today first. */
    metrics: <T extends { summary: (...a: never[]) => Promise<unknown> }>(service: T): T =>
      before(service, ["summary"] as AsyncMethod<T>[], metrics),
    /** The social figures and posts continue the demo posts and audience (and the metrics their page reach reads) to today first. */
    social: <T extends { figures: (...a: never[]) => Promise<unknown>; posts: (...a: never[]) => Promise<unknown> }>(service: T): T =>
      before(service, ["figures", "posts"] as AsyncMethod<T>[], async () => {
        await metrics();
        await social();
      }),
    /** The ads figures continue the demo metrics and ad days to today first. */
    ads: <T extends { figures: (...a: never[]) => Promise<unknown> }>(service: T): T =>
      before(service, ["figures"] as AsyncMethod<T>[], metricsThenAds),
    /** The rules and alerts see the ad days up to today (and the rules evaluated over them) first. */
    adsRules: <T extends { upsert: (...a: never[]) => Promise<unknown>; alerts: (...a: never[]) => Promise<unknown>; evaluate: (...a: never[]) => Promise<unknown> }>(service: T): T =>
      before(service, ["upsert", "alerts", "evaluate"] as AsyncMethod<T>[], metricsThenAds),
    /** The built-in o2o service continues the demo rollups to the last complete hour first. */
    o2o: <T extends { request: (...a: never[]) => Promise<unknown> }>(backend: T): T =>
      before(backend, ["request"] as AsyncMethod<T>[], o2o),
  };
}
