-- Ads imports (issue 15, docs/ads-import.md): an ads import writes the account's daily `metrics`
-- of plan 'ads' in step with its ad days, with the import's layout as their source, as the
-- metrics import does for 'meta-ads'. A TikTok Ads Manager report is a source of its own.
ALTER TABLE metrics DROP CONSTRAINT metrics_source_check;
ALTER TABLE metrics ADD CONSTRAINT metrics_source_check
  CHECK (source IN ('demo', 'csv', 'meta-page', 'meta-post', 'meta-ads', 'tiktok-overview', 'tiktok-followers', 'tiktok-ads'));
