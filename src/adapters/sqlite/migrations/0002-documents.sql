-- The document store (src/domain/persistence): one row per document, the fields as JSON text.
-- Per-field indexes are expression indexes built at start from COLLECTION_INDEXES.
CREATE TABLE documents (
  collection TEXT NOT NULL,
  id TEXT NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (collection, id)
) WITHOUT ROWID;
CREATE INDEX documents_created ON documents (collection, created_at);
CREATE INDEX documents_updated ON documents (collection, updated_at);
