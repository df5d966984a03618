-- A grace reuse (004) issues a second successor of the same token: two chains would then live
-- side by side in one session. parent_hash records which token each refresh token was rotated
-- from, so rotating one successor ends its siblings (marked used, with no grace left: presenting
-- one later is a replay and ends the session).
ALTER TABLE refresh_tokens ADD COLUMN parent_hash text;
CREATE INDEX refresh_tokens_parent ON refresh_tokens(parent_hash) WHERE parent_hash IS NOT NULL;
