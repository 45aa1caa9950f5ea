/**
 * The database schema, one migration per entry, applied in order and never edited once released: a change is a new
 * entry at the end. Database.ts records each applied version in `schema_migrations`.
 */
export const MIGRATIONS: ReadonlyArray<string> = [
  `
  CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX documents_updated ON documents (updated_at DESC);
  CREATE TABLE versions (
    document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    style_profile_id TEXT NOT NULL,
    provider TEXT NOT NULL,
    summary TEXT NOT NULL,
    original TEXT NOT NULL,
    PRIMARY KEY (document_id, n)
  );
  CREATE TABLE paragraphs (
    document_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    segment INTEGER NOT NULL,
    original TEXT NOT NULL,
    rewrite TEXT NOT NULL,
    decision TEXT NOT NULL DEFAULT 'pending',
    edited TEXT,
    report TEXT NOT NULL,
    PRIMARY KEY (document_id, n, segment),
    FOREIGN KEY (document_id, n) REFERENCES versions (document_id, n) ON DELETE CASCADE
  );
  `,
  `
  CREATE TABLE profiles (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    rules TEXT NOT NULL,
    avoid TEXT NOT NULL,
    samples TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
  // The style profile a version ran with when it was given inline rather than by id (JSON), so a retry can use it.
  `
  ALTER TABLE versions ADD COLUMN style_profile TEXT;
  `,
  // Revisions: each write to a document or a paragraph counts one, so a stale write (If-Match) is refused and a
  // retry that finishes after the writer decided offers its text as an alternative instead of replacing the decision.
  `
  ALTER TABLE documents ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE paragraphs ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE paragraphs ADD COLUMN alternative TEXT;
  `,
  // The writer's answers to what their edits proposed for a voice, so a proposal answered is not asked again.
  `
  CREATE TABLE voice_answers (
    profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    suggestion TEXT NOT NULL,
    answer TEXT NOT NULL,
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (profile_id, suggestion)
  );
  `,
  // What made each version (its settings, JSON) and how its run ended (its outcome, JSON); null before they were kept.
  `
  ALTER TABLE versions ADD COLUMN settings TEXT;
  ALTER TABLE versions ADD COLUMN outcome TEXT;
  `
]
