import type { Queryable } from "../storage/storage";

export type EntityKind = "filter_template" | "kpi_template" | "profile_image" | "permissions" | "ads_rule" | "ads_alert"
  | "kol_campaign" | "kol" | "kol_booking" | "kol_emv"
  /** Admin (issue 17, docs/admin.md): the audit's kinds. */
  | "user" | "brand" | "account"
  /** CIR reports (issue 17, docs/cir.md): key = the report's id. */
  | "cir_report"
  /** The user's language and calendar (issue 18): key = the user's id. */
  | "user_locale";

export interface NewEvent {
  /** The user whose data changed (null for changes outside any user, e.g. CLI on brands). */
  readonly userId: number | null;
  /** Who made the change: "user:<id>" or "cli". */
  readonly actor: string;
  readonly type: string;
  readonly entity: EntityKind;
  readonly key: string;
  readonly payload: unknown;
}

/** Appends to the event log; call it inside the transaction that changes the current state. */
export async function appendEvent(tx: Queryable, e: NewEvent): Promise<void> {
  await tx.query(
    "INSERT INTO events (user_id, actor, type, entity, entity_key, payload) VALUES ($1, $2, $3, $4, $5, $6)",
    [e.userId, e.actor, e.type, e.entity, e.key, JSON.stringify(e.payload)],
  );
}

export interface EventRow { id: number; at: string; type: string; actor: string; payload: unknown }

/** One page of a history: the events, and the `after` of the next page (null on the last). */
export interface EventPage { data: EventRow[]; next: number | null }

/**
 * One page of the history of one entity of one user, oldest first. Renames are listed under
 * both titles.
 *
 * @param page - at most `limit` events with an id above `after` (0: from the start)
 */
export async function listEvents(db: Queryable, userId: number, entity: EntityKind, key: string, page: { limit: number; after: number }): Promise<EventPage> {
  // One more than asked tells whether a next page exists, without counting them all.
  const res = await db.query<EventRow>(
    `SELECT id::int AS id, to_char(at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') AS at, type, actor, payload
       FROM events
      WHERE user_id = $1 AND entity = $2 AND (entity_key = $3 OR payload->>'from' = $3) AND id > $4
      ORDER BY id
      LIMIT $5`,
    [userId, entity, key, page.after, page.limit + 1],
  );
  const data = res.rows.slice(0, page.limit);
  return { data, next: res.rows.length > page.limit ? data.at(-1)!.id : null };
}
