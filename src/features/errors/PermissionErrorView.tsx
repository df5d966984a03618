import { Link } from "@tanstack/react-router";
import { START_PAGE } from "@/app/startPage";

/** A module route opened without its permission code (issue 3): a clear page with a way home. */
export function PermissionErrorView() {
  return (
    <section className="card error-page" aria-labelledby="permission-error-title">
      <h1 id="permission-error-title">You do not have permission to open this page</h1>
      <p>Your account does not include this module. Ask your administrator for access.</p>
      <Link to={START_PAGE}>Home page</Link>
    </section>
  );
}
