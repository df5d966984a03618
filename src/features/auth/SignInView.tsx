import type { FormEvent } from "react";
import type { LoginRequest } from "../../../domain/api";
import { t, translateMessage } from "@/i18n/i18n";

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
      <h1 id="sign-in-title">{t("common.signIn.title")}</h1>
      {/* i18n-ignore: the product's name */}
      <p className="muted">Brand Dashboard</p>
      <form onSubmit={submit} aria-busy={busy}>
        <label htmlFor="sign-in-email">{t("common.signIn.email")}</label>
        <input id="sign-in-email" name="email" type="email" autoComplete="username" required maxLength={254} />
        <label htmlFor="sign-in-password">{t("common.signIn.password")}</label>
        <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required maxLength={200} />
        {error !== null && (
          <p role="alert" className="error">
            {translateMessage(error)}
          </p>
        )}
        <button type="submit" disabled={!canSubmit}>
          {t("common.signIn.submit")}
        </button>
      </form>
    </section>
  );
}
