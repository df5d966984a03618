/**
 * The posts table of /ma (issue 14): the posts of the view and the chart filters, one page at a
 * time, sortable by its figure columns (a header is a button; `aria-sort` says the order),
 * searchable by caption, narrowed by type, with a link to each post and a CSV export of every
 * matching post. Plain props; the choices live in the URL (`MaSearch`).
 */
import { useEffect, useId, useState, type FormEvent } from "react";
import { POST_TYPES, POST_TYPE_LABELS, publishedText, type PostSort, type PostType, type SocialPost, type SocialPosts } from "../../../domain/social";
import { MAX_POSTS_SEARCH, type PostsTableQuery } from "../../../domain/socialFilter";
import type { PagePhase } from "../../../machines/shared/pageLoad";
import { ExportButtons } from "@/components/export/ExportButtons";
import { formatCount, formatFraction } from "@/components/format/numbers";
import { Select } from "@/components/ui/Select";

const BUTTON = "p-button p-component p-button-sm";
const ALL_TYPES = "All types";

interface Column {
  readonly header: string;
  readonly sort?: PostSort;
  readonly cell: (p: SocialPost) => string;
}

const num = (n: number | null) => (n === null ? "—" : formatCount(n));

const COLUMNS: readonly Column[] = [
  { header: "Reach", sort: "reach", cell: (p) => formatCount(p.reach) },
  { header: "Impressions", sort: "impressions", cell: (p) => formatCount(p.impressions) },
  { header: "Engagements", sort: "engagements", cell: (p) => formatCount(p.engagements) },
  { header: "Engagement rate", sort: "engagementRate", cell: (p) => (p.engagementRate === null ? "—" : formatFraction(p.engagementRate)) },
  { header: "Comments", sort: "comments", cell: (p) => formatCount(p.comments) },
  { header: "Shares", sort: "shares", cell: (p) => formatCount(p.shares) },
  { header: "Video views", sort: "videoViews", cell: (p) => num(p.videoViews) },
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
  if (column.sort === undefined) return <th scope="col">{column.header}</th>;
  const sort = column.sort;
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="posts-sort" onClick={() => onSort(sort)}>
        {column.header}
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
    <section className="posts" aria-labelledby={headingId}>
      <div className="chart-card-head">
        <h2 id={headingId}>Posts</h2>
        <ExportButtons title="the posts" onCsv={onExport} disabled={exporting || posts === null || posts.total === 0} />
      </div>
      <div className="posts-controls">
        <form role="search" className="posts-search" onSubmit={submit}>
          <label htmlFor={`${headingId}-search`}>Search captions</label>
          <input
            id={`${headingId}-search`}
            type="search"
            value={search}
            maxLength={MAX_POSTS_SEARCH}
            placeholder="Words of the caption"
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className={`${BUTTON} p-button-outlined`}>
            <i className="pi pi-search" aria-hidden="true" /> Search
          </button>
        </form>
        <label className="posts-type">
          <span aria-hidden="true">Post type</span>
          <Select
            label="Post type"
            value={query.type === null ? ALL_TYPES : POST_TYPE_LABELS[query.type]}
            options={[ALL_TYPES, ...POST_TYPES.map((t) => POST_TYPE_LABELS[t])]}
            onChange={(label) => {
              const type = POST_TYPES.find((t) => POST_TYPE_LABELS[t] === label) ?? null;
              onQuery({ ...query, type: type as PostType | null, page: 1 });
            }}
          />
        </label>
      </div>
      {phase.kind === "failed" && (
        <div className="posts-failure" role="alert">
          <p className="error">{phase.error}</p>
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={onRetry}>
            <i className="pi pi-refresh" aria-hidden="true" /> Try again
          </button>
        </div>
      )}
      {exporting && (
        <p className="muted" role="status">
          Preparing the CSV of the posts…
        </p>
      )}
      {posts === null ? (
        phase.kind !== "failed" && <p className="muted">Loading the posts…</p>
      ) : (
        <>
          <p className="muted posts-count" role="status" aria-busy={phase.kind === "loading"}>
            {posts.total === 0
              ? query.search === "" ? "No posts match the filters." : `No posts match “${query.search}”.`
              : first > posts.total
                ? `Page ${formatCount(posts.page)} is past the last page of ${formatCount(posts.total)} posts.`
                : `Posts ${formatCount(first)}–${formatCount(last)} of ${formatCount(posts.total)}`}
          </p>
          {posts.rows.length > 0 && (
            <div className="table-scroll posts-scroll" role="region" aria-label="Posts table" tabIndex={0}>
              <table>
                <caption className="visually-hidden">Posts, sorted by {query.sort} {query.order === "asc" ? "ascending" : "descending"}</caption>
                <thead>
                  <tr>
                    <SortHeader column={{ header: "Published", sort: "published", cell: () => "" }} query={query} onSort={onSort} />
                    <th scope="col">Post</th>
                    {COLUMNS.map((c) => (
                      <SortHeader key={c.header} column={c} query={query} onSort={onSort} />
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
                          {p.page} · {POST_TYPE_LABELS[p.type]}
                        </span>
                        {/* A caption is a page's own text: shown as text, never as markup. */}
                        <span className="posts-caption" title={p.caption}>
                          {p.caption === "" ? "(no caption)" : p.caption}
                        </span>
                        {p.permalink !== null && (
                          <a href={p.permalink} target="_blank" rel="noopener noreferrer">
                            Open post
                            <span className="visually-hidden">
                              {" "}
                              of {p.page}, {publishedText(p.publishedAt)}
                            </span>
                          </a>
                        )}
                      </th>
                      {COLUMNS.map((c) => (
                        <td key={c.header}>{c.cell(p)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {(posts.total > posts.pageSize || posts.page > 1) && (
            <nav className="posts-pager" aria-label="Pages of posts">
              <button type="button" className={`${BUTTON} p-button-text`} disabled={posts.page <= 1} onClick={() => onQuery({ ...query, page: Math.min(posts.page - 1, pages) })}>
                <i className="pi pi-angle-left" aria-hidden="true" /> Previous
              </button>
              <span>
                Page {formatCount(posts.page)} of {formatCount(pages)}
              </span>
              <button type="button" className={`${BUTTON} p-button-text`} disabled={posts.page >= pages} onClick={() => onQuery({ ...query, page: posts.page + 1 })}>
                Next <i className="pi pi-angle-right" aria-hidden="true" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
