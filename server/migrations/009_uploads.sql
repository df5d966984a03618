-- Uploaded images in the database (UPLOAD_STORE=database, the default with DATABASE_URL), so that
-- every server on one database serves every upload. The name is the served one,
-- <sha256 of the bytes>.<png|jpg|gif|webp>: content-addressed, so a row is written once and never
-- changed. With UPLOAD_STORE=files (the embedded default) the bytes stay in DATA_DIR/uploads and
-- this table is empty. The uploads table (001) keeps who uploaded what, with either store.
CREATE TABLE upload_files (
  name          text PRIMARY KEY CHECK (name ~ '^[0-9a-f]{64}\.(png|jpg|gif|webp)$'),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  bytes         bytea NOT NULL CHECK (octet_length(bytes) > 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);
