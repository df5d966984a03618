import type { Queryable } from "../storage/storage";

export type EntityKind = "filter_template" | "kpi_template" | "profile_image" | "permissions";

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

/** The history of one entity of one user, oldest first. Renames are listed under both titles. */
export async function listEvents(db: Queryable, userId: number, entity: EntityKind, key: string): Promise<EventRow[]> {
  const res = await db.query<EventRow>(
    `SELECT id::int AS id, to_char(at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') AS at, type, actor, payload
       FROM events
      WHERE user_id = $1 AND entity = $2 AND (entity_key = $3 OR payload->>'from' = $3)
      ORDER BY id`,
    [userId, entity, key],
  );
  return res.rows;
}
