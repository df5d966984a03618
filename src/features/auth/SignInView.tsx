import type { FormEvent } from "react";
import type { LoginRequest } from "../../../domain/api";

export interface SignInViewProps {
  error: string | null;
  /** A sign-in is in flight. */
  busy: boolean;
  canSubmit: boolean;
  onSignIn: (credentials: LoginRequest) => void;
}

export function SignInView({ error, busy, canSubmit, onSignIn }: SignInViewProps) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    onSignIn({ email: String(form.get("email") ?? "").trim(), password: String(form.get("password") ?? "") });
  };

  return (
    <section className="card sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <p className="muted">Brand Dashboard</p>
      <form onSubmit={submit} aria-busy={busy}>
        <label htmlFor="sign-in-email">Email</label>
        <input id="sign-in-email" name="email" type="email" autoComplete="username" required maxLength={254} />
        <label htmlFor="sign-in-password">Password</label>
        <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required maxLength={200} />
        {error !== null && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={!canSubmit}>
          Sign in
        </button>
      </form>
    </section>
  );
}
