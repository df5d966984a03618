import { Link } from "@tanstack/react-router";

export function BrandExView({ userName }: { userName: string }) {
  return (
    <section className="card" aria-labelledby="brandex-title">
      <header className="page-header">
        <h1 id="brandex-title">Brand Experience</h1>
        <Link to="/logout" className="button-link">
          Sign out
        </Link>
      </header>
      <p>Signed in as {userName}</p>
    </section>
  );
}
