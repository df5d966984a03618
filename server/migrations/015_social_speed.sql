-- The social reads (server/services/social.ts) find a range of the selected pages' rows through
-- indexes that lead with the page, so that the rows come from the few heap blocks each page's
-- rows fill (they are written page by page: the demo, each import file) instead of one block per
-- row: by (brand_id, day), a year of the demo brand Tipco's posts (4,467 of 7 pages) read 2,665
-- blocks one row at a time, by (page_id, day) 220 blocks in one bitmap pass. Every read names
-- its pages, so the brand is checked on each row found. No index more for the imports to keep:
-- each replaces the brand's day index (page_audience's primary key is already page_id, day).
DROP INDEX posts_range;
CREATE INDEX posts_page_day ON posts (page_id, day);
DROP INDEX page_audience_range;
