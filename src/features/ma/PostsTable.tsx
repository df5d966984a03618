/**
 * The posts table of /ma (issue 14): the posts of the view and the chart filters, one page at a
 * time, sortable by its figure columns (a header is a button; `aria-sort` says the order),
 * searchable by caption, narrowed by type, with a link to each post and a CSV export of every
 * matching post. Plain props; the choices live in the URL (`MaSearch`).
 */
import { useEffect, useId, useState, type FormEvent } from "react";
import { POST_TYPES, type PostSort, type PostType, type SocialPost, type SocialPosts } from "../../../domain/social";
import { MAX_POSTS_SEARCH, type PostsTableQuery } from "../../../domain/socialFilter";
import type { PagePhase } from "../../../machines/shared/pageLoad";
import { ExportButtons } from "@/components/export/ExportButtons";
import { formatCount, formatFraction } from "@/components/format/numbers";
import { Select } from "@/components/ui/Select";
import { postTypeName, publishedText } from "@/features/ma/postText";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";

const BUTTON = "p-button p-component p-button-sm";
interface Column {
  readonly headerKey: MessageKey;
  readonly sort?: PostSort;
  readonly cell: (p: SocialPost) => string;
}

const num = (n: number | null) => (n === null ? "—" : formatCount(n));

const COLUMNS: readonly Column[] = [
  { headerKey: "ma.posts.col.reach", sort: "reach", cell: (p) => formatCount(p.reach) },
  { headerKey: "ma.posts.col.impressions", sort: "impressions", cell: (p) => formatCount(p.impressions) },
  { headerKey: "ma.posts.col.engagements", sort: "engagements", cell: (p) => formatCount(p.engagements) },
  { headerKey: "ma.posts.col.engagementRate", sort: "engagementRate", cell: (p) => (p.engagementRate === null ? "—" : formatFraction(p.engagementRate)) },
  { headerKey: "ma.posts.col.comments", sort: "comments", cell: (p) => formatCount(p.comments) },
  { headerKey: "ma.posts.col.shares", sort: "shares", cell: (p) => formatCount(p.shares) },
  { headerKey: "ma.posts.col.videoViews", sort: "videoViews", cell: (p) => num(p.videoViews) },
];

export interface PostsTableProps {
  query: PostsTableQuery;
  phase: PagePhase<SocialPosts>;
  onQuery: (query: PostsTableQuery) => void;
  onSort: (sort: PostSort) => void;
  onRetry: () => void;
  onExport: () => void;
  exporting: boolean;
}

function SortHeader({ column, query, onSort }: { column: Column; query: PostsTableQuery; onSort: (sort: PostSort) => void }) {
  const active = column.sort !== undefined && query.sort === column.sort;
  const ariaSort = active ? (query.order === "asc" ? "ascending" : "descending") : "none";
  if (column.sort === undefined) return <th scope="col">{t(column.headerKey)}</th>;
  const sort = column.sort;
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="posts-sort" onClick={() => onSort(sort)}>
        {t(column.headerKey)}
        <i className={`pi ${active ? (query.order === "asc" ? "pi-sort-amount-up-alt" : "pi-sort-amount-down") : "pi-sort-alt"}`} aria-hidden="true" />
      </button>
    </th>
  );
}

export function PostsTable({ query, phase, onQuery, onSort, onRetry, onExport, exporting }: PostsTableProps) {
  const headingId = useId();
  const [search, setSearch] = useState(query.search);
  // The URL's search (Back, a link) is what the box shows.
  useEffect(() => setSearch(query.search), [query.search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onQuery({ ...query, search: search.trim().slice(0, MAX_POSTS_SEARCH), page: 1 });
  };
  const posts = phase.data;
  const pages = posts === null ? 1 : Math.max(1, Math.ceil(posts.total / posts.pageSize));
  const first = posts === null || posts.total === 0 ? 0 : (posts.page - 1) * posts.pageSize + 1;
  const last = posts === null ? 0 : Math.min(posts.total, posts.page * posts.pageSize);
  return (
    <section className="posts skip-offscreen" aria-labelledby={headingId}>
      <div className="chart-card-head">
        <h2 id={headingId}>{t("ma.posts.title")}</h2>
        <ExportButtons title={t("ma.posts.exportTitle")} onCsv={onExport} disabled={exporting || posts === null || posts.total === 0} />
      </div>
      <div className="posts-controls">
        <form role="search" className="posts-search" onSubmit={submit}>
          <label htmlFor={`${headingId}-search`}>{t("ma.posts.searchLabel")}</label>
          <input
            id={`${headingId}-search`}
            type="search"
            value={search}
            maxLength={MAX_POSTS_SEARCH}
            placeholder={t("ma.posts.searchPlaceholder")}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className={`${BUTTON} p-button-outlined`}>
            <i className="pi pi-search" aria-hidden="true" /> {t("ma.posts.search")}
          </button>
        </form>
        <label className="posts-type">
          <span aria-hidden="true">{t("ma.posts.postType")}</span>
          <Select
            label={t("ma.posts.postType")}
            value={query.type === null ? t("ma.posts.allTypes") : postTypeName(query.type)}
            options={[t("ma.posts.allTypes"), ...POST_TYPES.map((type) => postTypeName(type))]}
            onChange={(label) => {
              const type = POST_TYPES.find((type) => postTypeName(type) === label) ?? null;
              onQuery({ ...query, type: type as PostType | null, page: 1 });
            }}
          />
        </label>
      </div>
      {phase.kind === "failed" && (
        <div className="posts-failure" role="alert">
          <p className="error">{translateMessage(phase.error)}</p>
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={onRetry}>
            <i className="pi pi-refresh" aria-hidden="true" /> {t("ma.tryAgain")}
          </button>
        </div>
      )}
      {exporting && (
        <p className="muted" role="status">
          {t("ma.posts.preparingCsv")}
        </p>
      )}
      {posts === null ? (
        phase.kind !== "failed" && <p className="muted">{t("ma.posts.loading")}</p>
      ) : (
        <>
          <p className="muted posts-count" role="status" aria-busy={phase.kind === "loading"}>
            {posts.total === 0
              ? query.search === "" ? t("ma.posts.noneMatchFilters") : t("ma.posts.noneMatchSearch", { search: query.search })
              : first > posts.total
                ? t("ma.posts.pastLast", { page: formatCount(posts.page), total: formatCount(posts.total) })
                : t("ma.posts.count", { first: formatCount(first), last: formatCount(last), total: formatCount(posts.total) })}
          </p>
          {posts.rows.length > 0 && (
            <div className="table-scroll posts-scroll" role="region" aria-label={t("ma.posts.table")} tabIndex={0}>
              <table>
                <caption className="visually-hidden">{t(query.order === "asc" ? "ma.posts.sortedAsc" : "ma.posts.sortedDesc", { sort: query.sort })}</caption>
                <thead>
                  <tr>
                    <SortHeader column={{ headerKey: "ma.posts.col.published", sort: "published", cell: () => "" }} query={query} onSort={onSort} />
                    <th scope="col">{t("ma.posts.col.post")}</th>
                    {COLUMNS.map((c) => (
                      <SortHeader key={c.headerKey} column={c} query={query} onSort={onSort} />
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {posts.rows.map((p) => (
                    <tr key={`${p.pageId}/${p.postId}`}>
                      <td className="posts-when">
                        <time dateTime={p.publishedAt}>{publishedText(p.publishedAt)}</time>
                      </td>
                      <th scope="row" className="posts-post">
                        <span className="posts-meta muted">
                          {p.page} · {postTypeName(p.type)}
                        </span>
                        {/* A caption is a page's own text: shown as text, never as markup. */}
                        <span className="posts-caption" title={p.caption}>
                          {p.caption === "" ? t("ma.posts.noCaption") : p.caption}
                        </span>
                        {p.permalink !== null && (
                          <a href={p.permalink} target="_blank" rel="noopener noreferrer">
                            {t("ma.posts.open")}
                            <span className="visually-hidden"> {t("ma.posts.openOf", { page: p.page, published: publishedText(p.publishedAt) })}</span>
                          </a>
                        )}
                      </th>
                      {COLUMNS.map((c) => (
                        <td key={c.headerKey}>{c.cell(p)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {(posts.total > posts.pageSize || posts.page > 1) && (
            <nav className="posts-pager" aria-label={t("ma.posts.pager")}>
              <button type="button" className={`${BUTTON} p-button-text`} disabled={posts.page <= 1} onClick={() => onQuery({ ...query, page: Math.min(posts.page - 1, pages) })}>
                <i className="pi pi-angle-left" aria-hidden="true" /> {t("ma.posts.previous")}
              </button>
              <span>
                {t("ma.posts.page", { page: formatCount(posts.page), pages: formatCount(pages) })}
              </span>
              <button type="button" className={`${BUTTON} p-button-text`} disabled={posts.page >= pages} onClick={() => onQuery({ ...query, page: posts.page + 1 })}>
                {t("ma.posts.next")} <i className="pi pi-angle-right" aria-hidden="true" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
