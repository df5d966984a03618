import { Link } from "@tanstack/react-router";
import { START_PAGE } from "@/app/startPage";

export interface ErrorViewProps {
  title: string;
  detail?: string;
}

/** The error page (spec §2): a title, an optional sentence and the way home. */
export function ErrorView({ title, detail }: ErrorViewProps) {
  return (
    <section className="card error-page" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      {detail !== undefined && <p>{detail}</p>}
      {/* The start page, not "/": for a signed-in user "/" resumes the last page, which may
          be the one that failed. A signed-out user is sent on to sign in from there. */}
      <Link to={START_PAGE}>Home page</Link>
    </section>
  );
}

/**
 * Shown when the error page itself failed to render (spec §8). A plain link, not the router's
 * `Link`: the router may be what failed.
 */
export function ErrorPageFailedView() {
  return (
    <section className="card error-page" aria-labelledby="error-fallback-title">
      <h1 id="error-fallback-title">An error occurred while showing the error page</h1>
      <a href="/">Go back to the home page</a>
    </section>
  );
}
