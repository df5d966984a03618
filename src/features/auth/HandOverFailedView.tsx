import { Link } from "@tanstack/react-router";

export function HandOverFailedView() {
  return (
    <section className="card" aria-labelledby="handover-title">
      <h1 id="handover-title">Sign in</h1>
      <p role="alert" className="error">
        This sign-in link is incomplete or has expired.
      </p>
      <Link to="/">Sign in with email</Link>
    </section>
  );
}
