import { Link } from "@tanstack/react-router";

export function ErrorView({ title, detail }: { title: string; detail?: string }) {
  return (
    <section className="card error-page" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      {detail !== undefined && <p>{detail}</p>}
      <Link to="/">Home page</Link>
    </section>
  );
}

export function NotFoundView() {
  return <ErrorView title="404 Not Found" detail="This page could not be found" />;
}
