-- The language and calendar a user reads the product in (issue 18, docs/i18n.md). Both are the
-- user's own choice; the API and the URL keep ISO Gregorian days whatever is shown.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'th'));
ALTER TABLE users ADD COLUMN calendar text NOT NULL DEFAULT 'gregorian' CHECK (calendar IN ('gregorian', 'buddhist'));
