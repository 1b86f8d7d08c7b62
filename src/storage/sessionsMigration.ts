/**
 * Version 12, apart from the list in migrations.ts for its length. A session knows the passkey that
 * made or signed it in, so removing the passkey ends it, and keeps the notice an action left for the
 * next page (never a query anyone can write). The owner's activity says where each action came from.
 * The sessions of before end here: which passkey made them is not known, and a lost phone's session
 * must not outlive its passkey; the owner signs in once more.
 */
export const SESSIONS_OF_PASSKEYS = `
  DELETE FROM owner_sessions;
  ALTER TABLE owner_sessions ADD COLUMN passkey_id TEXT;
  ALTER TABLE owner_sessions ADD COLUMN notice TEXT;
  CREATE INDEX owner_sessions_passkey ON owner_sessions (passkey_id) WHERE passkey_id IS NOT NULL;
  ALTER TABLE owner_activity ADD COLUMN source TEXT NOT NULL DEFAULT '';
`;
