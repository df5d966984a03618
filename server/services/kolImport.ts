/**
 * Import of a KOL post-tracking sheet into one KOL campaign (issue 16, docs/kol-import.md).
 *
 * - **All or nothing.** Every row is read and checked first; only a sheet without a bad row is
 *   written, in one transaction. A refused sheet answers every bad row with its line.
 * - **Idempotent.** Posts are keyed by their link within the campaign: a post already stored as the
 *   sheet has it is left alone (`unchanged`), a changed one replaced. The same sheet twice changes
 *   nothing the second time.
 * - A KOL the brand's roster does not know (by platform and handle, or by platform and name when
 *   the sheet gives no handle) is added to it; a KOL without a booking in the campaign gets one
 *   (delivered, with the sheet's fee: the sum of its rows' fees); an existing booking's fee is set
 *   to the sheet's when the sheet gives fees for that KOL.
 * - The import is an event of the campaign in the event log (entity kol_campaign).
 *
 * Knows nothing of HTTP: it takes bytes and ids and throws ServiceError.
 */
import type { ImportKolResult } from "../../domain/kolContract";
import { MAX_LISTED_ROW_ERRORS, type ImportRowIssue } from "../../domain/metrics";
import { FileRefusedError, UnreadableFileError, parseKolSheet, type KolSheetRow } from "../import/kol";
import type { Queryable, Storage } from "../storage/storage";
import { appendEvent } from "./events";
import { ServiceError } from "./errors";
import { ImportRefusedError, type ImportScope } from "./metrics";

export { ImportRefusedError } from "./metrics";

/** Largest sheet an import takes (5,000 rows of a tracking sheet are well under 2 MB). */
export const KOL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function refuseUnreadable(err: unknown): never {
  if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
    const rows = err.line !== undefined ? [{ line: err.line, reason: err.message }] : [];
    throw new ImportRefusedError(`${err.line !== undefined ? `line ${err.line}: ` : ""}${err.message}`, rows);
  }
  throw err;
}

function refuseRows(errors: readonly ImportRowIssue[]): never {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  const lines = new Set(sorted.map((e) => e.line)).size;
  const listed = sorted.slice(0, MAX_LISTED_ROW_ERRORS);
  throw new ImportRefusedError(
    `${plural(lines, "row")} cannot be imported, so nothing was imported${sorted.length > listed.length ? ` (the first ${listed.length} problems are listed)` : ""}`,
    listed,
  );
}

interface Target { id: number; brand_id: number; brand: string; name: string; start_day: string; end_day: string }

/** One KOL of the sheet: its rows, and how it is known. */
interface SheetKol {
  key: string;
  name: string;
  handle: string;
  platform: KolSheetRow["platform"];
  followers: number | null;
  rows: KolSheetRow[];
  /** Sum of the rows' fees; null when no row gives one. */
  feeSatang: number | null;
}

export class KolImportService {
  constructor(private readonly db: Storage) {}

  /**
   * Imports a tracking sheet into a campaign.
   *
   * @param fields.campaign - the campaign id as text (the multipart field)
   * @throws ImportRefusedError (400, every bad row with its line) when the sheet or a row is refused
   * @throws ServiceError not_found (campaign) when the campaign is not one of the user's brands'
   *   (the CLI: when there is no such campaign, or it is not the brand given)
   */
  async importFile(bytes: Uint8Array, fields: { campaign: string }, scope: ImportScope): Promise<ImportKolResult> {
    if (bytes.length > KOL_IMPORT_MAX_BYTES) throw new ServiceError("too_large", `file is larger than ${KOL_IMPORT_MAX_BYTES} bytes`, { field: "file" });
    const campaignId = Number(fields.campaign);
    if (!Number.isInteger(campaignId) || campaignId < 1) throw new ServiceError("invalid", "must be a campaign id", { field: "campaign" });
    const target = await this.target(campaignId, scope);
    let sheet: ReturnType<typeof parseKolSheet>;
    try {
      sheet = parseKolSheet(bytes);
    } catch (err) {
      refuseUnreadable(err);
    }
    const errors: ImportRowIssue[] = [...sheet.errors];

    // The sheet's KOLs: by platform and handle, or by platform and name without a handle. A name
    // given two handles, or a handle two names, is not a mistake to guess about.
    const kols = new Map<string, SheetKol>();
    for (const r of sheet.rows) {
      const key = r.handle !== "" ? `${r.platform}\u0000@${r.handle.toLowerCase()}` : `${r.platform}\u0000${r.kol.toLowerCase()}`;
      let k = kols.get(key);
      if (!k) kols.set(key, (k = { key, name: r.kol, handle: r.handle, platform: r.platform, followers: null, rows: [], feeSatang: null }));
      k.rows.push(r);
      if (r.followers !== null) k.followers = r.followers;
      if (r.feeSatang !== null) k.feeSatang = (k.feeSatang ?? 0) + r.feeSatang;
    }
    const named = new Map<string, SheetKol>();
    for (const k of kols.values()) {
      if (k.handle === "") continue;
      const other = named.get(`${k.platform}\u0000${k.name.toLowerCase()}`);
      if (other) errors.push({ line: k.rows[0]!.line, reason: `KOL: ${k.name} is written with the handles @${other.handle} (line ${other.rows[0]!.line}) and @${k.handle}` });
      else named.set(`${k.platform}\u0000${k.name.toLowerCase()}`, k);
    }
    for (const k of kols.values()) {
      if (k.handle !== "") continue;
      const withHandle = named.get(`${k.platform}\u0000${k.name.toLowerCase()}`);
      if (withHandle) {
        // The same KOL, its handle left out on some rows: one KOL.
        withHandle.rows.push(...k.rows);
        if (k.followers !== null) withHandle.followers = k.followers;
        if (k.feeSatang !== null) withHandle.feeSatang = (withHandle.feeSatang ?? 0) + k.feeSatang;
        kols.delete(k.key);
      }
    }
    if (errors.length > 0) refuseRows(errors);

    return this.db.transaction(async (tx) => {
      const roster = await tx.query<{ id: number; name: string; handle: string; platform: string; followers: string | null }>(
        "SELECT id, name, handle, platform, followers FROM kols WHERE brand_id = $1 ORDER BY id", [target.brand_id],
      );
      const byHandle = new Map<string, number>();
      const byName = new Map<string, number[]>();
      for (const r of roster.rows) {
        if (r.handle !== "") byHandle.set(`${r.platform}\u0000@${r.handle.toLowerCase()}`, r.id);
        const n = `${r.platform}\u0000${r.name.toLowerCase()}`;
        byName.set(n, [...(byName.get(n) ?? []), r.id]);
      }
      const rosterById = new Map(roster.rows.map((r) => [r.id, r]));
      const notes: ImportRowIssue[] = [...sheet.notes];
      const rowErrors: ImportRowIssue[] = [];
      let kolsCreated = 0;
      const kolIdOf = new Map<string, number>();
      for (const k of kols.values()) {
        let id = k.handle !== "" ? byHandle.get(k.key) : undefined;
        if (id === undefined) {
          const same = (byName.get(`${k.platform}\u0000${k.name.toLowerCase()}`) ?? [])
            .filter((x) => k.handle === "" || rosterById.get(x)!.handle === "");
          if (same.length > 1) {
            rowErrors.push({ line: k.rows[0]!.line, reason: `KOL: the brand has ${same.length} KOLs named ${k.name} on this platform: add their handles in a Handle column` });
            continue;
          }
          id = same[0];
        }
        if (id === undefined) {
          id = (await tx.query<{ id: number }>(
            "INSERT INTO kols (brand_id, name, handle, platform, followers) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            [target.brand_id, k.name, k.handle, k.platform, k.followers],
          )).rows[0]!.id;
          kolsCreated += 1;
        } else {
          const known = rosterById.get(id)!;
          const handle = known.handle === "" ? k.handle : known.handle;
          const followers = k.followers ?? (known.followers === null ? null : Number(known.followers));
          if (handle !== known.handle || followers !== (known.followers === null ? null : Number(known.followers))) {
            await tx.query("UPDATE kols SET handle = $2, followers = $3, updated_at = now() WHERE id = $1", [id, handle, followers]);
          }
        }
        kolIdOf.set(k.key, id);
      }
      if (rowErrors.length > 0) refuseRows(rowErrors);

      // Bookings: the KOL's booking in the campaign (not cancelled first), else a new one.
      const existing = await tx.query<{ id: number; kol_id: number; fee_satang: string; status: string }>(
        "SELECT id, kol_id, fee_satang, status FROM kol_bookings WHERE campaign_id = $1 ORDER BY (status = 'cancelled'), id", [target.id],
      );
      const bookingOfKol = new Map<number, { id: number; fee: number; status: string }>();
      for (const b of existing.rows) if (!bookingOfKol.has(b.kol_id)) bookingOfKol.set(b.kol_id, { id: b.id, fee: Number(b.fee_satang), status: b.status });
      let bookingsCreated = 0;
      let bookingsUpdated = 0;
      const bookingIdOf = new Map<string, number>();
      for (const k of kols.values()) {
        const kolId = kolIdOf.get(k.key)!;
        const b = bookingOfKol.get(kolId);
        if (!b) {
          const id = (await tx.query<{ id: number }>(
            "INSERT INTO kol_bookings (campaign_id, kol_id, deliverables, fee_satang, status) VALUES ($1, $2, $3, $4, 'delivered') RETURNING id",
            [target.id, kolId, `${plural(k.rows.length, "post")} (tracking sheet)`, k.feeSatang ?? 0],
          )).rows[0]!.id;
          bookingsCreated += 1;
          bookingIdOf.set(k.key, id);
        } else {
          if (k.feeSatang !== null && k.feeSatang !== b.fee) {
            await tx.query("UPDATE kol_bookings SET fee_satang = $2, updated_at = now() WHERE id = $1", [b.id, k.feeSatang]);
            bookingsUpdated += 1;
          }
          if (b.status === "cancelled") notes.push({ line: k.rows[0]!.line, reason: `${k.name}'s booking in the campaign is cancelled: its posts are stored but not counted until the booking is not cancelled` });
          bookingIdOf.set(k.key, b.id);
        }
      }

      // Posts, keyed by link within the campaign.
      let inserted = 0;
      let updated = 0;
      let unchanged = 0;
      for (const k of kols.values()) {
        const bookingId = bookingIdOf.get(k.key)!;
        for (const r of k.rows) {
          const res = await tx.query<{ inserted: boolean }>(
            `INSERT INTO kol_posts AS p (booking_id, campaign_id, permalink, published_at, day, views, reach, likes, comments, shares, saves, clicks, sales_satang)
             VALUES ($1, $2, $3, $4::timestamptz, $5::date, $6, $7, $8, $9, $10, $11, $12, $13)
             ON CONFLICT (campaign_id, permalink) DO UPDATE
               SET (booking_id, published_at, day, views, reach, likes, comments, shares, saves, clicks, sales_satang, updated_at) =
                   (EXCLUDED.booking_id, EXCLUDED.published_at, EXCLUDED.day, EXCLUDED.views, EXCLUDED.reach, EXCLUDED.likes, EXCLUDED.comments,
                    EXCLUDED.shares, EXCLUDED.saves, EXCLUDED.clicks, EXCLUDED.sales_satang, now())
             WHERE (p.booking_id, p.published_at, p.day, p.views, p.reach, p.likes, p.comments, p.shares, p.saves, p.clicks, p.sales_satang) IS DISTINCT FROM
                   (EXCLUDED.booking_id, EXCLUDED.published_at, EXCLUDED.day, EXCLUDED.views, EXCLUDED.reach, EXCLUDED.likes, EXCLUDED.comments,
                    EXCLUDED.shares, EXCLUDED.saves, EXCLUDED.clicks, EXCLUDED.sales_satang)
             RETURNING (xmax = 0) AS inserted`,
            [bookingId, target.id, r.link, r.publishedAt, r.day, r.views, r.reach, r.likes, r.comments, r.shares, r.saves, r.clicks, r.salesSatang],
          );
          const written = res.rows[0];
          if (!written) unchanged += 1;
          else if (written.inserted) inserted += 1;
          else updated += 1;
        }
      }
      const outside = sheet.rows.filter((r) => r.day < target.start_day || r.day > target.end_day);
      if (outside.length > 0) {
        notes.push({ line: outside[0]!.line, reason: `${plural(outside.length, "post")} published outside the campaign's ${target.start_day} – ${target.end_day}: counted in the campaign all the same` });
      }
      const result: ImportKolResult = {
        campaignId: target.id, encoding: sheet.encoding, rows: sheet.rows.length, kolsCreated, bookingsCreated, bookingsUpdated, inserted, updated, unchanged,
        notes: notes.sort((a, b) => a.line - b.line),
      };
      const userId = "userId" in scope ? scope.userId : null;
      await appendEvent(tx, {
        userId, actor: userId === null ? "cli" : `user:${userId}`, type: "kolCampaign.imported", entity: "kol_campaign", key: String(target.id),
        payload: { brand: target.brand, id: target.id, rows: result.rows, kolsCreated, bookingsCreated, bookingsUpdated, inserted, updated, unchanged },
      });
      return result;
    });
  }

  private async target(id: number, scope: ImportScope): Promise<Target> {
    const params: unknown[] = [id];
    let where = "c.id = $1";
    if ("userId" in scope) where += ` AND c.brand_id IN (SELECT brand_id FROM user_brands WHERE user_id = $${params.push(scope.userId)})`;
    else if (scope.brand !== undefined) where += ` AND b.name = $${params.push(scope.brand)}`;
    const row = (await (this.db as Queryable).query<Target>(
      `SELECT c.id, c.brand_id, b.name AS brand, c.name, to_char(c.start_day, 'YYYY-MM-DD') AS start_day, to_char(c.end_day, 'YYYY-MM-DD') AS end_day
         FROM kol_campaigns c JOIN brands b ON b.id = c.brand_id WHERE ${where}`, params,
    )).rows[0];
    if (!row) {
      throw new ServiceError("not_found", "userId" in scope ? `campaign ${id} is not a KOL campaign of your brands` : `no KOL campaign ${id}${"brand" in scope && scope.brand ? ` in brand ${scope.brand}` : ""}`, { field: "campaign" });
    }
    return row;
  }
}
