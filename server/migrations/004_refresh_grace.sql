-- A refresh token may be presented once more within a short grace period after its rotation
-- (a page reloaded while its refresh was in flight never received the new token). reused_at
-- records that single grace use; any later replay revokes the session.
ALTER TABLE refresh_tokens ADD COLUMN reused_at timestamptz;
