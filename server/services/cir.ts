/**
 * CIR, customer-insight reports (issue 17; words in docs/cir.md): saved, ordered lists of
 * sections, private to their owner or shared read-only with the users of their brand.
 *
 * The current state (cir_reports, migration 022) is a projection of the event log: every write
 * changes the row and appends its event (entity "cir_report", key = the id) in one transaction,
 * and each event's payload holds the whole report after the write, so the history shows every
 * state and a restore reads one back. A write on a stale version answers 409.
 *
 * Who may do what: the owner reads and writes; with visibility "brand", every user holding the
 * report's brand and permission 2 reads it (read-only: a write answers 403); anyone else is told
 * the report does not exist (404). The owner must hold the report's brand and the brand of every
 * source section. A section's data is computed for the READER (cirSources.ts): a module the
 * reader may not see is "unavailable" with a sentence.
 */
import { HISTORY_PAGE_DEFAULT } from "../../domain/api";
import { firstCirProblem, resolveReportRange } from "../../domain/cir";
import type {
  CirReportsRequest, CirSectionDataResponse, Report, ReportRange, ReportSummary, ReportVisibility, Section,
} from "../../domain/cirContract";
import { bangkokDay, nowInBangkokText } from "../../domain/dates";
import type { Queryable, Storage } from "../storage/storage";
import type { CirSources } from "./cirSources";
import { appendEvent, type EventPage, type EventRow } from "./events";
import { ServiceError } from "./errors";

/** What an event of a report holds: the whole report after the write. */
interface Stored {
  readonly ownerId: number;
  readonly title: string;
  readonly brand: string;
  readonly range: ReportRange;
  readonly visibility: ReportVisibility;
  readonly sections: readonly Section[];
  readonly version: number;
  readonly createdAt: string;
}

interface Row {
  id: number;
  owner_id: number;
  brand: string;
  title: string;
  range: ReportRange;
  visibility: ReportVisibility;
  sections: Section[];
  version: number;
  created_at: string;
  updated_at: string;
  owner_name: string;
  owner_email: string;
}

const AT = (col: string, as: string) => `to_char(${col} AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS"+07:00"') AS ${as}`;
const SELECT = `SELECT r.id, r.owner_id, b.name AS brand, r.title, r.range, r.visibility, r.sections, r.version,
       ${AT("r.created_at", "created_at")}, ${AT("r.updated_at", "updated_at")}, u.name AS owner_name, u.email AS owner_email
  FROM cir_reports r JOIN brands b ON b.id = r.brand_id JOIN users u ON u.id = r.owner_id`;

/** The reader's brands and whether they hold permission 2. */
interface Reader { readonly brands: ReadonlySet<string>; readonly brandIds: ReadonlySet<number>; readonly cir: boolean }

const notFound = (id: number) => new ServiceError("not_found", `no report ${id} that you may read`, { field: "id" });

export interface CirUpdate {
  readonly id: number;
  readonly version: number;
  readonly title?: string;
  readonly brand?: string;
  readonly range?: ReportRange;
  readonly visibility?: ReportVisibility;
  readonly sections?: readonly Section[];
}

export class CirService {
  constructor(private readonly db: Storage, private readonly sources: CirSources) {}

  // -------------------------------------------------------------------------------------------
  // Reads

  /** The reports the user may read (their own and those shared with their brands), last edited first. */
  async list(userId: number, req: CirReportsRequest = {}): Promise<ReportSummary[]> {
    const reader = await this.reader(this.db, userId);
    const owner = req.owner ?? "all";
    const params: unknown[] = [userId];
    const where: string[] = [];
    const mine = "r.owner_id = $1";
    const shared = () => {
      if (!reader.cir) return "false";
      params.push([...reader.brandIds]);
      return `(r.visibility = 'brand' AND r.brand_id = ANY($${params.length}::int[]))`;
    };
    where.push(owner === "me" ? mine : owner === "others" ? `(NOT ${mine} AND ${shared()})` : `(${mine} OR ${shared()})`);
    const q = req.q?.trim();
    if (q) {
      params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`r.title ILIKE $${params.length}`);
    }
    const res = await this.db.query<Row>(`${SELECT} WHERE ${where.join(" AND ")} ORDER BY r.updated_at DESC, r.id DESC`, params);
    return res.rows.map((r) => ({
      id: r.id, title: r.title, brand: r.brand, visibility: r.visibility,
      owner: { name: r.owner_name, email: r.owner_email }, canEdit: r.owner_id === userId,
      sections: r.sections.length, updatedAt: r.updated_at,
    }));
  }

  /**
   * The report if the user may read it (the owner; or, shared with its brand, a user holding the
   * brand and permission 2). Used by the PDF and the schedules (report library).
   *
   * @throws ServiceError not_found when there is no such report or the user may not read it
   */
  async readable(userId: number, id: number): Promise<Report> {
    const row = await this.readableRow(this.db, userId, id);
    return this.toReport(row, userId);
  }

  private async readableRow(tx: Queryable, userId: number, id: number): Promise<Row> {
    const row = (await tx.query<Row>(`${SELECT} WHERE r.id = $1`, [id])).rows[0];
    if (!row) throw notFound(id);
    if (row.owner_id === userId) return row;
    const reader = await this.reader(tx, userId);
    if (row.visibility === "brand" && reader.cir && reader.brands.has(row.brand)) return row;
    throw notFound(id);
  }

  /** A report the user owns, locked for the write: 404 when they may not read it, 403 when they may only read it. */
  private async ownedRow(tx: Queryable, userId: number, id: number): Promise<Row> {
    await tx.query("SELECT 1 FROM cir_reports WHERE id = $1 FOR UPDATE", [id]);
    const row = await this.readableRow(tx, userId, id);
    if (row.owner_id !== userId) throw new ServiceError("forbidden", `report ${id} is shared with you read-only; only its owner ${row.owner_name} may change it`, { field: "id" });
    return row;
  }

  private toReport(r: Row, userId: number): Report {
    return {
      id: r.id, title: r.title, brand: r.brand, range: r.range, visibility: r.visibility, sections: r.sections,
      owner: { name: r.owner_name, email: r.owner_email }, canEdit: r.owner_id === userId,
      createdAt: r.created_at, updatedAt: r.updated_at, version: r.version,
    };
  }

  private async reader(tx: Queryable, userId: number): Promise<Reader> {
    const res = await tx.query<{ permissions: string[]; brands: string[] | null; brand_ids: number[] | null }>(
      `SELECT u.permissions,
              (SELECT array_agg(b.name) FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = u.id) AS brands,
              (SELECT array_agg(ub.brand_id) FROM user_brands ub WHERE ub.user_id = u.id) AS brand_ids
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    const u = res.rows[0];
    return {
      brands: new Set(u?.brands ?? []),
      brandIds: new Set((u?.brand_ids ?? []).map(Number)),
      cir: u?.permissions.includes("2") ?? false,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  /** Checks what the schemas cannot: ranges' order, the owner's brands (the report's and every source section's). */
  private async check(tx: Queryable, userId: number, r: { brand?: string; range?: ReportRange; sections?: readonly Section[] }): Promise<number | null> {
    const problem = firstCirProblem(r);
    if (problem) throw new ServiceError("invalid", problem.message, { field: problem.field });
    const reader = await this.reader(tx, userId);
    let brandId: number | null = null;
    if (r.brand !== undefined) {
      if (!reader.brands.has(r.brand)) throw new ServiceError("invalid", `brand "${r.brand}" is not one of your brands`, { field: "brand" });
      brandId = Number((await tx.query<{ id: number }>("SELECT id FROM brands WHERE name = $1", [r.brand])).rows[0]!.id);
    }
    for (const [i, s] of (r.sections ?? []).entries()) {
      if (s.type === "source" && !reader.brands.has(s.view.brand)) {
        throw new ServiceError("invalid", `brand "${s.view.brand}" is not one of your brands`, { field: `sections[${i}].view.brand` });
      }
    }
    return brandId;
  }

  private async event(tx: Queryable, userId: number, type: string, id: number, extra: Record<string, unknown> = {}): Promise<Row> {
    const row = (await tx.query<Row>(`${SELECT} WHERE r.id = $1`, [id])).rows[0]!;
    const report: Stored = {
      ownerId: row.owner_id, title: row.title, brand: row.brand, range: row.range, visibility: row.visibility,
      sections: row.sections, version: row.version, createdAt: row.created_at,
    };
    await appendEvent(tx, { userId, actor: `user:${userId}`, type: `cirReport.${type}`, entity: "cir_report", key: String(id), payload: { ...extra, report } });
    return row;
  }

  async create(userId: number, req: { title: string; brand: string; range: ReportRange; sections?: readonly Section[] }): Promise<Report> {
    return this.db.transaction(async (tx) => {
      const brandId = (await this.check(tx, userId, req))!;
      const res = await tx.query<{ id: number }>(
        `INSERT INTO cir_reports (owner_id, brand_id, title, range, visibility, sections) VALUES ($1, $2, $3, $4, 'private', $5) RETURNING id`,
        [userId, brandId, req.title.trim(), JSON.stringify(req.range), JSON.stringify(req.sections ?? [])],
      );
      return this.toReport(await this.event(tx, userId, "created", Number(res.rows[0]!.id)), userId);
    });
  }

  /** "Add to report": the section goes at the end of a report the user owns (no version: appending cannot lose a change). */
  async addSection(userId: number, id: number, section: Section): Promise<Report> {
    return this.db.transaction(async (tx) => {
      const row = await this.ownedRow(tx, userId, id);
      if (row.sections.some((s) => s.id === section.id)) throw new ServiceError("invalid", `the report already has a section "${section.id}"`, { field: "section.id" });
      if (row.sections.length >= 50) throw new ServiceError("invalid", "the report already has 50 sections, the most a report holds", { field: "section" });
      try {
        await this.check(tx, userId, { sections: [section] });
      } catch (e) {
        if (e instanceof ServiceError && e.extra.field) throw new ServiceError(e.kind, e.message, { field: e.extra.field.replace("sections[0]", "section") });
        throw e;
      }
      await tx.query(
        "UPDATE cir_reports SET sections = sections || $2::jsonb, version = version + 1, updated_at = now() WHERE id = $1",
        [id, JSON.stringify([section])],
      );
      return this.toReport(await this.event(tx, userId, "sectionAdded", id, { section: section.id }), userId);
    });
  }

  async update(userId: number, req: CirUpdate): Promise<Report> {
    return this.db.transaction(async (tx) => {
      const row = await this.ownedRow(tx, userId, req.id);
      if (row.version !== req.version) {
        throw new ServiceError("conflict", `the report changed since you opened it (version ${row.version}, yours ${req.version}); reload it`, { field: "version" });
      }
      const brandId = await this.check(tx, userId, {
        ...(req.brand !== undefined ? { brand: req.brand } : {}),
        ...(req.range !== undefined ? { range: req.range } : {}),
        // Sections are checked against the owner's brands when they change.
        ...(req.sections !== undefined ? { sections: req.sections } : {}),
      });
      const sets: string[] = [];
      const params: unknown[] = [req.id];
      const set = (col: string, v: unknown) => {
        params.push(v);
        sets.push(`${col} = $${params.length}`);
      };
      if (req.title !== undefined) set("title", req.title.trim());
      if (brandId !== null) set("brand_id", brandId);
      if (req.range !== undefined) set("range", JSON.stringify(req.range));
      if (req.visibility !== undefined) set("visibility", req.visibility);
      if (req.sections !== undefined) set("sections", JSON.stringify(req.sections));
      await tx.query(`UPDATE cir_reports SET ${[...sets, "version = version + 1", "updated_at = now()"].join(", ")} WHERE id = $1`, params);
      const changed = ["title", "brand", "range", "visibility", "sections"].filter((k) => (req as unknown as Record<string, unknown>)[k] !== undefined);
      return this.toReport(await this.event(tx, userId, "updated", req.id, { changed }), userId);
    });
  }

  /** A private copy owned by the caller of a report they may read ("Copy of <title>" unless titled). */
  async duplicate(userId: number, id: number, title?: string): Promise<Report> {
    return this.db.transaction(async (tx) => {
      const src = await this.readableRow(tx, userId, id);
      const copyTitle = title?.trim() || `Copy of ${src.title}`.slice(0, 120);
      // The copy is the caller's: they must hold its brands like any owner (a reader holds the report's
      // brand; a section of a brand they lack is refused, naming it).
      const brandId = (await this.check(tx, userId, { brand: src.brand, sections: src.sections }))!;
      const res = await tx.query<{ id: number }>(
        `INSERT INTO cir_reports (owner_id, brand_id, title, range, visibility, sections) VALUES ($1, $2, $3, $4, 'private', $5) RETURNING id`,
        [userId, brandId, copyTitle, JSON.stringify(src.range), JSON.stringify(src.sections)],
      );
      return this.toReport(await this.event(tx, userId, "duplicated", Number(res.rows[0]!.id), { from: id }), userId);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.ownedRow(tx, userId, id);
      await this.event(tx, userId, "deleted", id);
      await tx.query("DELETE FROM cir_reports WHERE id = $1", [id]);
    });
  }

  /** The report's events, oldest first: for its owner and its readers (a deleted report's: its owner's). */
  async history(userId: number, id: number, after = 0): Promise<EventPage> {
    const live = (await this.db.query("SELECT 1 FROM cir_reports WHERE id = $1", [id])).rows.length > 0;
    if (live) await this.readableRow(this.db, userId, id);
    else if ((await this.lastEvent(this.db, id))?.report.ownerId !== userId) throw notFound(id);
    const limit = HISTORY_PAGE_DEFAULT;
    const res = await this.db.query<EventRow>(
      `SELECT id::int AS id, to_char(at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') AS at, type, actor, payload
         FROM events WHERE entity = 'cir_report' AND entity_key = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [String(id), after, limit + 1],
    );
    const data = res.rows.slice(0, limit);
    return { data, next: res.rows.length > limit ? data.at(-1)!.id : null };
  }

  private async lastEvent(tx: Queryable, id: number, eventId?: number): Promise<{ id: number; type: string; report: Stored } | null> {
    const res = await tx.query<{ id: number; type: string; payload: { report: Stored } }>(
      `SELECT id::int AS id, type, payload FROM events WHERE entity = 'cir_report' AND entity_key = $1 ${eventId !== undefined ? "AND id = $2" : ""}
        ORDER BY id DESC LIMIT 1`,
      eventId !== undefined ? [String(id), eventId] : [String(id)],
    );
    const r = res.rows[0];
    return r ? { id: Number(r.id), type: r.type, report: r.payload.report } : null;
  }

  /**
   * Without `eventId`: brings a deleted report back (its owner only) as it was when deleted. With
   * `eventId` (from its history): makes the report what it was after that event, as a new version.
   */
  async restore(userId: number, id: number, eventId?: number): Promise<Report> {
    return this.db.transaction(async (tx) => {
      const live = (await tx.query("SELECT 1 FROM cir_reports WHERE id = $1 FOR UPDATE", [id])).rows.length > 0;
      if (eventId === undefined) {
        if (live) {
          await this.ownedRow(tx, userId, id);
          throw new ServiceError("conflict", `report ${id} is not deleted; only a deleted report can be restored (or name an event of its history)`, { field: "id" });
        }
        const last = await this.lastEvent(tx, id);
        if (!last || last.type !== "cirReport.deleted" || last.report.ownerId !== userId) throw notFound(id);
        return this.reinsert(tx, userId, id, last.report, last.report.version + 1, { deleted: last.id });
      }
      const target = await this.lastEvent(tx, id, eventId);
      if (!target) throw new ServiceError("not_found", `event ${eventId} is not in the history of report ${id}`, { field: "event" });
      if (!live) {
        const last = await this.lastEvent(tx, id);
        if (!last || last.report.ownerId !== userId) throw notFound(id);
        return this.reinsert(tx, userId, id, target.report, last.report.version + 1, { event: eventId });
      }
      const row = await this.ownedRow(tx, userId, id);
      const t = target.report;
      const brandId = (await this.check(tx, userId, { brand: t.brand, sections: t.sections }))!;
      await tx.query(
        `UPDATE cir_reports SET title = $2, brand_id = $3, range = $4, visibility = $5, sections = $6, version = $7, updated_at = now() WHERE id = $1`,
        [id, t.title, brandId, JSON.stringify(t.range), t.visibility, JSON.stringify(t.sections), row.version + 1],
      );
      return this.toReport(await this.event(tx, userId, "restored", id, { event: eventId }), userId);
    });
  }

  private async reinsert(tx: Queryable, userId: number, id: number, r: Stored, version: number, extra: Record<string, unknown>): Promise<Report> {
    const brandId = (await this.check(tx, userId, { brand: r.brand, sections: r.sections }))!;
    await tx.query(
      `INSERT INTO cir_reports (id, owner_id, brand_id, title, range, visibility, sections, version, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, now())`,
      [id, userId, brandId, r.title, JSON.stringify(r.range), r.visibility, JSON.stringify(r.sections), version, r.createdAt],
    );
    return this.toReport(await this.event(tx, userId, "restored", id, extra), userId);
  }

  // -------------------------------------------------------------------------------------------
  // Section data

  /**
   * The data of the source sections (text sections are left out) for the reader, by the
   * reader's own permissions and brands; sections following the report take `range`. Relative
   * ranges are resolved in Bangkok as of `now`. Used by the report page, the PDF and schedules.
   */
  async sectionData(userId: number, range: ReportRange, sections: readonly Section[], now: Date = new Date()): Promise<CirSectionDataResponse["data"]> {
    const problem = firstCirProblem({ range, sections });
    if (problem) throw new ServiceError("invalid", problem.message, { field: problem.field });
    const today = bangkokDay(now);
    const days = resolveReportRange(range, today);
    const results = await this.sources.compute(userId, range, sections, today);
    return { start: days.start, end: days.end, generatedAt: `${nowInBangkokText(now)}+07:00`, sections: results };
  }
}
