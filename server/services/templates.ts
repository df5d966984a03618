import type { Queryable, Storage } from "../storage/storage";
import { appendEvent, listEvents, type EntityKind, type EventPage } from "./events";
import { ServiceError } from "./errors";

/** What every template kind has: a title; the rest of the body is stored as given. */
export interface Titled { readonly title: string }

export type WithUpdatedAt<T> = T & { updated_at: string };

const TABLES = { filter_template: "filter_templates", kpi_template: "kpi_templates" } as const;
type TemplateEntity = keyof typeof TABLES;

const UPDATED_AT = `to_char(updated_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') AS updated_at`;

/**
 * Per-user templates as a projection of the event log: every write updates the current-state
 * table and appends its event in the same transaction. Filter and KPI templates share it.
 */
export class TemplateStore<T extends Titled> {
  private readonly table: string;
  private readonly prefix: string;

  constructor(private readonly db: Storage, private readonly entity: TemplateEntity) {
    this.table = TABLES[entity];
    this.prefix = entity === "filter_template" ? "template" : "kpiTemplate";
  }

  async list(userId: number): Promise<Array<WithUpdatedAt<T>>> {
    const res = await this.db.query<{ body: T; updated_at: string }>(
      `SELECT body, ${UPDATED_AT} FROM ${this.table} WHERE user_id = $1 ORDER BY title`,
      [userId],
    );
    return res.rows.map((r) => ({ ...r.body, updated_at: r.updated_at }));
  }

  private async write(tx: Queryable, userId: number, template: T): Promise<WithUpdatedAt<T>> {
    const res = await tx.query<{ updated_at: string }>(
      `INSERT INTO ${this.table} (user_id, title, body, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, title) DO UPDATE SET body = EXCLUDED.body, updated_at = now()
       RETURNING ${UPDATED_AT}`,
      [userId, template.title, JSON.stringify(template)],
    );
    return { ...template, updated_at: res.rows[0]!.updated_at };
  }

  private event(userId: number, type: string, key: string, payload: unknown) {
    return { userId, actor: `user:${userId}`, type: `${this.prefix}.${type}`, entity: this.entity as EntityKind, key, payload };
  }

  /** Creates or replaces the template with this title. */
  upsert(userId: number, template: T): Promise<WithUpdatedAt<T>> {
    return this.db.transaction(async (tx) => {
      const saved = await this.write(tx, userId, template);
      await appendEvent(tx, this.event(userId, "upserted", template.title, { template }));
      return saved;
    });
  }

  /** Renames the template titled `from` to `template.title` and replaces its body. */
  rename(userId: number, from: string, template: T): Promise<WithUpdatedAt<T>> {
    return this.db.transaction(async (tx) => {
      const clash = await tx.query(`SELECT 1 FROM ${this.table} WHERE user_id = $1 AND title = $2`, [userId, template.title]);
      if (clash.rows.length > 0) throw new ServiceError("conflict", `a template titled "${template.title}" already exists`, { field: "template.title" });
      const moved = await tx.query(`DELETE FROM ${this.table} WHERE user_id = $1 AND title = $2`, [userId, from]);
      if (moved.affectedRows === 0) throw new ServiceError("not_found", `no template titled "${from}"`, { field: "title" });
      const saved = await this.write(tx, userId, template);
      await appendEvent(tx, this.event(userId, "renamed", template.title, { from, template }));
      return saved;
    });
  }

  remove(userId: number, title: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      const res = await tx.query<{ body: T }>(
        `DELETE FROM ${this.table} WHERE user_id = $1 AND title = $2 RETURNING body`,
        [userId, title],
      );
      const old = res.rows[0];
      if (!old) throw new ServiceError("not_found", `no template titled "${title}"`, { field: "title" });
      await appendEvent(tx, this.event(userId, "deleted", title, { template: old.body }));
    });
  }

  history(userId: number, title: string, page: { limit: number; after: number }): Promise<EventPage> {
    return listEvents(this.db, userId, this.entity, title, page);
  }

  /** Brings a deleted template back as it was just before its last deletion. */
  restore(userId: number, title: string): Promise<WithUpdatedAt<T>> {
    return this.db.transaction(async (tx) => {
      const live = await tx.query(`SELECT 1 FROM ${this.table} WHERE user_id = $1 AND title = $2`, [userId, title]);
      if (live.rows.length > 0) throw new ServiceError("conflict", `template "${title}" exists; only a deleted template can be restored`, { field: "title" });
      const res = await tx.query<{ payload: { template: T } }>(
        `SELECT payload FROM events WHERE user_id = $1 AND entity = $2 AND entity_key = $3 AND type = $4 ORDER BY id DESC LIMIT 1`,
        [userId, this.entity, title, `${this.prefix}.deleted`],
      );
      const deleted = res.rows[0];
      if (!deleted) throw new ServiceError("not_found", `no deleted template titled "${title}"`, { field: "title" });
      const saved = await this.write(tx, userId, deleted.payload.template);
      await appendEvent(tx, this.event(userId, "restored", title, { template: deleted.payload.template }));
      return saved;
    });
  }
}
